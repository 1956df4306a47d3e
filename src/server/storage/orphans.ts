import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { expenses } from '../db/schema/index.js';
import { declareQueue, jobIdFrom, type JobQueue } from '../jobs/queue.js';
import { RECEIPT_KEY_PATTERN, type ReceiptStorage } from './receipts.js';

export const RECEIPT_SWEEP_JOB = declareQueue('receipt-orphan-sweep');

/**
 * How old an unreferenced file must be before it is removed. A receipt is stored just before the transaction that
 * records its key; an hour is far longer than any such transaction, so a file still waiting for its row is never
 * taken for an orphan.
 */
export const ORPHAN_MIN_AGE_MS = 3600_000;

const BATCH = 500;

/**
 * Deletes stored receipts that no row references and that are older than `minAgeMs` (at `now`): files left by a
 * crash between the upload and the commit, by a failed clean-up, or by a replaced receipt whose old file survived.
 * Only keys of the shape `newReceiptKey` makes are considered, so nothing else in a shared bucket is touched.
 */
export async function sweepOrphanReceipts(
  db: Db,
  storage: ReceiptStorage,
  opts: { now?: Date; minAgeMs?: number } = {},
): Promise<{ scanned: number; deleted: string[] }> {
  const cutoff = (opts.now ?? new Date()).getTime() - (opts.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  const deleted: string[] = [];
  let scanned = 0;
  let batch: string[] = [];
  const flush = async () => {
    deleted.push(...(await deleteUnreferenced(db, storage, batch)));
    batch = [];
  };
  for await (const file of storage.list('')) {
    scanned++;
    if (!RECEIPT_KEY_PATTERN.test(file.key) || file.lastModified.getTime() >= cutoff) continue;
    batch.push(file.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return { scanned, deleted };
}

/** Looks the keys up per company (a key starts with its company's id, so the company indexes serve the lookup). */
async function deleteUnreferenced(db: Db, storage: ReceiptStorage, keys: string[]): Promise<string[]> {
  const byCompany = new Map<string, string[]>();
  for (const key of keys) {
    const companyId = key.slice(0, key.indexOf('/'));
    byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), key]);
  }
  const deleted: string[] = [];
  for (const [companyId, companyKeys] of byCompany) {
    const rows = await db
      .select({ key: expenses.receiptKey })
      .from(expenses)
      .where(and(eq(expenses.companyId, companyId), inArray(expenses.receiptKey, companyKeys)));
    const referenced = new Set(rows.map((r) => r.key));
    for (const key of companyKeys) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      deleted.push(key);
    }
  }
  return deleted;
}

/**
 * Runs the sweep once an hour across all instances: each instance offers the current hour's job every 10 minutes,
 * its id is derived from the hour, so pg-boss keeps one and one worker takes it.
 */
export async function startReceiptSweeper(
  deps: { db: Db; storage: ReceiptStorage },
  queue: JobQueue,
  log: { swept: (deleted: number) => void; error: (err: unknown) => void },
): Promise<() => void> {
  await queue.work(RECEIPT_SWEEP_JOB, async () => {
    const { deleted } = await sweepOrphanReceipts(deps.db, deps.storage);
    if (deleted.length) log.swept(deleted.length);
  });
  const offer = () => void scheduleReceiptSweep(queue).catch(log.error);
  offer();
  const timer = setInterval(offer, 10 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Queues this hour's sweep; a second offer for the same hour (from any instance) adds nothing. */
export function scheduleReceiptSweep(queue: JobQueue, now = new Date()): Promise<string | null> {
  const hour = Math.floor(now.getTime() / 3600_000);
  return queue.send(RECEIPT_SWEEP_JOB, {}, { id: jobIdFrom(`${RECEIPT_SWEEP_JOB}:${hour}`), retryLimit: 2 });
}
