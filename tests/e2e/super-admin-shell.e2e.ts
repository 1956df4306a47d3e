import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { auditLog, users } from '../../src/server/db/schema/index.js';
import { seedDemo } from '../../src/server/seed/demo.js';
import { registerUser } from '../helpers/factories.js';
import { newPage, screenshot, setupE2e } from './browser.js';

/*
 * Issue 14 items 3 and 6 in the shell: the demo's super admin (no company of their own) has no Dashboard item,
 * searches every company from the switcher, enters one (the top bar says whose company this is, the server audits
 * it) and leaves back to the super admin panel; on a phone through the drawer and the bottom bar.
 */
const e2e = setupE2e();
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let ferreteria: string;
let panaderia: string;
beforeAll(async () => {
  await seedDemo(e2e.t.deps.db);
  ferreteria = (await registerUser(e2e.t, { companyName: 'Ferretería Los Andes Ltda' })).user.currentCompanyId;
  panaderia = (await registerUser(e2e.t, { companyName: 'Panadería La Espiga' })).user.currentCompanyId;
}, 60_000);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });
const banner = (page: Page) => page.getByRole('status', { name: 'Modo super admin' });

async function signInAsDemoSuperAdmin(page: Page) {
  await page.goto('/auth');
  await page.fill('#login-email', 'superadmin@rendix.cl');
  await page.fill('#login-password', 'super1234');
  // The form reloads the page from / once signed in (part 1 §4), and / sends a super admin to /super-admin.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
  await reloaded;
  await page.waitForURL((u) => u.pathname === '/super-admin');
}

async function entries(companyId: string, action: string) {
  const [root] = await e2e.t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'superadmin@rendix.cl'));
  return e2e.t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action), eq(auditLog.actorUserId, root.id)));
}

describe('super admin shell', () => {
  test('desktop: no Dashboard, search the switcher with the keyboard, enter a company, leave', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await signInAsDemoSuperAdmin(page);

    await nav(page).getByRole('link', { name: 'Panel Super Admin' }).waitFor();
    const items = (await nav(page).getByRole('link').allInnerTexts()).map((s) => s.trim().split('\n')[0]);
    expect(items).not.toContain('Dashboard');
    expect(items).toEqual(expect.arrayContaining(['Panel Super Admin', 'Gestión de Empresas', 'Webhooks Facturación']));
    expect(await banner(page).count()).toBe(0);

    // No company of their own: the switcher lists the platform's companies, newest first.
    await page.getByRole('button', { name: 'Cambiar de empresa (actual: ninguna)' }).click();
    const search = page.getByRole('combobox', { name: 'Buscar empresa' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    const list = page.getByRole('listbox', { name: 'Empresas' });
    await list.getByRole('group', { name: 'Todas las empresas' }).waitFor();
    await list.getByRole('option', { name: /Demo SpA/ }).waitFor();
    const names = (await list.getByRole('option').allInnerTexts()).map((s) => s.split('\n')[0]);
    expect(names).toEqual(['Panadería La Espiga', 'Ferretería Los Andes Ltda', 'Demo SpA']);
    // Arrows move the highlighted row.
    await expect.poll(() => list.getByRole('option', { selected: true }).innerText()).toMatch(/^Panadería La Espiga/);
    await search.press('ArrowDown');
    await expect.poll(() => list.getByRole('option', { selected: true }).innerText()).toMatch(/^Ferretería Los Andes Ltda/);
    expect(await search.getAttribute('aria-activedescendant')).toBe(await list.getByRole('option', { selected: true }).getAttribute('id'));
    await screenshot(page, 'super-admin-switcher-1440');

    // Searched on the server.
    await search.fill('no existe ninguna');
    await page.getByText('Sin resultados').waitFor();
    await search.fill('ferre');
    await expect.poll(async () => (await list.getByRole('option').allInnerTexts()).map((s) => s.split('\n')[0])).toEqual(['Ferretería Los Andes Ltda']);
    await search.press('Enter');

    // Entered: the company's own page, the top bar says whose company it is, and the entry is in its audit trail.
    await page.waitForURL((u) => u.pathname === '/company');
    await banner(page).getByText('Viendo Empresa Ferretería Los Andes Ltda como super admin').waitFor();
    await page.getByRole('button', { name: 'Cambiar de empresa (actual: Ferretería Los Andes Ltda)' }).waitFor();
    await page.getByRole('heading', { name: 'Ferretería Los Andes Ltda' }).first().waitFor();
    expect(await entries(ferreteria, 'company.super_admin_entered')).toHaveLength(1);
    expect(await nav(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    await page.getByText('Has cambiado de empresa exitosamente').waitFor({ state: 'detached' });
    await screenshot(page, 'super-admin-viewing-company-1440');

    // Leaving: back to the panel, no banner, no company.
    await banner(page).getByRole('button', { name: 'Salir de la empresa' }).click();
    await page.waitForURL((u) => u.pathname === '/super-admin');
    await page.getByRole('button', { name: 'Cambiar de empresa (actual: ninguna)' }).waitFor();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(await entries(ferreteria, 'company.super_admin_left')).toHaveLength(1);
    await context.close();
  });

  test('phone: the bottom bar has the panel instead of Dashboard; enter from the drawer with a tap, leave', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, PHONE);
    await signInAsDemoSuperAdmin(page);

    const quick = page.getByRole('navigation', { name: 'Accesos rápidos' });
    await quick.getByRole('link', { name: 'Panel' }).waitFor();
    expect(await quick.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Abrir menú de navegación' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Cambiar de empresa (actual: ninguna)' }).click();
    const search = page.getByRole('combobox', { name: 'Buscar empresa' });
    await search.fill('espiga');
    const option = page.getByRole('listbox', { name: 'Empresas' }).getByRole('option', { name: /Panadería La Espiga/ });
    await option.waitFor();
    await expect.poll(() => page.getByRole('listbox', { name: 'Empresas' }).getByRole('option').count()).toBe(1);
    await screenshot(page, 'super-admin-switcher-390');
    await option.click();

    await page.waitForURL((u) => u.pathname === '/company');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await banner(page).getByText('Viendo Empresa Panadería La Espiga como super admin').waitFor();
    expect(await entries(panaderia, 'company.super_admin_entered')).toHaveLength(1);
    // The banner fits the phone's width (no sideways scroll).
    const box = await banner(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByText('Has cambiado de empresa exitosamente').waitFor({ state: 'detached' });
    await screenshot(page, 'super-admin-viewing-company-390');

    await banner(page).getByRole('button', { name: 'Salir de la empresa' }).click();
    await page.waitForURL((u) => u.pathname === '/super-admin');
    await expect.poll(() => banner(page).count()).toBe(0);
    await context.close();
  });
});
