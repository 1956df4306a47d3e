import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { JobQueue } from '../../src/server/jobs/queue.js';
import { RECEIPT_CHECK_JOB } from '../../src/server/receipts/jobs.js';
import { createTestDatabase } from '../helpers/db.js';
import { expenseFields, fileExpense } from '../helpers/factories.js';
import { companyOverHttp } from '../helpers/http-company.js';
import { crashHarness, cutOff, jobsOf, readDatabase } from '../helpers/crash-harness.js';
/*
 * Issue 17 item 1: whatever must follow a write (receipt check, e-mails, the approval event) is committed with it.
 * The server runs as a child process; a fault point kills it (SIGKILL) right after the commit, before the answer;
 * the restarted server finds every job. Figures of the mid-load kill are printed for the closing note.
 */

const h = crashHarness();

describe('JobQueue.send with { tx }', () => {
  test('the job joins the transaction: committed with it, or never there', async () => {
    const testDb = await createTestDatabase();
    const database = await openDatabase(testDb.url);
    const queue = new JobQueue(database);
    const jobs = async () => ((await database.db.execute(sql.raw(jobsOf(RECEIPT_CHECK_JOB)))) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    try {
      await queue.start();
      await database.db.transaction(async (tx) => {
        await queue.send(RECEIPT_CHECK_JOB, { companyId: 'c', expenseId: 'committed' }, { tx });
      });
      await expect(
        database.db.transaction(async (tx) => {
          await queue.send(RECEIPT_CHECK_JOB, { companyId: 'c', expenseId: 'rolled-back' }, { tx });
          throw new Error('la escritura falló');
        }),
      ).rejects.toThrow('la escritura falló');
      expect(await jobs()).toEqual(['committed']);
      // A queue nobody declared cannot be created inside a caller's transaction: refused, loudly.
      await expect(database.db.transaction((tx) => queue.send('undeclared-queue', {}, { tx }))).rejects.toThrow(/declareQueue/);
    } finally {
      await queue.stop();
      await database.close();
      await testDb.drop();
    }
  });
});

describe('an Idempotency-Key outlives a crash between the commit and the answer', () => {
  test('the retry after the restart is answered from the committed expense: one expense, one receipt check; another body is a 409', async () => {
    const server = await h.start();
    const c = await companyOverHttp(h.smtp, server.url);
    await server.restart({ ...h.mailEnv(), RENDIX_FAULT: 'expense.after-commit' });

    const key = { 'idempotency-key': randomUUID() };
    const description = 'Peaje con clave de idempotencia';
    const fields = expenseFields(c.ids, { description });
    expect(await cutOff(fileExpense(c.employee, fields, h.withReceipt(), key))).toBe(true);
    expect(await server.exited).toBe('SIGKILL');

    // The client retries the same submit (a new multipart body, same fields and file) once the server is back.
    await server.restart(h.mailEnv());
    const retry = await fileExpense(c.employee, fields, h.withReceipt(), key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toMatchObject({ description, message: 'Tu rendición ha sido enviada para aprobación.' });
    expect(retry.body.receiptUrl).toBeTruthy();
    const other = await fileExpense(c.employee, { ...fields, amount: '4500' }, h.withReceipt(), key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_key_mismatch');

    const figures = await readDatabase(server, async (q) => ({
      rows: await q(`select id::text as id from expenses where description = '${description}'`),
      checks: await q(jobsOf('receipt-check')),
    }));
    expect(figures.rows.map((r) => r.id), 'filed once: the committed expense is the one answered').toEqual([retry.body.id]);
    expect(figures.checks.filter((j) => j.id === retry.body.id)).toHaveLength(1);
  }, 240_000);
});

describe('jobs committed with their write survive a crash right after the commit', () => {
  test('filing: the expense, its receipt check and the admins\' e-mail', async () => {
    const server = await h.start();
    const c = await companyOverHttp(h.smtp, server.url);
    await server.restart({ ...h.mailEnv(), RENDIX_FAULT: 'expense.after-commit' });

    const description = 'Taxi antes del corte';
    expect(await cutOff(fileExpense(c.employee, expenseFields(c.ids, { description }), h.withReceipt()))).toBe(true);
    expect(await server.exited).toBe('SIGKILL');

    await server.restart(h.mailEnv());
    const list = await c.employee.get('/api/expenses');
    const filed = list.body.items.find((e: { description: string }) => e.description === description);
    expect(filed, 'the committed expense is there').toBeDefined();
    expect(filed.receiptUrl).toBeTruthy();
    // The restarted server ran the submission event: the admin got the e-mail.
    const mail = await h.smtp.waitFor(c.adminEmail, { subject: /Nueva rendición por aprobar/, timeoutMs: 45_000 });
    expect(mail.text).toContain(description);

    const jobs = await readDatabase(server, (q) => q(jobsOf('receipt-check')));
    expect(jobs.filter((j) => j.id === filed.id), 'the receipt check was committed with the expense').toHaveLength(1);
  }, 240_000);
});
