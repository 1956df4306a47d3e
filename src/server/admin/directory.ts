import { and, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCompany, AdminCompanyPage, AdminSubscriptionStatus, AdminUserPage, SubscriptionStats } from '@shared/admin.js';
import { isUuid } from '@shared/input.js';
import { PLANS, getPlan } from '@shared/plans.js';
import type { Db, DbOrTx } from '../db/client.js';
import { companies, expenses, memberships, users } from '../db/schema/index.js';
import { effectivePlan, trialRunning } from '../billing/plan-state.js';
import { santiagoMonthStart } from '../dashboard/service.js';

/*
 * The platform as the super admin sees it (part 2 §2.9, §3): every company and every user, a page at a time and
 * searched in SQL (a platform has thousands), and the five global stats. Counts come from one grouped query per
 * page, never one query per row.
 */

type CompanyRow = typeof companies.$inferSelect;

const PAID_PLAN_IDS = PLANS.filter((p) => p.price !== 0).map((p) => p.id);

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A member who can open the company: active, invitation accepted. */
const openMembership = and(eq(memberships.isActive, true), isNull(memberships.invitedAt));

/** The subscription column of the admin list, from the plan in force now (plan-state.ts). */
export function adminSubscriptionStatus(c: CompanyRow, now = new Date()): AdminSubscriptionStatus {
  if (c.subscriptionStatus === 'pending' || c.subscriptionStatus === 'canceled') return c.subscriptionStatus;
  if (trialRunning(c, now)) return 'trial';
  return effectivePlan(c, now).id === 'free' ? 'free' : 'active';
}

export function presentAdminCompany(c: CompanyRow, counts: { userCount: number; expenseCount: number }, now = new Date()): AdminCompany {
  const plan = effectivePlan(c, now);
  const paid = plan.price !== 0;
  return {
    id: c.id,
    name: c.name,
    domain: c.domain,
    companyCode: c.companyCode,
    planId: plan.id,
    planName: plan.name,
    subscriptionStatus: adminSubscriptionStatus(c, now),
    periodEnd: paid && c.currentPeriodEnd ? c.currentPeriodEnd.toISOString() : null,
    trialEndsAt: trialRunning(c, now) && c.trialEndsAt ? c.trialEndsAt.toISOString() : null,
    userCount: counts.userCount,
    expenseCount: counts.expenseCount,
    createdAt: c.createdAt.toISOString(),
  };
}

/** Active members and expenses of each company in `ids`, two grouped queries. */
async function companyCounts(db: DbOrTx, ids: string[]): Promise<Map<string, { userCount: number; expenseCount: number }>> {
  const out = new Map(ids.map((id) => [id, { userCount: 0, expenseCount: 0 }]));
  if (!ids.length) return out;
  const members = await db
    .select({ companyId: memberships.companyId, n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(inArray(memberships.companyId, ids), openMembership))
    .groupBy(memberships.companyId);
  const docs = await db
    .select({ companyId: expenses.companyId, n: sql<number>`count(*)::int` })
    .from(expenses)
    .where(inArray(expenses.companyId, ids))
    .groupBy(expenses.companyId);
  for (const m of members) out.get(m.companyId)!.userCount = m.n;
  for (const d of docs) out.get(d.companyId)!.expenseCount = d.n;
  return out;
}

/** One company as the list shows it (after a change). */
export async function adminCompanyView(db: DbOrTx, company: CompanyRow): Promise<AdminCompany> {
  const counts = await companyCounts(db, [company.id]);
  return presentAdminCompany(company, counts.get(company.id)!);
}

interface PageQuery {
  search?: string;
  page: number;
  pageSize: number;
}

/** GET /api/admin/companies: newest first; `search` on name, domain and code (or the exact id). */
export async function listCompanies(db: Db, q: PageQuery): Promise<AdminCompanyPage> {
  const text = q.search?.trim();
  let where: SQL | undefined;
  if (text) {
    const like = containsPattern(text);
    where = or(ilike(companies.name, like), ilike(companies.domain, like), ilike(companies.companyCode, like), isUuid(text) ? eq(companies.id, text) : undefined);
  }
  const [{ total }] = await db.select({ total: count() }).from(companies).where(where);
  const rows = await db
    .select()
    .from(companies)
    .where(where)
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const counts = await companyCounts(
    db,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return { items: rows.map((r) => presentAdminCompany(r, counts.get(r.id)!, now)), total, page: q.page, pageSize: q.pageSize };
}

/** GET /api/admin/users: newest first; `search` on e-mail and name (or the exact id). */
export async function listUsers(db: Db, q: PageQuery): Promise<AdminUserPage> {
  const text = q.search?.trim();
  let where: SQL | undefined;
  if (text) {
    const like = containsPattern(text);
    where = or(
      ilike(users.email, like),
      sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`,
      isUuid(text) ? eq(users.id, text) : undefined,
    );
  }
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isSuperAdmin: users.isSuperAdmin,
      emailVerifiedAt: users.emailVerifiedAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const ids = rows.map((r) => r.id);
  const memberOf = ids.length
    ? await db
        .select({ userId: memberships.userId, n: sql<number>`count(*)::int` })
        .from(memberships)
        .where(and(inArray(memberships.userId, ids), openMembership))
        .groupBy(memberships.userId)
    : [];
  const companyCount = new Map(memberOf.map((m) => [m.userId, m.n]));
  return {
    items: rows.map(({ emailVerifiedAt, createdAt, ...u }) => ({
      ...u,
      emailVerified: emailVerifiedAt !== null,
      companyCount: companyCount.get(u.id) ?? 0,
      createdAt: createdAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * GET /api/admin/subscription-stats. A paid plan is in force (effectivePlan in plan-state.ts, trials left out: they
 * pay nothing yet) when its status is 'active' and its period has not ended, or it has no period (assigned by hand).
 */
export async function subscriptionStats(db: Db): Promise<SubscriptionStats> {
  const [{ totalCompanies }] = await db.select({ totalCompanies: count() }).from(companies);
  const [{ totalUsers }] = await db.select({ totalUsers: count() }).from(users);
  const inForce = await db
    .select({ plan: companies.plan, n: sql<number>`count(*)::int` })
    .from(companies)
    .where(
      and(
        inArray(companies.plan, PAID_PLAN_IDS),
        eq(companies.subscriptionStatus, 'active'),
        or(isNull(companies.currentPeriodEnd), gt(companies.currentPeriodEnd, sql`now()`)),
      ),
    )
    .groupBy(companies.plan);
  const [{ monthlyExpenses }] = await db.select({ monthlyExpenses: count() }).from(expenses).where(sql`${expenses.createdAt} >= ${santiagoMonthStart}`);
  return {
    totalCompanies,
    totalUsers,
    totalActiveSubscriptions: inForce.reduce((s, r) => s + r.n, 0),
    totalMonthlyRevenue: inForce.reduce((s, r) => s + r.n * (getPlan(r.plan).price ?? 0), 0),
    monthlyExpenses,
  };
}
