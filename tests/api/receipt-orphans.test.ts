import { randomUUID } from 'node:crypto';
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expenses } from '../../src/server/db/schema/index.js';
import { jobIdFrom } from '../../src/server/jobs/queue.js';
import { ORPHAN_MIN_AGE_MS, scheduleReceiptSweep, startReceiptSweeper, sweepOrphanReceipts } from '../../src/server/storage/orphans.js';
import { newReceiptKey } from '../../src/server/storage/receipts.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { companyWithEmployee, expenseFields, fileExpense, PNG_1X1 } from '../helpers/factories.js';
import { startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { storedKeys } from '../helpers/storage.js';

const setups: { name: string; s3: boolean }[] = [
  { name: 'on disk', s3: false },
  { name: 'in an S3-compatible bucket', s3: true },
];

describe.each(setups)('the orphan sweeper, receipts $name', ({ s3: useS3 }) => {
  let s3: LocalS3 | null = null;
  let t: TestApp;
  beforeAll(async () => {
    s3 = useS3 ? await startLocalS3() : null;
    t = await startTestApp({ env: s3?.env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  test('removes files older than an hour that no row references; keeps newer ones, referenced ones and foreign files', async () => {
    const { employee, companyId, ids } = await companyWithEmployee(t);
    const { storage } = t.deps;
    const filed = await fileExpense(employee.client, expenseFields(ids), { data: PNG_1X1, name: 'boleta.png', type: 'image/png' });
    expect(filed.status).toBe(201);
    const [{ receiptKey: referenced }] = await t.deps.db.select({ receiptKey: expenses.receiptKey }).from(expenses).where(eq(expenses.id, filed.body.id));
    expect(referenced).toMatch(new RegExp(`^${companyId}/`));

    // Left by a crash between the upload and the commit, in this company and in another one.
    const orphan = newReceiptKey(companyId, 'application/pdf');
    const otherCompanyOrphan = newReceiptKey(randomUUID(), 'image/jpeg');
    // Not a receipt key: a file someone else keeps in a shared bucket.
    const foreign = 'exports/2024/informe.csv';
    for (const key of [orphan, otherCompanyOrphan, foreign]) await storage.put(key, Buffer.from('%PDF-1.4 huérfano'), 'application/pdf');

    // Everything above is at least this much older than `boundary`, everything below newer (object stores keep whole
    // seconds, hence the margins); the sweep runs as if an hour had passed since `boundary`.
    await sleep(1500);
    const boundary = Date.now();
    await sleep(1500);
    const recent = newReceiptKey(companyId, 'image/png');
    await storage.put(recent, PNG_1X1, 'image/png');

    const result = await sweepOrphanReceipts(t.deps.db, storage, { now: new Date(boundary + ORPHAN_MIN_AGE_MS) });
    expect(result.deleted.sort()).toEqual([orphan, otherCompanyOrphan].sort());
    expect(result.scanned).toBe(5);
    expect(await storedKeys(storage)).toEqual([referenced!, recent, foreign].sort());
    // The filed receipt is still served.
    expect((await storage.get(referenced!))!.equals(PNG_1X1)).toBe(true);

    // A second pass finds nothing more to remove; with the real clock nothing here is an hour old.
    expect((await sweepOrphanReceipts(t.deps.db, storage, { now: new Date(boundary + ORPHAN_MIN_AGE_MS) })).deleted).toEqual([]);
    expect((await sweepOrphanReceipts(t.deps.db, storage)).deleted).toEqual([]);
  });
});

describe('the hourly sweep job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  test('is queued once per hour whatever the number of instances offering it', async () => {
    const at = new Date('2001-02-03T04:05:06Z');
    const first = await scheduleReceiptSweep(t.deps.queue, at);
    expect(first).toBeTruthy();
    // Another instance, ten minutes later in the same hour.
    expect(await scheduleReceiptSweep(t.deps.queue, new Date(at.getTime() + 10 * 60_000))).toBeNull();
    expect(await scheduleReceiptSweep(t.deps.queue, new Date(at.getTime() + 3600_000))).toBeTruthy();
  });

  test('runs on a worker and removes a file left an hour ago', async () => {
    const { companyId } = await companyWithEmployee(t);
    const orphan = newReceiptKey(companyId, 'image/png');
    await t.deps.storage.put(orphan, PNG_1X1, 'image/png');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(t.storageDir, orphan), twoHoursAgo, twoHoursAgo);
    const hourBefore = Math.floor(Date.now() / 3600_000);
    const messages: number[] = [];
    const stop = await startReceiptSweeper(t.deps, t.deps.queue, { swept: (n) => messages.push(n), error: (err) => console.error(err) });
    try {
      await expect.poll(async () => t.deps.storage.get(orphan), { timeout: 30_000 }).toBeNull();
      expect(messages).toEqual([1]);
      // This hour's job (the clock may have turned an hour meanwhile), done.
      const thisHour = [hourBefore, Math.floor(Date.now() / 3600_000)].map((h) => jobIdFrom(`receipt-orphan-sweep:${h}`));
      await expect.poll(async () => (await t.deps.database.exec(`select 1 from pgboss.job where id = any($1::uuid[]) and state = 'completed'`, [thisHour])).rows.length).toBe(1);
    } finally {
      stop();
    }
  });
});
