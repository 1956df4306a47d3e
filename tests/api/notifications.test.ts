import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { startPasswordResetWorker } from '../../src/server/auth/password-reset-job.js';
import { openDatabase } from '../../src/server/db/client.js';
import { companies, emailOutbox, memberships, users } from '../../src/server/db/schema/index.js';
import { Mailer } from '../../src/server/email/mailer.js';
import { loadEnv } from '../../src/server/env.js';
import { JobQueue } from '../../src/server/jobs/queue.js';
import { createReceiptAnalyzer } from '../../src/server/receipts/service.js';
import { DiskStorage } from '../../src/server/storage/disk.js';
import { TestClient, startTestApp, type TestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/db.js';
import { catalogIds, expenseFields, fileExpense, registerUser } from '../helpers/factories.js';
import { startSmtpCapture } from '../helpers/smtp.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ smtp: true });
});
afterAll(async () => t?.close());

describe('e-mail notifications', () => {
  test('admins hear about a submission; the submitter hears about approval and rejection with the reason', async () => {
    const admin = await registerUser(t);
    const companyId = admin.user.currentCompanyId as string;
    await t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active' }).where(eq(companies.id, companyId));
    const employee = await registerUser(t);
    await t.deps.db.insert(memberships).values({ userId: employee.user.id, companyId, role: 'employee' });
    await employee.client.post('/api/user/switch-company', { companyId });
    const ids = await catalogIds(admin.client);

    const first = (await fileExpense(employee.client, expenseFields(ids, { description: 'Taxi a faena' }))).body;
    const toAdmin = await t.smtp!.waitFor(admin.email, { subject: /Nueva rendición por aprobar/, timeoutMs: 15_000 });
    expect(toAdmin.subject).toMatch(/Nueva rendición por aprobar/);
    expect(toAdmin.text).toContain('Taxi a faena');
    expect(toAdmin.text).toContain('/approvals');

    await admin.client.patch(`/api/admin/expenses/${first.id}/status`, { status: 'rejected', rejectionReason: 'Falta la boleta original' });
    const rejected = await t.smtp!.waitFor(employee.email, { subject: /rechazada/, timeoutMs: 15_000 });
    expect(rejected.subject).toMatch(/rechazada/);
    expect(rejected.text).toContain('Falta la boleta original');

    // With notifications off, nothing is sent to the employee.
    await employee.client.patch('/api/user/preferences', { emailNotifications: false });
    const second = (await fileExpense(employee.client, expenseFields(ids, { description: 'Peaje' }))).body;
    await admin.client.patch(`/api/admin/expenses/${second.id}/status`, { status: 'approved' });
    const third = (await fileExpense(employee.client, expenseFields(ids, { description: 'Almuerzo' }))).body;
    await employee.client.patch('/api/user/preferences', { emailNotifications: true });
    await admin.client.patch(`/api/admin/expenses/${third.id}/status`, { status: 'approved' });
    // Registration's 'Confirma tu email' is not a notification: count only the decisions.
    const decisions = () => t.smtp!.messages.filter((m) => m.to.includes(employee.email) && /Tu rendición fue/.test(m.subject));
    await expect.poll(() => decisions().length, { timeout: 15_000 }).toBe(2);
    const approved = decisions()[1];
    expect(approved.subject).toMatch(/aprobada/);
    expect(approved.text).toContain('Almuerzo');
    const queued = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, employee.email));
    expect(queued.filter((m) => m.subject.startsWith('Tu rendición fue'))).toHaveLength(2);
  });
});

describe('durable delivery', () => {
  test('a message queued before a restart is delivered by the next instance', async () => {
    const smtp = await startSmtpCapture();
    const testDb = await createTestDatabase();
    const database = await openDatabase(testDb.url);
    const env = loadEnv({ NODE_ENV: 'test', SMTP_URL: smtp.url });
    const storage = new DiskStorage(mkdtempSync(join(tmpdir(), 'rendix-r-')));

    // Instance 1 queues the e-mail but stops before any worker takes it.
    const queue1 = new JobQueue(database, { pollingIntervalSeconds: 0.5 });
    await queue1.start();
    const mailer1 = new Mailer(database.db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }, queue1);
    const deps1 = { env, database, db: database.db, mailer: mailer1, appUrl: 'http://127.0.0.1', storage, jobs: queue1, receipts: createReceiptAnalyzer(env) };
    // Its forgot-password job writes the e-mail; no delivery worker runs here.
    await startPasswordResetWorker(deps1);
    const app1 = await buildApp(deps1);
    await app1.listen({ port: 0, host: '127.0.0.1' });
    const base1 = `http://127.0.0.1:${(app1.server.address() as { port: number }).port}`;
    const c1 = new TestClient(base1);
    const reg = await c1.post('/api/auth/register', { firstName: 'Rosa', lastName: 'Vera', email: 'rosa.vera@example.cl', companyName: 'Reinicio SpA', password: 'secreto1', confirmPassword: 'secreto1' });
    expect(reg.status).toBe(201);
    expect((await c1.post('/api/auth/forgot-password', { email: 'rosa.vera@example.cl' })).status).toBe(200);
    // Forgot-password answers first and writes the e-mail from a job of this instance: wait for it in the outbox.
    const resetRow = async () =>
      (await database.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, 'rosa.vera@example.cl'), like(emailOutbox.subject, '%contraseña%'))))[0];
    await expect.poll(resetRow, { timeout: 10_000 }).toBeDefined();
    await app1.close();
    await queue1.stop();
    mailer1.close();
    expect(smtp.messages).toHaveLength(0);
    const row = await resetRow();
    expect(row.status).toBe('queued');

    // Instance 2 starts on the same database and delivers it.
    const queue2 = new JobQueue(database, { pollingIntervalSeconds: 0.5 });
    await queue2.start();
    const mailer2 = new Mailer(database.db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }, queue2);
    await mailer2.startWorker();
    await expect.poll(() => smtp.messages.some((m) => m.to.includes('rosa.vera@example.cl') && /\/auth\?view=reset&token=/.test(m.text)), { timeout: 20_000 }).toBe(true);
    await expect
      .poll(async () => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id)))[0].status, { timeout: 10_000 })
      .toBe('sent');
    await queue2.stop();
    mailer2.close();
    await database.close();
    await smtp.close();
    await testDb.drop();
    void users;
  });

  test('a failing SMTP server is retried until it accepts', async () => {
    const smtp = await startSmtpCapture({ rejectFirst: 1 });
    const testDb = await createTestDatabase();
    const database = await openDatabase(testDb.url);
    const queue = new JobQueue(database, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
    await queue.start();
    const mailer = new Mailer(database.db, { smtpUrl: smtp.url, from: 'Rendix <no-reply@rendix.cl>' }, queue);
    await mailer.startWorker();
    const id = await mailer.send({ to: 'reintento@example.cl', subject: 'Prueba', text: 'Hola' });
    const mail = await smtp.waitFor('reintento@example.cl', 30_000);
    expect(mail.subject).toBe('Prueba');
    const read = async () => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];
    await expect.poll(async () => (await read()).status, { timeout: 10_000 }).toBe('sent');
    // One refused attempt, then the one that went through.
    expect((await read()).attempts).toBe(2);
    await queue.stop();
    mailer.close();
    await database.close();
    await smtp.close();
    await testDb.drop();
  }, 60_000);
});
