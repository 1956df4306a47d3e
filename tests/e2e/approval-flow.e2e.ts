import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companies, memberships, users } from '../../src/server/db/schema/index.js';
import { newPage, screenshot, signUp, setupE2e, tallShot } from './browser.js';

/* Issue 20 items 1-3 in the browser: the admin sets the flow up, the manager approves step 1, an admin step 2. */
const e2e = setupE2e();
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };

async function joinAs(page: Page, companyId: string, role: 'manager' | 'employee', firstName: string, lastName: string) {
  const me = await signUp(page, e2e.t.baseUrl, `${firstName} SpA`);
  await e2e.t.deps.db.update(users).set({ firstName, lastName }).where(eq(users.id, me.user.id));
  await e2e.t.deps.db.insert(memberships).values({ userId: me.user.id, companyId, role });
  expect((await page.request.post('/api/user/switch-company', { data: { companyId }, headers: { origin: e2e.t.baseUrl } })).status()).toBe(200);
  return me;
}

describe('approval flow in the browser', () => {
  test('two-step approval: rules set on Configuración, the manager approves step 1, the admin step 2; the employee follows the steps', async () => {
    const admin = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    const boss = await signUp(admin.page, e2e.t.baseUrl, 'Flujo Andino SpA');
    const companyId = boss.user.currentCompanyId;
    await e2e.t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active' }).where(eq(companies.id, companyId));
    const manager = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    const ana = await joinAs(manager.page, companyId, 'employee', 'Ana', 'Pérez');
    const employee = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await joinAs(employee.page, companyId, 'employee', 'Diego', 'Rojas');

    // The admin makes Ana a manager ('Gerente') on Empresa, then writes the flow on Configuración → 'Flujo de aprobación'.
    const a = admin.page;
    await a.goto('/company');
    await a.getByRole('button', { name: 'Acciones para Ana Pérez' }).first().click();
    await a.getByRole('menuitem', { name: 'Hacer gerente (aprueba su equipo)' }).click();
    await a.getByRole('dialog').getByRole('button', { name: 'Hacer gerente' }).click();
    await expect.poll(async () => (await e2e.t.deps.db.select().from(memberships).where(eq(memberships.userId, ana.user.id))).find((x) => x.companyId === companyId)?.role).toBe('manager');
    await a.goto('/settings?tab=flujo-aprobacion');
    await a.getByText('Sin reglas: cada rendición la aprueba un administrador, como hasta ahora.').waitFor();
    await a.getByRole('button', { name: 'Agregar regla' }).click();
    await a.getByLabel('Nombre de la regla 1', { exact: true }).fill('Sobre 50 mil');
    await a.getByLabel('Desde (CLP)').fill('50001');
    await a.getByRole('button', { name: 'Agregar paso' }).click();
    expect(await a.getByLabel('Regla 1, paso 1').inputValue()).toBe('manager');
    expect(await a.getByLabel('Regla 1, paso 2').inputValue()).toBe('admin');
    await a.getByRole('button', { name: 'Guardar reglas' }).click();
    await a.getByText('Reglas guardadas').waitFor();

    const team = a.locator(`[data-manager="${ana.email}"]`);
    await team.getByLabel('Diego Rojas').check();
    await team.getByRole('button', { name: 'Guardar equipo de Ana' }).click();
    await a.getByText('Equipo guardado').waitFor();

    await a.getByLabel('Transporte', { exact: true }).fill('60000');
    await a.getByRole('button', { name: 'Guardar políticas' }).click();
    await a.getByText('Políticas guardadas').waitFor();
    await tallShot(a, 'approval-flow-settings-1440', 2200);
    await a.setViewportSize(NARROW);
    for (const part of ['rules', 'teams', 'policies']) {
      await a.locator(`[data-flow-card="${part}"]`).scrollIntoViewIfNeeded();
      await screenshot(a, `approval-flow-settings-390-${part}`);
    }
    await a.setViewportSize(WIDE);

    // The employee files 80.000 in Transporte: the form warns before sending.
    const e = employee.page;
    await e.goto('/new-expense');
    await e.fill('#expense-amount', '80000');
    await e.fill('#expense-description', 'Taxi a faena Los Bronces');
    await e.selectOption('#expense-category', { label: 'Transporte' });
    await e.selectOption('#expense-paymentMethod', { label: 'Efectivo' });
    await e.getByText('El monto ($80.000) supera el máximo de $60.000 para la categoría Transporte.').waitFor();
    await screenshot(e, 'approval-flow-new-expense-warning');
    await e.getByRole('button', { name: 'Guardar Rendición' }).click();
    await e.waitForURL((u) => u.pathname === '/expenses');
    await e.getByText('Paso 1 de 2 · Ana Pérez').locator('visible=true').first().waitFor();
    await screenshot(e, 'approval-flow-employee-step1-1440');
    await e.setViewportSize(NARROW);
    await e.getByText('Paso 1 de 2 · Ana Pérez').locator('visible=true').first().scrollIntoViewIfNeeded();
    await screenshot(e, 'approval-flow-employee-step1-390');
    await e.setViewportSize(WIDE);

    // The admin sees it waiting for Ana, and may reassign it, but not decide it.
    await a.goto('/approvals');
    const adminCard = a.locator('[data-approval-card]').filter({ hasText: 'Taxi a faena Los Bronces' });
    await adminCard.getByText('espera a Ana Pérez').waitFor();
    await adminCard.getByRole('button', { name: 'Reasignar paso' }).waitFor();
    expect(await adminCard.getByRole('button', { name: 'Aprobar' }).count()).toBe(0);

    // Step 1: Ana, as manager, sees Aprobaciones with the policy warning and approves.
    const m = manager.page;
    await m.goto('/approvals');
    const card = m.locator('[data-approval-card]').filter({ hasText: 'Taxi a faena Los Bronces' });
    await card.getByText('te corresponde decidirlo').waitFor();
    await card.getByText('supera el máximo de $60.000').waitFor();
    expect(await card.getByRole('button', { name: /Editar rendición/ }).count()).toBe(0);
    await screenshot(m, 'approval-flow-card-manager-1440');
    await m.setViewportSize(NARROW);
    await screenshot(m, 'approval-flow-card-manager-390');
    await m.setViewportSize(WIDE);
    await card.getByRole('button', { name: 'Aprobar' }).click();
    await m.getByText('Gasto Aprobado').waitFor();
    await m.getByText('No hay rendiciones pendientes').or(m.getByText('No tienes rendiciones por revisar')).first().waitFor();

    await e.reload();
    await e.getByText('Paso 2 de 2 · un administrador').locator('visible=true').first().waitFor();

    // Step 2: the admin approves.
    await a.reload();
    const last = a.locator('[data-approval-card]').filter({ hasText: 'Taxi a faena Los Bronces' });
    await last.getByText('Paso 2 de 2', { exact: true }).waitFor();
    await screenshot(a, 'approval-flow-card-admin-1440');
    await a.setViewportSize(NARROW);
    await screenshot(a, 'approval-flow-card-admin-390');
    await a.setViewportSize(WIDE);
    await last.getByRole('button', { name: 'Aprobar' }).click();
    await a.getByText('Gasto Aprobado').waitFor();

    await e.reload();
    await e.getByText('Aprobada', { exact: true }).locator('visible=true').first().waitFor();
    expect(await e.locator('[data-status-step]').count()).toBe(0);
    const list = await (await e.request.get('/api/expenses')).json();
    expect(list.items[0]).toMatchObject({ status: 'approved', description: 'Taxi a faena Los Bronces', approver: { email: boss.email } });
    await screenshot(e, 'approval-flow-employee-approved');

    // A $30.000 expense no rule covers (one admin approves it); the admin corrects it to $90.000 on its card: the
    // 'Sobre 50 mil' rule now applies, so it waits for Ana first, and its history says why.
    await e.goto('/new-expense');
    await e.fill('#expense-amount', '30000');
    await e.fill('#expense-description', 'Peaje y estacionamiento faena');
    await e.selectOption('#expense-category', { label: 'Transporte' });
    await e.selectOption('#expense-paymentMethod', { label: 'Efectivo' });
    await e.getByRole('button', { name: 'Guardar Rendición' }).click();
    await e.waitForURL((u) => u.pathname === '/expenses');
    const filed = (await (await e.request.get('/api/expenses')).json()).items.find((x: any) => x.description === 'Peaje y estacionamiento faena');
    expect(filed.approvalStep ?? null).toBeNull();
    await a.goto('/approvals');
    const edited = a.locator('[data-approval-card]').filter({ hasText: 'Peaje y estacionamiento faena' });
    await edited.getByRole('button', { name: `Editar rendición N° ${filed.expenseNumber}` }).click();
    await a.fill('#edit-amount', '90000');
    await a.getByRole('button', { name: 'Guardar' }).click();
    await a.getByText('Gasto Actualizado').first().waitFor();
    await edited.getByText('espera a Ana Pérez').waitFor();
    expect(await edited.getByRole('button', { name: 'Aprobar' }).count()).toBe(0);
    await e.goto('/expenses');
    await e.getByRole('button', { name: `Ver detalle de la rendición N° ${filed.expenseNumber}` }).first().click();
    const detail = e.getByRole('dialog');
    await detail.getByText('Aprobación reiniciada por el cambio').waitFor();
    await detail.getByText('Aprobación: de un administrador a Ana Pérez → un administrador').waitFor();
    await screenshot(e, 'approval-flow-rerouted-history');

    for (const c of [admin, manager, employee]) await c.context.close();
  });
});
