import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ADMIN_MSG, type AdminCompanyPage, type SubscriptionStats } from '../../src/shared/admin.js';
import { formatCLP } from '../../src/shared/format.js';
import { categories, memberships, paymentMethods, users } from '../../src/server/db/schema/index.js';
import { registerUser, uniqueEmail } from '../helpers/factories.js';
import { newPage, screenshot, setupE2e, signUp, signUpSuperAdmin, tallShot } from './browser.js';

/*
 * Issue 14 items 1, 2 and 4 in the browser: the super admin's dashboard, company management (plan assignment and a
 * company's users) and the super admin API page, at 1440 and 390 px, and the 'Acceso restringido' of everyone else.
 */
const e2e = setupE2e();
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const signInAsSuperAdmin = (page: Page) => signUpSuperAdmin(page, e2e.t);

/** A customer company (its admin registered it), with a name no other test uses. */
async function customer(name: string) {
  const companyName = `${name} ${Math.random().toString(36).slice(2, 7)}`;
  const owner = await registerUser(e2e.t, { companyName });
  return { companyName, companyId: owner.user.currentCompanyId as string, owner };
}

async function adminCompany(page: Page, name: string) {
  const res = await page.request.get(`/api/admin/companies?${new URLSearchParams({ search: name })}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as AdminCompanyPage;
  expect(body.items).toHaveLength(1);
  return body.items[0];
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('super admin console', () => {
  test('dashboard: the five totals, the companies searched on the server and the first 10 users then the rest counted', async () => {
    // More than 10 people on the platform, whatever the other tests add.
    await e2e.t.deps.db.insert(users).values(Array.from({ length: 12 }, (_, i) => ({ email: uniqueEmail(`persona${i}`), firstName: 'Persona', lastName: `Número ${i + 1}` })));
    const target = await customer('Minera Atacama');
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await signInAsSuperAdmin(page);

    // A super admin lands on the panel.
    await page.goto('/');
    await page.waitForURL('**/super-admin');
    await page.getByRole('heading', { name: 'Panel Super Admin', level: 1 }).waitFor();
    const stats = (await (await page.request.get('/api/admin/subscription-stats')).json()) as SubscriptionStats;
    const cards = page.getByRole('region', { name: 'Estadísticas de la plataforma' });
    const number = (n: number) => new Intl.NumberFormat('es-CL').format(n);
    for (const [label, value] of [
      ['Empresas', number(stats.totalCompanies)],
      ['Usuarios', number(stats.totalUsers)],
      ['Suscripciones activas', number(stats.totalActiveSubscriptions)],
      ['Ingreso mensual (MRR)', formatCLP(stats.totalMonthlyRevenue)],
      ['Gastos este mes', number(stats.monthlyExpenses)],
    ]) {
      const card = cards.locator('div.rounded-xl').filter({ has: page.getByText(label, { exact: true }) });
      await card.getByText(value, { exact: true }).waitFor();
    }

    // Users: the newest 10, then how many more.
    const usersRes = (await (await page.request.get('/api/admin/users?pageSize=10')).json()) as { total: number };
    expect(usersRes.total).toBeGreaterThan(10);
    await expect(page.getByTestId('admin-user').count()).resolves.toBe(10);
    await page.getByText(`Y ${number(usersRes.total - 10)} usuarios más...`).waitFor();

    // Quick links.
    for (const name of ['Gestión de Empresas', 'API Super Admin', 'Configuración de Email']) {
      await page.getByRole('navigation', { name: 'Accesos rápidos' }).getByRole('link', { name: new RegExp(name) }).waitFor();
    }
    await tallShot(page, 'super-admin-1440', 2000);

    // Search on the server: only the company asked for.
    await page.getByLabel('Buscar empresa').fill(target.companyName);
    await page.getByTestId('company-count').getByText('1 empresa encontrada').waitFor();
    const rows = page.getByTestId('company-row');
    await expect(rows.count()).resolves.toBe(1);
    await rows.first().getByText(target.companyName).waitFor();
    await rows.first().getByText('Gratuito').first().waitFor();
    await page.getByLabel('Buscar empresa').fill('no-existe-ninguna-empresa-así');
    await page.getByText('Ninguna empresa coincide').waitFor();

    // On a phone: cards stacked, companies as cards, nothing wider than the screen.
    await page.setViewportSize(PHONE);
    await page.getByLabel('Buscar empresa').fill('');
    await page.getByTestId('company-card').first().waitFor();
    expect(await page.getByTestId('company-row').first().isVisible()).toBe(false);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(PHONE.width);
    await tallShot(page, 'super-admin-390', 5200);
    await context.close();
  });

  test('assigning a plan to a free company: confirmed, shown in the list, and in force through the API', async () => {
    const target = await customer('Transportes Biobío');
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await signInAsSuperAdmin(page);
    await page.goto('/company-management');
    await page.getByRole('heading', { name: 'Gestión de Empresas', level: 1 }).waitFor();
    await page.getByTestId('company-count').getByText(/^\d+ empresas$/).waitFor();
    await page.getByTestId('company-row').first().waitFor();
    // The table with its actions fits beside the sidebar.
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(WIDE.width);
    await tallShot(page, 'company-management-1440', 1400);

    await page.getByLabel('Buscar empresa').fill(target.companyName);
    const row = page.getByTestId('company-row').filter({ hasText: target.companyName });
    await page.getByTestId('company-count').getByText('1 empresa encontrada').waitFor();
    await row.getByText('Gratuito').first().waitFor();
    await row.getByRole('button', { name: `Asignar Plan a ${target.companyName}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Asignar Plan' });
    await dialog.getByRole('radio', { name: /Profesional/ }).waitFor();
    // A plan is required.
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.getByText(ADMIN_MSG.planRequired).waitFor();
    await dialog.getByRole('radio', { name: /Profesional/ }).check();
    await screenshot(page, 'company-management-assign-plan-1440');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.getByText('Se activa sin cobro, queda registrado en el historial', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Confirmar asignación' }).click();
    await page.getByText('Plan asignado').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await row.getByText('Profesional').waitFor();
    await row.getByText('Activo').waitFor();
    const company = await adminCompany(page, target.companyName);
    expect(company.planId).toBe('professional');
    expect(company.subscriptionStatus).toBe('active');
    expect(company.periodEnd).not.toBeNull();
    // The company itself is on the plan: its own session says so.
    const own = await target.owner.client.get('/api/auth/user');
    expect(own.body.subscriptionStatus).toBe('pro');

    // 'Entrar': the super admin opens the company's own screens.
    await row.getByRole('button', { name: `Entrar a ${target.companyName}` }).click();
    await page.waitForURL('**/company');
    await page.getByText(target.companyName).first().waitFor();
    const session = await page.request.get('/api/auth/user');
    expect((await session.json()).currentCompanyId).toBe(target.companyId);
    await context.close();
  });

  test("managing a company's users: invite (pending), change role, remove, and the last admin kept", async () => {
    const target = await customer('Ferretería Osorno');
    const invitee = uniqueEmail('invitado');
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await signInAsSuperAdmin(page);
    await page.goto('/company-management');
    await page.getByLabel('Buscar empresa').fill(target.companyName);
    await page.getByTestId('company-count').getByText('1 empresa encontrada').waitFor();
    await page.getByRole('button', { name: `Gestionar Usuarios de ${target.companyName}` }).first().click();

    const dialog = page.getByRole('dialog', { name: 'Gestionar Usuarios' });
    const ownerRow = dialog.getByTestId('company-user').filter({ hasText: target.owner.email });
    await ownerRow.getByText('Activo').waitFor();
    expect(await ownerRow.getByLabel(`Rol de ${target.owner.email}`).inputValue()).toBe('admin');

    // Invite: the role defaults to employee; the person shows as a pending invitation.
    await dialog.getByRole('tab', { name: 'Invitar Usuario' }).click();
    expect(await dialog.getByLabel('Rol').inputValue()).toBe('employee');
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await dialog.getByRole('alert').first().waitFor();
    await dialog.getByLabel('Email').fill(invitee.toUpperCase());
    await screenshot(page, 'company-management-invite-1440');
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText('Invitación enviada').waitFor();
    const inviteeRow = dialog.getByTestId('company-user').filter({ hasText: invitee });
    await inviteeRow.getByText('Invitación pendiente').waitFor();
    expect(await inviteeRow.getByLabel(`Rol de ${invitee}`).inputValue()).toBe('employee');

    // Change role: an employee who already belongs to the company becomes admin.
    await inviteeRow.waitFor();
    const colleague = await registerUser(e2e.t, { firstName: 'Matías', lastName: 'Rojas' });
    await e2e.t.deps.db.insert(memberships).values({ userId: colleague.user.id, companyId: target.companyId, role: 'employee' });
    await dialog.getByRole('tab', { name: 'Invitar Usuario' }).click();
    await dialog.getByRole('tab', { name: 'Usuarios Actuales' }).click();
    const colleagueRow = dialog.getByTestId('company-user').filter({ hasText: colleague.email });
    await colleagueRow.getByText('Activo').waitFor();
    await colleagueRow.getByLabel(`Rol de ${colleague.email}`).selectOption('admin');
    await page.getByText('Rol actualizado').waitFor();
    const team = await page.request.get(`/api/admin/company/${target.companyId}/users`);
    expect(((await team.json()) as { email: string; role: string }[]).find((u) => u.email === colleague.email)?.role).toBe('admin');
    await screenshot(page, 'company-management-users-1440');

    // Remove, after a confirmation: the invitation and the new admin.
    const confirm = page.getByRole('dialog', { name: '¿Eliminar de la empresa?' });
    for (const [email, row] of [
      [invitee, inviteeRow],
      [colleague.email, colleagueRow],
    ] as const) {
      await row.getByRole('button', { name: `Eliminar a ${email} de la empresa` }).click();
      await confirm.getByRole('button', { name: 'Eliminar' }).click();
      await confirm.waitFor({ state: 'detached' });
      await row.waitFor({ state: 'detached' });
    }

    // The only admin stays: the refusal is spelled out.
    await ownerRow.getByRole('button', { name: `Eliminar a ${target.owner.email} de la empresa` }).click();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await confirm.getByRole('alert').getByText(ADMIN_MSG.lastAdmin).waitFor();
    await page.getByText('Error al eliminar usuario').waitFor();
    await screenshot(page, 'company-management-last-admin-1440');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await ownerRow.waitFor();

    // On a phone the dialog and the list fit the screen.
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
    await page.getByTestId('company-card').first().waitFor();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(PHONE.width);
    await tallShot(page, 'company-management-390', 1600);
    await page.getByRole('button', { name: `Gestionar Usuarios de ${target.companyName}` }).last().click();
    await dialog.getByTestId('company-user').first().waitFor();
    await screenshot(page, 'company-management-users-390');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Asignar Plan a ${target.companyName}` }).last().click();
    await page.getByRole('dialog', { name: 'Asignar Plan' }).getByRole('radio').first().waitFor();
    await screenshot(page, 'company-management-assign-plan-390');
    await context.close();
  });

  test('super admin API page: pick a company without categories by keyboard, Inicializar fills both lists', async () => {
    const target = await customer('Consultora Valdivia');
    await e2e.t.deps.db.delete(categories).where(eq(categories.companyId, target.companyId));
    await e2e.t.deps.db.delete(paymentMethods).where(eq(paymentMethods.companyId, target.companyId));
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await signInAsSuperAdmin(page);
    await page.goto('/super-admin/api');
    await page.getByRole('heading', { name: 'API Super Admin', level: 1 }).waitFor();
    await page.getByText('Selecciona una empresa primero').first().waitFor();
    await page.getByTestId('picker-option').first().waitFor();

    const search = page.getByRole('combobox', { name: 'Buscar empresa' });
    await search.fill(target.companyName);
    const option = page.getByRole('option', { name: new RegExp(target.companyName) });
    // The server's answer for the search: that company alone.
    await expect.poll(() => page.getByTestId('picker-option').count()).toBe(1);
    await option.getByText(`ID ${target.companyId.slice(0, 8)}`).waitFor();
    await search.press('Enter');
    await page.getByTestId('selected-company').getByText(`ID ${target.companyId}`).waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');

    await page.getByText('Esta empresa no tiene categorías.', { exact: true }).waitFor();
    await page.getByText('Esta empresa no tiene métodos de pago.').waitFor();
    await page.getByText('Sin token configurado.').waitFor();
    expect(await page.getByLabel('Token de la empresa').getAttribute('type')).toBe('password');
    await tallShot(page, 'super-admin-api-empty-1440', 1200);

    await page.getByRole('button', { name: 'Inicializar', exact: true }).click();
    await page.getByText('Configuración completada').waitFor();
    const lists = { cats: page.getByRole('list', { name: 'Categorías' }), pms: page.getByRole('list', { name: 'Métodos de pago' }) };
    await lists.cats.getByText('Alimentación').waitFor();
    await lists.pms.getByTestId('catalog-item').first().waitFor();
    await lists.cats.getByText('Activo').first().waitFor();
    expect(await page.getByRole('button', { name: 'Inicializar', exact: true }).count()).toBe(0);
    // The lists scroll inside 16rem.
    const box = await lists.cats.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(16 * 16 + 1);
    expect(await lists.cats.evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');
    await tallShot(page, 'super-admin-api-1440', 1200);

    // An empty token is refused before any request.
    await page.getByRole('button', { name: 'Configurar Token' }).click();
    await page.locator('#niudata-token-error').getByText('Selecciona una empresa e ingresa un token válido').waitFor();

    // The embedded NiuData sandbox refuses a revoked token and keeps a good one, encrypted, showing its last 4 characters.
    await page.getByLabel('Token de la empresa').fill('invalido_0123456789');
    await page.getByRole('button', { name: 'Configurar Token' }).click();
    await page.getByText('Error al configurar token').waitFor();
    await page.locator('#niudata-token-error').waitFor();
    await page.getByLabel('Token de la empresa').fill('niu_test_superadmin_e2e_9f3a');
    await page.getByRole('button', { name: 'Configurar Token' }).click();
    await page.getByText('Token configurado', { exact: true }).first().waitFor();
    await page.getByTestId('niudata-status').getByText('9f3a', { exact: false }).waitFor();
    expect(await page.getByLabel('Token de la empresa').inputValue()).toBe('');

    // A company with categories but no payment methods gets those alone (POST /api/admin/initialize-payment-methods).
    const noMethods = await customer('Transportes Maule');
    await e2e.t.deps.db.delete(paymentMethods).where(eq(paymentMethods.companyId, noMethods.companyId));
    await search.fill(noMethods.companyName);
    await expect.poll(() => page.getByTestId('picker-option').count()).toBe(1);
    await page.getByRole('option', { name: new RegExp(noMethods.companyName) }).waitFor();
    await search.press('Enter');
    await page.getByTestId('selected-company').getByText(`ID ${noMethods.companyId}`).waitFor();
    await lists.cats.getByText('Alimentación').waitFor();
    expect(await page.getByRole('button', { name: 'Inicializar', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Inicializar métodos de pago' }).click();
    await lists.pms.getByTestId('catalog-item').first().waitFor();
    expect(await page.getByRole('button', { name: 'Inicializar métodos de pago' }).count()).toBe(0);

    await page.setViewportSize(PHONE);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(PHONE.width);
    await tallShot(page, 'super-admin-api-390', 3000);
    await context.close();
  });

  test('a company admin is told these pages are for the super admin', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await signUp(page, e2e.t.baseUrl, 'Panadería del Sur');
    for (const path of ['/super-admin', '/company-management', '/super-admin/api']) {
      await page.goto(path);
      await page.getByText('Acceso restringido').waitFor();
      await page.getByText('Solo el super admin puede administrar las empresas de la plataforma.').waitFor();
    }
    await context.close();
  });
});
