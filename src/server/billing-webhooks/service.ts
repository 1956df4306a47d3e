import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BillingWebhookLogView, BillingWebhookView, billingWebhookCreateSchema, billingWebhookUpdateSchema } from '@shared/billing.js';
import type { Db } from '../db/client.js';
import { billingWebhookLogs, billingWebhooks } from '../db/schema/index.js';
import type { Env } from '../env.js';
import { errors } from '../errors.js';
import { assertAllowedWebhookUrl } from '../webhooks/send.js';

/**
 * Billing webhooks are platform-wide (not tenant data): they tell Rendix's own systems (accounting, CRM) that a company
 * paid a plan, so only a super admin manages them and no company id scopes them.
 */
export type BillingWebhook = typeof billingWebhooks.$inferSelect;
export type BillingWebhookInput = z.output<typeof billingWebhookCreateSchema>;
export type BillingWebhookUpdate = z.output<typeof billingWebhookUpdateSchema>;

/** How many log rows the logs dialog shows. */
export const LOG_LIMIT = 200;

export function presentWebhook(row: BillingWebhook): BillingWebhookView {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    event: row.event,
    hasSecret: !!row.secret,
    headers: row.headers,
    isActive: row.isActive,
    lastTriggered: row.lastTriggered?.toISOString() ?? null,
    retryCount: row.retryCount,
    timeoutSeconds: row.timeoutSeconds,
    createdAt: row.createdAt.toISOString(),
  };
}

function presentLog(row: typeof billingWebhookLogs.$inferSelect): BillingWebhookLogView {
  return {
    id: row.id,
    webhookName: row.webhookName,
    eventType: row.eventType,
    eventId: row.eventId,
    responseStatus: row.responseStatus,
    errorMessage: row.errorMessage,
    attempt: row.attempt,
    createdAt: row.createdAt.toISOString(),
    succeededAt: row.succeededAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
  };
}

export async function listWebhooks(db: Db): Promise<BillingWebhookView[]> {
  const rows = await db.select().from(billingWebhooks).orderBy(billingWebhooks.createdAt);
  return rows.map(presentWebhook);
}

export async function findWebhook(db: Db, id: string): Promise<BillingWebhook> {
  const [row] = await db.select().from(billingWebhooks).where(eq(billingWebhooks.id, id)).limit(1);
  if (!row) throw errors.notFound('No se encontró el webhook.');
  return row;
}

export async function createWebhook(db: Db, env: Pick<Env, 'NODE_ENV'>, input: BillingWebhookInput): Promise<BillingWebhookView> {
  await assertAllowedWebhookUrl(env, input.url, 'url');
  const [row] = await db
    .insert(billingWebhooks)
    .values({
      name: input.name,
      url: input.url,
      event: input.event,
      secret: input.secret,
      headers: input.headers,
      ...(input.retryCount !== undefined ? { retryCount: input.retryCount } : {}),
      ...(input.timeoutSeconds !== undefined ? { timeoutSeconds: input.timeoutSeconds } : {}),
    })
    .returning();
  return presentWebhook(row);
}

/** An empty secret keeps the stored one (the form never shows it); retries and timeout keep theirs when absent. */
export async function updateWebhook(db: Db, env: Pick<Env, 'NODE_ENV'>, id: string, input: BillingWebhookUpdate): Promise<BillingWebhookView> {
  await findWebhook(db, id);
  // Checked even when the URL is unchanged: what its host resolves to may have changed since it was saved.
  await assertAllowedWebhookUrl(env, input.url, 'url');
  const [row] = await db
    .update(billingWebhooks)
    .set({
      name: input.name,
      url: input.url,
      headers: input.headers,
      isActive: input.isActive,
      ...(input.secret ? { secret: input.secret } : {}),
      ...(input.retryCount !== undefined ? { retryCount: input.retryCount } : {}),
      ...(input.timeoutSeconds !== undefined ? { timeoutSeconds: input.timeoutSeconds } : {}),
      updatedAt: new Date(),
    })
    .where(eq(billingWebhooks.id, id))
    .returning();
  return presentWebhook(row);
}

/** The logs stay (with the webhook's name) so a deleted receiver's history can still be read. */
export async function deleteWebhook(db: Db, id: string): Promise<void> {
  await findWebhook(db, id);
  await db.delete(billingWebhooks).where(eq(billingWebhooks.id, id));
}

export async function listLogs(db: Db): Promise<BillingWebhookLogView[]> {
  const rows = await db.select().from(billingWebhookLogs).orderBy(desc(billingWebhookLogs.createdAt), desc(billingWebhookLogs.attempt)).limit(LOG_LIMIT);
  return rows.map(presentLog);
}
