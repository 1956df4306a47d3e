import { and, asc, eq } from 'drizzle-orm';
import type { ExpenseData } from '@shared/expenses.js';
import type { AuditEntry } from '@shared/approvals.js';
import type { AppDeps } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { SELF_APPROVAL_MSG, type ApprovalSettings } from '@shared/approvals.js';
import { countActiveAdmins, lockCompany, writeAudit } from '../companies/service.js';
import { auditLog, companies, expenses, users } from '../db/schema/index.js';
import { errors } from '../errors.js';
import { authorize, can, type Actor } from '../policies/index.js';
import { getExpense, resolveExpenseFields, type ExpenseFollowUp, type ReceiptFile } from '../expenses/service.js';
import { newReceiptKey, type ReceiptStorage } from '../storage/receipts.js';
import { faultPoint } from '../platform/faults.js';
import { enqueueExpenseApproved } from '../accounting/webhook-delivery.js';
import { enqueueExpenseDecided } from '../notifications/service.js';

type Decision = { status: 'approved' } | { status: 'rejected'; rejectionReason: string | null };

/** An expense's columns once it is decided: the single approval, or the last step of a multi-step one (approval-flow). */
export function decidedColumns(decision: Decision, approverId: string, now: Date) {
  return {
    status: decision.status,
    approverId,
    approvedAt: decision.status === 'approved' ? now : null,
    rejectedAt: decision.status === 'rejected' ? now : null,
    rejectionReason: decision.status === 'rejected' ? decision.rejectionReason : null,
    updatedAt: now,
  };
}

const ALREADY_DECIDED = 'Esta rendición ya fue procesada por otro administrador.';

/** The company's separation-of-duties setting (false when the company is not found). */
export async function allowsSelfApproval(db: Db, companyId: string): Promise<boolean> {
  const [c] = await db.select({ allow: companies.allowSelfApproval }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return c?.allow ?? false;
}

/** The Empresa page's 'Aprobaciones' card. */
export async function approvalSettings(db: Db, companyId: string): Promise<ApprovalSettings> {
  return { allowSelfApproval: await allowsSelfApproval(db, companyId), activeAdmins: await countActiveAdmins(db, companyId) };
}

/** Turns self-approval on or off; the change is audited ('company.self_approval_changed'). */
export async function updateApprovalSettings(db: Db, actor: Actor, companyId: string, allowSelfApproval: boolean): Promise<ApprovalSettings> {
  await db.transaction(async (tx) => {
    const before = await lockCompany(tx, companyId);
    if (before.allowSelfApproval === allowSelfApproval) return;
    await tx.update(companies).set({ allowSelfApproval, updatedAt: new Date() }).where(eq(companies.id, companyId));
    await writeAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      entityType: 'company',
      entityId: companyId,
      action: 'company.self_approval_changed',
      changes: { allowSelfApproval: { from: before.allowSelfApproval, to: allowSelfApproval } },
    });
  });
  return approvalSettings(db, companyId);
}

/**
 * pending -> approved | rejected, in one conditional UPDATE: of two concurrent decisions exactly
 * one changes the row; the other finds it decided and answers 409. Nobody decides their own expense
 * (403) unless the company allows self-approval; then the audit says so ('expense.self_approved').
 * The decision's e-mail and the `expense-approved` event are enqueued in the same transaction.
 */
export async function decideExpense(
  { db, jobs }: Pick<AppDeps, 'db' | 'jobs'>,
  actor: Actor,
  companyId: string,
  id: string,
  decision: Decision,
) {
  const current = await getExpense(db, actor, companyId, id);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [company] = await tx.select({ allow: companies.allowSelfApproval }).from(companies).where(eq(companies.id, companyId));
    const own = current.user.id === actor.userId;
    authorize(can.decideExpenseOf(actor, current.user.id, company?.allow ?? false), SELF_APPROVAL_MSG.forbidden);
    const [row] = await tx
      .update(expenses)
      .set(decidedColumns(decision, actor.userId, now))
      .where(and(eq(expenses.id, current.id), eq(expenses.companyId, companyId), eq(expenses.status, 'pending')))
      .returning({ id: expenses.id, userId: expenses.userId });
    if (!row) throw errors.conflict(ALREADY_DECIDED);
    await tx.insert(auditLog).values({
      companyId,
      actorUserId: actor.userId,
      entityType: 'expense',
      entityId: row.id,
      action: own ? (decision.status === 'approved' ? 'expense.self_approved' : 'expense.self_rejected') : `expense.${decision.status}`,
      changes:
        decision.status === 'rejected' || own
          ? { ...(decision.status === 'rejected' ? { rejectionReason: decision.rejectionReason } : {}), ...(own ? { selfApproval: true } : {}) }
          : null,
    });
    if (decision.status === 'approved') await enqueueExpenseApproved(jobs, tx, companyId, row.id);
    await enqueueExpenseDecided(jobs, tx, { companyId, expenseId: row.id, ownerId: row.userId });
    return row;
  });
}

/** Admin edit of a pending expense; the audit entry keeps only what changed, as before -> after. `followUp` runs in its transaction. */
export async function editPendingExpense(
  db: Db,
  actor: Actor,
  companyId: string,
  id: string,
  input: ExpenseData,
  followUp?: (tx: Tx, expenseId: string, before: typeof expenses.$inferSelect) => Promise<void>,
) {
  const current = await getExpense(db, actor, companyId, id);
  if (current.status !== 'pending') throw errors.conflict('Solo se pueden editar rendiciones pendientes.');
  return db.transaction(async (tx) => {
    const fields = await resolveExpenseFields(tx, companyId, input);
    const [before] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
    if (before.status !== 'pending') throw errors.conflict('Solo se pueden editar rendiciones pendientes.');
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(fields)) {
      const old = (before as Record<string, unknown>)[key];
      // Numeric columns come back as strings with their scale ('950.000000'): compare them as numbers.
      const same = typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(String(value ?? '')) ? Number(old) === Number(value) && old !== null : String(old ?? '') === String(value ?? '');
      if (!same) changes[key] = { from: old ?? null, to: value ?? null };
    }
    await tx.update(expenses).set({ ...fields, updatedAt: new Date() }).where(eq(expenses.id, id));
    if (Object.keys(changes).length) {
      await tx.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: 'expense', entityId: id, action: 'expense.updated', changes });
    }
    await followUp?.(tx, id, before);
  });
}

/**
 * Replaces the receipt file, by the rule of createExpense: the new file is stored under a fresh key before the
 * transaction that records it, and the old file is removed only after the row points at the new one (a crash in
 * between leaves an unreferenced file for the orphan sweeper, never a row without its file). `followUp` runs in the
 * transaction.
 */
export async function replaceReceipt(db: Db, storage: ReceiptStorage, actor: Actor, companyId: string, id: string, file: ReceiptFile, followUp?: ExpenseFollowUp) {
  await getExpense(db, actor, companyId, id); // 404 unless the actor may read it
  const key = newReceiptKey(companyId, file.mime);
  await storage.put(key, file.data, file.mime);
  faultPoint('receipt.after-put');
  let previousKey: string | null;
  try {
    previousKey = await db.transaction(async (tx) => {
      // The key as committed now (not as read above): two replacements at once each remove only the file they replaced.
      const [before] = await tx
        .select({ key: expenses.receiptKey })
        .from(expenses)
        .where(and(eq(expenses.id, id), eq(expenses.companyId, companyId)))
        .for('update');
      if (!before) throw errors.notFound('Rendición no encontrada.');
      await tx
        .update(expenses)
        .set({ receiptKey: key, receiptMime: file.mime, receiptSize: file.data.length, updatedAt: new Date() })
        .where(and(eq(expenses.id, id), eq(expenses.companyId, companyId)));
      await tx.insert(auditLog).values({
        companyId,
        actorUserId: actor.userId,
        entityType: 'expense',
        entityId: id,
        action: 'expense.receipt_replaced',
        changes: { mime: file.mime, size: file.data.length, hadReceipt: !!before.key },
      });
      await followUp?.(tx, id);
      return before.key;
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
  if (previousKey) await storage.delete(previousKey).catch(() => undefined);
}

export async function expenseHistory(db: Db, actor: Actor, companyId: string, id: string): Promise<AuditEntry[]> {
  await getExpense(db, actor, companyId, id);
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      changes: auditLog.changes,
      createdAt: auditLog.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entityType, 'expense'), eq(auditLog.entityId, id), eq(auditLog.companyId, companyId)))
    .orderBy(asc(auditLog.createdAt));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor: r.email ? { firstName: r.firstName ?? '', lastName: r.lastName ?? '', email: r.email } : null,
    changes: (r.changes as Record<string, unknown> | null) ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
