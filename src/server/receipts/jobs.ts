import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { expenses } from '../db/schema/index.js';
import { declareQueue, type JobQueue } from '../jobs/queue.js';
import type { ReceiptStorage } from '../storage/receipts.js';
import { receiptChecks, type ReceiptAnalyzer } from './service.js';

export const RECEIPT_CHECK_JOB = declareQueue('receipt-check');

interface CheckDeps {
  db: Db;
  storage: ReceiptStorage;
  receipts: ReceiptAnalyzer;
}

/**
 * Reads an expense's stored receipt and records its timbre and flags. Runs as a durable job when an expense was saved
 * (or its receipt replaced) without a fresh analysis at hand, so the filing itself never waits for OCR.
 */
export async function refreshReceiptChecks(deps: CheckDeps, companyId: string, expenseId: string): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(expenses)
    .where(and(eq(expenses.companyId, companyId), eq(expenses.id, expenseId)));
  if (!row) return;
  const data = row.receiptKey ? await deps.storage.get(row.receiptKey) : null;
  const file = data && row.receiptMime ? { data, mime: row.receiptMime } : null;
  // An unreadable receipt is not a failure of the job: it simply yields no timbre.
  const analysis = file ? await deps.receipts.read(companyId, file).catch(() => null) : null;
  const checks = await receiptChecks(deps.db, companyId, { file, analysis, fields: row }, { id: row.id, expenseNumber: row.expenseNumber });
  await deps.db
    .update(expenses)
    .set(checks)
    // The receipt may have been replaced meanwhile: then a newer job owns the result.
    .where(and(eq(expenses.companyId, companyId), eq(expenses.id, expenseId), row.receiptKey ? eq(expenses.receiptKey, row.receiptKey) : isNull(expenses.receiptKey)));
}

export async function startReceiptWorker(deps: CheckDeps, queue: JobQueue): Promise<void> {
  await queue.work<{ companyId: string; expenseId: string }>(RECEIPT_CHECK_JOB, (job) => refreshReceiptChecks(deps, job.companyId, job.expenseId));
}

/**
 * In the transaction of a filing, an edit or a receipt replacement: the checks are refreshed even if the process dies
 * right after the commit.
 */
export async function enqueueReceiptCheck(jobs: JobQueue, tx: DbOrTx, companyId: string, expenseId: string): Promise<void> {
  await jobs.send(RECEIPT_CHECK_JOB, { companyId, expenseId }, { tx });
}

/**
 * After an edit or a receipt replacement has committed (with its job): refresh the checks now when that is cheap (no
 * receipt, or its reading is cached), so the answer shows them; the job does the same again, cheaply.
 */
export async function refreshReceiptChecksIfCheap(deps: CheckDeps, companyId: string, expenseId: string, fileSha256: string | null): Promise<void> {
  if (!fileSha256 || deps.receipts.cached(companyId, fileSha256)) await refreshReceiptChecks(deps, companyId, expenseId);
}
