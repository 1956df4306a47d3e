import { randomInt } from 'node:crypto';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Membership, Role } from '@shared/auth.js';
import { PUBLIC_EMAIL_DOMAINS, emailDomain, type CompanyStats, type CompanyView } from '@shared/company.js';
import { getPlan, type PlanId } from '@shared/plans.js';
import type { Db, DbOrTx } from '../db/client.js';
import { auditLog, companies, expenses, memberships, users } from '../db/schema/index.js';
import { seedDefaultCatalog } from '../catalog/defaults.js';
import { effectivePlan, trialRunning } from '../billing/plan-state.js';
import { countMonthlyExpenses, countsAsSpent } from '../dashboard/service.js';
import { AppError, errors } from '../errors.js';
import type { Actor } from '../policies/index.js';

export type CompanyRow = typeof companies.$inferSelect;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newCompanyCode(): string {
  return Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** Creates a company with its default catalog and makes `ownerId` its admin. */
export async function createCompany(
  tx: DbOrTx,
  input: { name: string; domain?: string | null; plan?: PlanId; pendingPlan?: PlanId | null; ownerId: string },
): Promise<CompanyRow> {
  const plan = input.plan ?? 'free';
  const [company] = await tx
    .insert(companies)
    .values({
      name: input.name.trim(),
      domain: input.domain?.trim().toLowerCase() || null,
      companyCode: newCompanyCode(),
      plan,
      pendingPlan: input.pendingPlan ?? null,
      subscriptionStatus: getPlan(plan).price === 0 && plan !== 'niudata-free' ? 'free' : 'active',
    })
    .returning();
  await tx.insert(memberships).values({ userId: input.ownerId, companyId: company.id, role: 'admin' });
  await seedDefaultCatalog(tx, company.id);
  await tx.update(users).set({ currentCompanyId: company.id, updatedAt: new Date() }).where(eq(users.id, input.ownerId));
  await tx.insert(auditLog).values({
    companyId: company.id,
    actorUserId: input.ownerId,
    entityType: 'company',
    entityId: company.id,
    action: 'company.created',
    changes: { name: company.name, plan, ...(company.pendingPlan ? { pendingPlan: company.pendingPlan } : {}) },
  });
  return company;
}

/** A membership that opens the company: active, and its invitation (if any) accepted. */
const memberOf = and(eq(memberships.isActive, true), isNull(memberships.invitedAt));

export async function listMemberships(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db
    .select({
      id: memberships.id,
      companyId: memberships.companyId,
      role: memberships.role,
      company: { id: companies.id, name: companies.name },
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), memberOf))
    .orderBy(asc(companies.name));
  return rows.map((r) => ({ ...r, role: r.role as Role }));
}

export async function findActiveMembership(db: Db, userId: string, companyId: string) {
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId), memberOf))
    .limit(1);
  return m ?? null;
}

/** The company a request works on, the reader's role in it, and whether a super admin is visiting it without membership. */
export interface CurrentCompany {
  company: CompanyRow;
  role: Role | null;
  viewingAsSuperAdmin: boolean;
}

/**
 * The company a request works on: the user's saved choice while they are still an active member
 * (any company for a super admin), else their first active membership.
 */
/** The saved current company's row and the user's membership in it, as columns any query can join in. */
export const savedCompanyColumns = {
  company: companies,
  role: memberships.role,
  active: sql<boolean>`coalesce(${memberships.isActive} and ${memberships.invitedAt} is null, false)`,
};
export type SavedCompanyRow = { company: CompanyRow | null; role: string | null; active: boolean };

/**
 * `saved` is the row of `savedCompanyColumns` for `user.currentCompanyId` when the caller already read it (the
 * session lookup joins it in): then the usual request costs no query here.
 */
export async function resolveCurrentCompany(
  db: Db,
  user: { id: string; currentCompanyId: string | null; isSuperAdmin: boolean },
  saved?: SavedCompanyRow,
): Promise<CurrentCompany | null> {
  if (user.currentCompanyId) {
    const [row] = saved
      ? [saved]
      : await db
          .select(savedCompanyColumns)
          .from(companies)
          .leftJoin(memberships, and(eq(memberships.companyId, companies.id), eq(memberships.userId, user.id)))
          .where(eq(companies.id, user.currentCompanyId))
          .limit(1);
    const company = row?.company ?? null;
    if (company && row.active) return { company, role: row.role as Role, viewingAsSuperAdmin: false };
    // A super admin in a company they do not belong to acts as its admin, and the shell says so.
    if (company && user.isSuperAdmin) return { company, role: 'admin', viewingAsSuperAdmin: true };
  }
  const [first] = await db
    .select({ company: companies, role: memberships.role })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, user.id), memberOf))
    .orderBy(asc(memberships.joinedAt))
    .limit(1);
  if (!first) return null;
  await db.update(users).set({ currentCompanyId: first.company.id }).where(eq(users.id, user.id));
  return { company: first.company, role: first.role as Role, viewingAsSuperAdmin: false };
}

/**
 * Makes `companyId` the user's current company: one they are an active member of, or for a super admin any
 * company. A super admin entering a company they do not belong to sees its people and money, so every such
 * entry (not a repeated switch to the company already open) leaves an audit row in that company's trail.
 */
export async function switchCompany(db: Db, user: { id: string; isSuperAdmin: boolean }, companyId: string, currentCompanyId: string | null) {
  const membership = await findActiveMembership(db, user.id, companyId);
  if (membership) {
    await db.update(users).set({ currentCompanyId: companyId, updatedAt: new Date() }).where(eq(users.id, user.id));
    return;
  }
  const [company] = user.isSuperAdmin ? await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId)) : [];
  if (!company) throw errors.notFound('Empresa no encontrada.');
  await db.transaction(async (tx) => {
    await tx.update(users).set({ currentCompanyId: companyId, updatedAt: new Date() }).where(eq(users.id, user.id));
    if (currentCompanyId === companyId) return;
    await writeAudit(tx, {
      companyId,
      actorUserId: user.id,
      entityType: 'company',
      entityId: companyId,
      action: SUPER_ADMIN_ENTERED,
      changes: { companyName: company.name, fromCompanyId: currentCompanyId },
    });
  });
}

export const SUPER_ADMIN_ENTERED = 'company.super_admin_entered';
export const SUPER_ADMIN_LEFT = 'company.super_admin_left';

/**
 * Ends a super admin's visit to a company they do not belong to: the saved choice is cleared, so the session falls
 * back to their own first company (or none), and the exit joins the entry in the company's audit trail.
 */
export async function leaveSuperAdminView(db: Db, user: { id: string }, companyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ currentCompanyId: null, updatedAt: new Date() }).where(eq(users.id, user.id));
    await writeAudit(tx, { companyId, actorUserId: user.id, entityType: 'company', entityId: companyId, action: SUPER_ADMIN_LEFT });
  });
}

/** free | pro | trial as the client reads it (part 1 §3), from the plan in force now (an ended period reads free). */
export function subscriptionStatusOf(company: CompanyRow | null, now = new Date()): 'free' | 'pro' | 'trial' {
  if (!company) return 'free';
  if (effectivePlan(company, now).id === 'free') return 'free';
  return trialRunning(company, now) ? 'trial' : 'pro';
}

export async function companyById(db: Db, companyId: string): Promise<CompanyRow> {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!c) throw errors.notFound('Empresa no encontrada.');
  return c;
}

export async function countActiveUsers(db: DbOrTx, companyId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.isActive, true)));
  return r.n;
}

/** People who are in the company now (accepted, active): what 'Usuarios · Activos' shows. Seats also hold pending invitations. */
export async function countMembers(db: DbOrTx, companyId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), memberOf));
  return r.n;
}

export type AuditValues = typeof auditLog.$inferInsert;

/** Every change to a company, a membership or a user leaves one row, in the same transaction. */
export async function writeAudit(tx: DbOrTx, entry: AuditValues): Promise<void> {
  await tx.insert(auditLog).values(entry);
}

/**
 * Locks the company row until the transaction ends. Seat and admin counts are read and changed
 * under this lock, so two concurrent invitations cannot both take the last seat and two admins
 * cannot demote each other at once.
 */
export async function lockCompany(tx: DbOrTx, companyId: string): Promise<CompanyRow> {
  const [c] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!c) throw errors.notFound('Empresa no encontrada.');
  return c;
}

export function seatLimitMessage(company: CompanyRow): string {
  const plan = effectivePlan(company);
  return `Tu plan ${plan.name} permite hasta ${plan.maxActiveUsers} usuarios activos (las invitaciones pendientes cuentan). Mejora tu plan o desactiva a un usuario.`;
}

/** Free plan: 2 active users (DECISIONS.md); pending invitations are active memberships and count. */
export async function hasFreeSeat(tx: DbOrTx, company: CompanyRow): Promise<boolean> {
  const max = effectivePlan(company).maxActiveUsers;
  return max === null || (await countActiveUsers(tx, company.id)) < max;
}

/** 403 with a Spanish message when one more active user would exceed the company's plan. */
export async function assertFreeSeat(tx: DbOrTx, company: CompanyRow): Promise<void> {
  if (!(await hasFreeSeat(tx, company))) throw new AppError('plan_limit', 403, seatLimitMessage(company));
}

/** Admins who can act now: active and past their invitation (a pending admin invitation is nobody yet). */
export async function countActiveAdmins(tx: DbOrTx, companyId: string, exceptUserId?: string): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.companyId, companyId),
        memberOf,
        eq(memberships.role, 'admin'),
        exceptUserId ? ne(memberships.userId, exceptUserId) : undefined,
      ),
    );
  return r.n;
}

/** The Company of part 2 §3 as the API gives it; `role` is the reader's role in it. */
export async function presentCompany(db: DbOrTx, company: CompanyRow, role: Role | null): Promise<CompanyView> {
  const [docs] = await db.select({ n: sql<number>`count(*)::int` }).from(expenses).where(eq(expenses.companyId, company.id));
  return {
    id: company.id,
    name: company.name,
    domain: company.domain,
    taxId: company.taxId,
    address: company.address,
    companyCode: company.companyCode,
    subscriptionStatus: subscriptionStatusOf(company),
    subscriptionPlan: effectivePlan(company).id,
    userRole: role,
    userCount: await countMembers(db, company.id),
    expenseCount: docs.n,
    hasActiveAdmin: (await countActiveAdmins(db, company.id)) > 0,
    createdAt: company.createdAt.toISOString(),
  };
}

export const ONE_COMPANY_MSG = 'El plan gratuito incluye 1 empresa. Para crear otra, mejora el plan de tu empresa a Profesional o Empresarial.';

/**
 * 'Crear empresa' from the company page: the user becomes the admin of a new free company and
 * switches to it. Someone who already administers a company may add another only while one of
 * theirs is on a plan with 'Múltiples empresas' (the free plan is '1 empresa'); super admins are
 * the platform's operators and are not limited.
 */
export async function createCompanyFor(db: Db, user: { id: string; isSuperAdmin: boolean }, input: { name: string; domain: string | null }): Promise<CompanyRow> {
  return db.transaction(async (tx) => {
    // One creation at a time per user: two requests at once must not both find no company yet.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if (!user.isSuperAdmin) {
      const administered = await tx
        .select({ company: companies })
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .where(and(eq(memberships.userId, user.id), eq(memberships.role, 'admin'), eq(memberships.isActive, true)));
      if (administered.length > 0 && !administered.some((r) => effectivePlan(r.company).multipleCompanies)) throw errors.forbidden(ONE_COMPANY_MSG);
    }
    return createCompany(tx, { name: input.name, domain: input.domain, ownerId: user.id });
  });
}

const EDITABLE_COMPANY_FIELDS = ['name', 'domain', 'taxId', 'address'] as const;

/** Edit company: the audit entry keeps only what changed, as before -> after. */
export async function updateCompany(
  db: Db,
  actor: Actor,
  companyId: string,
  input: { name: string; domain: string | null; taxId: string | null; address: string | null },
): Promise<CompanyRow> {
  return db.transaction(async (tx) => {
    const before = await lockCompany(tx, companyId);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of EDITABLE_COMPANY_FIELDS) {
      if ((before[key] ?? null) !== (input[key] ?? null)) changes[key] = { from: before[key] ?? null, to: input[key] ?? null };
    }
    if (!Object.keys(changes).length) return before;
    const [after] = await tx
      .update(companies)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(companies.id, companyId))
      .returning();
    await writeAudit(tx, { companyId, actorUserId: actor.userId, entityType: 'company', entityId: companyId, action: 'company.updated', changes });
    return after;
  });
}

/** The company page's stat cards; `ownerId` narrows the expense totals to one employee's own. */
export async function companyStats(db: Db, company: CompanyRow, ownerId: string | null): Promise<CompanyStats> {
  const [row] = await db
    .select({
      totalExpenses: sql<number>`count(*)::int`,
      totalAmount: sql<string>`coalesce(sum(${expenses.amountClp}) filter (where ${countsAsSpent}), 0)::text`,
    })
    .from(expenses)
    .where(and(eq(expenses.companyId, company.id), ownerId ? eq(expenses.userId, ownerId) : undefined));
  return {
    totalUsers: await countMembers(db, company.id),
    totalExpenses: row.totalExpenses,
    totalAmount: row.totalAmount,
    subscriptionStatus: subscriptionStatusOf(company),
    planId: effectivePlan(company).id,
    // What the plan's monthly limit counts: the whole company, as the top bar shows it.
    monthlyExpenseCount: await countMonthlyExpenses(db, company.id),
    scope: ownerId ? 'own' : 'company',
  };
}

/**
 * Domain auto-join (part 2 §5): a user who registers with an e-mail at a company's domain joins
 * that company as an employee. Called once, right after registration, never for existing users
 * (a new company claiming a domain must not pull in people who already have accounts). Public
 * webmail domains never match; a company whose plan is full is skipped silently.
 * Returns the ids of the companies joined.
 */
export async function joinCompaniesByDomain(db: DbOrTx, userId: string, email: string): Promise<string[]> {
  const domain = emailDomain(email);
  if (!domain || PUBLIC_EMAIL_DOMAINS.has(domain)) return [];
  const candidates = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(sql`lower(${companies.domain})`, domain));
  const joined: string[] = [];
  for (const { id } of candidates) {
    const ok = await db.transaction(async (tx) => {
      const company = await lockCompany(tx, id);
      if (!(await hasFreeSeat(tx, company))) return false;
      const [m] = await tx
        .insert(memberships)
        .values({ userId, companyId: id, role: 'employee' })
        .onConflictDoNothing()
        .returning({ id: memberships.id });
      if (!m) return false;
      await writeAudit(tx, { companyId: id, actorUserId: userId, entityType: 'membership', entityId: m.id, action: 'membership.domain_joined', changes: { userId, email, domain, role: 'employee' } });
      return true;
    });
    if (ok) joined.push(id);
  }
  return joined;
}
