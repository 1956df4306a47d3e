import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { EMAIL_MSG, OUTBOX_STATUSES, type OutboxMessage, type OutboxMessageDetail, type OutboxPage, type OutboxStatus } from '@shared/email.js';
import type { Db } from '../db/client.js';
import { emailOutbox } from '../db/schema/index.js';
import { errors } from '../errors.js';

/*
 * The outbox viewer (issue 14 item 5): the platform's e-mail as the super admin reads it. Bodies carry live
 * tokens (invitations, password resets), so they are only ever returned by `findOutboxMessage`, never logged.
 */

type OutboxRow = typeof emailOutbox.$inferSelect;

const asStatus = (s: string): OutboxStatus => ((OUTBOX_STATUSES as readonly string[]).includes(s) ? (s as OutboxStatus) : 'queued');

function present(row: Pick<OutboxRow, 'id' | 'to' | 'subject' | 'status' | 'attempts' | 'lastError' | 'sentAt' | 'createdAt'>): OutboxMessage {
  return {
    id: row.id,
    recipient: row.to,
    subject: row.subject,
    status: asStatus(row.status),
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * In production a message already delivered has done its job: its body (and the token in it) stays out of reach of
 * a stolen super admin session. Unsent messages (embedded outbox, queued, failed) keep it, so their links can be
 * followed by hand.
 */
export function presentOutboxDetail(row: OutboxRow, opts: { production: boolean }): OutboxMessageDetail {
  const hidden = opts.production && row.status === 'sent';
  return {
    ...present(row),
    body: hidden ? null : { text: row.text, html: row.html },
    bodyNote: hidden ? EMAIL_MSG.bodyHidden : null,
  };
}

export async function listOutbox(db: Db, f: { status?: OutboxStatus; search?: string; page: number; pageSize: number }): Promise<OutboxPage> {
  const where: SQL[] = [];
  if (f.status) where.push(eq(emailOutbox.status, f.status));
  const q = f.search?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(emailOutbox.to, like), ilike(emailOutbox.subject, like))!);
  }
  const filter = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        sentAt: emailOutbox.sentAt,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(filter)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ total: count() }).from(emailOutbox).where(filter),
  ]);
  return { items: rows.map(present), total: Number(total), page: f.page, pageSize: f.pageSize };
}

export async function findOutboxMessage(db: Db, id: string, opts: { production: boolean }): Promise<OutboxMessageDetail> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  if (!row) throw errors.notFound('El mensaje no existe.');
  return presentOutboxDetail(row, opts);
}
