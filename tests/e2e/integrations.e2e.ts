import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { companies, memberships } from '../../src/server/db/schema/index.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { DESKTOP, MOBILE, newPage, screenshot, signUp, setupE2e } from './browser.js';

const e2e = setupE2e({ env: { ACCOUNTING_WEBHOOK_RETRY_BASE_MS: '200' } });
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => receiver?.close());

const origin = () => ({ origin: e2e.t.baseUrl });

/** An admin on the Profesional plan, signed in inside the page's context. */
async function adminIn(page: Page, companyName: string) {
  const me = await signUp(page, e2e.t.baseUrl, companyName);
  await e2e.t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active' }).where(eq(companies.id, me.user.currentCompanyId));
  return me;
}

async function catalog(page: Page) {
  const cats = (await (await page.request.get('/api/categories')).json()) as { id: string; name: string }[];
  const pms = (await (await page.request.get('/api/payment-methods')).json()) as { id: string; name: string }[];
  return { cat: (n: string) => cats.find((c) => c.name === n)!.id, pm: (n: string) => pms.find((p) => p.name === n)!.id };
}

async function fileExpense(page: Page, fields: Record<string, string>) {
  const res = await page.request.post('/api/expenses', { multipart: fields, headers: origin() });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; expenseNumber: number };
}

describe('Integración API', () => {
  test('a token is shown once, copied, listed by its prefix only, and revoked', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.t.baseUrl });
    await adminIn(page, 'Contadores Unidos SpA');
    await page.goto('/api-integration');
    await page.getByRole('heading', { name: 'Integración API' }).waitFor();
    // The API REST tab lists the external endpoints from the OpenAPI document, with curl examples.
    await page.getByText('/api/accounting/approved-expenses').first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Copiar ejemplo curl/ }).count()).toBeGreaterThanOrEqual(5);
    await screenshot(page, 'integrations-api-rest');

    await page.getByRole('tab', { name: 'Tokens de API' }).click();
    await page.getByText('Sin tokens de API').waitFor();
    await page.getByRole('button', { name: 'Crear token' }).click();
    await page.getByText('El nombre del token es obligatorio.').waitFor();
    await page.getByLabel('Nombre del token').fill('ERP Defontana');
    await page.getByRole('button', { name: 'Crear token' }).click();
    const dialog = page.getByRole('dialog', { name: /Token creado/ });
    const secret = (await dialog.getByLabel('Token de API').innerText()).trim();
    expect(secret).toMatch(/^rdx_live_/);
    await screenshot(page, 'integrations-token-created');
    await dialog.getByRole('button', { name: 'Copiar' }).click();
    await dialog.getByRole('button', { name: 'Copiado' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await dialog.getByRole('button', { name: 'Listo, ya lo guardé' }).click();

    // The token works against the external API.
    const api = await page.request.get('/api/accounting/approved-expenses', { headers: { authorization: `Bearer ${secret}` } });
    expect(api.status()).toBe(200);

    await page.reload();
    await page.getByRole('tab', { name: 'Tokens de API' }).click();
    const list = page.getByRole('list', { name: 'Tokens de API' });
    await list.getByText('ERP Defontana').waitFor();
    await list.getByText(`${secret.slice(0, 13)}…`).waitFor();
    expect(await page.content()).not.toContain(secret);
    await list.getByText(/Último uso: \d{2}\/\d{2}\/\d{4}/).waitFor();

    await page.getByRole('button', { name: 'Eliminar token ERP Defontana' }).click();
    await page.getByRole('dialog', { name: '¿Eliminar token?' }).getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Sin tokens de API').waitFor();
    const revoked = await page.request.get('/api/accounting/approved-expenses', { headers: { authorization: `Bearer ${secret}` } });
    expect(revoked.status()).toBe(401);
    await context.close();
  });

  test('the webhook: URL required to enable, Probar only when on, a signed delivery in the log, and an approval delivered', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.t.baseUrl });
    await adminIn(page, 'Ferretería Los Andes SpA');
    await page.goto('/api-integration?tab=webhook');
    const probar = page.getByRole('button', { name: 'Probar' });
    await probar.waitFor();
    expect(await probar.isDisabled()).toBe(true);

    await page.getByRole('switch', { name: 'Activo' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Ingresa la URL del webhook para activarlo.').waitFor();
    expect(await probar.isDisabled()).toBe(true);
    await screenshot(page, 'integrations-webhook-url-required');

    await page.getByLabel('URL del webhook').fill(receiver.url('/erp'));
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Webhook configurado').waitFor();
    const secret = (await page.getByLabel('Secreto de firma del webhook').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await expect.poll(() => probar.isDisabled()).toBe(false);

    await probar.click();
    await page.getByText('Evento de prueba enviado').first().waitFor();
    const log = page.getByRole('list', { name: 'Entregas del webhook' });
    await log.getByText('Evento de prueba').waitFor();
    await log.getByText('Entregado').waitFor();
    await screenshot(page, 'integrations-webhook-tested');
    const [test] = receiver.requests('/erp');
    const ts = String(test.headers['x-rendix-timestamp']);
    expect(test.headers['x-rendix-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${ts}.${test.body}`).digest('hex')}`);
    expect(JSON.parse(test.body)).toMatchObject({ event: 'expense.approved', test: true });

    // A real approval reaches the receiver and the Historial tab.
    const ids = await catalog(page);
    const e = await fileExpense(page, { date: new Date().toISOString().slice(0, 10), amount: '23800', currency: 'CLP', description: 'Herramientas', category: ids.cat('Materiales'), paymentMethod: ids.pm('Efectivo'), documentType: 'boleta' });
    // A one-person company: its admin approves their own expense only with self-approval on.
    await page.request.put('/api/company/approval-settings', { data: { allowSelfApproval: true }, headers: origin() });
    expect((await page.request.patch(`/api/admin/expenses/${e.id}/status`, { data: { status: 'approved' }, headers: origin() })).status()).toBe(200);
    await expect.poll(() => receiver.requests('/erp').length, { timeout: 15_000 }).toBe(2);
    expect(JSON.parse(receiver.requests('/erp')[1].body)).toMatchObject({ event: 'expense.approved', expense: { id: e.id, amountCLP: '23800' } });
    await page.getByRole('tab', { name: 'Historial' }).click();
    await page.getByRole('list', { name: 'Entregas del webhook' }).getByText(`Rendición N° ${e.expenseNumber}`).waitFor();
    await page.getByText('Sin sincronizaciones con NiuData todavía').waitFor();
    await page.getByRole('tab', { name: 'NiuData' }).click();
    await page.getByText('NiuData no está configurado para esta empresa.').waitFor();
    expect(await page.getByText('Próximamente').count()).toBe(0);

    // Switched off: Probar is disabled again.
    await page.getByRole('tab', { name: 'Webhook' }).click();
    await page.getByRole('switch', { name: 'Activo' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Probar' }).isDisabled()).toBe(true);
    await context.close();
  });

  test('at 375 px the tabs scroll and each one is usable', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, MOBILE);
    await adminIn(page, 'Transportes del Sur Ltda');
    await page.goto('/api-integration?tab=tokens');
    await page.getByLabel('Nombre del token').waitFor();
    await screenshot(page, 'integrations-mobile-tokens');
    await page.getByRole('tab', { name: 'Sistemas Contables' }).click();
    await page.getByText('Verificar la firma del webhook').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'integrations-mobile-sistemas');
    await context.close();
  });
});

describe('Facturas Emitidas', () => {
  test('stat cards, a filter, the detail with net and IVA; employees are sent away from both screens', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    const me = await adminIn(page, 'Inversiones Pacífico SpA');
    const ids = await catalog(page);
    const today = new Date().toISOString().slice(0, 10);
    const factura = await fileExpense(page, { date: today, amount: '119000', currency: 'CLP', description: 'Arriendo de sala', category: ids.cat('Factura'), paymentMethod: ids.pm('Transferencia'), documentType: 'factura', invoiceNumber: '4512', taxId: '76.086.428-5' });
    await fileExpense(page, { date: today, amount: '12990', currency: 'CLP', description: 'Taxi al aeropuerto', category: ids.cat('Transporte'), paymentMethod: ids.pm('Efectivo'), documentType: 'boleta' });
    await fileExpense(page, { date: today, amount: '5000', currency: 'CLP', description: 'Propina', category: ids.cat('Otros'), paymentMethod: ids.pm('Efectivo'), documentType: 'recibo' });
    await page.request.put('/api/company/approval-settings', { data: { allowSelfApproval: true }, headers: origin() });
    await page.request.patch(`/api/admin/expenses/${factura.id}/status`, { data: { status: 'approved' }, headers: origin() });

    await page.goto('/invoices');
    await page.getByRole('heading', { name: 'Facturas Emitidas' }).waitFor();
    const stat = (key: string) => page.locator(`[data-stat="${key}"]`).innerText();
    await expect.poll(() => stat('totalInvoices')).toBe('2');
    expect(await stat('totalAmount')).toBe('$131.990');
    expect(await stat('pendingInvoices')).toBe('1');
    expect(await stat('approvedInvoices')).toBe('1');
    await page.getByRole('button', { name: /Boleta/ }).waitFor();
    await screenshot(page, 'invoices-list');

    await page.getByLabel('Tipo de documento').selectOption('factura');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => stat('totalInvoices')).toBe('1');
    await expect.poll(() => page.getByRole('button', { name: /Boleta/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Factura N° 4512' }).click();
    const detail = page.getByRole('dialog', { name: 'Factura N° 4512' });
    await detail.getByText('$100.000').waitFor();
    await detail.getByText('$19.000').waitFor();
    await detail.getByText('$119.000').waitFor();
    await detail.getByText('76.086.428-5').waitFor();
    await detail.getByText('Aún no se envía a la contabilidad.').waitFor();
    await screenshot(page, 'invoices-detail');
    await page.keyboard.press('Escape');

    // The expense detail shows net and IVA too.
    await page.goto('/expenses');
    await page.getByRole('button', { name: /Ver detalle.*4512|Ver detalle/ }).first().waitFor().catch(() => undefined);

    // An employee of the same company is sent home from both screens.
    const { context: empCtx, page: emp } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    const employee = await signUp(emp, e2e.t.baseUrl, 'Otra Empresa Ltda');
    await e2e.t.deps.db.insert(memberships).values({ userId: employee.user.id, companyId: me.user.currentCompanyId, role: 'employee' });
    await emp.request.post('/api/user/switch-company', { data: { companyId: me.user.currentCompanyId }, headers: origin() });
    for (const path of ['/invoices', '/api-integration']) {
      await emp.goto(path);
      await emp.waitForURL((u) => u.pathname === '/');
    }
    await empCtx.close();
    await context.close();
  });

  test('at 375 px the documents are cards and the detail fits', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, MOBILE);
    await adminIn(page, 'Minera Atacama SpA');
    const ids = await catalog(page);
    await fileExpense(page, { date: new Date().toISOString().slice(0, 10), amount: '59500', currency: 'CLP', description: 'Servicio técnico', category: ids.cat('Factura'), paymentMethod: ids.pm('Transferencia'), documentType: 'factura', invoiceNumber: '88', taxId: '76086428-5' });
    await page.goto('/invoices');
    const cards = page.getByRole('list', { name: 'Documentos' });
    await cards.getByText('Servicio técnico').waitFor();
    await screenshot(page, 'invoices-mobile');
    await cards.getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'Factura N° 88' }).getByText('$9.500').waitFor();
    await screenshot(page, 'invoices-mobile-detail');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
