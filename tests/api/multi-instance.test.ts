import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOGIN_LIMITS } from '../../src/server/auth/login-guard.js';
import { loadEnv } from '../../src/server/env.js';
import { buildSignedTed, createCafKeyPair } from '../../src/server/receipts/ted.js';
import { openReceiptStorage } from '../../src/server/storage/open.js';
import type { ReceiptStorage } from '../../src/server/storage/receipts.js';
import { TestClient, type TestResponse } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/db.js';
import { expenseFields, fileExpense } from '../helpers/factories.js';
import { companyOverHttp, EMPLOYEE_PASSWORD } from '../helpers/http-company.js';
import { COPEC_BOLETA_LINES, thermalReceipt } from '../helpers/receipts.js';
import { startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { buildServer, startServerProcess, unusedPort, type ServerBuild, type ServerProcess } from '../helpers/server-process.js';
import { startSmtpCapture } from '../helpers/smtp.js';
import { download, storedKeys } from '../helpers/storage.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

/*
 * Issue 17 item 5: several instances, proven. One PostgreSQL database, one S3-compatible receipt store (s3rver), an
 * SMTP capture and a webhook receiver, all on loopback; two web processes and one `npm run worker`, compiled as production runs them, with the
 * same secrets. The web processes are driven alternately, one of them is killed in the middle of a burst of filings
 * and restarted, and every effect is counted.
 *
 * - A: JOBS=email,webhooks. It competes with the worker for the e-mail and webhook jobs, so "each exactly once" is
 *   proven across two consumers.
 * - B: JOBS=none, as compose.yaml runs its web processes; the one killed. Armed with the `job.taken` fault point: a
 *   web process that takes no job can be killed without stranding one (an active job of a dead process waits for
 *   pg-boss's expiry, 15 minutes, before it runs again).
 * - The worker: every group (JOBS=all), the only consumer of receipt checks (OCR apart from the web tier).
 *
 * PostgreSQL only: two processes cannot share one embedded PGlite database (it belongs to the process that opens it).
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const SUBMITTED = /Nueva rendición por aprobar/;
const APPROVED = /Tu rendición fue aprobada/;

describe.runIf(onPostgres)('two web processes and a worker on one PostgreSQL and one receipt store', () => {
  let build: ServerBuild;
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: pg.Client;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let receiver: Receiver;
  let s3: LocalS3;
  let store: ReceiptStorage;
  let a: ServerProcess;
  let b: ServerProcess;
  let worker: ServerProcess;
  let envB: Record<string, string>;
  let c: Awaited<ReturnType<typeof companyOverHttp>>;

  beforeAll(async () => {
    build = buildServer();
    testDb = await createTestDatabase();
    smtp = await startSmtpCapture();
    receiver = await startReceiver();
    s3 = await startLocalS3('multi-instance/receipts');
    store = await openReceiptStorage(loadEnv({ NODE_ENV: 'test', ...s3.env }));
    const portA = await unusedPort();
    const shared = {
      // The public address behind the balancer: e-mail links and the receipt links of webhooks.
      APP_URL: `http://127.0.0.1:${portA}`,
      SMTP_URL: smtp.url,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ACCOUNTING_WEBHOOK_RETRY_BASE_MS: '200',
      ...s3.env,
    };
    envB = { ...shared, JOBS: 'none', RENDIX_FAULT: 'job.taken' };
    const common = { build, databaseUrl: testDb.url };
    // All three start together on the empty database.
    [a, b, worker] = await Promise.all([
      startServerProcess({ ...common, port: portA, env: { ...shared, JOBS: 'email,webhooks' } }),
      startServerProcess({ ...common, env: envB }),
      startServerProcess({ ...common, entry: 'worker', env: { ...shared, JOBS: 'all' } }),
    ]);
    db = new pg.Client({ connectionString: testDb.url });
    await db.connect();
    // Registered on A, invited from A, the invitation accepted on B.
    c = await companyOverHttp(smtp, a.url, { employeeUrl: b.url, companyName: 'Varias Instancias SpA' });
  }, 240_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    for (const p of [a, b, worker]) await p?.stop();
    await testDb?.drop();
    await smtp?.close();
    await receiver?.close();
    await s3?.close();
    build?.remove();
  });

  /** The same browser (its cookies) talking to another instance. */
  function sameBrowser(client: TestClient, url: string): TestClient {
    const other = new TestClient(url);
    other.cookies = client.cookies;
    return other;
  }

  const query = async <R extends Record<string, unknown>>(text: string, values: unknown[] = []) => (await db.query<R>(text, values)).rows;

  /** Jobs of one queue by expense id, pending or done (pg-boss moves finished jobs to its archive later). */
  const jobsOf = (queue: string) =>
    query<{ id: string; state: string }>(
      `select data->>'expenseId' as id, state from pgboss.job where name = $1 union all select data->>'expenseId', state from pgboss.archive where name = $1`,
      [queue],
    );

  /** Resolves once no job of any queue waits or runs: nothing more will be mailed or delivered. */
  async function settled(timeout: number) {
    await expect
      .poll(async () => (await query<{ n: number }>(`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`))[0].n, { timeout, interval: 500 })
      .toBe(0);
  }

  const mailsTo = (to: string, subject: RegExp, text?: string) => smtp.messages.filter((m) => m.to.includes(to) && subject.test(m.subject) && (!text || m.text.includes(text)));

  test('signed in on A, the same session on B; a receipt filed on B comes back byte for byte on A; approved on A: one e-mail, one webhook, one receipt check', async () => {
    expect((await c.admin.post('/api/accounting/webhook', { webhookUrl: receiver.url('/erp'), enabled: true })).status).toBe(200);

    const onA = new TestClient(a.url);
    expect((await onA.post('/api/auth/login', { email: c.employeeEmail, password: EMPLOYEE_PASSWORD })).status).toBe(200);
    const onB = sameBrowser(onA, b.url);
    const me = await onB.get('/api/auth/user');
    expect(me.status, 'the session is a row: B knows the cookie A set').toBe(200);
    expect(me.body.email).toBe(c.employeeEmail);

    // A real boleta with a signed SII timbre: reading it (the worker's receipt check) finds the folio.
    const ted = buildSignedTed({ issuerRut: '99520000-7', documentTypeCode: 39, folio: 77001, date: '2025-03-14', total: 35000, firstItem: 'GASOLINA 95' }, createCafKeyPair(512));
    const receipt = await thermalReceipt(COPEC_BOLETA_LINES, { ted });
    const description = 'Combustible, filed on B';
    const filed = await fileExpense(onB, expenseFields(c.ids, { description, amount: '35000' }), { data: receipt, name: 'boleta.jpg', type: 'image/jpeg' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const id = filed.body.id as string;

    const read = await download(onA, `/api/expenses/${id}/receipt`);
    expect(read.status).toBe(200);
    expect(read.data.equals(receipt), 'the file B stored, read by A').toBe(true);

    expect((await c.admin.patch(`/api/admin/expenses/${id}/status`, { status: 'approved' })).status).toBe(200);
    await smtp.waitFor(c.employeeEmail, { subject: APPROVED, timeoutMs: 60_000 });
    await expect.poll(() => receiver.requests('/erp').length, { timeout: 60_000 }).toBeGreaterThan(0);
    // Only the worker reads receipts: the timbre on the expense is its work.
    await expect.poll(async () => (await onA.get(`/api/expenses/${id}`)).body.timbre?.folio ?? null, { timeout: 120_000, interval: 1000 }).toBe('77001');
    await settled(60_000);

    expect(mailsTo(c.adminEmail, SUBMITTED, description), 'the submission e-mail').toHaveLength(1);
    expect(mailsTo(c.employeeEmail, APPROVED, description), 'the decision e-mail').toHaveLength(1);
    const deliveries = receiver.requests('/erp');
    expect(deliveries, 'the approval webhook').toHaveLength(1);
    expect(JSON.parse(deliveries[0].body)).toMatchObject({ event: 'expense.approved', expense: { id, description } });
    expect((await jobsOf('receipt-check')).filter((j) => j.id === id)).toEqual([{ id, state: 'completed' }]);
    expect(b.isRunning(), `B (JOBS=none) took a job, its fault point killed it:\n${b.output()}`).toBe(true);
  }, 300_000);

  test('rate limits are shared: the login back-off counts the failures on A and on B together', async () => {
    const free = LOGIN_LIMITS.backoff.free;
    const attempt = (server: ServerProcess) => new TestClient(server.url).post('/api/auth/login', { email: c.adminEmail, password: 'no-es-la-clave' });
    // Alternately: neither instance alone saw the free tries run out.
    for (let i = 0; i < free; i++) {
      const res = await attempt(i % 2 === 0 ? a : b);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const server of [b, a]) {
      const res = await attempt(server);
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/^Demasiados intentos\. Intenta nuevamente en \d+ minutos?\.$/);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }, 60_000);

  test('B killed (SIGKILL) in the middle of 30 filings over A and B: every acknowledged one once, with its file, its check and one e-mail; A keeps the sessions, B restarted picks up', async () => {
    const N = 30;
    const employee = { a: sameBrowser(c.employee, a.url), b: sameBrowser(c.employee, b.url) };
    // A distinct small JPEG per filing: each file read back is the one filed.
    const photos = await Promise.all(
      Array.from({ length: N }, (_, i) => sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 8 * i, g: 255 - 8 * i, b: 128 } } }).jpeg().toBuffer()),
    );
    const name = (i: number) => `Ráfaga ${String(i).padStart(2, '0')}`;

    // B dies once a random number of its filings were answered (or after 20 s at most); the others are in flight or refused.
    const killAfter = randomInt(2, 8);
    let answeredByB = 0;
    let killing: Promise<unknown> | null = null;
    let bRunningAtKill = false;
    const kill = () => {
      if (killing) return;
      bRunningAtKill = b.isRunning();
      killing = b.kill('SIGKILL');
    };
    const deadline = setTimeout(kill, 20_000);
    const acknowledged = new Map<string, { id: string; i: number }>();
    const results = await Promise.allSettled(
      Array.from({ length: N }, (_, i) => {
        const via = i % 2 === 0 ? 'a' : 'b';
        return fileExpense(employee[via], expenseFields(c.ids, { description: name(i) }), { data: photos[i], name: `boleta-${i}.jpg`, type: 'image/jpeg' }).then((res: TestResponse) => {
          if (res.status === 201) {
            acknowledged.set(name(i), { id: res.body.id, i });
            if (via === 'b' && ++answeredByB >= killAfter) kill();
          }
          return res;
        });
      }),
    );
    clearTimeout(deadline);
    kill();
    expect(await b.exited).toBe('SIGKILL');
    expect(bRunningAtKill, `B died before the kill (its job.taken fault point: it took a job):\n${b.output()}`).toBe(true);
    const refusedOrCut = results.filter((r) => r.status === 'rejected').length;
    const otherAnswers = results.filter((r) => r.status === 'fulfilled' && r.value.status !== 201).map((r) => (r as PromiseFulfilledResult<TestResponse>).value);
    expect(otherAnswers.map((r) => `${r.status} ${JSON.stringify(r.body)}`), 'no filing was refused by a live instance').toEqual([]);

    // The survivor keeps serving the same session.
    const onA = await employee.a.get('/api/expenses');
    expect(onA.status).toBe(200);
    // B restarted: the same session, and it files again.
    await b.restart(envB);
    expect((await employee.b.get('/api/auth/user')).status).toBe(200);
    const after = await fileExpense(employee.b, expenseFields(c.ids, { description: 'Ráfaga después del reinicio' }), { data: photos[0], name: 'boleta.jpg', type: 'image/jpeg' });
    expect(after.status).toBe(201);

    // The worker consumed throughout: everything it owes settles.
    await settled(240_000);
    expect(worker.isRunning()).toBe(true);

    const rows = await query<{ id: string; description: string; receipt_key: string | null; company_id: string }>(
      `select id::text, description, receipt_key, company_id::text from expenses where description like 'Ráfaga %'`,
    );
    const burst = rows.filter((r) => r.description !== 'Ráfaga después del reinicio');
    const byName = new Map<string, string[]>();
    for (const r of burst) byName.set(r.description, [...(byName.get(r.description) ?? []), r.id]);
    for (const [n, { id }] of acknowledged) expect(byName.get(n), `${n} (acknowledged) is there once`).toEqual([id]);
    for (const [n, ids] of byName) expect(ids, `${n} filed once`).toHaveLength(1);

    const checks = await jobsOf('receipt-check');
    const submitted = await jobsOf('expense-submitted');
    const companyId = rows[0].company_id;
    const files = new Set(await storedKeys(store, `${companyId}/`));
    for (const r of rows) {
      expect(checks.filter((j) => j.id === r.id), `${r.description}: one receipt check, done`).toEqual([{ id: r.id, state: 'completed' }]);
      expect(submitted.filter((j) => j.id === r.id), `${r.description}: one submission event, done`).toEqual([{ id: r.id, state: 'completed' }]);
      expect(mailsTo(c.adminEmail, SUBMITTED, r.description), `${r.description}: one e-mail`).toHaveLength(1);
      expect(r.receipt_key && files.has(r.receipt_key), `${r.description}: its file is in the store`).toBe(true);
    }
    // No e-mail about a filing that is not there.
    for (let i = 0; i < N; i++) if (!byName.has(name(i))) expect(mailsTo(c.adminEmail, SUBMITTED, name(i))).toEqual([]);
    // Read back through the survivor, byte for byte.
    for (const [, { id, i }] of acknowledged) {
      const read = await download(employee.a, `/api/expenses/${id}/receipt`);
      expect(read.data.equals(photos[i]), `receipt of ${name(i)}`).toBe(true);
    }

    const keys = new Set((await query<{ key: string }>(`select receipt_key as key from expenses where company_id = $1`, [companyId])).map((r) => r.key));
    // Files stored by filings B never committed: item 2's hourly sweep removes them once an hour old.
    const orphans = [...files].filter((f) => !keys.has(f)).length;
    const mails = burst.reduce((n, r) => n + mailsTo(c.adminEmail, SUBMITTED, r.description).length, 0);
    console.log(
      `multi-instance: ${N} filings over A and B, B killed after ${answeredByB} of its own answered (target ${killAfter}); ` +
        `acknowledged ${acknowledged.size}; cut or refused ${refusedOrCut}; present ${burst.length}; ` +
        `receipt checks ${burst.filter((r) => checks.some((j) => j.id === r.id)).length}; submission e-mails ${mails}; ` +
        `receipt files of the present ${burst.filter((r) => files.has(r.receipt_key!)).length}; orphan files ${orphans}`,
    );
  }, 420_000);
});
