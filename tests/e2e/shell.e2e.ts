import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { memberships, users } from '../../src/server/db/schema/index.js';
import { DESKTOP, MOBILE, newPage, screenshot, signUp as signUpIn, setupE2e } from './browser.js';

const e2e = setupE2e();


const signUp = async (page: Page, companyName: string) => (await signUpIn(page, e2e.t.baseUrl, companyName)).user;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

describe('application shell', () => {
  test('admin navigation, titles, unknown paths, dark mode that survives a reload', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    await signUp(page, 'Constructora Austral SpA');
    await page.goto('/');
    await nav(page).getByRole('link', { name: 'Configuración' }).waitFor();
    const items = await nav(page).getByRole('link').allInnerTexts();
    expect(items.map((s) => s.trim().split('\n')[0])).toEqual([
      'Dashboard', 'Mis Gastos', 'Nueva Rendición', 'Aprobaciones', 'Reembolsos', 'Suscripción', 'Empresa', 'Integración API', 'Facturas Emitidas', 'Configuración',
    ]);
    await nav(page).getByRole('link', { name: 'Configuración' }).click();
    await page.getByRole('banner').getByText('Configuración').first().waitFor();
    // Top bar title, sidebar item and page heading name the page alike (part 2 §2.5 'Integración API').
    await nav(page).getByRole('link', { name: 'Integración API' }).click();
    await page.getByRole('heading', { level: 1, name: 'Integración API' }).waitFor();
    expect(await page.getByRole('banner').locator('p').first().innerText()).toBe('Integración API');
    await nav(page).getByRole('link', { name: 'Suscripción' }).click();
    await page.getByRole('tab', { name: 'Historial de Compras' }).waitFor();
    await page.getByRole('banner').getByText('Suscripción').first().waitFor();

    await page.goto('/no-existe/para-nada');
    await page.waitForURL((u) => u.pathname === '/');

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Modo oscuro/ }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshot(page, 'shell-dark');
    await context.close();
  });

  test('an employee sees no approvals; a user in two companies switches and the data follows', async () => {
    const { context: otherCtx, page: otherPage } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    const owner = await signUp(otherPage, 'Segunda Empresa Ltda');
    await otherCtx.close();

    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    const me = await signUp(page, 'Primera Empresa SpA');
    await e2e.t.deps.db.insert(memberships).values({ userId: me.id, companyId: owner.currentCompanyId, role: 'employee' });

    await page.goto('/');
    await page.getByRole('button', { name: /Cambiar de empresa \(actual: Primera Empresa SpA\)/ }).click();
    await page.getByRole('menuitemradio', { name: /Segunda Empresa Ltda/ }).click();
    await page.getByText('Has cambiado de empresa exitosamente').waitFor();
    await page.getByRole('button', { name: /Cambiar de empresa \(actual: Segunda Empresa Ltda\)/ }).waitFor();
    // An employee there: no Aprobaciones, Integración API or Facturas Emitidas item.
    await expect.poll(() => nav(page).getByRole('link', { name: /Aprobaciones/ }).count()).toBe(0);
    expect(await nav(page).getByRole('link', { name: 'Integración API' }).count()).toBe(0);
    expect(await nav(page).getByRole('link', { name: 'Facturas Emitidas' }).count()).toBe(0);
    const current = await (await page.request.get('/api/company/current')).json();
    expect(current).toMatchObject({ name: 'Segunda Empresa Ltda', userRole: 'employee' });
    await context.close();
  });

  test('a super admin is sent from / to /super-admin and sees the platform items', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, MOBILE);
    await signUp(page, 'Plataforma Rendix');
    const me = await (await page.request.get('/api/auth/user')).json();
    await e2e.t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, me.id));
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/super-admin');
    await page.getByRole('button', { name: 'Abrir menú de navegación' }).click();
    const drawerNav = page.getByRole('dialog').getByRole('link');
    await page.getByRole('dialog').getByRole('link', { name: 'Panel Super Admin' }).waitFor();
    const labels = (await drawerNav.allInnerTexts()).map((s) => s.trim().split('\n')[0]);
    expect(labels).not.toContain('Dashboard');
    expect(labels).toEqual(expect.arrayContaining(['Panel Super Admin', 'Gestión de Empresas', 'Webhooks Facturación', 'Diagnóstico MercadoPago', 'Aprobaciones']));
    await screenshot(page, 'shell-super-admin-drawer');
    await page.keyboard.press('Escape');
    await context.close();
  });
});
