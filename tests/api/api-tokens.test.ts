import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_TOKEN_MSG } from '../../src/shared/integrations.js';
import { apiTokens, memberships } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PNG_1X1, bearer, companyWithEmployee, createApiToken, expenseFields, fileExpense, registerUser } from '../helpers/factories.js';
import { expectCleanError, expectFieldError, sha256 } from '../helpers/http.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('API tokens', () => {
  test('the secret is shown once, only its SHA-256 is stored, and the list never carries it', async () => {
    const { admin, companyId } = await companyWithEmployee(t);
    const res = await admin.client.post('/api/tokens', { name: '  ERP Defontana  ' });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const token = res.body.token as string;
    expect(token).toMatch(/^rdx_live_[A-Za-z0-9_-]{43}$/);
    expect(res.body).toMatchObject({ name: 'ERP Defontana', prefix: token.slice(0, 13), lastUsedAt: null, createdBy: { email: admin.email } });
    expect(res.body.message).toMatch(/no se volverá a mostrar/);

    const [row] = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.id, res.body.id));
    expect(row).toMatchObject({ companyId, tokenHash: sha256(token), revokedAt: null });
    // No column holds the secret itself.
    expect(JSON.stringify(row)).not.toContain(token.slice(13));

    const list = await admin.client.get('/api/tokens');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: res.body.id, name: 'ERP Defontana', prefix: token.slice(0, 13) });
    expect(JSON.stringify(list.body)).not.toContain(token.slice(13));
    expect(list.body[0]).not.toHaveProperty('token');
  });

  test('name is required, with the Spanish message; employees may not list, create or revoke', async () => {
    const { admin, employee } = await companyWithEmployee(t);
    expectFieldError(await admin.client.post('/api/tokens', { name: '   ' }), 'name', 'El nombre del token es obligatorio.');
    expectFieldError(await admin.client.post('/api/tokens', {}), 'name', 'El nombre del token es obligatorio.');
    const id = (await admin.client.post('/api/tokens', { name: 'x' })).body.id;
    expectCleanError(await employee.client.get('/api/tokens'), 403);
    expectCleanError(await employee.client.post('/api/tokens', { name: 'mío' }), 403);
    expectCleanError(await employee.client.delete(`/api/tokens/${id}`), 403);
    expectCleanError(await t.client().get('/api/tokens'), 401);
  });

  test('a token reads its company as an admin: expenses of every member, catalog lists', async () => {
    const { admin, employee, ids } = await companyWithEmployee(t);
    const filed = (await fileExpense(employee.client, expenseFields(ids, { description: 'Almuerzo con cliente' }), { data: PNG_1X1, name: 'b.png' })).body;
    const token = await createApiToken(admin.client);
    const api = t.client(null);

    const list = await api.get('/api/expenses', bearer(token));
    expect(list.status).toBe(200);
    expect(list.body.items.map((e: { id: string }) => e.id)).toEqual([filed.id]);
    expect(list.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/api/categories', '/api/payment-methods', '/api/cost-centers']) {
      const res = await api.get(path, bearer(token));
      expect(res.status, path).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    }
    expect((await api.get('/api/categories', bearer(token))).body.map((c: { name: string }) => c.name)).toContain('Transporte');
    // The list's receiptUrl opens with the same token.
    const one = await api.get(`/api/expenses/${filed.id}`, bearer(token));
    expect(one.body).toMatchObject({ id: filed.id, receiptUrl: `/api/expenses/${filed.id}/receipt` });
    const receipt = await fetch(`${t.baseUrl}${one.body.receiptUrl}`, { headers: bearer(token) });
    expect(receipt.status).toBe(200);
    expect(Buffer.from(await receipt.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const [row] = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.tokenHash, sha256(token)));
    expect(row.lastUsedAt).not.toBeNull();
  });

  test('POST /api/expenses with a token files in the name of its creator, with no Origin check', async () => {
    const { admin, ids } = await companyWithEmployee(t);
    const token = await createApiToken(admin.client);
    const api = t.client('https://erp.example.com');
    const res = await api.post('/api/expenses', { ...expenseFields(ids), amount: 25000, description: 'Importado desde el ERP' }, bearer(token));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ description: 'Importado desde el ERP', amountCLP: '25000', status: 'pending', user: { email: admin.email } });
    // A bad body is the usual Spanish 400, not a 500.
    expectFieldError(await api.post('/api/expenses', { ...expenseFields(ids), amount: 'mucho' }, bearer(token)), 'amount', 'Por favor completa todos los campos requeridos.');
  });

  test('session-only routes refuse a token, and the external API refuses a session', async () => {
    const { admin } = await companyWithEmployee(t);
    const token = await createApiToken(admin.client);
    const api = t.client(null);
    expectCleanError(await api.get('/api/auth/user', bearer(token)), 401, API_TOKEN_MSG.notAccepted);
    expectCleanError(await api.get('/api/company/current', bearer(token)), 401, API_TOKEN_MSG.notAccepted);
    expectCleanError(await api.get('/api/tokens', bearer(token)), 401, API_TOKEN_MSG.notAccepted);
    expectCleanError(await api.post('/api/tokens', { name: 'otro' }, bearer(token)), 401, API_TOKEN_MSG.notAccepted);
    expectCleanError(await api.post('/api/categories', { name: 'Nueva' }, bearer(token)), 401, API_TOKEN_MSG.notAccepted);
    // The session cookie is never read next to an Authorization header: a browser session plus a bad token is 401.
    expectCleanError(await admin.client.get('/api/expenses', { authorization: 'Bearer rdx_live_nope' }), 401, API_TOKEN_MSG.invalid);
    // The external API: Bearer only.
    expectCleanError(await admin.client.get('/api/accounting/approved-expenses'), 401, API_TOKEN_MSG.bearerOnly);
    expect((await api.get('/api/accounting/approved-expenses', bearer(token))).status).toBe(200);
  });

  test('unknown, malformed and revoked tokens answer 401 JSON; revoking another company’s token is 404', async () => {
    const { admin } = await companyWithEmployee(t);
    const other = await registerUser(t);
    const token = await createApiToken(admin.client);
    const api = t.client(null);
    for (const header of ['Bearer rdx_live_' + 'x'.repeat(43), 'Bearer ', 'Basic dXNlcjpwYXNz', `Bearer ${token.slice(0, -1)}`, `bearer  ${token}x`, 'Bearer ' + 'a'.repeat(5000)]) {
      expectCleanError(await api.get('/api/expenses', { authorization: header }), 401, API_TOKEN_MSG.invalid);
    }
    const id = (await admin.client.get('/api/tokens')).body[0].id;
    expectCleanError(await other.client.delete(`/api/tokens/${id}`), 404);
    expectCleanError(await admin.client.delete('/api/tokens/00000000-0000-4000-8000-000000000000'), 404);
    expectCleanError(await admin.client.delete('/api/tokens/no-es-un-id'), 404);
    expect((await api.get('/api/expenses', bearer(token))).status).toBe(200);

    const revoked = await admin.client.delete(`/api/tokens/${id}`);
    expect(revoked.status).toBe(200);
    expectCleanError(await api.get('/api/expenses', bearer(token)), 401, API_TOKEN_MSG.invalid);
    expect((await admin.client.get('/api/tokens')).body).toEqual([]);
    expectCleanError(await admin.client.delete(`/api/tokens/${id}`), 404);
  });

  test('a token of company A never sees company B', async () => {
    const a = await companyWithEmployee(t);
    const b = await companyWithEmployee(t);
    const bExpense = (await fileExpense(b.employee.client, expenseFields(b.ids), { data: PNG_1X1, name: 'b.png' })).body;
    await b.admin.client.patch(`/api/admin/expenses/${bExpense.id}/status`, { status: 'approved' });
    const token = await createApiToken(a.admin.client);
    const api = t.client(null);
    expect((await api.get('/api/expenses', bearer(token))).body.items).toEqual([]);
    expectCleanError(await api.get(`/api/accounting/expense/${bExpense.id}`, bearer(token)), 404);
    expectCleanError(await api.get(`/api/accounting/expense/${bExpense.id}/receipt`, bearer(token)), 404);
    expect((await api.get('/api/accounting/approved-expenses', bearer(token))).body.count).toBe(0);
    // The super-admin-only ?companyId= of the catalog lists does not open another company to a token.
    expectCleanError(await api.get(`/api/categories?companyId=${b.companyId}`, bearer(token)), 403);
  });

  test('a token stops working when its creator is no longer an active admin', async () => {
    const { admin, companyId } = await companyWithEmployee(t);
    const token = await createApiToken(admin.client);
    const api = t.client(null);
    expect((await api.get('/api/expenses', bearer(token))).status).toBe(200);
    await t.deps.db.update(memberships).set({ role: 'employee' }).where(sql`${memberships.userId} = ${admin.user.id} and ${memberships.companyId} = ${companyId}`);
    expectCleanError(await api.get('/api/expenses', bearer(token)), 401, API_TOKEN_MSG.invalid);
  });

  test('at most 25 active tokens per company', async () => {
    const { admin } = await companyWithEmployee(t);
    for (let i = 0; i < 25; i++) expect((await admin.client.post('/api/tokens', { name: `t${i}` })).status).toBe(201);
    expectCleanError(await admin.client.post('/api/tokens', { name: 'uno más' }), 409, /25 tokens activos/);
  });
});

describe('API tokens: rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ env: { API_TOKEN_RATE_LIMIT: '5' } });
  });
  afterAll(async () => limited?.close());

  test('each token has its own per-minute budget; over it, 429 with Retry-After', async () => {
    const admin = await registerUser(limited);
    const first = await createApiToken(admin.client, 'uno');
    const second = await createApiToken(admin.client, 'dos');
    const api = limited.client(null);
    for (let i = 0; i < 5; i++) expect((await api.get('/api/categories', bearer(first))).status).toBe(200);
    const over = await api.get('/api/categories', bearer(first));
    expectCleanError(over, 429, /Demasiad/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api.get('/api/categories', bearer(second))).status).toBe(200);
    // The browser session is not counted against the token.
    expect((await admin.client.get('/api/categories')).status).toBe(200);
  });
});
