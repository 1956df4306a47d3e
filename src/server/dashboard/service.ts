import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { chileWallClock } from '@shared/format.js';
import { getPlan } from '@shared/plans.js';
import type { Db, DbOrTx } from '../db/client.js';
import { Bindings, prepared } from '../db/prepared.js';
import { feedCache } from '../db/change-feed.js';
import { categories, expenses } from '../db/schema/index.js';

/** Start of the current calendar month in America/Santiago, as an instant. */
export const santiagoMonthStart = sql`(date_trunc('month', now() at time zone 'America/Santiago') at time zone 'America/Santiago')`;

/**
 * Money the company spent: approved and pending reports. A rejected report was never paid by the
 * company, so every total shown as spending (dashboard, company page) filters with this one condition.
 */
export const SPENT_STATUSES = ['approved', 'pending'] as const;
export const countsAsSpent: SQL = inArray(expenses.status, [...SPENT_STATUSES]);

/** Expenses the company filed this month (Santiago time): what the plan's monthly limit counts. */
export async function countMonthlyExpenses(db: DbOrTx, companyId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(expenses)
    .where(and(eq(expenses.companyId, companyId), gte(expenses.createdAt, santiagoMonthStart)));
  return r.n;
}

/** Whose expenses a dashboard card sums: the company's, or one employee's own (`ownerId`). */
export interface DashboardScope {
  companyId: string;
  ownerId: string | null;
}

/** Dashboard figures kept in memory, dropped when the company's expenses or catalog change (db/change-feed.ts). */
const figuresCacheOf = (db: Db) =>
  feedCache<{ companyId: string; value: unknown }>(db, 'dashboard', { max: 5000, ttlMs: 5 * 60_000, keysOf: (v) => [`e:${v.companyId}`] });

/**
 * `read()`, or what it answered before for the same card, scope and Santiago day (the cards count by month and the
 * chart ends with the current one), when nothing of the company's changed since. `cache: false` always reads.
 */
async function kept<T>(db: Db, card: string, scope: DashboardScope, cache: boolean, read: () => Promise<T>): Promise<T> {
  const figures = cache ? figuresCacheOf(db) : null;
  if (!figures) return read();
  const today = chileWallClock(new Date());
  const key = `${card}|${scope.companyId}|${scope.ownerId ?? 'all'}|${today.year}-${today.month}-${today.day}`;
  const hit = figures.get(key);
  if (hit) return hit.value as T;
  const since = figures.generation;
  const value = await read();
  figures.set(key, { companyId: scope.companyId, value }, since);
  return value;
}

/** The scope's conditions with their values as placeholders (the cards' statements are prepared: db/prepared.ts). */
function scopeConditions(scope: DashboardScope, b: Bindings): SQL[] {
  const where = [eq(expenses.companyId, b.bind('companyId', scope.companyId))];
  if (scope.ownerId) where.push(eq(expenses.userId, b.bind('ownerId', scope.ownerId)));
  return where;
}

/**
 * Stat cards in one statement; `ownerId` narrows the cards to one employee's own expenses, while the month's count
 * stays the company's (what the plan limit counts), hence its own subquery.
 */
export async function dashboardStats(db: Db, scope: DashboardScope, plan: string, cache = false) {
  const row = await kept(db, 'stats', scope, cache, () => readStats(db, scope));
  return { ...row, monthlyLimit: getPlan(plan).monthlyExpenseLimit };
}

async function readStats(db: Db, scope: DashboardScope) {
  const b = new Bindings();
  const where = scopeConditions(scope, b);
  const statement = prepared(db, b.shape('stats'), (name) => {
    const monthly = db
      .select({ n: sql<number>`count(*)::int` })
      .from(expenses)
      .where(and(eq(expenses.companyId, sql.placeholder('companyId')), gte(expenses.createdAt, santiagoMonthStart)));
    return db
      .select({
        totalExpenses: sql<number>`count(*)::int`,
        totalAmount: sql<string>`coalesce(sum(${expenses.amountClp}) filter (where ${countsAsSpent}), 0)::text`,
        pendingExpenses: sql<number>`(count(*) filter (where ${expenses.status} = 'pending'))::int`,
        approvedExpenses: sql<number>`(count(*) filter (where ${expenses.status} = 'approved'))::int`,
        monthlyExpenses: sql<number>`(${monthly})`,
      })
      .from(expenses)
      .where(and(...where))
      .prepare(name);
  }, { planEachTime: true });
  const [row] = await statement.execute(b.values);
  return row;
}

/** First day of the current month in Santiago, as a calendar date. */
const santiagoMonthFirstDay = sql`(date_trunc('month', now() at time zone 'America/Santiago'))::date`;

/** Amount spent (approved + pending) per category for expenses dated this month (Santiago). */
export async function categoriesThisMonth(db: Db, scope: DashboardScope, cache = false) {
  return kept(db, 'categories', scope, cache, () => readCategories(db, scope));
}

async function readCategories(db: Db, scope: DashboardScope) {
  const b = new Bindings();
  const where = scopeConditions(scope, b);
  const statement = prepared(db, b.shape('categories'), (name) =>
    db
      .select({
        category: sql<string>`coalesce(${categories.name}, 'otros')`,
        amount: sql<string>`sum(${expenses.amountClp})::text`,
      })
      .from(expenses)
      .leftJoin(categories, eq(categories.id, expenses.categoryId))
      .where(and(...where, countsAsSpent, gte(expenses.date, santiagoMonthFirstDay)))
      .groupBy(sql`1`)
      .orderBy(sql`sum(${expenses.amountClp}) desc`)
      .prepare(name),
    { planEachTime: true },
  );
  return statement.execute(b.values);
}

/**
 * Spending (approved + pending) per month for the last `months` months including this one, zero-filled. Grouped by
 * day in SQL (an index-only scan of expenses_company_status_date_amount_idx, no per-row date formatting) and folded
 * into months here: at most ~186 rows.
 */
export async function monthlySpending(db: Db, scope: DashboardScope, cache = false, months = 6) {
  return kept(db, `monthly${months}`, scope, cache, () => readMonthly(db, scope, months));
}

async function readMonthly(db: Db, scope: DashboardScope, months: number) {
  const b = new Bindings();
  const where = scopeConditions(scope, b);
  b.bind('monthsBack', months - 1);
  const statement = prepared(db, b.shape('monthly'), (name) =>
    db
      .select({ date: expenses.date, amount: sql<string>`sum(${expenses.amountClp})::text`, count: sql<number>`count(*)::int` })
      .from(expenses)
      .where(and(...where, countsAsSpent, gte(expenses.date, sql`(${santiagoMonthFirstDay} - make_interval(months => ${sql.placeholder('monthsBack')}::int))::date`)))
      .groupBy(expenses.date)
      .prepare(name),
    { planEachTime: true },
  );
  const days = await statement.execute(b.values);
  const byMonth = new Map<string, { month: string; amount: string; count: number }>();
  for (const d of days) {
    const month = d.date.slice(0, 7);
    const m = byMonth.get(month);
    byMonth.set(month, { month, amount: String(BigInt(m?.amount ?? 0) + BigInt(d.amount)), count: (m?.count ?? 0) + d.count });
  }
  const now = chileWallClock(new Date());
  const out: { month: string; amount: string; count: number }[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(Number(now.year), Number(now.month) - 1 - i, 1));
    const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    out.push(byMonth.get(key) ?? { month: key, amount: '0', count: 0 });
  }
  return out;
}
