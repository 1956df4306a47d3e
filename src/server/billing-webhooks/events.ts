import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../context.js';
import { billingWebhooks } from '../db/schema/index.js';
import { enqueueDelivery, type DeliveryJob } from './delivery.js';

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
 * Called by billing once a plan payment is recorded: one durable delivery job per active webhook subscribed to
 * `subscription.paid`. Only enqueues; the worker signs, sends, logs and retries. Calling it twice for one invoice
 * sends nothing more.
 */
export async function notifySubscriptionPaid(deps: EventDeps, event: SubscriptionPaidEvent): Promise<void> {
  const hooks = await deps.db
    .select({ id: billingWebhooks.id })
    .from(billingWebhooks)
    .where(and(eq(billingWebhooks.isActive, true), eq(billingWebhooks.event, 'subscription.paid')));
  const eventId = subscriptionPaidEventId(event.invoiceId);
  const createdAt = new Date().toISOString();
  const data = { ...event, currency: 'CLP' };
  for (const hook of hooks) {
    await enqueueDelivery(deps.jobs, { webhookId: hook.id, eventId, event: 'subscription.paid', createdAt, data, attempt: 1 });
  }
}

/**
 * 'Probar': a `subscription.paid` marked `test: true` with sample data (overridable with `testData`), through the same
 * job, signing, retries and logs as a real one. Returns the event id to find it in the logs.
 */
export async function sendTestEvent(deps: EventDeps, webhookId: string, testData: Record<string, unknown> = {}): Promise<string> {
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
  await enqueueDelivery(deps.jobs, job);
  return eventId;
}
