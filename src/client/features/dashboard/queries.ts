import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';

export type { CategorySummaryItem, DashboardStats, MonthlySpendingItem, RecentExpenseItem } from '@shared/dashboard';
import type { CategorySummaryItem, DashboardStats, MonthlySpendingItem, RecentExpenseItem } from '@shared/dashboard';

/** Not in the shared `qk` yet: only this screen reads it. */
export const dashboardMonthlyKey = qk.dashboardMonthly;

const statsQuery = { queryKey: qk.dashboardStats, queryFn: () => apiGet<DashboardStats>('/api/dashboard/stats') };
const categoriesQuery = { queryKey: qk.dashboardCategories, queryFn: () => apiGet<CategorySummaryItem[]>('/api/dashboard/categories') };
const recentQuery = { queryKey: qk.dashboardRecent, queryFn: () => apiGet<RecentExpenseItem[]>('/api/dashboard/recent') };
const monthlyQuery = { queryKey: dashboardMonthlyKey, queryFn: () => apiGet<MonthlySpendingItem[]>('/api/dashboard/monthly') };

/** The four reads of the screen, started at page load on / (src/client/startup.ts) so they run with its script. */
export function prefetchDashboard(client: QueryClient): void {
  void client.prefetchQuery(statsQuery);
  void client.prefetchQuery(categoriesQuery);
  void client.prefetchQuery(recentQuery);
  void client.prefetchQuery(monthlyQuery);
}

export function useDashboardStats() {
  return useQuery(statsQuery);
}

export function useDashboardCategories() {
  return useQuery(categoriesQuery);
}

export function useDashboardRecent() {
  return useQuery(recentQuery);
}

export function useDashboardMonthly() {
  return useQuery(monthlyQuery);
}
