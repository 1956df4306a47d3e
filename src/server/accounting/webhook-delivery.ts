import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ACCOUNTING_WEBHOOK_EVENT, type AccountingExpense, type ApprovalWebhookBody } from '@shared/integrations.js';
import type { AppDeps } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { accountingWebhookLogs, accountingWebhooks } from '../db/schema/index.js';
import { declareQueue, jobIdFrom, type JobQueue } from '../jobs/queue.js';
import { retryDelayMs, sendWebhook, signedHeaders } from '../webhooks/send.js';
import { getAccountingExpense } from './export.js';
import { findAccountingWebhook } from './webhook.js';
import { enqueueAutoSync } from '../niudata/sync.js';

/*
 * Approval webhook delivery (part 2 §3 'Outgoing approval webhook body'): an approval enqueues `expense-approved`;
 * its handler turns it into attempt 1 of a signed POST when the company's webhook is on. Each attempt is its own
 * pg-boss job (so pending retries survive restarts and are taken once across instances) and its own log row.
 */

export const EXPENSE_APPROVED_JOB = declareQueue('expense-approved');
export const ACCOUNTING_WEBHOOK_JOB = declareQueue('accounting-webhook-deliver');
/** 1 try + 7 retries: with the default 30 s base the last one goes ~1 hour after the approval. */
export const ACCOUNTING_WEBHOOK_MAX_ATTEMPTS = 8;
const TIMEOUT_SECONDS = 10;
const WORKERS = 2;

type DeliveryDeps = Pick<AppDeps, 'db' | 'jobs' | 'env' | 'appUrl'>;

interface ApprovedJob {
  companyId: string;
  expenseId: string;
  /** Whether the webhook was on when the expense was approved: one approved while it was off is never sent later. */
  webhook: boolean;
}

export interface AttemptJob {
  companyId: string;
  eventId: string;
  expenseId: string | null;
  test: boolean;
  /** The exact body, so every retry sends the same bytes (with a fresh timestamp and signature). */
  body: string;
  attempt: number;
}

/** One approval is one event: the id is the same for every attempt, so receivers deduplicate on it. */
export function approvalEventId(expenseId: string): string {
  return `evt_${createHash('sha256').update(`${ACCOUNTING_WEBHOOK_EVENT}:${expenseId}`).digest('hex').slice(0, 32)}`;
}

/**
 * Called in the approval's transaction, so the event exists if and only if the approval committed. An expense is
 * approved once, so enqueueing it twice sends nothing more.
 */
export async function enqueueExpenseApproved(jobs: JobQueue, tx: DbOrTx, companyId: string, expenseId: string): Promise<void> {
  const hook = await findAccountingWebhook(tx, companyId);
  const webhook = !!hook?.enabled && !!hook.url;
  await jobs.send<ApprovedJob>(EXPENSE_APPROVED_JOB, { companyId, expenseId, webhook }, { tx, id: jobIdFrom(`approved:${expenseId}`) });
}

async function enqueueAttempt(jobs: JobQueue, job: AttemptJob, startAfter?: Date): Promise<void> {
  // The HTTP outcome never throws; pg-boss's own retries only cover a crash or a database hiccup inside the handler.
  await jobs.send(ACCOUNTING_WEBHOOK_JOB, job, {
    id: jobIdFrom(`${job.companyId}:${job.eventId}:${job.attempt}`),
    ...(startAfter ? { startAfter } : {}),
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
  });
}

function bodyOf(eventId: string, expense: AccountingExpense, test: boolean): string {
  const body: ApprovalWebhookBody = { id: eventId, event: ACCOUNTING_WEBHOOK_EVENT, timestamp: new Date().toISOString(), ...(test ? { test: true } : {}), expense };
  return JSON.stringify(body);
}

async function handleExpenseApproved(deps: DeliveryDeps, job: ApprovedJob): Promise<void> {
  // NiuData's automatic sync starts from the same durable approval event (when the company turned it on).
  await enqueueAutoSync(deps, job.companyId, job.expenseId);
  if (!job.webhook) return;
  const hook = await findAccountingWebhook(deps.db, job.companyId);
  if (!hook?.enabled || !hook.url) return;
  const expense = await getAccountingExpense(deps.db, job.companyId, job.expenseId, deps.appUrl);
  const eventId = approvalEventId(job.expenseId);
  await enqueueAttempt(deps.jobs, { companyId: job.companyId, eventId, expenseId: job.expenseId, test: false, body: bodyOf(eventId, expense, false), attempt: 1 });
}

/** A sample approved expense for 'Probar': realistic, clearly marked as a test. */
function sampleExpense(appUrl: string): AccountingExpense {
  const now = new Date().toISOString();
  const id = '00000000-0000-0000-0000-000000000000';
  return {
    id,
    expenseNumber: 0,
    date: now.slice(0, 10),
    description: 'Evento de prueba de Rendix',
    amount: '11900.00',
    currency: 'CLP',
    exchangeRate: '1.000000',
    amountCLP: '11900',
    netAmount: '10000',
    taxAmount: '1900',
    documentType: 'factura',
    invoiceNumber: '123',
    taxId: '76086428-5',
    address: null,
    status: 'approved',
    employee: { id, firstName: 'Empleado', lastName: 'de Prueba', email: 'prueba@rendix.cl' },
    category: { id, name: 'Factura', accountingCode: '5101' },
    paymentMethod: { id, name: 'Transferencia', accountingCode: '2101' },
    costCenter: null,
    receiptUrl: `${appUrl.replace(/\/$/, '')}/api/accounting/expense/${id}/receipt`,
    approvedBy: { firstName: 'Administrador', lastName: 'de Prueba', email: 'admin@rendix.cl' },
    approvedAt: now,
    syncStatus: 'pending',
    createdAt: now,
  };
}

/** 'Probar': one attempt (no retries) of a test event marked `test: true`, logged like any other. */
export async function sendAccountingTestEvent(deps: DeliveryDeps, companyId: string): Promise<string> {
  const eventId = `evt_test_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
  await enqueueAttempt(deps.jobs, { companyId, eventId, expenseId: null, test: true, body: bodyOf(eventId, sampleExpense(deps.appUrl), true), attempt: 1 });
  return eventId;
}

/**
 * One attempt: log it (pending, then succeeded or failed), send it signed with the current URL and secret, and on
 * failure schedule the next attempt with exponential back-off. Safe to re-run: a finished attempt is not sent again.
 * A webhook switched off (or emptied) meanwhile gets no further attempts.
 */
export async function runAccountingWebhookAttempt(deps: DeliveryDeps, job: AttemptJob): Promise<void> {
  const { db } = deps;
  const hook = await findAccountingWebhook(db, job.companyId);
  if (!hook?.enabled || !hook.url) return;
  const sameAttempt = and(eq(accountingWebhookLogs.companyId, job.companyId), eq(accountingWebhookLogs.eventId, job.eventId), eq(accountingWebhookLogs.attempt, job.attempt));
  await db
    .insert(accountingWebhookLogs)
    .values({ companyId: job.companyId, expenseId: job.expenseId, eventType: ACCOUNTING_WEBHOOK_EVENT, eventId: job.eventId, url: hook.url, test: job.test, attempt: job.attempt })
    .onConflictDoNothing();
  const [log] = await db.select().from(accountingWebhookLogs).where(sameAttempt).limit(1);
  let ok: boolean;
  if (log.succeededAt || log.failedAt) ok = !!log.succeededAt;
  else {
    const outcome = await sendWebhook(deps.env, {
      url: hook.url,
      headers: signedHeaders(ACCOUNTING_WEBHOOK_EVENT, job.body, hook.secret),
      body: job.body,
      timeoutSeconds: TIMEOUT_SECONDS,
    });
    ok = outcome.ok;
    const now = new Date();
    const retryAt = !ok && !job.test && job.attempt < ACCOUNTING_WEBHOOK_MAX_ATTEMPTS ? new Date(now.getTime() + retryDelayMs(deps.env.ACCOUNTING_WEBHOOK_RETRY_BASE_MS, job.attempt)) : null;
    await db
      .update(accountingWebhookLogs)
      .set({ url: hook.url, responseStatus: outcome.responseStatus, errorMessage: outcome.errorMessage, nextAttemptAt: retryAt, ...(ok ? { succeededAt: now } : { failedAt: now }) })
      .where(eq(accountingWebhookLogs.id, log.id));
    await db.update(accountingWebhooks).set({ lastTriggered: now }).where(eq(accountingWebhooks.companyId, job.companyId));
  }
  if (!ok && !job.test && job.attempt < ACCOUNTING_WEBHOOK_MAX_ATTEMPTS) {
    const [current] = await db.select({ next: accountingWebhookLogs.nextAttemptAt }).from(accountingWebhookLogs).where(sameAttempt).limit(1);
    await enqueueAttempt(deps.jobs, { ...job, attempt: job.attempt + 1 }, current?.next ?? new Date());
  }
}

/** Starts consuming approval events and delivery attempts (services.ts and the test app). */
export async function startAccountingWebhookWorker(deps: DeliveryDeps): Promise<void> {
  await deps.jobs.work<ApprovedJob>(EXPENSE_APPROVED_JOB, (job) => handleExpenseApproved(deps, job));
  // Several, so that one receiver slow to time out does not hold up the other companies'.
  for (let i = 0; i < WORKERS; i++) await deps.jobs.work<AttemptJob>(ACCOUNTING_WEBHOOK_JOB, (job) => runAccountingWebhookAttempt(deps, job));
}
