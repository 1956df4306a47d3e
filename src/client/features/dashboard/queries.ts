import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/auth';
import type { ExpenseStatus } from '@shared/expenses';
import { apiGet } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';

/** GET /api/dashboard/stats (part 1 §3 Dashboard stats). */
export interface DashboardStats {
  totalExpenses: number;
  totalAmount: string;
  pendingExpenses: number;
  approvedExpenses: number;
  monthlyExpenses: number;
  monthlyLimit: number | null;
  subscriptionStatus: CurrentUser['subscriptionStatus'];
}

/** GET /api/dashboard/categories: this month's amount per category. */
export interface CategorySummaryItem {
  category: string;
  amount: string;
}

/** GET /api/dashboard/recent: the five latest reports. */
export interface RecentExpenseItem {
  id: string;
  expenseNumber: number;
  description: string;
  category: string | null;
  amount: string;
  status: ExpenseStatus;
  createdAt: string;
  date: string;
}

/** GET /api/dashboard/monthly: last six months, oldest first, zero-filled. */
export interface MonthlySpendingItem {
  month: string;
  amount: string;
  count: number;
}

/** Not in the shared `qk` yet: only this screen reads it. */
export const dashboardMonthlyKey = qk.dashboardMonthly;

export function useDashboardStats() {
  return useQuery({ queryKey: qk.dashboardStats, queryFn: () => apiGet<DashboardStats>('/api/dashboard/stats') });
}

export function useDashboardCategories() {
  return useQuery({ queryKey: qk.dashboardCategories, queryFn: () => apiGet<CategorySummaryItem[]>('/api/dashboard/categories') });
}

export function useDashboardRecent() {
  return useQuery({ queryKey: qk.dashboardRecent, queryFn: () => apiGet<RecentExpenseItem[]>('/api/dashboard/recent') });
}

export function useDashboardMonthly() {
  return useQuery({ queryKey: dashboardMonthlyKey, queryFn: () => apiGet<MonthlySpendingItem[]>('/api/dashboard/monthly') });
}
