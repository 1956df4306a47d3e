import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatDate } from '../../src/shared/format.js';
import { memberships } from '../../src/server/db/schema/index.js';
import { newPage, screenshot, setupE2e, signUp, tallShot } from './browser.js';

const e2e = setupE2e();
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };

async function fileCash(page: Page, description: string, amount: string) {
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
      paymentMethod: pms.find((p: any) => p.name === 'Efectivo').id,
      documentType: 'boleta',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

describe('reimbursements in the browser', () => {
  test('the employee saves bank details; the admin builds a payout batch, exports it, marks it paid; the employee sees Reembolsado', async () => {
    const admin = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    const boss = await signUp(admin.page, e2e.t.baseUrl, 'Reembolsos SpA');
    const companyId = boss.user.currentCompanyId;
    const emp = await newPage(e2e.browser, e2e.t.baseUrl, NARROW);
    const worker = await signUp(emp.page, e2e.t.baseUrl, 'Empresa propia del empleado');
    await e2e.t.deps.db.insert(memberships).values({ userId: worker.user.id, companyId, role: 'employee' });
    expect((await emp.page.request.post('/api/user/switch-company', { data: { companyId }, headers: { origin: e2e.t.baseUrl } })).status()).toBe(200);

    // The employee's bank details, on a phone.
    await emp.page.goto('/profile');
    await emp.page.getByRole('heading', { name: 'Mi perfil' }).waitFor();
    await emp.page.getByRole('button', { name: 'Guardar datos bancarios' }).click();
    await emp.page.getByText('El RUT del titular no es válido: revisa el dígito verificador.').waitFor();
    await emp.page.getByLabel('RUT del titular *').fill('12.345.678-5');
    await emp.page.getByLabel('Banco *').selectOption('012');
    await emp.page.getByLabel('Tipo de cuenta *').selectOption('rut');
    await emp.page.getByLabel('Número de cuenta *').fill('12345678');
    await emp.page.getByRole('button', { name: 'Guardar datos bancarios' }).click();
    await emp.page.getByTestId('bank-account-current').getByText('•••• 5678').waitFor();
    await screenshot(emp.page, 'profile-bank-390');

    // A foreign currency on the form: the dated rate and its source; a currency with no rate asks for one.
    await emp.page.goto('/new-expense');
    await emp.page.locator('#expense-currency').selectOption('USD');
    await emp.page.locator('[data-rate-source]').getByText(/Tasa 950 · Tasa por defecto/).waitFor();
    await emp.page.locator('[data-currency-search]').fill('myr');
    await emp.page.locator('#expense-currency').selectOption('MYR');
    await emp.page.locator('[data-rate-source]').getByText(/No hay tipo de cambio conocido para MYR/).waitFor();
    await tallShot(emp.page, 'new-expense-currency-390', 1800);

    const a = await fileCash(emp.page, 'Taxi al aeropuerto', '18500');
    const b = await fileCash(emp.page, 'Colación en terreno', '7990');
    for (const id of [a.id, b.id]) {
      const res = await admin.page.request.patch(`/api/admin/expenses/${id}/status`, { data: { status: 'approved' }, headers: { origin: e2e.t.baseUrl } });
      expect(res.status()).toBe(200);
    }

    // Configuración → Medios de Pago: cash is reimbursable; a personal card is marked so too.
    await admin.page.goto('/settings?tab=medios-de-pago');
    const methods = admin.page.getByTestId('payment-method-row');
    await methods.filter({ hasText: 'Efectivo' }).getByText('Reembolsable').waitFor();
    expect(await methods.filter({ hasText: 'Tarjeta de crédito' }).getByText('Reembolsable').count()).toBe(0);
    await admin.page.getByRole('button', { name: 'Editar Tarjeta de crédito' }).click();
    await admin.page.locator('#edit-payment-method-reimbursable').click();
    await admin.page.getByRole('button', { name: 'Guardar' }).click();
    await methods.filter({ hasText: 'Tarjeta de crédito' }).getByText('Reembolsable').waitFor();
    await tallShot(admin.page, 'settings-payment-methods-1440', 1000);
    await admin.page.setViewportSize(NARROW);
    await tallShot(admin.page, 'settings-payment-methods-390', 1600);
    await admin.page.setViewportSize(WIDE);
    const cards = await (await admin.page.request.get('/api/payment-methods')).json();
    expect(cards.find((p: any) => p.name === 'Tarjeta de crédito').reimbursable).toBe(true);

    // The admin: Reembolsos in the menu, the employee owed $26.490, a batch, its file, paid.
    await admin.page.goto('/');
    await admin.page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Reembolsos' }).click();
    await admin.page.getByRole('heading', { name: 'Reembolsos', level: 1 }).waitFor();
    const row = admin.page.getByTestId('pending-employee').filter({ hasText: worker.email });
    await row.getByText('$26.490').waitFor();
    await tallShot(admin.page, 'reimbursements-pending-1440', 1200);
    await row.getByRole('checkbox').click();
    await admin.page.getByRole('button', { name: 'Crear nómina de pago' }).click();
    const batch = admin.page.getByTestId('payout-batch').filter({ hasText: 'Nómina N° 1' });
    await batch.getByText('Por pagar').waitFor();
    await admin.page.getByText('No hay gastos por reembolsar.').waitFor();

    const [download] = await Promise.all([admin.page.waitForEvent('download'), batch.getByRole('link', { name: 'Descargar Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('nomina_pagos_1.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as any);
    const ws = wb.getWorksheet('Nómina de pagos')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['RUT', 'Nombre', 'Banco', 'Código banco', 'Tipo de cuenta', 'Número de cuenta', 'Monto', 'Email', 'Glosa']);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(['12345678-5', `${worker.firstName} ${worker.lastName}`.trim(), 'BancoEstado', '012', 'Cuenta RUT', '12345678', 26490, worker.email, 'Reembolso de gastos, nómina N° 1']);

    await batch.getByRole('button', { name: 'Marcar como pagada' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Confirmar pago' }).click();
    const today = formatDate(new Date());
    await batch.getByText(`Pagada el ${today}`).waitFor();
    await tallShot(admin.page, 'reimbursements-paid-1440', 1200);
    await admin.page.setViewportSize(NARROW);
    await tallShot(admin.page, 'reimbursements-paid-390', 2000);
    await admin.page.setViewportSize(WIDE);
    await admin.page.goto('/');
    await admin.page.getByText('Reembolsos por empleado').waitFor();
    await admin.page.getByRole('row').filter({ hasText: worker.email }).getByText('$26.490').waitFor();
    await tallShot(admin.page, 'dashboard-reimbursements-1440', 2000);

    // The employee sees 'Reembolsado' with the date.
    await emp.page.goto('/expenses');
    await emp.page.getByText(`Reembolsado ${today}`).first().waitFor();
    expect(await emp.page.locator(`[data-reimbursement="reimbursed"]:visible`).count()).toBe(2);
    await screenshot(emp.page, 'expenses-reimbursed-390');
    await emp.page.setViewportSize(WIDE);
    await emp.page.locator(`[data-reimbursement="reimbursed"]:visible`).getByText(`Reembolsado ${today}`).first().waitFor();
    await screenshot(emp.page, 'expenses-reimbursed-1440');
    await admin.context.close();
    await emp.context.close();
  });
});
