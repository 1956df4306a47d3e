import { PassThrough } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_PAYABLE_ACCOUNT, NIUDATA_MSG, type NiudataSyncHistoryEntry } from '../../src/shared/niudata.js';
import { RATE_MSG } from '../../src/shared/rates.js';
import { categories, expenses, niudataSettings, niudataSyncHistory, rateLimits } from '../../src/server/db/schema/index.js';
import { randomBytes } from 'node:crypto';
import { runNiudataSync } from '../../src/server/niudata/sync.js';
import { reencryptTokens } from '../../src/server/niudata/connection.js';
import { SecretBox, keyIdOf } from '../../src/server/platform/secret-box.js';
import { loadEnv } from '../../src/server/env.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { PNG_1X1, companyWithEmployee, expenseFields, fileExpense, registerSuperAdmin } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';
import { startNiudataDouble, type NiudataDouble } from '../helpers/niudata-double.js';

/*
 * The NiuData connector against a local double of NiuData's API (tests/helpers/niudata-double.ts, written from the
 * wire format in src/server/niudata/wire.ts), never the built-in sandbox (that one has its own tests at the end).
 */

const TOKENS = Array.from({ length: 60 }, (_, i) => `niu_live_${String(i).padStart(2, '0')}_Zq8xW3mP9kT4vB7n`);
let tokenSeq = 0;
const freshToken = () => TOKENS[tokenSeq++];

const logText: string[] = [];
const logStream = new PassThrough();
logStream.on('data', (c: Buffer) => logText.push(c.toString('utf8')));

let t: TestApp;
let niu: NiudataDouble;
beforeAll(async () => {
  niu = await startNiudataDouble({ tokens: TOKENS });
  t = await startTestApp({ env: { NIUDATA_API_URL: niu.url, NIUDATA_RETRY_BASE_MS: '100', NIUDATA_TIMEOUT_MS: '5000' }, logStream });
});
// Many registrations from one IP: the registration limits are not what these tests are about.
beforeEach(async () => {
  await t.deps.db.delete(rateLimits);
});
afterAll(async () => {
  await t?.close();
  await niu?.close();
});

type Company = Awaited<ReturnType<typeof companyWithEmployee>>;

async function approvedExpense(c: Company, fields: Record<string, string> = {}) {
  const res = await fileExpense(c.employee.client, expenseFields(c.ids, fields), { data: PNG_1X1, name: 'b.png' });
  if (res.status !== 201) throw new Error(`expense failed: ${res.status} ${JSON.stringify(res.body)}`);
  expect((await c.admin.client.patch(`/api/admin/expenses/${res.body.id}/status`, { status: 'approved' })).status).toBe(200);
  return res.body as { id: string; expenseNumber: number };
}

async function configured(token = freshToken()) {
  const c = await companyWithEmployee(t);
  const res = await c.admin.client.post('/api/niudata/configure', { token });
  expect(res.status).toBe(200);
  return { ...c, token };
}

async function historyOf(admin: TestClient, expenseId: string, done: (h: NiudataSyncHistoryEntry) => boolean): Promise<NiudataSyncHistoryEntry> {
  const read = async () => ((await admin.get(`/api/niudata/sync-history?expenseId=${expenseId}`)).body.items as NiudataSyncHistoryEntry[])[0];
  await expect.poll(async () => {
    const h = await read();
    return !!h && done(h);
  }, { timeout: 20_000, interval: 100 }).toBe(true);
  return read();
}

const expenseRow = async (id: string) => (await t.deps.db.select().from(expenses).where(eq(expenses.id, id)))[0];
const postsWithKey = (key: string) => niu.voucherPosts().filter((r) => r.headers['idempotency-key'] === key);
const keyOf = (companyId: string, expenseId: string) => `rendix:${companyId}:${expenseId}`;

describe('token', () => {
  test('a bad token is refused (400, Spanish, nothing stored); a good one is stored encrypted, never returned, only its last 4 shown', async () => {
    const c = await companyWithEmployee(t);
    expect((await c.admin.client.get('/api/niudata/status')).body).toMatchObject({ configured: false, tokenHint: null, mode: 'live', modeLabel: null, payableAccount: DEFAULT_PAYABLE_ACCOUNT, autoSync: false });

    const bad = await c.admin.client.post('/api/niudata/configure', { token: 'niu_live_no_existe_1234567890' });
    expectCleanError(bad, 400, NIUDATA_MSG.tokenInvalid);
    expect(bad.body.field).toBe('token');
    expectCleanError(await c.admin.client.post('/api/niudata/configure', { token: '   ' }), 400, NIUDATA_MSG.tokenRequired);
    expectCleanError(await c.admin.client.post('/api/niudata/configure', { token: 'niu\u200blive' }), 400, NIUDATA_MSG.tokenChars);
    expectCleanError(await c.admin.client.post('/api/niudata/configure', { token: 'niu live token' }), 400, NIUDATA_MSG.tokenChars);
    expect((await t.deps.db.select().from(niudataSettings).where(eq(niudataSettings.companyId, c.companyId))).length).toBe(0);

    const token = freshToken();
    const ok = await c.admin.client.post('/api/niudata/configure', { token: `  ${token} ` });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, message: NIUDATA_MSG.tokenConfigured, status: { configured: true, tokenHint: `••••${token.slice(-4)}`, mode: 'live' } });
    // The token check went to NiuData with the token as Bearer credential.
    expect(niu.requests.some((r) => r.path === '/v1/auth/check' && r.headers.authorization === `Bearer ${token}`)).toBe(true);

    for (const path of ['/api/niudata/status', '/api/niudata/test']) {
      expect(JSON.stringify((await c.admin.client.get(path)).body)).not.toContain(token);
    }
    expect(JSON.stringify((await c.admin.client.post('/api/niudata/diagnostics')).body)).not.toContain(token.slice(0, 20));

    // Encrypted at rest: no row of any table (pg-boss's included) holds the plaintext.
    const { rows: tables } = await t.deps.database.exec(
      `select table_schema, table_name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { table_schema, table_name } of tables) {
      const { rows } = await t.deps.database.exec(`select t::text as row from "${table_schema}"."${table_name}" t`);
      for (const r of rows) expect(String(r.row), `${table_schema}.${table_name}`).not.toContain(token);
    }
    const [stored] = await t.deps.db.select().from(niudataSettings).where(eq(niudataSettings.companyId, c.companyId));
    expect(stored.tokenEncrypted).toMatch(/^v1:[0-9a-f]{8}:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    // Moved onto another company's row, the ciphertext does not open (associated data names the company).
    const other = await companyWithEmployee(t);
    await t.deps.db.insert(niudataSettings).values({ companyId: other.companyId, payableAccount: 'x', tokenEncrypted: stored.tokenEncrypted, tokenLast4: 'abcd' });
    expect((await other.admin.client.get('/api/niudata/test')).body).toMatchObject({ connected: false, status: 'error' });
  });

  test('key rotation: tokens written under the previous key are re-encrypted with the new one', async () => {
    const c = await companyWithEmployee(t);
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const stored = new SecretBox(oldKey).encrypt('niu_live_rotacion_0001', `niudata-token:${c.companyId}`);
    await t.deps.db.insert(niudataSettings).values({ companyId: c.companyId, payableAccount: '2110', tokenEncrypted: stored, tokenLast4: '0001' });
    const env = loadEnv({ NODE_ENV: 'test', SECRETS_KEY: newKey.toString('base64'), SECRETS_KEY_PREVIOUS: oldKey.toString('hex') });
    const out = await reencryptTokens({ db: t.deps.db, env });
    expect(out.rotated).toBeGreaterThanOrEqual(1);
    const [row] = await t.deps.db.select().from(niudataSettings).where(eq(niudataSettings.companyId, c.companyId));
    expect(SecretBox.keyIdOfStored(row.tokenEncrypted!)).toBe(keyIdOf(newKey));
    expect(new SecretBox(newKey).decrypt(row.tokenEncrypted!, `niudata-token:${c.companyId}`)).toBe('niu_live_rotacion_0001');
    // The app's own key cannot open it: the row is removed so the other tests' rotation runs are unaffected.
    await t.deps.db.delete(niudataSettings).where(eq(niudataSettings.companyId, c.companyId));
  });

  test('settings: payable and IVA accounts, automatic sync; validated in Spanish', async () => {
    const c = await companyWithEmployee(t);
    expectCleanError(await c.admin.client.put('/api/niudata/settings', { payableAccount: ' ', autoSync: false }), 400, NIUDATA_MSG.payableRequired);
    expectCleanError(await c.admin.client.put('/api/niudata/settings', { payableAccount: '2110', autoSync: 'sí' }), 400);
    const res = await c.admin.client.put('/api/niudata/settings', { payableAccount: '2110-02 Rendiciones por pagar', ivaAccount: '1150-01 IVA crédito fiscal', autoSync: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ configured: false, payableAccount: '2110-02 Rendiciones por pagar', ivaAccount: '1150-01 IVA crédito fiscal', autoSync: true });
    expect((await c.admin.client.put('/api/niudata/settings', { payableAccount: '2110', ivaAccount: '', autoSync: false })).body).toMatchObject({ ivaAccount: null, autoSync: false });
  });
});

describe('voucher preview', () => {
  test('two balanced CLP entries with the category code and the payable account; a factura split in three with an IVA account', async () => {
    const c = await configured();
    const e = await approvedExpense(c, { amount: '15000', invoiceNumber: '4455' });
    const res = await c.admin.client.get(`/api/niudata/preview/${e.id}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const { entries, totalDebit, totalCredit } = res.body.voucher;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ account_code: '5102', debit: 15000, credit: 0, folio_number: '4455', document_code: '39' });
    expect(entries[1]).toMatchObject({ account_code: DEFAULT_PAYABLE_ACCOUNT, debit: 0, credit: 15000 });
    expect(totalDebit).toBe(15000);
    expect(totalCredit).toBe(15000);
    // Preview sends nothing.
    expect(postsWithKey(keyOf(c.companyId, e.id))).toHaveLength(0);

    await c.admin.client.put('/api/niudata/settings', { payableAccount: '2110-01', ivaAccount: '1150-01', autoSync: false });
    const f = await approvedExpense(c, { amount: '119000', documentType: 'factura', invoiceNumber: '991', taxId: '76086428-5', category: c.ids.category('Factura') });
    const split = (await c.admin.client.get(`/api/niudata/preview/${f.id}`)).body;
    expect(split.voucher.entries.map((x: { account_code: string; debit: number; credit: number }) => [x.account_code, x.debit, x.credit])).toEqual([
      ['5109', 100000, 0],
      ['1150-01', 19000, 0],
      ['2110-01', 0, 119000],
    ]);
    expect(split.voucher.entries[0]).toMatchObject({ tax_id: '76086428-5', document_code: '33' });
  });

  test('a category without accounting code is reported, not sent (preview, sync and sync-all)', async () => {
    const c = await configured();
    const catId = c.ids.category('Hospedaje');
    await t.deps.db.update(categories).set({ accountingCode: null }).where(eq(categories.id, catId));
    const e = await approvedExpense(c, { category: catId });
    const preview = await c.admin.client.get(`/api/niudata/preview/${e.id}`);
    expect(preview.body).toEqual({ success: false, message: 'La categoría Hospedaje no tiene código contable', problems: ['La categoría Hospedaje no tiene código contable'], voucher: null });
    expect((await c.admin.client.get('/api/niudata/pending')).body.find((p: { id: string }) => p.id === e.id).problems).toEqual(['La categoría Hospedaje no tiene código contable']);
    expectCleanError(await c.admin.client.post(`/api/niudata/sync/${e.id}`), 422, 'La categoría Hospedaje no tiene código contable');
    expect(await expenseRow(e.id)).toMatchObject({ syncStatus: 'error', syncError: 'La categoría Hospedaje no tiene código contable' });
    expect(postsWithKey(keyOf(c.companyId, e.id))).toHaveLength(0);
  });
});

describe('sync', () => {
  test('one expense: a durable job books one voucher, recorded on the expense and in the history; a second sync is refused', async () => {
    const c = await configured();
    const e = await approvedExpense(c);
    const pending = (await c.admin.client.get('/api/niudata/pending')).body;
    expect(pending.map((p: { id: string }) => p.id)).toEqual([e.id]);
    expect(pending[0]).toMatchObject({ expenseNumber: e.expenseNumber, amountCLP: '12990', syncStatus: 'pending', problems: [], syncing: false, category: { name: 'Transporte', accountingCode: '5102' } });

    const res = await c.admin.client.post(`/api/niudata/sync/${e.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: 'pending', message: NIUDATA_MSG.syncQueued });
    const h = await historyOf(c.admin.client, e.id, (x) => x.status === 'success');
    const booked = niu.vouchers.filter((v) => v.idempotencyKey === keyOf(c.companyId, e.id));
    expect(booked).toHaveLength(1);
    expect(booked[0].token).toBe(c.token);
    expect(booked[0].body.entries).toHaveLength(2);
    expect(h).toMatchObject({ id: res.body.historyId, expenseNumber: e.expenseNumber, syncType: 'manual', voucherId: booked[0].id, attemptCount: 1, errorMessage: null });
    expect(h.voucherUrl).toBe(`https://app.niudata.test/vouchers/${booked[0].id}`);
    expect(h.voucherData?.entries).toEqual(booked[0].body.entries);
    expect(await expenseRow(e.id)).toMatchObject({ syncStatus: 'synced', syncError: null, syncVoucherId: booked[0].id });
    expect((await c.admin.client.get('/api/niudata/pending')).body).toEqual([]);
    expect((await c.admin.client.get(`/api/niudata/preview/${e.id}`)).body.voucher).toMatchObject({ voucher_id: booked[0].id, voucher_url: h.voucherUrl });
    // /invoices shows the sync state.
    const invoices = (await c.admin.client.get('/api/invoices')).body;
    const list = Array.isArray(invoices) ? invoices : invoices.items;
    expect(list.find((i: { id: string }) => i.id === e.id)?.syncStatus).toBe('synced');

    expectCleanError(await c.admin.client.post(`/api/niudata/sync/${e.id}`), 409, NIUDATA_MSG.alreadySynced);
    expect(postsWithKey(keyOf(c.companyId, e.id))).toHaveLength(1);
  });

  test('only approved expenses; without a token nothing is queued', async () => {
    const c = await companyWithEmployee(t);
    const e = (await fileExpense(c.employee.client, expenseFields(c.ids), { data: PNG_1X1, name: 'b.png' })).body;
    expectCleanError(await c.admin.client.post(`/api/niudata/sync/${e.id}`), 400, NIUDATA_MSG.notConfigured);
    expectCleanError(await c.admin.client.post('/api/niudata/sync-all'), 400, NIUDATA_MSG.notConfigured);
    await c.admin.client.post('/api/niudata/configure', { token: freshToken() });
    expectCleanError(await c.admin.client.post(`/api/niudata/sync/${e.id}`), 409, NIUDATA_MSG.notApproved);
  });

  test('sync-all queues every pending expense and reports those missing codes: { synced, errors, total }', async () => {
    const c = await configured();
    const a = await approvedExpense(c, { amount: '1000' });
    const b = await approvedExpense(c, { amount: '2000' });
    const catId = c.ids.category('Marketing');
    await t.deps.db.update(categories).set({ accountingCode: '' }).where(eq(categories.id, catId));
    const bad = await approvedExpense(c, { category: catId });
    const res = await c.admin.client.post('/api/niudata/sync-all');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ synced: 2, errors: 1, total: 3 });
    expect(res.body.problems).toEqual([{ expenseId: bad.id, expenseNumber: bad.expenseNumber, message: 'La categoría Marketing no tiene código contable' }]);
    for (const e of [a, b]) await historyOf(c.admin.client, e.id, (h) => h.status === 'success');
    expect((await historyOf(c.admin.client, bad.id, (h) => h.status === 'error')).errorMessage).toBe('La categoría Marketing no tiene código contable');
    expect(niu.vouchers.filter((v) => v.idempotencyKey.startsWith(`rendix:${c.companyId}:`)).map((v) => v.body.entries[0].debit).sort()).toEqual([1000, 2000]);
    // Nothing left but the one that needs a code.
    expect((await c.admin.client.get('/api/niudata/pending')).body.map((p: { id: string }) => p.id)).toEqual([bad.id]);
    const page = (await c.admin.client.get('/api/niudata/sync-history?pageSize=2')).body;
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect((await c.admin.client.get('/api/niudata/sync-history?status=error')).body.total).toBe(1);
  });

  test('a revoked token (401) is recorded as an error with no retry', async () => {
    const c = await configured();
    const e = await approvedExpense(c);
    niu.revoke(c.token);
    await c.admin.client.post(`/api/niudata/sync/${e.id}`);
    const h = await historyOf(c.admin.client, e.id, (x) => x.status !== 'pending');
    expect(h).toMatchObject({ status: 'error', attemptCount: 1, nextAttemptAt: null });
    expect(h.errorMessage).toMatch(/Token de NiuData inválido o revocado/);
    expect(postsWithKey(keyOf(c.companyId, e.id))).toHaveLength(1);
    expect(await expenseRow(e.id)).toMatchObject({ syncStatus: 'error' });
    expect((await expenseRow(e.id)).syncError).toMatch(/Token de NiuData inválido/);
    // A retry after fixing the token is typed 'retry' and succeeds.
    niu.allow(c.token);
    await c.admin.client.post(`/api/niudata/sync/${e.id}`);
    const again = await historyOf(c.admin.client, e.id, (x) => x.status === 'success');
    expect(again.syncType).toBe('retry');
  });

  test('5xx, then success: retried with back-off, booked once', async () => {
    const c = await configured();
    const e = await approvedExpense(c);
    niu.failVouchers(503, 500);
    await c.admin.client.post(`/api/niudata/sync/${e.id}`);
    const h = await historyOf(c.admin.client, e.id, (x) => x.status === 'success');
    expect(h.attemptCount).toBe(3);
    expect(postsWithKey(keyOf(c.companyId, e.id))).toHaveLength(3);
    expect(niu.vouchers.filter((v) => v.idempotencyKey === keyOf(c.companyId, e.id))).toHaveLength(1);
    expect(await expenseRow(e.id)).toMatchObject({ syncStatus: 'synced', syncError: null });
  });

  test('5xx on every attempt: an error after 6 tries, its message one clean sentence', async () => {
    const c = await configured();
    const e = await approvedExpense(c);
    niu.failVouchers(503, 503, 503, 503, 503, 503);
    await c.admin.client.post(`/api/niudata/sync/${e.id}`);
    const h = await historyOf(c.admin.client, e.id, (x) => x.status !== 'pending');
    // Not '…Error 503 de prueba. (6 intentos).': the count closes the sentence.
    expect(h).toMatchObject({ status: 'error', attemptCount: 6, nextAttemptAt: null, errorMessage: 'NiuData no está disponible (HTTP 503): Error 503 de prueba (6 intentos).' });
    expect(postsWithKey(keyOf(c.companyId, e.id))).toHaveLength(6);
  });

  test('a 422 from NiuData shows NiuData’s message and is final', async () => {
    const c = await configured();
    const e = await approvedExpense(c);
    niu.failVouchers(422);
    await c.admin.client.post(`/api/niudata/sync/${e.id}`);
    const h = await historyOf(c.admin.client, e.id, (x) => x.status !== 'pending');
    expect(h).toMatchObject({ status: 'error', attemptCount: 1, errorMessage: 'NiuData rechazó la solicitud: Error 422 de prueba' });
  });

  test('booked, but the answer is lost (a crash between sending and recording): the retry gets the same voucher, nothing booked twice', async () => {
    const c = await configured();
    const e = await approvedExpense(c);
    niu.dropAfterBooking(1);
    await c.admin.client.post(`/api/niudata/sync/${e.id}`);
    const h = await historyOf(c.admin.client, e.id, (x) => x.status === 'success');
    const key = keyOf(c.companyId, e.id);
    expect(postsWithKey(key)).toHaveLength(2);
    const booked = niu.vouchers.filter((v) => v.idempotencyKey === key);
    expect(booked).toHaveLength(1);
    expect(h).toMatchObject({ voucherId: booked[0].id, attemptCount: 2 });
    expect((await expenseRow(e.id)).syncVoucherId).toBe(booked[0].id);
  });

  test('the same job run again after its record was lost books nothing twice', async () => {
    const c = await configured();
    const e = await approvedExpense(c);
    const { historyId } = (await c.admin.client.post(`/api/niudata/sync/${e.id}`)).body;
    const first = await historyOf(c.admin.client, e.id, (x) => x.status === 'success');
    // As if the process had died after NiuData booked the voucher and before our UPDATE committed.
    await t.deps.db.update(expenses).set({ syncStatus: 'pending', syncVoucherId: null, syncedAt: null }).where(eq(expenses.id, e.id));
    await t.deps.db.update(niudataSyncHistory).set({ status: 'pending', voucherId: null }).where(eq(niudataSyncHistory.id, historyId));
    await runNiudataSync(t.deps, { companyId: c.companyId, expenseId: e.id, historyId, attempt: 1 });
    await runNiudataSync(t.deps, { companyId: c.companyId, expenseId: e.id, historyId, attempt: 1 });
    const key = keyOf(c.companyId, e.id);
    expect(niu.vouchers.filter((v) => v.idempotencyKey === key)).toHaveLength(1);
    // Run twice, but the second saw the row finished and sent nothing.
    expect(postsWithKey(key)).toHaveLength(2);
    const [row] = await t.deps.db.select().from(niudataSyncHistory).where(eq(niudataSyncHistory.id, historyId));
    expect(row).toMatchObject({ status: 'success', voucherId: first.voucherId });
    expect((await expenseRow(e.id)).syncVoucherId).toBe(first.voucherId);
  });

  test('a sync asked for while a rate correction holds the expense waits for it: the voucher carries the corrected pesos', async () => {
    const c = await configured();
    const e = await approvedExpense(c, { currency: 'USD', amount: '10', exchangeRate: '900' });
    expect((await expenseRow(e.id)).amountClp).toBe(9000);
    // The correction has locked the expense (it checked that no sync was pending) and not committed yet, as
    // POST /api/expenses/:id/exchange-rate does; held open here for a moment.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const correction = t.deps.db.transaction(async (tx) => {
      await tx.select({ id: expenses.id }).from(expenses).where(eq(expenses.id, e.id)).for('update');
      await tx.update(expenses).set({ exchangeRate: '1800.000000', exchangeRateSource: 'override', amountClp: 18000 }).where(eq(expenses.id, e.id));
      locked();
      await held;
    });
    await isLocked;
    // The sync's pending row refers to the expense: its insert waits for the correction's lock, so no job can read
    // the old pesos in between (nor can the correction miss the pending sync).
    const asked = c.admin.client.post(`/api/niudata/sync/${e.id}`);
    await new Promise((r) => setTimeout(r, 300));
    expect(niu.vouchers.filter((v) => v.idempotencyKey === keyOf(c.companyId, e.id))).toHaveLength(0);
    release();
    await correction;
    expect((await asked).status).toBe(200);
    await historyOf(c.admin.client, e.id, (x) => x.status === 'success');
    const [booked] = niu.vouchers.filter((v) => v.idempotencyKey === keyOf(c.companyId, e.id));
    expect(booked.body.entries.map((x: { debit: number; credit: number }) => x.debit + x.credit)).toEqual([18000, 18000]);

    // The other order: a sync already pending makes a correction wait its turn (409), in Spanish.
    const other = await approvedExpense(c, { currency: 'USD', amount: '10', exchangeRate: '900' });
    await t.deps.db.insert(niudataSyncHistory).values({ companyId: c.companyId, expenseId: other.id, expenseNumber: other.expenseNumber, status: 'pending', syncType: 'manual' });
    expectCleanError(await c.admin.client.post(`/api/expenses/${other.id}/exchange-rate`, { exchangeRate: '1800', reason: 'Tasa de la tarjeta' }), 409, RATE_MSG.beingBooked);
    expect((await expenseRow(other.id)).amountClp).toBe(9000);
  });

  test('automatic sync on approval when the company turns it on', async () => {
    const c = await configured();
    await c.admin.client.put('/api/niudata/settings', { payableAccount: DEFAULT_PAYABLE_ACCOUNT, autoSync: true });
    const e = await approvedExpense(c);
    const h = await historyOf(c.admin.client, e.id, (x) => x.status === 'success');
    expect(h.syncType).toBe('auto');
    expect(niu.vouchers.filter((v) => v.idempotencyKey === keyOf(c.companyId, e.id))).toHaveLength(1);
  });
});

describe('connection test and diagnostics', () => {
  test('connected with a valid token; a warning without one; an error when NiuData is down or the token is revoked', async () => {
    const bare = await companyWithEmployee(t);
    expect((await bare.admin.client.get('/api/niudata/test')).body).toMatchObject({ connected: false, status: 'warning', service: 'NiuData', mode: 'live' });
    const none = (await bare.admin.client.post('/api/niudata/diagnostics')).body;
    expect(none).toMatchObject({ success: false, tokenValid: false, apiResponding: true, endpointsAccessible: false, details: { tokenConfigured: false, mode: 'live', baseUrl: niu.url } });

    const c = await configured();
    expect((await c.admin.client.get('/api/niudata/test')).body).toMatchObject({ connected: true, status: 'success', service: 'NiuData' });
    await approvedExpense(c);
    const diag = await c.admin.client.post('/api/niudata/diagnostics');
    expect(diag.status).toBe(200);
    expect(diag.body).toMatchObject({ success: true, tokenValid: true, endpointsAccessible: true, apiResponding: true, details: { tokenConfigured: true, tokenHint: `••••${c.token.slice(-4)}`, pendingCount: 1 } });
    expect(diag.body.details.checks.map((x: { ok: boolean }) => x.ok)).toEqual([true, true, true]);

    niu.revoke(c.token);
    expect((await c.admin.client.get('/api/niudata/test')).body).toMatchObject({ connected: false, status: 'error' });
    expect((await c.admin.client.post('/api/niudata/diagnostics')).body).toMatchObject({ success: false, tokenValid: false, apiResponding: true });
    niu.allow(c.token);

    niu.setDown(true);
    try {
      const down = (await c.admin.client.get('/api/niudata/test')).body;
      expect(down).toMatchObject({ connected: false, status: 'error' });
      expect(down.message).toMatch(/NiuData no está disponible \(HTTP 503\): Mantención programada/);
      expect((await c.admin.client.post('/api/niudata/diagnostics')).body).toMatchObject({ success: false, apiResponding: false });
    } finally {
      niu.setDown(false);
    }
  });
});

describe('who may use it', () => {
  const ROUTES: [string, string][] = [
    ['GET', '/api/niudata/status'],
    ['POST', '/api/niudata/configure'],
    ['PUT', '/api/niudata/settings'],
    ['GET', '/api/niudata/test'],
    ['POST', '/api/niudata/diagnostics'],
    ['GET', '/api/niudata/pending'],
    ['GET', '/api/niudata/preview/:id'],
    ['POST', '/api/niudata/sync/:id'],
    ['POST', '/api/niudata/sync-all'],
    ['GET', '/api/niudata/sync-history'],
  ];
  const bodyOf = (path: string) => (path.includes('/configure') ? { token: freshToken() } : path.includes('/settings') ? { payableAccount: '2110', autoSync: false } : {});

  test('no session 401, employee 403, on every route', async () => {
    const c = await configured();
    const e = await approvedExpense(c);
    for (const [method, raw] of ROUTES) {
      const path = raw.replace(':id', e.id);
      expectCleanError(await t.client().request(method, path, method === 'GET' ? undefined : bodyOf(path)), 401);
      const res = await c.employee.client.request(method, path, method === 'GET' ? undefined : bodyOf(path));
      expectCleanError(res, 403, NIUDATA_MSG.onlyAdmins);
    }
  });

  test('another company’s expense is 404, its company id is 404, and its data never shows', async () => {
    const c = await configured();
    const other = await configured();
    const theirs = await approvedExpense(other);
    await other.admin.client.post(`/api/niudata/sync/${theirs.id}`);
    await historyOf(other.admin.client, theirs.id, (h) => h.status === 'success');
    for (const [method, path] of [
      ['GET', `/api/niudata/preview/${theirs.id}`],
      ['POST', `/api/niudata/sync/${theirs.id}`],
      ['GET', '/api/niudata/preview/no-es-un-id'],
      ['POST', '/api/niudata/sync/00000000-0000-4000-8000-000000000000'],
    ]) {
      expectCleanError(await c.admin.client.request(method, path, method === 'GET' ? undefined : {}), 404);
    }
    for (const [method, path] of [
      ['GET', `/api/niudata/status?companyId=${other.companyId}`],
      ['GET', `/api/niudata/test?companyId=${other.companyId}`],
      ['POST', `/api/niudata/diagnostics?companyId=${other.companyId}`],
      ['PUT', `/api/niudata/settings?companyId=${other.companyId}`],
    ]) {
      expectCleanError(await c.admin.client.request(method, path, method === 'GET' ? undefined : bodyOf(path)), 404, NIUDATA_MSG.companyNotFound);
    }
    expectCleanError(await c.admin.client.post('/api/niudata/configure', { token: freshToken(), companyId: other.companyId }), 404, NIUDATA_MSG.companyNotFound);
    expect((await c.admin.client.get(`/api/niudata/sync-history?expenseId=${theirs.id}`)).body.items).toEqual([]);
    expect((await c.admin.client.get('/api/niudata/sync-history')).body.items).toEqual([]);
    expect((await c.admin.client.get('/api/niudata/pending')).body).toEqual([]);
    // Their configuration is untouched.
    expect((await other.admin.client.get('/api/niudata/status')).body.tokenHint).toBe(`••••${other.token.slice(-4)}`);
  });

  test('the super admin configures any company by id (§2.10); an unknown company is 404', async () => {
    const sa = await registerSuperAdmin(t);
    const c = await companyWithEmployee(t);
    const token = freshToken();
    const res = await sa.client.post('/api/niudata/configure', { token, companyId: c.companyId });
    expect(res.status).toBe(200);
    expect(res.body.status).toMatchObject({ configured: true, tokenHint: `••••${token.slice(-4)}` });
    expect((await c.admin.client.get('/api/niudata/status')).body.configured).toBe(true);
    expect((await sa.client.get(`/api/niudata/status?companyId=${c.companyId}`)).body.configured).toBe(true);
    expectCleanError(await sa.client.post('/api/niudata/configure', { token, companyId: '00000000-0000-4000-8000-000000000000' }), 404, NIUDATA_MSG.companyNotFound);
    expectCleanError(await sa.client.post('/api/niudata/configure', { token, companyId: 'x' }), 404, NIUDATA_MSG.companyNotFound);
    const [row] = await t.deps.db.select().from(niudataSettings).where(and(eq(niudataSettings.companyId, c.companyId)));
    expect(row.configuredBy).toBe(sa.user.id);
  });
});

describe('logs', () => {
  test('no token ever reaches the log', () => {
    const all = logText.join('');
    expect(all.length).toBeGreaterThan(1000);
    for (const token of TOKENS) expect(all).not.toContain(token);
  });
});
