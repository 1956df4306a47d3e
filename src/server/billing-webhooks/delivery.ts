import { and, eq } from 'drizzle-orm';
import { isReservedWebhookHeader } from '@shared/billing.js';
import type { Db, DbOrTx } from '../db/client.js';
import { billingWebhookLogs, billingWebhooks } from '../db/schema/index.js';
import type { Env } from '../env.js';
import { declareQueue, jobIdFrom, type JobQueue } from '../jobs/queue.js';
import type { BillingWebhook } from './service.js';
import { retryDelayMs, sendWebhook, signedHeaders, type AttemptOutcome } from '../webhooks/send.js';

export const DELIVER_JOB = declareQueue('billing-webhook-deliver');
const WORKERS = 4;

/** One attempt of one event to one webhook. Each retry is its own job, scheduled with `startAfter`. */
export interface DeliveryJob {
  webhookId: string;
  /** The event's id: the body's `id`, the same for every attempt, so receivers can deduplicate. */
  eventId: string;
  event: 'subscription.paid';
  createdAt: string;
  test?: boolean;
  data: Record<string, unknown>;
  /** 1 for the first try; retries go up to retryCount + 1. */
  attempt: number;
}

export interface DeliveryDeps {
  db: Db;
  jobs: JobQueue;
  env: Pick<Env, 'NODE_ENV' | 'BILLING_WEBHOOK_RETRY_BASE_MS'>;
}

/** Per (webhook, event, attempt): the payment notified twice, or a worker re-running after a crash, sends nothing more. */
function jobIdOf(job: Pick<DeliveryJob, 'webhookId' | 'eventId' | 'attempt'>): string {
  return jobIdFrom(`${job.webhookId}:${job.eventId}:${job.attempt}`);
}

/** `tx`: the transaction of the write the delivery follows (the payment), so both commit or neither does. */
export async function enqueueDelivery(jobs: JobQueue, job: DeliveryJob, options: { startAfter?: Date; tx?: DbOrTx } = {}): Promise<void> {
  // The HTTP outcome never throws; pg-boss's own retries only cover a crash or a database hiccup inside the handler.
  await jobs.send(DELIVER_JOB, job, { id: jobIdOf(job), ...options, retryLimit: 3, retryDelay: 5, retryBackoff: true });
}

export function deliveryBody(job: DeliveryJob): string {
  return JSON.stringify({ id: job.eventId, event: job.event, createdAt: job.createdAt, ...(job.test ? { test: true } : {}), data: job.data });
}

/** The webhook's own headers, then ours, which they cannot replace (saving already refuses them; older rows too). */
export function deliveryHeaders(hook: Pick<BillingWebhook, 'headers' | 'secret'>, event: string, body: string, timestamp: number): Record<string, string> {
  const custom: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(hook.headers || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [name, value] of Object.entries(parsed)) {
        if (typeof value === 'string' && !isReservedWebhookHeader(name) && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) && !/[\r\n\0]/.test(value)) custom[name] = value;
      }
    }
  } catch {
    /* unreadable headers are skipped, the delivery still goes */
  }
  return { ...custom, ...signedHeaders(event, body, hook.secret, timestamp) };
}

export async function attemptDelivery(hook: BillingWebhook, job: DeliveryJob, env: DeliveryDeps['env'], timeoutSeconds = hook.timeoutSeconds): Promise<AttemptOutcome> {
  const body = deliveryBody(job);
  const timestamp = Math.floor(Date.now() / 1000);
  return sendWebhook(env, { url: hook.url, headers: deliveryHeaders(hook, job.event, body, timestamp), body, timeoutSeconds });
}

/** How one attempt ended; `null` from runDeliveryAttempt when the webhook is gone or inactive. */
export interface AttemptResult extends AttemptOutcome {
  retryScheduled: boolean;
}

/**
 * Runs one attempt: logs it (pending, then succeeded or failed), stamps lastTriggered and, on failure with retries
 * left, schedules the next attempt with exponential back-off. Safe to re-run: an attempt already finished is not sent
 * again. A webhook deleted or deactivated meanwhile gets no further attempts. The current URL, secret and headers are
 * used, so a fix made between retries applies to the next one.
 */
export async function runDeliveryAttempt(deps: DeliveryDeps, job: DeliveryJob, options: { maxTimeoutSeconds?: number } = {}): Promise<AttemptResult | null> {
  const { db } = deps;
  const [hook] = await db.select().from(billingWebhooks).where(eq(billingWebhooks.id, job.webhookId)).limit(1);
  if (!hook || !hook.isActive) return null;
  const sameAttempt = and(eq(billingWebhookLogs.webhookId, hook.id), eq(billingWebhookLogs.eventId, job.eventId), eq(billingWebhookLogs.attempt, job.attempt));
  const [previous] = await db.select().from(billingWebhookLogs).where(sameAttempt).limit(1);
  let outcome: AttemptOutcome;
  if (previous && (previous.succeededAt || previous.failedAt)) outcome = { ok: !!previous.succeededAt, responseStatus: previous.responseStatus, errorMessage: previous.errorMessage };
  else {
    const logId =
      previous?.id ??
      (
        await db
          .insert(billingWebhookLogs)
          .values({ webhookId: hook.id, webhookName: hook.name, eventType: job.event, eventId: job.eventId, attempt: job.attempt })
          .returning({ id: billingWebhookLogs.id })
      )[0].id;
    const timeoutSeconds = Math.min(hook.timeoutSeconds, options.maxTimeoutSeconds ?? hook.timeoutSeconds);
    outcome = await attemptDelivery(hook, job, deps.env, timeoutSeconds);
    const now = new Date();
    await db
      .update(billingWebhookLogs)
      .set({ responseStatus: outcome.responseStatus, errorMessage: outcome.errorMessage, ...(outcome.ok ? { succeededAt: now } : { failedAt: now }) })
      .where(eq(billingWebhookLogs.id, logId));
    await db.update(billingWebhooks).set({ lastTriggered: now }).where(eq(billingWebhooks.id, hook.id));
  }
  const retryScheduled = !outcome.ok && job.attempt <= hook.retryCount;
  if (retryScheduled) {
    const delay = retryDelayMs(deps.env.BILLING_WEBHOOK_RETRY_BASE_MS, job.attempt);
    await enqueueDelivery(deps.jobs, { ...job, attempt: job.attempt + 1 }, { startAfter: new Date(Date.now() + delay) });
  }
  return { ...outcome, retryScheduled };
}

/** Starts consuming delivery jobs (services.ts and the test app); jobs are rows, so pending retries survive a restart. */
export async function startBillingWebhookWorker(deps: DeliveryDeps): Promise<void> {
  // Each worker takes one job at a time: several, so that one receiver slow to time out does not hold up the others.
  for (let i = 0; i < WORKERS; i++)
    await deps.jobs.work<DeliveryJob>(DELIVER_JOB, async (job) => {
      await runDeliveryAttempt(deps, job);
    });
}
