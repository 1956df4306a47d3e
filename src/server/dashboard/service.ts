import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { getPlan } from '@shared/plans.js';
import type { Db, DbOrTx } from '../db/client.js';
import { expenses } from '../db/schema/index.js';

/** Start of the current calendar month in America/Santiago, as an instant. */
export const santiagoMonthStart = sql`(date_trunc('month', now() at time zone 'America/Santiago') at time zone 'America/Santiago')`;

/** Expenses the company filed this month (Santiago time): what the plan's monthly limit counts. */
export async function countMonthlyExpenses(db: DbOrTx, companyId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(expenses)
    .where(and(eq(expenses.companyId, companyId), gte(expenses.createdAt, santiagoMonthStart)));
  return r.n;
}

/** Stat cards; `ownerId` narrows to one employee's own expenses. */
export async function dashboardStats(db: Db, companyId: string, plan: string, ownerId: string | null) {
  const scope: SQL[] = [eq(expenses.companyId, companyId)];
  if (ownerId) scope.push(eq(expenses.userId, ownerId));
  const [row] = await db
    .select({
      totalExpenses: sql<number>`count(*)::int`,
      totalAmount: sql<string>`coalesce(sum(${expenses.amountClp}), 0)::text`,
      pendingExpenses: sql<number>`(count(*) filter (where ${expenses.status} = 'pending'))::int`,
      approvedExpenses: sql<number>`(count(*) filter (where ${expenses.status} = 'approved'))::int`,
    })
    .from(expenses)
    .where(and(...scope));
  return {
    ...row,
    monthlyExpenses: await countMonthlyExpenses(db, companyId),
    monthlyLimit: getPlan(plan).monthlyExpenseLimit,
  };
}
