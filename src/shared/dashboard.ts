/** Dashboard answers (part 1 §3 Dashboard stats), shared by the routes' response schemas and the dashboard screen. */
import { z } from 'zod';
import { EXPENSE_STATUSES } from './expenses.js';

/** Money totals count approved and pending expenses only (a rejected one was never spent); the cards say so. */
export const SPENT_HINT = 'Aprobados y pendientes';

/** GET /api/dashboard/stats */
export const dashboardStatsSchema = z.object({
  totalExpenses: z.number(),
  totalAmount: z.string(),
  pendingExpenses: z.number(),
  approvedExpenses: z.number(),
  monthlyExpenses: z.number(),
  monthlyLimit: z.number().nullable(),
  subscriptionStatus: z.enum(['free', 'pro', 'trial']),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** GET /api/dashboard/categories: this month's amount per category. */
export const categorySummarySchema = z.array(z.object({ category: z.string(), amount: z.string() }));
export type CategorySummaryItem = z.infer<typeof categorySummarySchema>[number];

/** GET /api/dashboard/recent: the five latest reports. */
export const recentExpensesSchema = z.array(
  z.object({
    id: z.string(),
    expenseNumber: z.number(),
    description: z.string(),
    category: z.string().nullable(),
    amount: z.string(),
    status: z.enum(EXPENSE_STATUSES),
    createdAt: z.string(),
    date: z.string(),
  }),
);
export type RecentExpenseItem = z.infer<typeof recentExpensesSchema>[number];

/** GET /api/dashboard/monthly: last six months, oldest first, zero-filled. */
export const monthlySpendingSchema = z.array(z.object({ month: z.string(), amount: z.string(), count: z.number() }));
export type MonthlySpendingItem = z.infer<typeof monthlySpendingSchema>[number];
