import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExpenseView } from '@shared/expenses';
import { ApiError, apiGet, errorMessage } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';
import { unlessJustLoaded } from '@client/lib/prefetch';

export const PAGE_SIZE = 25;

/** What the filter form holds; 'all' means "no filter" for status, category and user. */
export interface ExpenseFilterValues {
  status: string;
  category: string;
  startDate: string;
  endDate: string;
  userId: string;
}

export const DEFAULT_FILTERS: ExpenseFilterValues = { status: 'all', category: 'all', startDate: '', endDate: '', userId: 'all' };

export interface ExpensePage {
  items: ExpenseView[];
  total: number;
  page: number;
  pageSize: number;
  nextCursor: string | null;
  prevCursor: string | null;
}

export interface CategoryOption {
  id: string;
  name: string;
  isActive: boolean;
}

export interface CompanyUserOption {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Query-string fields for the list and the Excel export. Empty filters are left out; the user
 * filter only goes out for admins (the server ignores it for everyone else anyway).
 */
export function filterParams(f: ExpenseFilterValues, withUser: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.status && f.status !== 'all') out.status = f.status;
  if (f.category && f.category !== 'all') out.category = f.category;
  if (f.startDate) out.startDate = f.startDate;
  if (f.endDate) out.endDate = f.endDate;
  if (withUser) out.userId = f.userId || 'all';
  return out;
}

/** The date range is checked before searching: a reversed range can only return nothing. */
export function dateRangeError(f: ExpenseFilterValues): string | null {
  if (f.startDate && f.endDate && f.startDate > f.endDate) return 'La fecha "Desde" no puede ser posterior a la fecha "Hasta".';
  return null;
}

/** The list's query; the first search on arrival is also started at page load (src/client/startup.ts). */
export const expenseListQuery = (params: Record<string, string> | null) => ({
  queryKey: qk.expenses(params ?? {}),
  // Cache-busting timestamp plus no-store: the list must never come from an HTTP cache (part 1 §7).
  queryFn: () => apiGet<ExpensePage>(`/api/expenses?${new URLSearchParams({ ...params, _t: String(Date.now()) })}`, { noCache: true }),
});

/** What the screen searches on arrival: page 1 with the default filters (for an admin: all users). */
export const initialListParams = (admin: boolean) => ({ ...filterParams(DEFAULT_FILTERS, admin), page: '1', pageSize: String(PAGE_SIZE) });

/** One page of the list; `params` null means no search has been asked for (nothing is fetched). */
export function useExpenseList(params: Record<string, string> | null) {
  return useQuery({
    ...expenseListQuery(params),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    // Every search shows the server's current answer; a cached page is only shown while it reloads (the page load's
    // own answer, read a moment ago, is not asked for again).
    staleTime: 0,
    refetchOnMount: unlessJustLoaded,
  });
}

/** Fresh copy of one expense for the detail dialog, starting from the list's copy. */
export function useExpenseDetail(expense: ExpenseView | null) {
  return useQuery({
    queryKey: ['/api/expenses', 'detail', expense?.id ?? ''],
    queryFn: () => apiGet<ExpenseView>(`/api/expenses/${expense!.id}`, { noCache: true }),
    enabled: !!expense,
    placeholderData: expense ?? undefined,
    staleTime: 0,
  });
}

/** The company's categories for the filter; only read when there is a company to read. */
export function useCategoryOptions(enabled: boolean) {
  return useQuery({ queryKey: ['/api/categories'], queryFn: () => apiGet<CategoryOption[]>('/api/categories'), enabled });
}

/** Company people for the admin's user filter; only read when there is a company to read. */
export function useCompanyUserOptions(enabled: boolean) {
  return useQuery({ queryKey: qk.companyUsers, queryFn: () => apiGet<CompanyUserOption[]>('/api/company/users'), enabled });
}

export function fullName(u: { firstName: string; lastName: string; email?: string } | null | undefined): string {
  if (!u) return '-';
  return `${u.firstName} ${u.lastName}`.trim() || u.email || '-';
}

/**
 * Text for a failed list read: the server's own `{ message }` when it sent one, the connection
 * hint for a network failure, otherwise the spec's 'Failed to fetch expenses'.
 */
export function listErrorMessage(err: unknown): string {
  const fallback = 'Failed to fetch expenses';
  if (err instanceof ApiError) {
    const body = err.message.slice(err.message.indexOf(':') + 1).trim();
    return body.startsWith('{') ? err.serverMessage || fallback : fallback;
  }
  return errorMessage(err, fallback);
}
