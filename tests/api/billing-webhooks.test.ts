import { createHmac } from 'node:crypto';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { billingWebhookLogs, billingWebhooks, users } from '../../src/server/db/schema/index.js';
import { DELIVER_JOB } from '../../src/server/billing-webhooks/delivery.js';
import { retryDelayMs } from '../../src/server/webhooks/send.js';
import { notifySubscriptionPaid } from '../../src/server/billing-webhooks/events.js';
import { verifyDelivery } from '../../src/server/webhooks/signature.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { registerUser } from '../helpers/factories.js';
import { expectCleanError, expectFieldError } from '../helpers/http.js';

/** What a receiver does with each request, in order; the last step repeats. */
const hmacHex = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

let t: TestApp;
let receiver: Receiver;
let admin: TestClient;

async function makeSuperAdmin(app: TestApp): Promise<TestClient> {
  const { client, user } = await registerUser(app);
  await app.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, user.id));
  return client;
}

async function createHook(client: TestClient, overrides: Record<string, unknown>) {
  const res = await client.post('/api/webhooks', { name: 'ERP contable', event: 'subscription.paid', headers: '', ...overrides });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string };
}

type Log = { webhookName: string; eventId: string; attempt: number; responseStatus: number | null; errorMessage: string | null; succeededAt: string | null; failedAt: string | null };

/** The finished attempts of one event, oldest first, once `done` holds. */
async function attemptsOf(client: TestClient, eventId: string, done: (logs: Log[]) => boolean, timeout = 15_000): Promise<Log[]> {
  const read = async () => ((await client.get('/api/webhooks/logs')).body as Log[]).filter((l) => l.eventId === eventId && (l.succeededAt || l.failedAt)).reverse();
  await expect.poll(async () => done(await read()), { timeout, interval: 100 }).toBe(true);
  return read();
}

const paidEvent = (invoiceId: string) => ({
  companyId: '6f1c2a57-1111-4c3e-9d55-0a1b2c3d4e5f',
  companyName: 'Comercial Andes SpA',
  planId: 'professional',
  invoiceId,
  invoiceNumber: `RDX-${invoiceId.slice(0, 6)}`,
  totalAmount: 29990,
  paidAt: '2025-03-01T12:00:00.000Z',
});

beforeAll(async () => {
  t = await startTestApp({ env: { BILLING_WEBHOOK_RETRY_BASE_MS: '200' } });
  receiver = await startReceiver();
  admin = await makeSuperAdmin(t);
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('billing webhooks: management', () => {
  test('CRUD keeps the secret to itself; validations answer in Spanish with the field', async () => {
    const created = await admin.post('/api/webhooks', { name: ' ERP ', url: receiver.url('/crud'), event: 'subscription.paid', secret: 'clave-super-secreta', headers: '{"Authorization":"Bearer x"}', retryCount: 2, timeoutSeconds: 5 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'ERP', event: 'subscription.paid', hasSecret: true, isActive: true, retryCount: 2, timeoutSeconds: 5, lastTriggered: null });
    expect(created.body).not.toHaveProperty('secret');
    const list = await admin.get('/api/webhooks');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('clave-super-secreta');
    expect(list.body.find((w: { id: string }) => w.id === created.body.id)).toMatchObject({ headers: '{"Authorization":"Bearer x"}' });

    // Defaults when retries and timeout are not sent.
    const plain = await createHook(admin, { url: receiver.url('/crud2') });
    expect(plain).toMatchObject({ hasSecret: false, retryCount: 3, timeoutSeconds: 10, headers: '{}' });

    expectFieldError(await admin.post('/api/webhooks', { name: 'x', url: receiver.url('/x'), headers: '{no es json' }), 'headers', 'Los headers deben estar en formato JSON válido');
    expectFieldError(await admin.post('/api/webhooks', { name: 'x', url: receiver.url('/x'), headers: '["a"]' }), 'headers', 'Los headers deben estar en formato JSON válido');
    expectFieldError(await admin.post('/api/webhooks', { name: 'x', url: receiver.url('/x'), headers: '{"x-rendix-signature":"falsa"}' }), 'headers', 'Los headers no pueden reemplazar content-type, host ni los headers x-rendix-* de la firma.');
    expectFieldError(await admin.post('/api/webhooks', { name: 'x', url: 'no es una url' }), 'url', 'Ingresa una URL válida (http o https).');
    expectFieldError(await admin.post('/api/webhooks', { name: 'x', url: 'ftp://example.cl/hook' }), 'url', 'Ingresa una URL válida (http o https).');
    expectFieldError(await admin.post('/api/webhooks', { name: '  ', url: receiver.url('/x') }), 'name', 'El nombre es obligatorio.');
    expectFieldError(await admin.post('/api/webhooks', { name: 'x', url: receiver.url('/x'), retryCount: 11 }), 'retryCount', 'Entre 0 y 10 reintentos.');
    expect((await admin.post('/api/webhooks', { name: 'x', url: receiver.url('/x'), event: 'invoice.created' })).body.field).toBe('event');

    // Edit: an empty secret keeps the stored one.
    const id = created.body.id as string;
    const edited = await admin.put(`/api/webhooks/${id}`, { name: 'ERP nuevo', url: receiver.url('/crud'), secret: '', headers: '{}', isActive: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'ERP nuevo', isActive: false, hasSecret: true, retryCount: 2, timeoutSeconds: 5, headers: '{}' });
    const [row] = await t.deps.db.select().from(billingWebhooks).where(eq(billingWebhooks.id, id));
    expect(row.secret).toBe('clave-super-secreta');
    await admin.put(`/api/webhooks/${id}`, { name: 'ERP nuevo', url: receiver.url('/crud'), secret: 'otra-clave', isActive: false });
    expect((await t.deps.db.select().from(billingWebhooks).where(eq(billingWebhooks.id, id)))[0].secret).toBe('otra-clave');

    // 'Probar' needs an active webhook.
    expectCleanError(await admin.post(`/api/webhooks/${id}/test`, {}), 400, 'El webhook está inactivo. Actívalo para poder probarlo.');

    expect((await admin.delete(`/api/webhooks/${id}`)).status).toBe(200);
    expect((await admin.delete(`/api/webhooks/${plain.id}`)).status).toBe(200);
    expectCleanError(await admin.put(`/api/webhooks/${id}`, { name: 'x', url: receiver.url('/x') }), 404, 'No se encontró el webhook.');
    expectCleanError(await admin.post(`/api/webhooks/${id}/test`, {}), 404);
    expect((await admin.get('/api/webhooks')).body).toEqual([]);
  });

  test('only a super admin may see or touch them', async () => {
    const hook = await createHook(admin, { url: receiver.url('/private') });
    const { client: companyAdmin } = await registerUser(t);
    const forbidden = 'Solo un super administrador puede gestionar los webhooks de facturación.';
    expectCleanError(await companyAdmin.get('/api/webhooks'), 403, forbidden);
    expectCleanError(await companyAdmin.get('/api/webhooks/logs'), 403, forbidden);
    expectCleanError(await companyAdmin.post('/api/webhooks', { name: 'x', url: receiver.url('/x') }), 403, forbidden);
    expectCleanError(await companyAdmin.put(`/api/webhooks/${hook.id}`, { name: 'x', url: receiver.url('/x') }), 403, forbidden);
    expectCleanError(await companyAdmin.delete(`/api/webhooks/${hook.id}`), 403, forbidden);
    expectCleanError(await companyAdmin.post(`/api/webhooks/${hook.id}/test`, {}), 403, forbidden);
    expectCleanError(await t.client().get('/api/webhooks'), 401);
    expect(receiver.requests('/private')).toHaveLength(0);
    await admin.delete(`/api/webhooks/${hook.id}`);
  });
});

describe('billing webhooks: delivery', () => {
  test('the test button sends a signed subscription.paid with the custom headers; the receiver can verify it', async () => {
    const secret = 'whsec_prueba_123';
    const hook = await createHook(admin, { url: receiver.url('/signed'), secret, headers: '{"Authorization":"Bearer token-erp","X-Tenant":"rendix"}' });
    const res = await admin.post(`/api/webhooks/${hook.id}/test`, { testData: { companyName: 'Empresa Demo' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, responseStatus: 200 });
    const [log] = await attemptsOf(admin, res.body.eventId, (l) => l.length === 1);
    expect(log).toMatchObject({ attempt: 1, responseStatus: 200, errorMessage: null, webhookName: 'ERP contable' });
    expect(log.succeededAt).toBeTruthy();

    const [req] = receiver.requests('/signed');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-rendix-event']).toBe('subscription.paid');
    expect(req.headers.authorization).toBe('Bearer token-erp');
    expect(req.headers['x-tenant']).toBe('rendix');
    const ts = req.headers['x-rendix-timestamp'] as string;
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
    // Computed here as a receiver would: HMAC-SHA256 of `${timestamp}.${raw body}`.
    expect(req.headers['x-rendix-signature']).toBe(`sha256=${hmacHex(secret, `${ts}.${req.body}`)}`);
    expect(verifyDelivery(secret, { signature: req.headers['x-rendix-signature'] as string, timestamp: ts, body: req.body })).toBe(true);
    expect(verifyDelivery('otra', { signature: req.headers['x-rendix-signature'] as string, timestamp: ts, body: req.body })).toBe(false);
    expect(verifyDelivery(secret, { signature: req.headers['x-rendix-signature'] as string, timestamp: ts, body: req.body.replace('29990', '1') })).toBe(false);
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({ id: res.body.eventId, event: 'subscription.paid', test: true, data: { companyName: 'Empresa Demo', planId: 'professional', currency: 'CLP' } });
    expect(Date.parse(body.createdAt)).not.toBeNaN();

    const listed = (await admin.get('/api/webhooks')).body.find((w: { id: string }) => w.id === hook.id);
    expect(listed.lastTriggered).toBeTruthy();
    await admin.delete(`/api/webhooks/${hook.id}`);
  });

  test('notifySubscriptionPaid goes to active webhooks only, once per invoice, unsigned without a secret', async () => {
    const active = await createHook(admin, { url: receiver.url('/active') });
    const inactive = await createHook(admin, { url: receiver.url('/inactive') });
    await admin.put(`/api/webhooks/${inactive.id}`, { name: 'Apagado', url: receiver.url('/inactive'), isActive: false });

    const event = paidEvent('0b8e3a5c-2222-4c3e-9d55-0a1b2c3d4e5f');
    await notifySubscriptionPaid(t.deps, event);
    await notifySubscriptionPaid(t.deps, event); // the payment notified twice
    await expect.poll(() => receiver.requests('/active').length, { timeout: 15_000 }).toBe(1);
    const body = JSON.parse(receiver.requests('/active')[0].body);
    expect(body).toMatchObject({ event: 'subscription.paid', data: { ...event, currency: 'CLP' } });
    expect(body).not.toHaveProperty('test');
    expect(body.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(receiver.requests('/active')[0].headers).not.toHaveProperty('x-rendix-signature');
    await attemptsOf(admin, body.id, (l) => l.length === 1);

    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.requests('/active')).toHaveLength(1);
    expect(receiver.requests('/inactive')).toHaveLength(0);
    expect(await t.deps.db.select().from(billingWebhookLogs).where(eq(billingWebhookLogs.webhookId, inactive.id))).toHaveLength(0);
    await admin.delete(`/api/webhooks/${active.id}`);
    await admin.delete(`/api/webhooks/${inactive.id}`);
  });

  test('failures are retried with growing back-off until one succeeds, every attempt logged', async () => {
    const hook = await createHook(admin, { url: receiver.url('/flaky', 'fail', 'fail', 'ok'), secret: 's3cr3t', retryCount: 3 });
    const res = await admin.post(`/api/webhooks/${hook.id}/test`, {});
    const logs = await attemptsOf(admin, res.body.eventId, (l) => l.some((x) => x.succeededAt));
    expect(logs.map((l) => [l.attempt, l.responseStatus, !!l.succeededAt])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(logs[0].errorMessage).toBe('El receptor respondió HTTP 500: receptor caído');
    expect(logs[0].failedAt).toBeTruthy();
    // One event: the same id and body on every attempt, each freshly signed.
    const reqs = receiver.requests('/flaky');
    expect(reqs).toHaveLength(3);
    expect(new Set(reqs.map((r) => JSON.parse(r.body).id))).toEqual(new Set([res.body.eventId]));
    for (const r of reqs) expect(r.headers['x-rendix-signature']).toBe(`sha256=${hmacHex('s3cr3t', `${r.headers['x-rendix-timestamp']}.${r.body}`)}`);

    // The retries were scheduled 1×, then 2× the base delay (the queue's own rows, not wall-clock guesses).
    const { rows } = await t.deps.database.exec(
      `SELECT (data->>'attempt')::int AS attempt, EXTRACT(EPOCH FROM (start_after - created_on)) * 1000 AS delay
       FROM pgboss.job WHERE name = $1 AND data->>'eventId' = $2 ORDER BY 1`,
      [DELIVER_JOB, res.body.eventId],
    );
    // The first attempt ran within the test request itself; the retries are queue jobs.
    expect(rows.map((r) => Number(r.attempt))).toEqual([2, 3]);
    const [d2, d3] = [Number(rows[0].delay), Number(rows[1].delay)];
    expect(d2).toBeGreaterThanOrEqual(150);
    expect(d3).toBeGreaterThan(d2);
    expect(retryDelayMs(30_000, 1)).toBe(30_000);
    expect([2, 3, 4].map((n) => retryDelayMs(30_000, n))).toEqual([60_000, 120_000, 240_000]);
    await admin.delete(`/api/webhooks/${hook.id}`);
  });

  test('gives up after retryCount retries; connection errors and redirects are failures too', async () => {
    const hook = await createHook(admin, { url: receiver.url('/down', 'fail'), retryCount: 2 });
    const res = await admin.post(`/api/webhooks/${hook.id}/test`, {});
    const logs = await attemptsOf(admin, res.body.eventId, (l) => l.length === 3);
    expect(logs.map((l) => [l.attempt, l.responseStatus, !!l.failedAt])).toEqual([
      [1, 500, true],
      [2, 500, true],
      [3, 500, true],
    ]);
    await new Promise((r) => setTimeout(r, 200 * 4 + 1500)); // longer than a 4th back-off would take
    expect(receiver.requests('/down')).toHaveLength(3);
    expect(await attemptsOf(admin, res.body.eventId, () => true)).toHaveLength(3);

    const refused = await createHook(admin, { url: 'http://127.0.0.1:1/nadie', retryCount: 0 });
    const r2 = await admin.post(`/api/webhooks/${refused.id}/test`, {});
    const [log2] = await attemptsOf(admin, r2.body.eventId, (l) => l.length === 1);
    expect(log2.responseStatus).toBeNull();
    expect(log2.errorMessage).toMatch(/^No se pudo conectar con 127\.0\.0\.1:1: .*ECONNREFUSED/);

    const moved = await createHook(admin, { url: receiver.url('/moved', 'redirect'), retryCount: 0 });
    const r3 = await admin.post(`/api/webhooks/${moved.id}/test`, {});
    const [log3] = await attemptsOf(admin, r3.body.eventId, (l) => l.length === 1);
    expect(log3).toMatchObject({ responseStatus: 302, errorMessage: 'El receptor respondió HTTP 302' });
    expect(receiver.requests('/redirected')).toHaveLength(0);
    for (const h of [hook, refused, moved]) await admin.delete(`/api/webhooks/${h.id}`);
  });

  test('a receiver that never answers fails after timeoutSeconds', async () => {
    const hook = await createHook(admin, { url: receiver.url('/silent', 'hang'), timeoutSeconds: 1, retryCount: 0 });
    const res = await admin.post(`/api/webhooks/${hook.id}/test`, {});
    const [log] = await attemptsOf(admin, res.body.eventId, (l) => l.length === 1);
    expect(log).toMatchObject({ attempt: 1, responseStatus: null, errorMessage: 'Tiempo de espera agotado: sin respuesta completa en 1 s.' });
    const [row] = await t.deps.db.select().from(billingWebhookLogs).where(eq(billingWebhookLogs.eventId, res.body.eventId));
    const took = row.failedAt!.getTime() - row.createdAt.getTime();
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(5000);
    expect(receiver.requests('/silent')).toHaveLength(1);
    await admin.delete(`/api/webhooks/${hook.id}`);
  });
});

describe('billing webhooks: SSRF in production', () => {
  let prod: TestApp;
  let prodAdmin: TestClient;
  beforeAll(async () => {
    // DATABASE_URL, APP_URL and MAIL_DISABLED only satisfy production's env rules; the test app opens its own database.
    prod = await startTestApp({ env: { NODE_ENV: 'production', DATABASE_URL: 'postgres://sin-uso@127.0.0.1:1/sin-uso', APP_URL: 'https://rendix.example.cl', MAIL_DISABLED: 'true', BILLING_WEBHOOK_RETRY_BASE_MS: '200' } });
    prodAdmin = await makeSuperAdmin(prod);
  });
  afterAll(async () => prod?.close());

  test('URLs reaching private or loopback addresses are refused when saving', async () => {
    const refused = 'La URL del webhook no puede apuntar a una red privada.';
    for (const url of [receiver.url('/x'), 'http://localhost:8080/hook', 'http://[::1]/hook', 'http://[::ffff:127.0.0.1]/', 'http://10.0.0.8/hook', 'http://192.168.1.20/', 'http://169.254.169.254/latest/meta-data', 'http://2130706433/', 'http://0.0.0.0/']) {
      expectFieldError(await prodAdmin.post('/api/webhooks', { name: 'Interno', url }), 'url', refused);
    }
    const ok = await prodAdmin.post('/api/webhooks', { name: 'Público', url: 'https://93.184.216.34/hooks/rendix' });
    expect(ok.status).toBe(201);
    expectFieldError(await prodAdmin.put(`/api/webhooks/${ok.body.id}`, { name: 'Público', url: 'http://172.16.5.4/' }), 'url', refused);
    await prodAdmin.delete(`/api/webhooks/${ok.body.id}`);
  });

  test('and again when delivering: an internal target is a failed attempt, never a request', async () => {
    // Saved before the rule, or by hand: the delivery re-checks.
    const [row] = await prod.deps.db.insert(billingWebhooks).values({ name: 'Antiguo', url: receiver.url('/internal'), retryCount: 0 }).returning();
    const res = await prodAdmin.post(`/api/webhooks/${row.id}/test`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, responseStatus: null, message: 'La URL del webhook no puede apuntar a una red privada.' });
    const [log] = await attemptsOf(prodAdmin, res.body.eventId, (l) => l.length === 1);
    expect(log).toMatchObject({ attempt: 1, responseStatus: null, errorMessage: 'La URL del webhook no puede apuntar a una red privada.' });
    expect(receiver.requests('/internal')).toHaveLength(0);
  });
});
