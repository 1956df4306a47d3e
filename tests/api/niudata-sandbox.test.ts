import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RATE_MSG } from '../../src/shared/rates.js';
import { NIUDATA_MSG, NIUDATA_SANDBOX_LABEL, type NiudataSyncHistoryEntry } from '../../src/shared/niudata.js';
import { startTestApp, testAppForFile, type TestApp } from '../helpers/app.js';
import { PNG_1X1, companyWithEmployee, expenseFields, fileExpense } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';

/** The embedded NiuData sandbox ('Modo de prueba'): what a newcomer gets with no NIUDATA_API_URL, and its absence in production. */

const t = testAppForFile({ freshRateLimits: true });

const SANDBOX = '/api/niudata-sandbox/v1';
const voucher = (debit: number, credit: number) => ({
  external_id: 'x',
  currency: 'CLP',
  accounting_date: '2026-03-05',
  description: 'prueba',
  entries: [
    { account_code: '5102', document_code: '39', cost_center: null, tax_id: null, folio_number: null, document_date: '2026-03-05', debit, credit: 0, description: 'd', accounting_date: '2026-03-05' },
    { account_code: '2110-01', document_code: '39', cost_center: null, tax_id: null, folio_number: null, document_date: '2026-03-05', debit: 0, credit, description: 'c', accounting_date: '2026-03-05' },
  ],
});

describe('embedded sandbox', () => {
  test('configure, test, sync and history work end to end with no NiuData account', async () => {
    const c = await companyWithEmployee(t);
    expect((await c.admin.client.get('/api/niudata/status')).body).toMatchObject({ mode: 'sandbox', modeLabel: NIUDATA_SANDBOX_LABEL, configured: false });
    expectCleanError(await c.admin.client.post('/api/niudata/configure', { token: 'invalido_0123456789abcdef' }), 400, NIUDATA_MSG.tokenInvalid);
    expectCleanError(await c.admin.client.post('/api/niudata/configure', { token: 'corto' }), 400, NIUDATA_MSG.tokenInvalid);
    expect((await c.admin.client.post('/api/niudata/configure', { token: 'niu_test_demo' })).status).toBe(200);
    const test = (await c.admin.client.get('/api/niudata/test')).body;
    expect(test).toMatchObject({ connected: true, status: 'success', mode: 'sandbox' });
    expect(test.message).toContain(NIUDATA_SANDBOX_LABEL);
    expect((await c.admin.client.post('/api/niudata/diagnostics')).body).toMatchObject({ success: true, tokenValid: true, endpointsAccessible: true, apiResponding: true });

    const e = (await fileExpense(c.employee.client, expenseFields(c.ids), { data: PNG_1X1, name: 'b.png' })).body;
    await c.admin.client.patch(`/api/admin/expenses/${e.id}/status`, { status: 'approved' });
    expect((await c.admin.client.post('/api/niudata/sync-all')).body).toMatchObject({ synced: 1, errors: 0, total: 1 });
    const read = async () => ((await c.admin.client.get('/api/niudata/sync-history')).body.items as NiudataSyncHistoryEntry[])[0];
    await expect.poll(async () => (await read())?.status, { timeout: 20_000, interval: 100 }).toBe('success');
    const h = await read();
    expect(h.voucherId).toMatch(/^NIU-SBX-\d+$/);
    expect(h.voucherUrl).toBe(`${t.baseUrl}${SANDBOX}/vouchers/${h.voucherId}`);
    // The same voucher over HTTP, with the same token; another token's account does not see it.
    const own = await t.client(null).get(`${SANDBOX}/vouchers/${h.voucherId}`, { authorization: 'Bearer niu_test_demo' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: h.voucherId, voucher: { external_id: e.id } });
    expect((await t.client(null).get(`${SANDBOX}/vouchers/${h.voucherId}`, { authorization: 'Bearer niu_test_otra_cuenta' })).status).toBe(404);
  });

  test('a rate corrected before the sync books the corrected pesos; once booked, the rate can no longer change (409 naming the voucher)', async () => {
    const c = await companyWithEmployee(t);
    expect((await c.admin.client.post('/api/niudata/configure', { token: 'niu_test_tasas' })).status).toBe(200);
    const e = (await fileExpense(c.employee.client, expenseFields(c.ids, { currency: 'USD', amount: '40' }), { data: PNG_1X1, name: 'b.png' })).body;
    await c.admin.client.patch(`/api/admin/expenses/${e.id}/status`, { status: 'approved' });
    const fixed = await c.admin.client.post(`/api/expenses/${e.id}/exchange-rate`, { exchangeRate: '961.5', reason: 'Tasa del estado de cuenta' });
    expect(fixed.body).toMatchObject({ amountCLP: '38460', exchangeRateSource: 'override' });

    expect((await c.admin.client.post('/api/niudata/sync-all')).body).toMatchObject({ synced: 1, errors: 0 });
    const read = async () => ((await c.admin.client.get(`/api/niudata/sync-history?expenseId=${e.id}`)).body.items as NiudataSyncHistoryEntry[])[0];
    await expect.poll(async () => (await read())?.status, { timeout: 20_000, interval: 100 }).toBe('success');
    const h = await read();
    expect(h.voucherData?.entries.map((x) => x.debit + x.credit)).toEqual([38460, 38460]);

    const again = await c.admin.client.post(`/api/expenses/${e.id}/exchange-rate`, { exchangeRate: '900', reason: 'Otra corrección' });
    expectCleanError(again, 409, RATE_MSG.alreadyBooked(h.voucherId));
    expect(again.body.message).toContain(`(comprobante ${h.voucherId})`);
    expect((await c.admin.client.get(`/api/expenses/${e.id}`)).body).toMatchObject({ amountCLP: '38460', exchangeRate: '961.500000' });
  });

  test('speaks the documented wire format: ping, token check, 422 unbalanced, a repeated idempotency key answers the same voucher', async () => {
    const api = t.client(null);
    expect((await api.get(`${SANDBOX}/ping`)).body).toMatchObject({ status: 'ok', service: 'NiuData' });
    expect((await api.get(`${SANDBOX}/auth/check`)).status).toBe(401);
    expect((await api.get(`${SANDBOX}/auth/check`, { authorization: 'Bearer invalido-pero-largo-0123456789' })).status).toBe(401);
    expect((await api.get(`${SANDBOX}/auth/check`, { authorization: 'Bearer 0123456789abcdef' })).body).toMatchObject({ valid: true });
    const auth = { authorization: 'Bearer niu_test_wire', 'idempotency-key': 'clave-1' };
    const unbalanced = await api.post(`${SANDBOX}/vouchers`, voucher(1000, 900), auth);
    expect(unbalanced.status).toBe(422);
    expect(unbalanced.body.message).toMatch(/no cuadra/);
    expect((await api.post(`${SANDBOX}/vouchers`, voucher(1000, 1000), { authorization: 'Bearer niu_test_wire' })).status).toBe(400);
    const first = await api.post(`${SANDBOX}/vouchers`, voucher(1000, 1000), auth);
    expect(first.status).toBe(201);
    const again = await api.post(`${SANDBOX}/vouchers`, voucher(1000, 1000), auth);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const other = await api.post(`${SANDBOX}/vouchers`, voucher(1000, 1000), { ...auth, 'idempotency-key': 'clave-2' });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
    // Not part of Rendix's documented API.
    const doc = (await api.get('/api/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((p) => p.includes('sandbox'))).toBe(false);
  });
});

describe('production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await startTestApp({ env: { NODE_ENV: 'production', DATABASE_URL: 'postgres://sin-uso@127.0.0.1:1/sin-uso', APP_URL: 'https://rendix.example.cl', MAIL_DISABLED: 'true' } });
  });
  afterAll(async () => prod?.close());

  test('without NIUDATA_API_URL there is no sandbox: its routes do not exist and NiuData says it is unavailable', async () => {
    expect((await prod.client(null).get(`${SANDBOX}/ping`)).status).toBe(404);
    const c = await companyWithEmployee(prod);
    const admin = c.admin.client;
    expect((await admin.get('/api/niudata/status')).body).toMatchObject({ mode: 'unavailable', modeLabel: null });
    expectCleanError(await admin.post('/api/niudata/configure', { token: 'niu_test_demo' }), 503, NIUDATA_MSG.unavailable);
    expect((await admin.get('/api/niudata/test')).body).toMatchObject({ connected: false, status: 'error', message: NIUDATA_MSG.unavailable });
  });
});
