import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '@shared/input.js';
import {
  DEFAULT_PAYABLE_ACCOUNT,
  NIUDATA_MSG,
  type NiudataHistoryQuery,
  type NiudataPendingExpense,
  type NiudataSyncHistoryEntry,
  type NiudataSyncHistoryPage,
  type SyncType,
} from '@shared/niudata.js';
import type { AppDeps } from '../context.js';
import type { Db, DbOrTx } from '../db/client.js';
import { categories, costCenters, expenses, niudataSyncHistory, paymentMethods, users } from '../db/schema/index.js';
import { AppError, errors } from '../errors.js';
import { declareQueue, jobIdFrom } from '../jobs/queue.js';
import { retryDelayMs } from '../webhooks/send.js';
import { NiudataError, exhaustedMessage } from './client.js';
import { findSettings, niudataClient, niudataMode, readToken, type NiudataDeps } from './connection.js';
import { buildVoucher, voucherProblems, type VoucherSource } from './voucher.js';
import { voucherIdempotencyKey } from './wire.js';

/*
 * Sync (part 2 §2.6, §4): a request makes a history row (pending) and a durable pg-boss job; the job sends the
 * voucher with the idempotency key of the expense and records NiuData's voucher id on the expense and the row.
 * Network failures, timeouts and 5xx schedule the next attempt (back-off from NIUDATA_RETRY_BASE_MS, up to
 * NIUDATA_MAX_ATTEMPTS), a 401 or other 4xx ends it. A job that runs again after a crash between sending and
 * recording sends the same key, NiuData answers the voucher it already booked, and nothing is booked twice.
 */

export const NIUDATA_SYNC_JOB = declareQueue('niudata-sync');
export const NIUDATA_MAX_ATTEMPTS = 6;
const WORKERS = 2;

type SyncDeps = NiudataDeps & Pick<AppDeps, 'jobs'>;

export interface SyncJob {
  companyId: string;
  expenseId: string;
  historyId: string;
  attempt: number;
}

const expenseColumns = {
  e: expenses,
  employee: { firstName: users.firstName, lastName: users.lastName, email: users.email },
  category: { name: categories.name, accountingCode: categories.accountingCode },
  paymentMethod: { name: paymentMethods.name, accountingCode: paymentMethods.accountingCode },
  costCenter: { code: costCenters.code },
};

function expenseQuery(db: Db, where: SQL) {
  return db
    .select(expenseColumns)
    .from(expenses)
    .innerJoin(users, eq(users.id, expenses.userId))
    .leftJoin(categories, eq(categories.id, expenses.categoryId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, expenses.paymentMethodId))
    .leftJoin(costCenters, eq(costCenters.id, expenses.costCenterId))
    .where(where);
}
type ExpenseRow = Awaited<ReturnType<ReturnType<typeof expenseQuery>['execute']>>[number];

function sourceOf(row: ExpenseRow): VoucherSource {
  const e = row.e;
  return {
    id: e.id,
    expenseNumber: e.expenseNumber,
    date: e.date,
    description: e.description,
    amountClp: e.amountClp,
    documentType: e.documentType,
    invoiceNumber: e.invoiceNumber,
    taxId: e.taxId,
    netAmount: e.netAmount,
    taxAmount: e.taxAmount,
    approvedAt: e.approvedAt,
    employeeName: `${row.employee.firstName} ${row.employee.lastName}`.trim(),
    category: row.category?.name ? row.category : null,
    paymentMethod: row.paymentMethod?.name ? row.paymentMethod : null,
    costCenter: row.costCenter?.code ? row.costCenter : null,
  };
}

/** One expense of the company with what its voucher needs; 404 for an unknown id or another company's. */
export async function loadExpense(db: Db, companyId: string, expenseId: string): Promise<ExpenseRow> {
  if (!isUuid(expenseId)) throw errors.notFound(NIUDATA_MSG.expenseNotFound);
  const [row] = await expenseQuery(db, and(eq(expenses.companyId, companyId), eq(expenses.id, expenseId))!).limit(1);
  if (!row) throw errors.notFound(NIUDATA_MSG.expenseNotFound);
  return row;
}

export async function voucherFor(deps: NiudataDeps, companyId: string, row: ExpenseRow) {
  const settings = await findSettings(deps.db, companyId);
  return buildVoucher(sourceOf(row), { payableAccount: settings?.payableAccount ?? DEFAULT_PAYABLE_ACCOUNT, ivaAccount: settings?.ivaAccount ?? null });
}

const inFlight = (expenseId: string) => and(eq(niudataSyncHistory.expenseId, expenseId), eq(niudataSyncHistory.status, 'pending'));

async function markExpense(db: DbOrTx, companyId: string, expenseId: string, values: Partial<typeof expenses.$inferInsert>) {
  await db
    .update(expenses)
    .set(values)
    .where(and(eq(expenses.companyId, companyId), eq(expenses.id, expenseId)));
}

export type EnqueueResult = { status: 'pending'; historyId: string } | { status: 'error'; historyId: string; message: string };

/**
 * Queues one approved expense. Refuses (409) one not approved or already synced; an expense missing accounting codes
 * is reported (history row 'error', expense sync error) and nothing is sent. A sync already queued is reused.
 */
export async function enqueueSync(deps: SyncDeps, companyId: string, expenseId: string, syncType: SyncType): Promise<EnqueueResult> {
  const { db } = deps;
  const row = await loadExpense(db, companyId, expenseId);
  if (row.e.status !== 'approved') throw errors.conflict(NIUDATA_MSG.notApproved);
  if (row.e.syncStatus === 'synced') throw errors.conflict(NIUDATA_MSG.alreadySynced);
  const [queued] = await db.select({ id: niudataSyncHistory.id }).from(niudataSyncHistory).where(inFlight(expenseId)).limit(1);
  if (queued) return { status: 'pending', historyId: queued.id };
  const type: SyncType = syncType === 'manual' && row.e.syncStatus === 'error' ? 'retry' : syncType;
  const built = await voucherFor(deps, companyId, row);
  if (!built.ok) {
    const message = built.problems.join('. ');
    const [h] = await db
      .insert(niudataSyncHistory)
      .values({ companyId, expenseId, expenseNumber: row.e.expenseNumber, status: 'error', syncType: type, errorMessage: message })
      .returning({ id: niudataSyncHistory.id });
    await markExpense(db, companyId, expenseId, { syncStatus: 'error', syncError: message });
    return { status: 'error', historyId: h.id, message };
  }
  // The pending row and its job commit together: a pending row without a job would block every later sync.
  const historyId = await db.transaction(async (tx) => {
    const [h] = await tx
      .insert(niudataSyncHistory)
      .values({ companyId, expenseId, expenseNumber: row.e.expenseNumber, status: 'pending', syncType: type, voucherData: built.voucher })
      .returning({ id: niudataSyncHistory.id });
    await markExpense(tx, companyId, expenseId, { syncStatus: 'pending', syncError: null });
    await sendAttempt(deps, { companyId, expenseId, historyId: h.id, attempt: 1 }, { tx });
    return h.id;
  });
  return { status: 'pending', historyId };
}

async function sendAttempt(deps: Pick<AppDeps, 'jobs'>, job: SyncJob, options: { startAfter?: Date; tx?: DbOrTx }): Promise<void> {
  await deps.jobs.send(NIUDATA_SYNC_JOB, job, {
    id: jobIdFrom(`niudata:${job.historyId}:${job.attempt}`),
    ...options,
    // pg-boss's own retries cover a crash or a database error inside the handler; NiuData's answers never throw.
    retryLimit: 3,
    retryDelay: 2,
    retryBackoff: true,
  });
}

/** After an approval (accounting/webhook-delivery.ts): queued when the company turned automatic sync on. */
export async function enqueueAutoSync(deps: SyncDeps, companyId: string, expenseId: string): Promise<void> {
  if (niudataMode(deps.env) === 'unavailable') return;
  const settings = await findSettings(deps.db, companyId);
  if (!settings?.autoSync || !settings.tokenEncrypted) return;
  try {
    await enqueueSync(deps, companyId, expenseId, 'auto');
  } catch (err) {
    // Already synced or no longer approved: nothing to do.
    if (!(err instanceof AppError)) throw err;
  }
}

async function finish(db: Db, job: SyncJob, status: 'success' | 'error', values: Partial<typeof niudataSyncHistory.$inferInsert>) {
  await db
    .update(niudataSyncHistory)
    .set({ status, nextAttemptAt: null, updatedAt: new Date(), ...values })
    .where(eq(niudataSyncHistory.id, job.historyId));
}

async function fail(db: Db, job: SyncJob, message: string) {
  await finish(db, job, 'error', { errorMessage: message });
  await markExpense(db, job.companyId, job.expenseId, { syncStatus: 'error', syncError: message });
}

/**
 * One attempt of one history row. Safe to run again: a finished row is left alone, and the voucher goes out with the
 * expense's idempotency key, so NiuData answers the voucher it already has.
 */
export async function runNiudataSync(deps: SyncDeps, job: SyncJob): Promise<void> {
  const { db } = deps;
  const [history] = await db
    .select()
    .from(niudataSyncHistory)
    .where(and(eq(niudataSyncHistory.id, job.historyId), eq(niudataSyncHistory.companyId, job.companyId)))
    .limit(1);
  if (!history || history.status !== 'pending') return;
  const [row] = await expenseQuery(db, and(eq(expenses.companyId, job.companyId), eq(expenses.id, job.expenseId))!).limit(1);
  if (!row) return finish(db, job, 'error', { errorMessage: NIUDATA_MSG.expenseNotFound });
  if (row.e.syncStatus === 'synced' && row.e.syncVoucherId) {
    return finish(db, job, 'success', { voucherId: row.e.syncVoucherId, errorMessage: null });
  }
  if (row.e.status !== 'approved') return fail(db, job, NIUDATA_MSG.notApproved);
  const built = await voucherFor(deps, job.companyId, row);
  if (!built.ok) return fail(db, job, built.problems.join('. '));
  const client = niudataClient(deps);
  if (!client) return fail(db, job, NIUDATA_MSG.unavailable);
  let token: string | null;
  try {
    token = await readToken(deps, job.companyId);
  } catch (err) {
    if (err instanceof NiudataError) return fail(db, job, err.message);
    throw err;
  }
  if (!token) return fail(db, job, NIUDATA_MSG.notConfigured);

  await db
    .update(niudataSyncHistory)
    .set({ attemptCount: job.attempt, voucherData: built.voucher, nextAttemptAt: null, updatedAt: new Date() })
    .where(eq(niudataSyncHistory.id, job.historyId));
  let voucher;
  try {
    voucher = await client.createVoucher(token, built.voucher, voucherIdempotencyKey(job.companyId, job.expenseId));
  } catch (err) {
    if (!(err instanceof NiudataError)) throw err;
    if (err.retryable && job.attempt < NIUDATA_MAX_ATTEMPTS) {
      const next = new Date(Date.now() + retryDelayMs(deps.env.NIUDATA_RETRY_BASE_MS, job.attempt));
      await db.transaction(async (tx) => {
        await tx.update(niudataSyncHistory).set({ errorMessage: err.message, nextAttemptAt: next, updatedAt: new Date() }).where(eq(niudataSyncHistory.id, job.historyId));
        await markExpense(tx, job.companyId, job.expenseId, { syncError: err.message });
        await sendAttempt(deps, { ...job, attempt: job.attempt + 1 }, { startAfter: next, tx });
      });
      return;
    }
    return fail(db, job, err.retryable ? exhaustedMessage(err.message, job.attempt) : err.message);
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(expenses)
      .set({ syncStatus: 'synced', syncError: null, syncedAt: now, syncVoucherId: voucher.id })
      .where(and(eq(expenses.companyId, job.companyId), eq(expenses.id, job.expenseId)));
    await tx
      .update(niudataSyncHistory)
      .set({ status: 'success', voucherId: voucher.id, voucherUrl: voucher.voucher_url ?? null, errorMessage: null, nextAttemptAt: null, updatedAt: now })
      .where(eq(niudataSyncHistory.id, job.historyId));
  });
}

/** Starts consuming sync jobs (services.ts and the test app). */
export async function startNiudataWorker(deps: SyncDeps): Promise<void> {
  for (let i = 0; i < WORKERS; i++) await deps.jobs.work<SyncJob>(NIUDATA_SYNC_JOB, (job) => runNiudataSync(deps, job));
}

// ---------------------------------------------------------------- lists

const notSynced = (companyId: string) => and(eq(expenses.companyId, companyId), eq(expenses.status, 'approved'), ne(expenses.syncStatus, 'synced'))!;

/** Approved expenses not yet synced (those that failed included, to retry), newest approval first. */
export async function listPending(db: Db, companyId: string, limit = 500): Promise<NiudataPendingExpense[]> {
  const rows = await db
    .select({
      ...expenseColumns,
      syncing: sql<boolean>`exists (select 1 from ${niudataSyncHistory} h where h.expense_id = ${expenses.id} and h.status = 'pending')`,
    })
    .from(expenses)
    .innerJoin(users, eq(users.id, expenses.userId))
    .leftJoin(categories, eq(categories.id, expenses.categoryId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, expenses.paymentMethodId))
    .leftJoin(costCenters, eq(costCenters.id, expenses.costCenterId))
    .where(notSynced(companyId))
    .orderBy(desc(expenses.approvedAt), desc(expenses.id))
    .limit(limit);
  return rows.map((r) => {
    const src = sourceOf(r);
    return {
      id: r.e.id,
      expenseNumber: r.e.expenseNumber,
      date: r.e.date,
      description: r.e.description,
      amountCLP: String(r.e.amountClp),
      documentType: r.e.documentType,
      invoiceNumber: r.e.invoiceNumber,
      employee: r.employee,
      category: src.category,
      paymentMethod: src.paymentMethod,
      approvedAt: r.e.approvedAt?.toISOString() ?? null,
      syncStatus: r.e.syncStatus as NiudataPendingExpense['syncStatus'],
      syncError: r.e.syncError,
      syncing: Boolean(r.syncing),
      problems: voucherProblems(src),
    };
  });
}

/** sync-all: queues every approved, unsynced expense not already queued; those missing codes are reported. */
export async function enqueueAll(deps: SyncDeps, companyId: string) {
  const pending = (await listPending(deps.db, companyId, 1000)).filter((p) => !p.syncing);
  const problems: { expenseId: string; expenseNumber: number; message: string }[] = [];
  let synced = 0;
  for (const p of pending) {
    try {
      const r = await enqueueSync(deps, companyId, p.id, 'manual');
      if (r.status === 'pending') synced++;
      else problems.push({ expenseId: p.id, expenseNumber: p.expenseNumber, message: r.message });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      problems.push({ expenseId: p.id, expenseNumber: p.expenseNumber, message: err.message });
    }
  }
  return { synced, errors: problems.length, total: pending.length, problems };
}

export async function countPending(db: Db, companyId: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(expenses).where(notSynced(companyId));
  return Number(r?.n ?? 0);
}

function presentHistory(h: typeof niudataSyncHistory.$inferSelect): NiudataSyncHistoryEntry {
  return {
    id: h.id,
    expenseId: h.expenseId,
    expenseNumber: h.expenseNumber,
    status: h.status as NiudataSyncHistoryEntry['status'],
    syncType: h.syncType as NiudataSyncHistoryEntry['syncType'],
    voucherId: h.voucherId,
    voucherUrl: h.voucherUrl,
    errorMessage: h.errorMessage,
    attemptCount: h.attemptCount,
    voucherData: h.voucherData ?? null,
    nextAttemptAt: h.nextAttemptAt?.toISOString() ?? null,
    createdAt: h.createdAt.toISOString(),
    updatedAt: h.updatedAt.toISOString(),
  };
}

export async function listHistory(db: Db, companyId: string, q: { page: number; pageSize: number; status?: NiudataHistoryQuery['status']; expenseId?: string }): Promise<NiudataSyncHistoryPage> {
  const where: SQL[] = [eq(niudataSyncHistory.companyId, companyId)];
  if (q.status && q.status !== 'all') where.push(eq(niudataSyncHistory.status, q.status));
  if (q.expenseId) {
    if (!isUuid(q.expenseId)) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
    where.push(eq(niudataSyncHistory.expenseId, q.expenseId));
  }
  const cond = and(...where);
  const [{ n }] = await db.select({ n: count() }).from(niudataSyncHistory).where(cond);
  const rows = await db
    .select()
    .from(niudataSyncHistory)
    .where(cond)
    .orderBy(desc(niudataSyncHistory.createdAt), desc(niudataSyncHistory.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { items: rows.map(presentHistory), total: Number(n), page: q.page, pageSize: q.pageSize };
}
