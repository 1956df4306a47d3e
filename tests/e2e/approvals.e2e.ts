import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { memberships } from '../../src/server/db/schema/index.js';
import { DESKTOP, newPage, screenshot, signUp, setupE2e } from './browser.js';

const e2e = setupE2e();

async function file(page: Page, description: string, amount: string) {
  const cats = await (await page.request.get('/api/categories')).json();
  const pms = await (await page.request.get('/api/payment-methods')).json();
  const res = await page.request.post('/api/expenses', {
    headers: { origin: e2e.t.baseUrl },
    multipart: {
      date: new Date().toISOString().slice(0, 10),
      amount,
      currency: 'CLP',
      description,
      category: cats.find((c: any) => c.name === 'Transporte').id,
      paymentMethod: pms[0].id,
      documentType: 'boleta',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; expenseNumber: number };
}

describe('approvals in the browser', () => {
  test('approve, reject with a reason in a dialog, edit a pending expense; history in the detail', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    await signUp(page, e2e.t.baseUrl, 'Aprobaciones Ltda');
    await file(page, 'Taxi reunión', '12990');
    await file(page, 'Cena sin boleta', '45000');
    const third = await file(page, 'Peaje autopista', '3400');

    // A one-person company: its admin may decide their own expenses only after allowing it on Empresa.
    await page.goto('/company');
    await page.getByRole('switch', { name: 'Permitir que un administrador apruebe sus propias rendiciones' }).click();
    await page.getByText('Autoaprobación permitida').waitFor();
    await screenshot(page, 'company-approval-setting');

    await page.goto('/approvals');
    await page.getByRole('heading', { name: 'Aprobación de Rendiciones' }).waitFor();
    await page.getByText('Sin comprobante adjunto').first().waitFor();
    await screenshot(page, 'approvals');

    const card = (text: string) => page.locator('[data-approval-card]').filter({ hasText: text });
    await card('Taxi reunión').getByRole('button', { name: 'Aprobar' }).click();
    await page.getByText('Gasto Aprobado').waitFor();

    await card('Cena sin boleta').getByRole('button', { name: 'Rechazar' }).click();
    await page.getByLabel('Razón del rechazo (opcional):').fill('Falta la boleta');
    await page.getByRole('dialog').getByRole('button', { name: 'Rechazar' }).click();
    await page.getByText('Gasto Rechazado').waitFor();

    await page.getByRole('button', { name: `Editar rendición N° ${third.expenseNumber}` }).click();
    await page.fill('#edit-amount', '3900');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Gasto Actualizado').waitFor();
    await expect.poll(async () => (await (await page.request.get(`/api/expenses/${third.id}`)).json()).amountCLP).toBe('3900');

    const pending = await (await page.request.get('/api/admin/expenses/pending')).json();
    expect(pending.map((e: any) => e.description)).toEqual(['Peaje autopista']);
    const rejected = await (await page.request.get('/api/expenses?status=rejected')).json();
    expect(rejected.items[0]).toMatchObject({ description: 'Cena sin boleta', rejectionReason: 'Falta la boleta' });

    await page.goto('/expenses');
    await page.getByRole('button', { name: `Ver detalle de la rendición N° ${third.expenseNumber}` }).first().click();
    await page.getByRole('dialog').getByText('Rendición editada').waitFor();
    await screenshot(page, 'expense-history');
    await context.close();
  });

  // Issue 16 item 5: separation of duties.
  test('an admin sees their own expense marked for another admin, without Aprobar/Rechazar, and no badge for it', async () => {
    const WIDE = { width: 1440, height: 900 };
    const NARROW = { width: 390, height: 844 };
    const owner = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    const me = await signUp(owner.page, e2e.t.baseUrl, 'Separación SpA');
    await file(owner.page, 'Almuerzo con cliente', '18500');

    await owner.page.goto('/approvals');
    const card = owner.page.locator('[data-approval-card]').filter({ hasText: 'Almuerzo con cliente' });
    await card.getByText('Tu rendición: la aprueba otro administrador').waitFor();
    expect(await card.getByRole('button', { name: 'Aprobar' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Rechazar' }).count()).toBe(0);
    expect(await owner.page.getByLabel(/\d+ pendientes/).count()).toBe(0);
    await screenshot(owner.page, 'approvals-own-1440');
    await owner.page.setViewportSize(NARROW);
    await card.getByText('Tu rendición: la aprueba otro administrador').waitFor();
    await screenshot(owner.page, 'approvals-own-390');

    // A second admin of the same company decides it.
    const other = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    const second = await signUp(other.page, e2e.t.baseUrl, 'Otra SpA');
    await e2e.t.deps.db.insert(memberships).values({ userId: second.user.id, companyId: me.user.currentCompanyId, role: 'admin' });
    expect((await other.page.request.post('/api/user/switch-company', { data: { companyId: me.user.currentCompanyId }, headers: { origin: e2e.t.baseUrl } })).status()).toBe(200);
    await other.page.goto('/approvals');
    const theirs = other.page.locator('[data-approval-card]').filter({ hasText: 'Almuerzo con cliente' });
    await theirs.getByRole('button', { name: 'Aprobar' }).waitFor();
    expect(await theirs.getByText('Tu rendición').count()).toBe(0);
    await other.page.getByLabel('1 pendientes').first().waitFor();
    await theirs.getByRole('button', { name: 'Aprobar' }).click();
    await other.page.getByText('Gasto Aprobado').waitFor();
    await owner.context.close();
    await other.context.close();
  });
});
