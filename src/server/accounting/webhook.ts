import { desc, eq, sql } from 'drizzle-orm';
import type { AccountingWebhookLogView, AccountingWebhookView } from '@shared/integrations.js';
import type { Db, DbOrTx } from '../db/client.js';
import { accountingWebhookLogs, accountingWebhooks, auditLog, expenses } from '../db/schema/index.js';
import type { Env } from '../env.js';
import { randomToken } from '../auth/passwords.js';
import type { Actor } from '../policies/index.js';
import { assertAllowedWebhookUrl } from '../webhooks/send.js';

/*
 * The company's approval webhook (part 2 §2.5 'Webhook', §3, §5): one URL per company, on or off, and the secret that
 * signs every delivery. The secret is created with the first save and shown in that answer only (and on rotation).
 */

export type AccountingWebhookRow = typeof accountingWebhooks.$inferSelect;

function newSecret(): string {
  return `whsec_${randomToken(32)}`;
}

function present(row: AccountingWebhookRow | undefined, extra: { secret?: string; message?: string } = {}): AccountingWebhookView {
  return {
    webhookUrl: row?.url ?? null,
    enabled: row?.enabled ?? false,
    hasSecret: !!row?.secret,
    lastTriggered: row?.lastTriggered?.toISOString() ?? null,
    ...extra,
  };
}

export async function findAccountingWebhook(db: DbOrTx, companyId: string): Promise<AccountingWebhookRow | undefined> {
  const [row] = await db.select().from(accountingWebhooks).where(eq(accountingWebhooks.companyId, companyId)).limit(1);
  return row;
}

export async function getAccountingWebhook(db: Db, companyId: string): Promise<AccountingWebhookView> {
  return present(await findAccountingWebhook(db, companyId));
}

/** Saves URL and switch (validated by accountingWebhookInputSchema); in production a private-network URL is refused. */
export async function saveAccountingWebhook(
  db: Db,
  env: Pick<Env, 'NODE_ENV'>,
  actor: Actor,
  companyId: string,
  input: { webhookUrl: string; enabled: boolean },
): Promise<AccountingWebhookView> {
  if (input.webhookUrl) await assertAllowedWebhookUrl(env, input.webhookUrl, 'webhookUrl');
  const secret = newSecret();
  const url = input.webhookUrl || null;
  // The settings and their audit entry are saved together or not at all.
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(accountingWebhooks)
      .values({ companyId, url, enabled: input.enabled, secret })
      .onConflictDoUpdate({ target: accountingWebhooks.companyId, set: { url, enabled: input.enabled, updatedAt: new Date() } })
      .returning();
    await tx.insert(auditLog).values({
      companyId,
      actorUserId: actor.userId,
      entityType: 'accounting_webhook',
      entityId: companyId,
      action: 'accounting_webhook.saved',
      changes: { url, enabled: input.enabled },
    });
    return saved;
  });
  const created = row.secret === secret;
  return present(row, {
    message: input.enabled ? 'Webhook guardado: se llamará con cada rendición aprobada.' : 'Webhook guardado (desactivado).',
    ...(created ? { secret } : {}),
  });
}

/** A new signing secret, effective from the next delivery; the old one stops verifying at once. */
export async function rotateAccountingWebhookSecret(db: Db, actor: Actor, companyId: string): Promise<AccountingWebhookView> {
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(accountingWebhooks)
      .values({ companyId, secret })
      .onConflictDoUpdate({ target: accountingWebhooks.companyId, set: { secret, updatedAt: new Date() } })
      .returning();
    await tx.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: 'accounting_webhook', entityId: companyId, action: 'accounting_webhook.secret_rotated' });
    return saved;
  });
  return present(row, { secret, message: 'Secreto regenerado: actualiza tu receptor, el anterior ya no es válido.' });
}

export async function listAccountingWebhookLogs(db: Db, companyId: string, limit = 50): Promise<AccountingWebhookLogView[]> {
  const rows = await db
    .select({ log: accountingWebhookLogs, expenseNumber: expenses.expenseNumber })
    .from(accountingWebhookLogs)
    .leftJoin(expenses, eq(expenses.id, accountingWebhookLogs.expenseId))
    .where(eq(accountingWebhookLogs.companyId, companyId))
    .orderBy(desc(accountingWebhookLogs.createdAt), desc(accountingWebhookLogs.attempt))
    .limit(limit);
  return rows.map(({ log, expenseNumber }) => ({
    id: log.id,
    eventType: log.eventType,
    eventId: log.eventId,
    expenseId: log.expenseId,
    expenseNumber: expenseNumber ?? null,
    url: log.url,
    test: log.test,
    attempt: log.attempt,
    status: log.succeededAt ? 'succeeded' : log.failedAt ? 'failed' : 'pending',
    responseStatus: log.responseStatus,
    errorMessage: log.errorMessage,
    nextAttemptAt: log.nextAttemptAt?.toISOString() ?? null,
    createdAt: log.createdAt.toISOString(),
    succeededAt: log.succeededAt?.toISOString() ?? null,
    failedAt: log.failedAt?.toISOString() ?? null,
  }));
}

/** Delivery logs older than 90 days are dropped by the periodic cleanup. */
export async function purgeOldAccountingWebhookLogs(db: Db): Promise<void> {
  await db.execute(sql`delete from accounting_webhook_logs where created_at < now() - interval '90 days'`);
}
