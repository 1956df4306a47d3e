import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WEBHOOK_MSG, approvalWebhookBodySchema, type AccountingWebhookLogView } from '../../src/shared/integrations.js';
import { ACCOUNTING_WEBHOOK_JOB, startAccountingWebhookWorker } from '../../src/server/accounting/webhook-delivery.js';
import { accountingWebhookLogs } from '../../src/server/db/schema/index.js';
import { JobQueue } from '../../src/server/jobs/queue.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { PNG_1X1, companyWithEmployee, expenseFields, fileExpense } from '../helpers/factories.js';
import { expectCleanError, expectFieldError } from '../helpers/http.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

/**
 * The receiver's side, written from the recipe in src/server/webhooks/README.md (not from our signing code): raw
 * body, timestamp within 5 minutes, HMAC-SHA256 of `${timestamp}.${body}` compared in constant time.
 */
function receiverVerifies(secret: string, rawBody: string, headers: IncomingHttpHeaders): boolean {
  const ts = String(headers['x-rendix-timestamp'] ?? '');
  if (!/^\d+$/.test(ts) || Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const expected = Buffer.from('sha256=' + createHmac('sha256', secret).update(`${ts}.${rawBody}`).digest('hex'));
  const given = Buffer.from(String(headers['x-rendix-signature'] ?? ''));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  t = await startTestApp({ env: { ACCOUNTING_WEBHOOK_RETRY_BASE_MS: '150' } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

async function logsOf(admin: TestClient, done: (logs: AccountingWebhookLogView[]) => boolean, timeout = 15_000) {
  const read = async () => (await admin.get('/api/accounting/webhook/logs')).body as AccountingWebhookLogView[];
  await expect.poll(async () => done(await read()), { timeout, interval: 100 }).toBe(true);
  return read();
}

async function approvedExpense(c: Awaited<ReturnType<typeof companyWithEmployee>>, fields: Record<string, string> = {}) {
  const e = (await fileExpense(c.employee.client, expenseFields(c.ids, fields), { data: PNG_1X1, name: 'b.png' })).body;
  expect((await c.admin.client.patch(`/api/admin/expenses/${e.id}/status`, { status: 'approved' })).status).toBe(200);
  return e as { id: string; expenseNumber: number };
}

describe('approval webhook settings', () => {
  test('off by default; enabled needs a URL; the secret is shown once', async () => {
    const { admin } = await companyWithEmployee(t);
    expect((await admin.client.get('/api/accounting/webhook')).body).toEqual({ webhookUrl: null, enabled: false, hasSecret: false, lastTriggered: null });
    expectFieldError(await admin.client.post('/api/accounting/webhook', { webhookUrl: '', enabled: true }), 'webhookUrl', WEBHOOK_MSG.urlRequired);
    expectFieldError(await admin.client.post('/api/accounting/webhook', { webhookUrl: '   ', enabled: true }), 'webhookUrl', WEBHOOK_MSG.urlRequired);
    for (const bad of ['ftp://erp.example.com/hook', 'no es una url', 'http://user:pass@erp.example.com/']) {
      expectFieldError(await admin.client.post('/api/accounting/webhook', { webhookUrl: bad, enabled: false }), 'webhookUrl', WEBHOOK_MSG.urlInvalid);
    }
    expectCleanError(await admin.client.post('/api/accounting/webhook', { webhookUrl: 'https://erp.example.com' }), 400);

    const saved = await admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/a'), enabled: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ webhookUrl: receiver.url('/a'), enabled: true, hasSecret: true });
    expect(saved.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const again = await admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/b'), enabled: false });
    expect(again.body).toMatchObject({ webhookUrl: receiver.url('/b'), enabled: false, hasSecret: true });
    expect(again.body).not.toHaveProperty('secret');
    expect(JSON.stringify((await admin.client.get('/api/accounting/webhook')).body)).not.toContain(saved.body.secret);
    // Off with an empty URL is allowed (that is how one removes it).
    expect((await admin.client.post('/api/accounting/webhook', { webhookUrl: '', enabled: false })).body).toMatchObject({ webhookUrl: null, enabled: false });
  });

  test('admins only; another company never sees this one’s settings or logs', async () => {
    const c = await companyWithEmployee(t);
    const other = await companyWithEmployee(t);
    await c.admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/private'), enabled: true });
    for (const [method, path] of [
      ['GET', '/api/accounting/webhook'],
      ['POST', '/api/accounting/webhook'],
      ['POST', '/api/accounting/webhook/test'],
      ['POST', '/api/accounting/webhook/rotate-secret'],
      ['GET', '/api/accounting/webhook/logs'],
    ] as const) {
      expectCleanError(await c.employee.client.request(method, path, method === 'POST' ? { webhookUrl: 'https://x.cl', enabled: true } : undefined), 403);
      expectCleanError(await t.client().request(method, path, method === 'POST' ? { webhookUrl: 'https://x.cl', enabled: true } : undefined), 401);
    }
    expect((await other.admin.client.get('/api/accounting/webhook')).body.webhookUrl).toBeNull();
    await approvedExpense(c);
    await logsOf(c.admin.client, (l) => l.length === 1 && l[0].status === 'succeeded');
    expect((await other.admin.client.get('/api/accounting/webhook/logs')).body).toEqual([]);
  });
});

describe('approval webhook delivery', () => {
  test('an approval POSTs the documented body, signed so that the documented recipe verifies it', async () => {
    const c = await companyWithEmployee(t);
    const secret = (await c.admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/erp'), enabled: true })).body.secret as string;
    const e = await approvedExpense(c, { documentType: 'factura', category: c.ids.category('Factura'), invoiceNumber: '991', taxId: '76086428-5', amount: '59500' });
    const [log] = await logsOf(c.admin.client, (l) => l.some((x) => x.status === 'succeeded'));
    expect(log).toMatchObject({ eventType: 'expense.approved', attempt: 1, status: 'succeeded', responseStatus: 200, test: false, expenseId: e.id, expenseNumber: e.expenseNumber });

    const [req] = receiver.requests('/erp');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-rendix-event']).toBe('expense.approved');
    expect(receiverVerifies(secret, req.body, req.headers)).toBe(true);
    expect(receiverVerifies('whsec_otro', req.body, req.headers)).toBe(false);
    expect(receiverVerifies(secret, req.body.replace('59500', '59501'), req.headers)).toBe(false);
    const body = JSON.parse(req.body);
    expect(approvalWebhookBodySchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      id: log.eventId,
      event: 'expense.approved',
      expense: { id: e.id, status: 'approved', amountCLP: '59500', netAmount: '50000', taxAmount: '9500', category: { name: 'Factura', accountingCode: '5109' }, approvedBy: { email: c.admin.email } },
    });
    expect(body.expense.receiptUrl).toBe(`${t.baseUrl}/api/accounting/expense/${e.id}/receipt`);
    expect((await c.admin.client.get('/api/accounting/webhook')).body.lastTriggered).toBeTruthy();
  });

  test('a failing receiver is retried with growing delays, the same event id each time, every attempt logged', async () => {
    const c = await companyWithEmployee(t);
    await c.admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/flaky', 'fail', 'fail', 'ok'), enabled: true });
    await approvedExpense(c);
    const logs = (await logsOf(c.admin.client, (l) => l.some((x) => x.status === 'succeeded'))).reverse();
    expect(logs.map((l) => [l.attempt, l.status, l.responseStatus])).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 500],
      [3, 'succeeded', 200],
    ]);
    expect(logs[0].errorMessage).toBe('El receptor respondió HTTP 500: receptor caído');
    expect(new Set(logs.map((l) => l.eventId)).size).toBe(1);
    const bodies = receiver.requests('/flaky').map((r) => JSON.parse(r.body));
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    // 150 ms then 300 ms: the second wait is the longer one.
    const gap = (a: AccountingWebhookLogView, b: AccountingWebhookLogView) => new Date(b.createdAt).getTime() - new Date(a.failedAt!).getTime();
    expect(gap(logs[0], logs[1])).toBeGreaterThanOrEqual(140);
    expect(gap(logs[1], logs[2])).toBeGreaterThanOrEqual(290);
    expect(new Date(logs[1].nextAttemptAt!).getTime() - new Date(logs[1].failedAt!).getTime()).toBeGreaterThan(new Date(logs[0].nextAttemptAt!).getTime() - new Date(logs[0].failedAt!).getTime());
  });

  test('a retry scheduled before a restart is delivered by the next process', async () => {
    const slow = await startTestApp({ env: { ACCOUNTING_WEBHOOK_RETRY_BASE_MS: '2500' } });
    let second: JobQueue | null = null;
    try {
      const c = await companyWithEmployee(slow);
      await c.admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/restart', 'fail', 'ok'), enabled: true });
      await approvedExpense(c);
      await logsOf(c.admin.client, (l) => l.length === 1 && l[0].status === 'failed');
      // The process dies with the retry only scheduled (a job row), never sent.
      await slow.deps.queue.stop();
      expect(receiver.requests('/restart')).toHaveLength(1);
      // A new process on the same database picks it up when it is due.
      second = new JobQueue(slow.deps.database, { pollingIntervalSeconds: 0.5 });
      await second.start();
      await startAccountingWebhookWorker({ ...slow.deps, jobs: second });
      const logs = await logsOf(c.admin.client, (l) => l.some((x) => x.status === 'succeeded'));
      expect(logs.map((l) => [l.attempt, l.status])).toEqual([
        [2, 'succeeded'],
        [1, 'failed'],
      ]);
      expect(receiver.requests('/restart')).toHaveLength(2);
    } finally {
      await second?.stop();
      await slow.close();
    }
  });

  test('re-running a finished attempt sends nothing; a webhook switched off gets no more attempts', async () => {
    const c = await companyWithEmployee(t);
    await c.admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/once'), enabled: true });
    const e = await approvedExpense(c);
    const [log] = await logsOf(c.admin.client, (l) => l.length === 1 && l[0].status === 'succeeded');
    // A second job for the same attempt (as when a worker re-runs it after a crash): its finished log row means
    // nothing is sent again, and the log keeps one row.
    await t.deps.queue.send(ACCOUNTING_WEBHOOK_JOB, { companyId: c.companyId, eventId: log.eventId, expenseId: e.id, test: false, body: '{}', attempt: 1 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.requests('/once')).toHaveLength(1);
    const rows = await t.deps.db.select().from(accountingWebhookLogs).where(and(eq(accountingWebhookLogs.companyId, c.companyId), eq(accountingWebhookLogs.eventId, log.eventId)));
    expect(rows).toHaveLength(1);

    await c.admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/down', 'fail'), enabled: true });
    await approvedExpense(c);
    await logsOf(c.admin.client, (l) => l.some((x) => x.status === 'failed'));
    await c.admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/down'), enabled: false });
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.requests('/down')).toHaveLength(1);
  });

  test('nothing is sent while the webhook is off; rejections never send', async () => {
    const c = await companyWithEmployee(t);
    await c.admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/off'), enabled: false });
    await approvedExpense(c);
    await c.admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/off'), enabled: true });
    const e = (await fileExpense(c.employee.client, expenseFields(c.ids))).body;
    await c.admin.client.patch(`/api/admin/expenses/${e.id}/status`, { status: 'rejected', rejectionReason: 'No corresponde' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.requests('/off')).toHaveLength(0);
    expect((await c.admin.client.get('/api/accounting/webhook/logs')).body).toEqual([]);
  });

  test('Probar: refused while off, one signed test event when on; rotating the secret signs with the new one', async () => {
    const c = await companyWithEmployee(t);
    expectFieldError(await c.admin.client.post('/api/accounting/webhook/test'), 'enabled', WEBHOOK_MSG.disabled);
    const first = (await c.admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/probe'), enabled: false })).body.secret;
    expectFieldError(await c.admin.client.post('/api/accounting/webhook/test'), 'enabled', WEBHOOK_MSG.disabled);
    await c.admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/probe'), enabled: true });
    const rotated = await c.admin.client.post('/api/accounting/webhook/rotate-secret');
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(first);

    const sent = await c.admin.client.post('/api/accounting/webhook/test');
    expect(sent.status).toBe(202);
    expect(sent.body.eventId).toMatch(/^evt_test_/);
    const [log] = await logsOf(c.admin.client, (l) => l.length === 1 && l[0].status === 'succeeded');
    expect(log).toMatchObject({ eventId: sent.body.eventId, test: true, expenseId: null, attempt: 1 });
    const [req] = receiver.requests('/probe');
    expect(JSON.parse(req.body)).toMatchObject({ id: sent.body.eventId, event: 'expense.approved', test: true, expense: { status: 'approved' } });
    expect(receiverVerifies(rotated.body.secret, req.body, req.headers)).toBe(true);
    expect(receiverVerifies(first, req.body, req.headers)).toBe(false);
  });

  test('a failed test event is logged once and not retried', async () => {
    const c = await companyWithEmployee(t);
    await c.admin.client.post('/api/accounting/webhook', { webhookUrl: receiver.url('/probe-down', 'fail'), enabled: true });
    await c.admin.client.post('/api/accounting/webhook/test');
    const [log] = await logsOf(c.admin.client, (l) => l.length === 1 && l[0].status === 'failed');
    expect(log).toMatchObject({ test: true, responseStatus: 500, nextAttemptAt: null });
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.requests('/probe-down')).toHaveLength(1);
  });
});

describe('approval webhook: SSRF in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    // DATABASE_URL, APP_URL and MAIL_DISABLED only satisfy production's env rules; the test app opens its own database.
    prod = await startTestApp({ env: { NODE_ENV: 'production', DATABASE_URL: 'postgres://sin-uso@127.0.0.1:1/sin-uso', APP_URL: 'https://rendix.example.cl', MAIL_DISABLED: 'true' } });
  });
  afterAll(async () => prod?.close());

  test('URLs reaching loopback or private networks are refused when saving', async () => {
    const c = await companyWithEmployee(prod);
    for (const url of ['http://127.0.0.1:8080/hook', 'http://localhost/hook', 'http://10.0.0.5/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/hook', 'http://[::ffff:192.168.1.1]/']) {
      expectFieldError(await c.admin.client.post('/api/accounting/webhook', { webhookUrl: url, enabled: true }), 'webhookUrl', 'La URL del webhook no puede apuntar a una red privada.');
    }
    expect((await c.admin.client.get('/api/accounting/webhook')).body.webhookUrl).toBeNull();
  });
});
