import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { FLOW_MSG, firstMatchingRule, type ApprovalStep, type ApproverSpec, type CurrentStep, type RoutingFacts } from '@shared/approval-flow.js';
import { SELF_APPROVAL_MSG } from '@shared/approvals.js';
import { isUuid } from '@shared/input.js';
import type { AppDeps } from '../context.js';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { approvalSteps, auditLog, companies, expenses, managerAssignments, memberships, users } from '../db/schema/index.js';
import { errors } from '../errors.js';
import { authorize, can, type Actor } from '../policies/index.js';
import { enqueueExpenseApproved } from '../accounting/webhook-delivery.js';
import { enqueueExpenseDecided, enqueueExpenseSubmitted, enqueueStepPending } from '../notifications/service.js';
import { activeMembers, listRules, mayApprove } from './config.js';
import { decidedColumns } from '../approvals/service.js';

type StepRow = typeof approvalSteps.$inferSelect;
interface PlannedStep {
  approverKind: 'admin' | 'user';
  approverId: string | null;
  /** Kept when a step an admin reassigned is asked again (rerouteEditedExpense). */
  assignmentVersion?: number;
}

/** The manager for the expense: the one assigned to its cost center, else the one assigned to its submitter. */
async function managerFor(tx: DbOrTx, companyId: string, f: RoutingFacts): Promise<string | null> {
  const pick = async (column: typeof managerAssignments.costCenterId | typeof managerAssignments.employeeId, value: string | null) => {
    if (!value) return null;
    const rows = await tx
      .select({ managerId: managerAssignments.managerId, role: memberships.role })
      .from(managerAssignments)
      .innerJoin(memberships, and(eq(memberships.userId, managerAssignments.managerId), eq(memberships.companyId, companyId), eq(memberships.isActive, true)))
      .where(and(eq(managerAssignments.companyId, companyId), eq(column, value)))
      .orderBy(asc(managerAssignments.createdAt), asc(managerAssignments.id));
    return rows.find((r) => mayApprove(r.role) && r.managerId !== f.submitterId)?.managerId ?? null;
  };
  return (await pick(managerAssignments.costCenterId, f.costCenterId)) ?? (await pick(managerAssignments.employeeId, f.submitterId));
}

/**
 * The steps of a new expense from the first rule that matches. A step nobody can take (no manager assigned, a person
 * who left, the submitter themselves) falls back to 'any admin', so no expense is ever stuck at filing; consecutive
 * identical steps collapse into one. A lone admin step is today's single approval: no rows are written for it.
 */
export async function planSteps(tx: DbOrTx, companyId: string, f: RoutingFacts): Promise<PlannedStep[]> {
  const rule = firstMatchingRule(await listRules(tx, companyId), f);
  if (!rule) return [];
  const specUsers = rule.steps.flatMap((s) => (s.kind === 'user' ? [s.userId] : []));
  const roles = await activeMembers(tx, companyId, specUsers);
  const resolve = async (s: ApproverSpec): Promise<PlannedStep> => {
    const userId = s.kind === 'user' ? (mayApprove(roles.get(s.userId)) ? s.userId : null) : s.kind === 'manager' ? await managerFor(tx, companyId, f) : null;
    return userId && userId !== f.submitterId ? { approverKind: 'user', approverId: userId } : { approverKind: 'admin', approverId: null };
  };
  const planned: PlannedStep[] = [];
  for (const s of rule.steps) {
    const p = await resolve(s);
    const last = planned.at(-1);
    if (!last || last.approverKind !== p.approverKind || last.approverId !== p.approverId) planned.push(p);
  }
  return planned.length === 1 && planned[0].approverKind === 'admin' ? [] : planned;
}

/** Who hears that a step waits for them: its person, or the company's admins (never the submitter). */
async function stepRecipients(tx: DbOrTx, companyId: string, step: PlannedStep, submitterId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.isActive, true),
        eq(users.emailNotifications, true),
        step.approverKind === 'user' && step.approverId ? eq(users.id, step.approverId) : eq(memberships.role, 'admin'),
      ),
    );
  return rows.map((r) => r.id).filter((id) => id !== submitterId);
}

/**
 * In the filing's transaction: writes the expense's steps (when a rule asks for more than one admin) and notifies the
 * first approver. Returns false when the expense follows the single admin approval (the caller notifies as before).
 */
export async function routeNewExpense(jobs: AppDeps['jobs'], tx: Tx, companyId: string, expenseId: string): Promise<boolean> {
  const f = await routingFacts(tx, companyId, expenseId);
  if (!f) return false;
  const planned = await planSteps(tx, companyId, f);
  if (!planned.length) return false;
  await writeSteps(jobs, tx, companyId, expenseId, planned, f.submitterId);
  return true;
}

/** Writes the planned steps, the first one open, and tells its approver. */
async function writeSteps(jobs: AppDeps['jobs'], tx: Tx, companyId: string, expenseId: string, planned: PlannedStep[], submitterId: string): Promise<void> {
  const rows = await tx
    .insert(approvalSteps)
    .values(planned.map((p, i) => ({ ...p, companyId, expenseId, position: i + 1, status: i === 0 ? 'pending' : 'waiting' })))
    .returning();
  const first = rows.find((r) => r.position === 1)!;
  await enqueueStepPending(jobs, tx, { companyId, expenseId, stepId: first.id, version: first.assignmentVersion, position: 1, total: rows.length, recipients: await stepRecipients(tx, companyId, planned[0], submitterId) });
}

/** The facts the rules route on, as stored now. */
export async function routingFacts(tx: DbOrTx, companyId: string, expenseId: string): Promise<RoutingFacts | null> {
  const [e] = await tx
    .select({ amountClp: expenses.amountClp, categoryId: expenses.categoryId, costCenterId: expenses.costCenterId, submitterId: expenses.userId })
    .from(expenses)
    .where(and(eq(expenses.id, expenseId), eq(expenses.companyId, companyId)));
  return e ?? null;
}

/**
 * After an admin changes a pending expense's amount in pesos, category or cost center (an edit, a corrected rate): its
 * approval starts again under the rules as they read now, when they ask for other steps or a step was already approved
 * on the old figures (an approval of $200.000 is no approval of $2.000.000). The new first approver is notified and the
 * history says from which steps to which. Nothing changes when the facts or the steps are the same and nobody decided yet.
 */
export async function rerouteEditedExpense(jobs: AppDeps['jobs'], tx: Tx, actor: Actor, companyId: string, expenseId: string, before: RoutingFacts): Promise<boolean> {
  const after = await routingFacts(tx, companyId, expenseId);
  if (!after) return false;
  if (after.amountClp === before.amountClp && after.categoryId === before.categoryId && after.costCenterId === before.costCenterId) return false;
  const existing = await stepsOf(tx, companyId, expenseId);
  const planned = await planSteps(tx, companyId, after);
  // A step an admin handed to someone else (a manager on leave) still counts as the rule's step.
  const sameSteps =
    existing.length === planned.length &&
    existing.every((s, i) => s.assignmentVersion > 0 || (s.approverKind === planned[i].approverKind && s.approverId === planned[i].approverId));
  if (sameSteps && !existing.some((s) => s.status === 'approved')) return false;
  // The same steps asked again (one was approved on the old figures): a step an admin handed to someone else stays
  // with them, as it would have without the edit.
  const steps: PlannedStep[] = sameSteps
    ? existing.map((s) => ({ approverKind: s.approverKind === 'user' ? 'user' : 'admin', approverId: s.approverId, assignmentVersion: s.assignmentVersion }))
    : planned;
  const ids = [...existing, ...steps].flatMap((s) => (s.approverId ? [s.approverId] : []));
  const names = ids.length ? await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids)) : [];
  const describe = (steps: readonly Pick<StepRow, 'approverKind' | 'approverId'>[]) =>
    steps.length
      ? steps
          .map((s) => {
            const u = s.approverKind === 'user' ? names.find((n) => n.id === s.approverId) : null;
            return u ? `${u.firstName} ${u.lastName}`.trim() : 'un administrador';
          })
          .join(' → ')
      : 'un administrador';
  await tx.delete(approvalSteps).where(and(eq(approvalSteps.companyId, companyId), eq(approvalSteps.expenseId, expenseId)));
  await tx.insert(auditLog).values({
    companyId,
    actorUserId: actor.userId,
    entityType: 'expense',
    entityId: expenseId,
    action: 'expense.rerouted',
    changes: { from: describe(existing), to: describe(steps), approvedBefore: existing.filter((s) => s.status === 'approved').length },
    // After the edit's own entry, stamped at the transaction's start.
    createdAt: sql`clock_timestamp()`,
  });
  if (steps.length) await writeSteps(jobs, tx, companyId, expenseId, steps, after.submitterId);
  // Back to the single admin approval: the other admins hear of it as of a new filing.
  else await enqueueExpenseSubmitted(jobs, tx, { companyId, expenseId, submitterId: after.submitterId, except: actor.userId });
  return true;
}

async function stepsOf(db: DbOrTx, companyId: string, expenseId: string): Promise<StepRow[]> {
  return db
    .select()
    .from(approvalSteps)
    .where(and(eq(approvalSteps.companyId, companyId), eq(approvalSteps.expenseId, expenseId)))
    .orderBy(asc(approvalSteps.position));
}

/** May the actor decide this open step? Admin steps: any admin but the submitter (unless self-approval); person steps: that person. */
export function mayDecideStep(actor: Actor, step: Pick<StepRow, 'approverKind' | 'approverId'>, ownerId: string, allowSelf: boolean): boolean {
  if (step.approverKind === 'admin') return can.decideExpenseOf(actor, ownerId, allowSelf);
  return step.approverId === actor.userId && actor.userId !== ownerId;
}

export type Decision = { status: 'approved' } | { status: 'rejected'; rejectionReason: string | null };

/**
 * Decides the open step of an expense filed under a rule; false when the expense has no steps (the single admin
 * approval of approvals/service.ts applies). One conditional UPDATE of the step (still pending, still assigned as
 * read): of two concurrent decisions exactly one wins, the other answers 409. Approving the last step approves the
 * expense exactly as the single approval does (webhook, e-mail, accounting); approving another opens the next step and
 * notifies its approver; a rejection ends the expense with the reason and closes the steps after it.
 */
export async function decideStep({ db, jobs }: Pick<AppDeps, 'db' | 'jobs'>, actor: Actor, companyId: string, expenseId: string, decision: Decision): Promise<boolean> {
  if (!isUuid(expenseId)) throw errors.notFound('Rendición no encontrada.');
  const steps = await stepsOf(db, companyId, expenseId);
  if (!steps.length) return false;
  const [expense] = await db
    .select({ userId: expenses.userId, status: expenses.status, allowSelf: companies.allowSelfApproval })
    .from(expenses)
    .innerJoin(companies, eq(companies.id, expenses.companyId))
    .where(and(eq(expenses.id, expenseId), eq(expenses.companyId, companyId)));
  if (!expense) throw errors.notFound('Rendición no encontrada.');
  const involved = steps.some((s) => s.approverId === actor.userId);
  if (!can.approveExpenses(actor) && !involved && actor.userId !== expense.userId) throw errors.notFound('Rendición no encontrada.');
  const current = steps.find((s) => s.status === 'pending');
  if (!current || expense.status !== 'pending') throw errors.conflict(FLOW_MSG.stepDecided);
  if (!mayDecideStep(actor, current, expense.userId, expense.allowSelf)) {
    // Their step was decided already (a second or concurrent decision of it): a conflict, not a permission problem.
    if (steps.some((s) => s.position < current.position && (s.approverId === actor.userId || s.decidedBy === actor.userId))) throw errors.conflict(FLOW_MSG.stepDecided);
    authorize(false, actor.userId === expense.userId ? SELF_APPROVAL_MSG.forbidden : FLOW_MSG.notYourStep);
  }
  const own = actor.userId === expense.userId;
  const now = new Date();
  await db.transaction(async (tx) => {
    const [won] = await tx
      .update(approvalSteps)
      .set({ status: decision.status, decidedBy: actor.userId, decidedAt: now, reason: decision.status === 'rejected' ? decision.rejectionReason : null })
      .where(and(eq(approvalSteps.id, current.id), eq(approvalSteps.status, 'pending'), eq(approvalSteps.assignmentVersion, current.assignmentVersion)))
      .returning({ id: approvalSteps.id });
    if (!won) throw errors.conflict(FLOW_MSG.stepDecided);
    const total = steps.length;
    const step = { step: current.position, of: total };
    const next = steps.find((s) => s.position === current.position + 1);
    if (decision.status === 'approved' && next) {
      await tx.update(approvalSteps).set({ status: 'pending' }).where(eq(approvalSteps.id, next.id));
      await tx.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: 'expense', entityId: expenseId, action: 'expense.step_approved', changes: step });
      const planned = { approverKind: next.approverKind as PlannedStep['approverKind'], approverId: next.approverId };
      await enqueueStepPending(jobs, tx, { companyId, expenseId, stepId: next.id, version: next.assignmentVersion, position: next.position, total, recipients: await stepRecipients(tx, companyId, planned, expense.userId) });
      return;
    }
    if (decision.status === 'rejected') {
      await tx
        .update(approvalSteps)
        .set({ status: 'cancelled' })
        .where(and(eq(approvalSteps.expenseId, expenseId), eq(approvalSteps.status, 'waiting')));
    }
    const [row] = await tx
      .update(expenses)
      .set(decidedColumns(decision, actor.userId, now))
      .where(and(eq(expenses.id, expenseId), eq(expenses.companyId, companyId), eq(expenses.status, 'pending')))
      .returning({ id: expenses.id, userId: expenses.userId });
    if (!row) throw errors.conflict(FLOW_MSG.stepDecided);
    await tx.insert(auditLog).values({
      companyId,
      actorUserId: actor.userId,
      entityType: 'expense',
      entityId: expenseId,
      action: own ? (decision.status === 'approved' ? 'expense.self_approved' : 'expense.self_rejected') : `expense.${decision.status}`,
      changes: { ...step, ...(decision.status === 'rejected' ? { rejectionReason: decision.rejectionReason } : {}), ...(own ? { selfApproval: true } : {}) },
    });
    if (decision.status === 'approved') await enqueueExpenseApproved(jobs, tx, companyId, expenseId);
    await enqueueExpenseDecided(jobs, tx, { companyId, expenseId, ownerId: row.userId });
  });
  return true;
}

/**
 * An admin hands the open step of an expense to another admin or manager (a stuck step: someone on leave). 409 when
 * the expense has no open step (decided, or the single admin approval any admin takes) or it changed meanwhile.
 */
export async function reassignStep({ db, jobs }: Pick<AppDeps, 'db' | 'jobs'>, actor: Actor, companyId: string, expenseId: string, userId: string): Promise<void> {
  if (!isUuid(expenseId)) throw errors.notFound('Rendición no encontrada.');
  const [expense] = await db
    .select({ userId: expenses.userId })
    .from(expenses)
    .where(and(eq(expenses.id, expenseId), eq(expenses.companyId, companyId)));
  if (!expense) throw errors.notFound('Rendición no encontrada.');
  const current = (await stepsOf(db, companyId, expenseId)).find((s) => s.status === 'pending');
  if (!current) throw errors.conflict(FLOW_MSG.noOpenStep);
  const roles = await activeMembers(db, companyId, [userId]);
  if (!mayApprove(roles.get(userId)) || userId === expense.userId) throw errors.badRequest(FLOW_MSG.approverNotEligible, 'userId');
  if (current.approverId === userId) throw errors.conflict(FLOW_MSG.sameApprover, 'userId');
  const total = (await stepsOf(db, companyId, expenseId)).length;
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(approvalSteps)
      .set({ approverKind: 'user', approverId: userId, assignmentVersion: sql`${approvalSteps.assignmentVersion} + 1` })
      .where(and(eq(approvalSteps.id, current.id), eq(approvalSteps.status, 'pending'), eq(approvalSteps.assignmentVersion, current.assignmentVersion)))
      .returning({ version: approvalSteps.assignmentVersion });
    if (!moved) throw errors.conflict(FLOW_MSG.stepDecided);
    const names = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [userId, ...(current.approverId ? [current.approverId] : [])]));
    const nameOf = (id: string | null) => {
      const u = id ? names.find((n) => n.id === id) : null;
      return u ? `${u.firstName} ${u.lastName}`.trim() : 'Un administrador';
    };
    await tx.insert(auditLog).values({
      companyId,
      actorUserId: actor.userId,
      entityType: 'expense',
      entityId: expenseId,
      action: 'expense.step_reassigned',
      changes: { step: current.position, of: total, from: nameOf(current.approverId), to: nameOf(userId) },
    });
    await enqueueStepPending(jobs, tx, { companyId, expenseId, stepId: current.id, version: moved.version, position: current.position, total, recipients: await stepRecipients(tx, companyId, { approverKind: 'user', approverId: userId }, expense.userId) });
  });
}

const personOf = (u: { id: string | null; firstName: string | null; lastName: string | null; email: string | null } | null) =>
  u?.id ? { id: u.id, firstName: u.firstName ?? '', lastName: u.lastName ?? '', email: u.email ?? '' } : null;

/** Every step of the expenses given, by expense id, with names (for the history and the cards). */
export async function stepsByExpense(db: Db, companyId: string, expenseIds: readonly string[]): Promise<Map<string, ApprovalStep[]>> {
  const out = new Map<string, ApprovalStep[]>();
  if (!expenseIds.length) return out;
  const approver = users;
  const rows = await db
    .select({ s: approvalSteps, a: { id: approver.id, firstName: approver.firstName, lastName: approver.lastName, email: approver.email } })
    .from(approvalSteps)
    .leftJoin(approver, eq(approver.id, approvalSteps.approverId))
    .where(and(eq(approvalSteps.companyId, companyId), inArray(approvalSteps.expenseId, [...new Set(expenseIds)])))
    .orderBy(asc(approvalSteps.expenseId), asc(approvalSteps.position));
  const deciderIds = [...new Set(rows.flatMap((r) => (r.s.decidedBy ? [r.s.decidedBy] : [])))];
  const deciders = deciderIds.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, deciderIds))
    : [];
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.s.expenseId, (counts.get(r.s.expenseId) ?? 0) + 1);
  for (const { s, a } of rows) {
    const list = out.get(s.expenseId) ?? [];
    list.push({
      id: s.id,
      position: s.position,
      total: counts.get(s.expenseId)!,
      approverKind: s.approverKind as ApprovalStep['approverKind'],
      approver: personOf(a),
      status: s.status as ApprovalStep['status'],
      decidedBy: personOf(deciders.find((d) => d.id === s.decidedBy) ?? null),
      decidedAt: s.decidedAt?.toISOString() ?? null,
      reason: s.reason,
    });
    out.set(s.expenseId, list);
  }
  return out;
}

/** The open step of each expense given (absent: no steps, or decided). */
export function currentStepOf(steps: readonly ApprovalStep[] | undefined): (CurrentStep & { approverKind: 'admin' | 'user'; approverId: string | null }) | null {
  const s = steps?.find((x) => x.status === 'pending');
  if (!s) return null;
  return { position: s.position, total: s.total, approverName: s.approver ? `${s.approver.firstName} ${s.approver.lastName}`.trim() || s.approver.email : null, approverKind: s.approverKind, approverId: s.approver?.id ?? null };
}

/** Pending expenses whose open step waits for this person (a manager's queue). */
export async function expenseIdsAwaiting(db: Db, companyId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: approvalSteps.expenseId })
    .from(approvalSteps)
    .where(and(eq(approvalSteps.companyId, companyId), eq(approvalSteps.approverId, userId), eq(approvalSteps.status, 'pending')));
  return rows.map((r) => r.id);
}
