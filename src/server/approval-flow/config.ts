import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_POLICIES,
  FLOW_MSG,
  type ApprovalRule,
  type ApprovalRulesInput,
  type ExpensePolicies,
  type ManagerAssignment,
  type approvalRulesInputSchema,
  type managerAssignmentInputSchema,
} from '@shared/approval-flow.js';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client.js';
import { approvalRules, categories, costCenters, expensePolicies, managerAssignments, memberships, users } from '../db/schema/index.js';
import { lockCompany, writeAudit } from '../companies/service.js';
import { errors } from '../errors.js';
import type { Actor } from '../policies/index.js';

/*
 * The approval flow's configuration (Configuración → 'Flujo de aprobación'): rules, manager assignments and the
 * policies checked at filing. Every function takes the company id; ids from another company are refused as unknown.
 */

type RulesData = z.output<typeof approvalRulesInputSchema>['rules'];

/** Active members of the company among `ids`, with their role (invited people who never joined do not count). */
export async function activeMembers(db: DbOrTx, companyId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: memberships.userId, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.isActive, true), inArray(memberships.userId, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.role]));
}

/** Admins and managers approve; the rest of the company files. */
export const mayApprove = (role: string | undefined) => role === 'admin' || role === 'manager';

async function requireOwned(db: DbOrTx, table: typeof categories | typeof costCenters, companyId: string, ids: readonly string[], message: string, field: string) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, companyId), inArray(table.id, unique)));
  if (rows.length !== unique.length) throw errors.badRequest(message, field);
}

export async function listRules(db: DbOrTx, companyId: string): Promise<ApprovalRule[]> {
  const rows = await db.select().from(approvalRules).where(eq(approvalRules.companyId, companyId)).orderBy(asc(approvalRules.position));
  return rows.map((r) => ({
    id: r.id,
    position: r.position,
    name: r.name,
    minAmountClp: r.minAmountClp,
    maxAmountClp: r.maxAmountClp,
    categoryId: r.categoryId,
    costCenterId: r.costCenterId,
    submitterId: r.submitterId,
    steps: r.steps,
  }));
}

/** Replaces the whole ordered list at once (the screen saves the list as shown); audited. */
export async function replaceRules(db: Db, actor: Actor, companyId: string, rules: RulesData): Promise<ApprovalRule[]> {
  await requireOwned(db, categories, companyId, rules.flatMap((r) => (r.categoryId ? [r.categoryId] : [])), 'Una regla usa una categoría que no existe en tu empresa.', 'categoryId');
  await requireOwned(db, costCenters, companyId, rules.flatMap((r) => (r.costCenterId ? [r.costCenterId] : [])), 'Una regla usa un centro de costo que no existe en tu empresa.', 'costCenterId');
  const submitters = rules.flatMap((r) => (r.submitterId ? [r.submitterId] : []));
  const members = await activeMembers(db, companyId, submitters);
  if (submitters.some((id) => !members.has(id))) throw errors.badRequest('Una regla usa una persona que no pertenece a tu empresa.', 'submitterId');
  const approverIds = rules.flatMap((r) => r.steps.flatMap((s) => (s.kind === 'user' ? [s.userId] : [])));
  const approvers = await activeMembers(db, companyId, approverIds);
  if (approverIds.some((id) => !mayApprove(approvers.get(id)))) throw errors.badRequest(FLOW_MSG.approverNotEligible, 'steps');
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const before = await listRules(tx, companyId);
    await tx.delete(approvalRules).where(eq(approvalRules.companyId, companyId));
    if (rules.length) await tx.insert(approvalRules).values(rules.map((r, i) => ({ ...r, companyId, position: i + 1 })));
    await writeAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      entityType: 'company',
      entityId: companyId,
      action: 'company.approval_rules_changed',
      changes: { from: before.map(({ id: _id, ...r }) => r), to: rules },
    });
  });
  return listRules(db, companyId);
}

export async function listAssignments(db: DbOrTx, companyId: string): Promise<ManagerAssignment[]> {
  const rows = await db.select().from(managerAssignments).where(eq(managerAssignments.companyId, companyId)).orderBy(asc(managerAssignments.createdAt), asc(managerAssignments.id));
  const byManager = new Map<string, ManagerAssignment>();
  for (const r of rows) {
    const a = byManager.get(r.managerId) ?? { managerId: r.managerId, costCenterIds: [], userIds: [] };
    if (r.costCenterId) a.costCenterIds.push(r.costCenterId);
    if (r.employeeId) a.userIds.push(r.employeeId);
    byManager.set(r.managerId, a);
  }
  return [...byManager.values()];
}

/** Sets what one manager approves for: these cost centers and these people (replacing what they had). */
export async function replaceAssignment(db: Db, actor: Actor, companyId: string, managerId: string, input: z.output<typeof managerAssignmentInputSchema>): Promise<ManagerAssignment> {
  const roles = await activeMembers(db, companyId, [managerId]);
  if (!roles.has(managerId)) throw errors.notFound('Esa persona no pertenece a tu empresa.');
  if (!mayApprove(roles.get(managerId))) throw errors.badRequest(FLOW_MSG.managerNotEligible, 'managerId');
  const costCenterIds = [...new Set(input.costCenterIds)];
  const userIds = [...new Set(input.userIds)];
  await requireOwned(db, costCenters, companyId, costCenterIds, 'Un centro de costo no existe en tu empresa.', 'costCenterIds');
  const members = await activeMembers(db, companyId, userIds);
  if (userIds.some((id) => !members.has(id))) throw errors.badRequest('Una de las personas no pertenece a tu empresa.', 'userIds');
  if (userIds.includes(managerId)) throw errors.badRequest('Un jefe no aprueba sus propias rendiciones: quítalo de su equipo.', 'userIds');
  await db.transaction(async (tx) => {
    await tx.delete(managerAssignments).where(and(eq(managerAssignments.companyId, companyId), eq(managerAssignments.managerId, managerId)));
    const rows = [...costCenterIds.map((costCenterId) => ({ companyId, managerId, costCenterId })), ...userIds.map((employeeId) => ({ companyId, managerId, employeeId }))];
    if (rows.length) await tx.insert(managerAssignments).values(rows);
    await writeAudit(tx, { companyId, actorUserId: actor.userId, entityType: 'user', entityId: managerId, action: 'company.manager_assignment_changed', changes: { costCenterIds, userIds } });
  });
  return { managerId, costCenterIds, userIds };
}

export async function getPolicies(db: DbOrTx, companyId: string): Promise<ExpensePolicies> {
  const [row] = await db.select({ policies: expensePolicies.policies }).from(expensePolicies).where(eq(expensePolicies.companyId, companyId)).limit(1);
  return row ? { ...DEFAULT_POLICIES, ...row.policies } : DEFAULT_POLICIES;
}

export async function replacePolicies(db: Db, actor: Actor, companyId: string, input: ExpensePolicies): Promise<ExpensePolicies> {
  // One limit per category: the last one sent wins.
  const limits = [...new Map(input.categoryLimits.map((l) => [l.categoryId, l])).values()];
  await requireOwned(db, categories, companyId, limits.map((l) => l.categoryId), 'Un límite usa una categoría que no existe en tu empresa.', 'categoryLimits');
  const policies: ExpensePolicies = { ...input, categoryLimits: limits };
  await db.transaction(async (tx) => {
    const before = await getPolicies(tx, companyId);
    await tx
      .insert(expensePolicies)
      .values({ companyId, policies })
      .onConflictDoUpdate({ target: expensePolicies.companyId, set: { policies, updatedAt: new Date() } });
    await writeAudit(tx, { companyId, actorUserId: actor.userId, entityType: 'company', entityId: companyId, action: 'company.expense_policies_changed', changes: { from: before, to: policies } });
  });
  return policies;
}

export type { ApprovalRulesInput };
