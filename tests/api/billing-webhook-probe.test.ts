import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { billingWebhookLogs } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { registerSuperAdmin, registerUser } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';
import { unusedPort } from '../helpers/server-process.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

// Issue 16 item 8: 'Probar' waits for the real attempt and answers its outcome; it never says
// 'Test Exitoso' for a delivery that failed.

let t: TestApp;
let receiver: Receiver;
let admin: TestClient;

async function createHook(overrides: Record<string, unknown>) {
  const res = await admin.post('/api/webhooks', { name: 'ERP contable', event: 'subscription.paid', headers: '', retryCount: 0, ...overrides });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

beforeAll(async () => {
  t = await startTestApp({ env: { BILLING_WEBHOOK_RETRY_BASE_MS: '60000' } });
  receiver = await startReceiver();
  admin = (await registerSuperAdmin(t)).client;
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('POST /api/webhooks/{id}/test answers the real outcome', () => {
  test('a receiver answering 200: success with its status, and the attempt is already logged', async () => {
    const hook = await createHook({ url: receiver.url('/ok', 'ok') });
    const res = await admin.post(`/api/webhooks/${hook.id}/test`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, responseStatus: 200, retryScheduled: false, message: 'El receptor respondió HTTP 200.' });
    // Answered after the attempt, not before: the request arrived and the log is finished.
    expect(receiver.requests('/ok')).toHaveLength(1);
    const [log] = await t.deps.db.select().from(billingWebhookLogs).where(eq(billingWebhookLogs.eventId, res.body.eventId));
    expect(log).toMatchObject({ attempt: 1, responseStatus: 200, errorMessage: null });
    expect(log.succeededAt).toBeTruthy();
  });

  test('a receiver answering 500: failure with the status and the reason; a retry is scheduled when configured', async () => {
    const hook = await createHook({ url: receiver.url('/down', 'fail'), retryCount: 2 });
    const res = await admin.post(`/api/webhooks/${hook.id}/test`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: false,
      responseStatus: 500,
      retryScheduled: true,
      message: 'El receptor respondió HTTP 500: receptor caído. Se reintentará automáticamente; revisa los registros.',
    });
    const [log] = await t.deps.db.select().from(billingWebhookLogs).where(eq(billingWebhookLogs.eventId, res.body.eventId));
    expect(log).toMatchObject({ responseStatus: 500, errorMessage: 'El receptor respondió HTTP 500: receptor caído' });
    expect(log.failedAt).toBeTruthy();
  });

  test('a closed port on 127.0.0.1: failure saying it could not connect, never success', async () => {
    const port = await unusedPort();
    const hook = await createHook({ url: `http://127.0.0.1:${port}/hook` });
    const res = await admin.post(`/api/webhooks/${hook.id}/test`, {});
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.responseStatus).toBeNull();
    expect(res.body.retryScheduled).toBe(false);
    expect(res.body.message).toBe(`No se pudo conectar con 127.0.0.1:${port}: la conexión fue rechazada (ECONNREFUSED).`);
    const [log] = await t.deps.db.select().from(billingWebhookLogs).where(eq(billingWebhookLogs.eventId, res.body.eventId));
    expect(log.errorMessage).toBe(res.body.message);
  });

  test('a receiver that never answers: a timeout failure within the webhook timeout', async () => {
    const hook = await createHook({ url: receiver.url('/silent', 'hang'), timeoutSeconds: 1 });
    const res = await admin.post(`/api/webhooks/${hook.id}/test`, {});
    expect(res.body).toMatchObject({ success: false, responseStatus: null, message: 'Tiempo de espera agotado: sin respuesta completa en 1 s.' });
  });

  test('only a super admin; unknown or inactive webhooks are refused', async () => {
    const hook = await createHook({ url: receiver.url('/guarded') });
    expectCleanError(await t.client().post(`/api/webhooks/${hook.id}/test`, {}), 401);
    const companyAdmin = (await registerUser(t)).client;
    expectCleanError(await companyAdmin.post(`/api/webhooks/${hook.id}/test`, {}), 403);
    expectCleanError(await admin.post('/api/webhooks/00000000-0000-4000-8000-000000000000/test', {}), 404);
    await admin.put(`/api/webhooks/${hook.id}`, { name: 'Apagado', url: receiver.url('/guarded'), isActive: false });
    expectCleanError(await admin.post(`/api/webhooks/${hook.id}/test`, {}), 400, 'El webhook está inactivo. Actívalo para poder probarlo.');
    expect(receiver.requests('/guarded')).toHaveLength(0);
  });
});
