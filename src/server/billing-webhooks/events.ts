import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { billingWebhooks } from '../db/schema/index.js';
import { WEBHOOK_TEST_MAX_SECONDS, type WebhookTestResult } from '@shared/billing.js';
import { errors } from '../errors.js';
import { enqueueDelivery, runDeliveryAttempt, type DeliveryDeps, type DeliveryJob } from './delivery.js';

type EventDeps = Pick<AppDeps, 'db' | 'jobs'>;

export interface SubscriptionPaidEvent {
  companyId: string;
  companyName: string;
  planId: string;
  invoiceId: string;
  invoiceNumber: string;
  totalAmount: number;
  paidAt: string;
}

/** The same invoice always yields the same event id: receivers deduplicate on it, and so does our queue. */
export function subscriptionPaidEventId(invoiceId: string): string {
  return `evt_${createHash('sha256').update(`subscription.paid:${invoiceId}`).digest('hex').slice(0, 32)}`;
}

/**
 * Called by billing in the transaction that records a plan payment (`tx`): one durable delivery job per active
 * webhook subscribed to `subscription.paid`, committed with the payment. Only enqueues; the worker signs, sends, logs
 * and retries. Calling it twice for one invoice sends nothing more.
 */
export async function notifySubscriptionPaid(deps: EventDeps, event: SubscriptionPaidEvent, { tx = deps.db }: { tx?: DbOrTx } = {}): Promise<void> {
  const hooks = await tx
    .select({ id: billingWebhooks.id })
    .from(billingWebhooks)
    .where(and(eq(billingWebhooks.isActive, true), eq(billingWebhooks.event, 'subscription.paid')));
  const eventId = subscriptionPaidEventId(event.invoiceId);
  const createdAt = new Date().toISOString();
  const data = { ...event, currency: 'CLP' };
  for (const hook of hooks) {
    await enqueueDelivery(deps.jobs, { webhookId: hook.id, eventId, event: 'subscription.paid', createdAt, data, attempt: 1 }, { tx });
  }
}

/**
 * 'Probar': a `subscription.paid` marked `test: true` with sample data (overridable with `testData`). The first attempt
 * runs now, with the same signing and log as a real one, bounded by WEBHOOK_TEST_MAX_SECONDS, so the super admin
 * learns its real outcome; a failure is retried in the background like any delivery.
 */
export async function sendTestEvent(deps: DeliveryDeps, webhookId: string, testData: Record<string, unknown> = {}): Promise<WebhookTestResult> {
  const eventId = `evt_test_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
  const now = new Date().toISOString();
  const data = {
    companyId: '00000000-0000-0000-0000-000000000000',
    companyName: 'Empresa de Prueba SpA',
    planId: 'professional',
    invoiceId: '00000000-0000-0000-0000-000000000000',
    invoiceNumber: 'PRUEBA-0001',
    totalAmount: 29990,
    currency: 'CLP',
    paidAt: now,
    ...testData,
  };
  const job: DeliveryJob = { webhookId, eventId, event: 'subscription.paid', createdAt: now, test: true, data, attempt: 1 };
  const result = await runDeliveryAttempt(deps, job, { maxTimeoutSeconds: WEBHOOK_TEST_MAX_SECONDS });
  if (!result) throw errors.badRequest('El webhook está inactivo. Actívalo para poder probarlo.');
  if (result.ok) return { success: true, eventId, responseStatus: result.responseStatus, retryScheduled: false, message: `El receptor respondió HTTP ${result.responseStatus}.` };
  const reason = (result.errorMessage ?? 'La entrega falló').replace(/([^.])$/, '$1.');
  const retry = result.retryScheduled ? ' Se reintentará automáticamente; revisa los registros.' : '';
  return { success: false, eventId, responseStatus: result.responseStatus, retryScheduled: result.retryScheduled, message: reason + retry };
}
