import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';

export type { CategorySummaryItem, DashboardStats, MonthlySpendingItem, RecentExpenseItem } from '@shared/dashboard';
import type { CategorySummaryItem, DashboardStats, MonthlySpendingItem, RecentExpenseItem } from '@shared/dashboard';

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
