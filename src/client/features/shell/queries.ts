import { useCallback, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AdminCompanyPage } from '@shared/admin';
import { actionableCount } from '@shared/approvals';
import type { CurrentUser, Membership } from '@shared/auth';
import { getPlan } from '@shared/plans';
import { apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { isApprover } from '@client/lib/auth';
import { qk } from '@client/lib/queryKeys';

/** Companies the user belongs to, for the switcher. */
export function useMemberships() {
  return useQuery({ queryKey: qk.memberships, queryFn: () => apiGet<Membership[]>('/api/user/memberships') });
}

/**
 * Name of the current company and the user's memberships. The memberships list wins (a rename refreshes it); the
 * session names the company otherwise, also one a super admin visits without being a member.
 */
export function useCurrentCompanyName(user: CurrentUser): { name: string | null; memberships: Membership[]; isLoading: boolean } {
  const memberships = useMemberships();
  const list = memberships.data ?? [];
  const fromMembership = list.find((m) => m.companyId === user.currentCompanyId)?.company.name;
  return { name: fromMembership ?? user.currentCompanyName, memberships: list, isLoading: memberships.isLoading };
}

/** How many companies the super admin's switcher shows at once; the rest are reached by searching. */
export const SWITCHER_PAGE_SIZE = 20;

/**
 * The super admin's switcher: every company of the platform, searched on the server (name, domain or code) since a
 * platform has thousands. The previous page stays on screen while the next search runs.
 */
export function useSwitchableCompanies(search: string, enabled: boolean) {
  const filters = { search, page: '1', pageSize: String(SWITCHER_PAGE_SIZE) };
  return useQuery({
    queryKey: qk.adminCompanies(filters),
    queryFn: () => apiGet<AdminCompanyPage>(`/api/admin/companies?${new URLSearchParams(filters).toString()}`),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * 'Salir' of the super admin banner: back to the own company (or none) and every cached query refreshed;
 * `beforeRefresh` as in `useSwitchCompany`.
 */
export function useExitCompanyView(beforeRefresh?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string; companyId: string | null }>('POST', '/api/user/exit-company-view'),
    onSuccess: async (res) => {
      toast.success('Modo super admin finalizado', { description: res.message });
      beforeRefresh?.();
      await queryClient.invalidateQueries();
    },
    onError: (err) => {
      toast.error('Error', { description: errorMessage(err, 'No se pudo salir de la empresa') });
    },
  });
}

/**
 * Part 2 §4: switching company refreshes every cached query. `beforeRefresh` runs first (e.g. a navigation): the
 * refreshed session remounts the shell, and a caller's own callbacks would not survive that.
 */
export function useSwitchCompany(beforeRefresh?: (companyId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => apiRequest<{ message: string }>('POST', '/api/user/switch-company', { companyId }),
    onSuccess: async (_res, companyId) => {
      toast.success('Empresa cambiada', { description: 'Has cambiado de empresa exitosamente' });
      beforeRefresh?.(companyId);
      await queryClient.invalidateQueries();
    },
    onError: (err) => {
      toast.error('Error', { description: errorMessage(err, 'No se pudo cambiar de empresa') });
    },
  });
}

/** Admins and super admins inside a company: a super admin outside every company has nothing to approve (the read answers 400). */
const canApproveHere = (user: CurrentUser) => isApprover(user) && !!user.currentCompanyId;

/**
 * Pending-approval count for the sidebar badge; admins and super admins in a company only. A failed read
 * (the endpoint may not exist yet) simply shows no badge.
 */
export function usePendingApprovalsCount(user: CurrentUser): number {
  const q = useQuery({
    queryKey: qk.pendingApprovals,
    queryFn: () => apiGet<unknown[]>('/api/admin/expenses/pending'),
    enabled: canApproveHere(user),
  });
  // Separation of duties: an admin's own expenses wait for another admin and are not counted for them.
  return canApproveHere(user) && Array.isArray(q.data) ? actionableCount(q.data as { canDecide?: boolean }[]) : 0;
}

/** This month's expense count against the limit of the plan in force; read only for plans with a limit (part 2 §7). */
export function useMonthlyUsage(user: CurrentUser): { used: number; limit: number } | null {
  // Without a company there is nothing to count (the stats call would answer 400).
  const limit = user.planId && user.currentCompanyId ? getPlan(user.planId).monthlyExpenseLimit : null;
  const q = useQuery({
    queryKey: qk.dashboardStats,
    queryFn: () => apiGet<{ monthlyExpenses?: number; monthlyLimit?: number | null }>('/api/dashboard/stats'),
    enabled: limit !== null,
  });
  if (limit === null || !q.data) return null;
  return { used: q.data.monthlyExpenses ?? 0, limit: q.data.monthlyLimit ?? limit };
}

type PreferencesPatch = { darkMode: boolean } | { emailNotifications: boolean };

/**
 * Saves one preference. The cached user changes at once (dark mode applies immediately),
 * the server's answer then replaces it, and a failure puts the previous value back.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PreferencesPatch) => apiRequest<CurrentUser>('PATCH', '/api/user/preferences', patch),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: qk.currentUser });
      const previous = queryClient.getQueryData<CurrentUser | null>(qk.currentUser);
      if (previous) queryClient.setQueryData<CurrentUser>(qk.currentUser, { ...previous, ...patch });
      return { previous };
    },
    onSuccess: (user) => {
      queryClient.setQueryData(qk.currentUser, user);
    },
    onError: (_err, _patch, context) => {
      // A 401 has already cleared the cache (part 1 §8); restoring would resurrect the session.
      if (context?.previous && queryClient.getQueryData(qk.currentUser)) queryClient.setQueryData(qk.currentUser, context.previous);
      toast.error('Error', { description: 'No se pudieron actualizar las preferencias' });
    },
  });
}

/** Ends the session and reloads on /auth, even when the call fails (part 2 §8: errors swallowed). */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/logout');
  } catch {
    /* swallowed: the redirect happens regardless */
  }
  window.location.href = '/auth';
}

/** `logout` plus a flag so the buttons can show that it is under way. */
export function useLogout(): { logout: () => void; isLoggingOut: boolean } {
  const [isLoggingOut, setLoggingOut] = useState(false);
  const run = useCallback(() => {
    if (isLoggingOut) return;
    setLoggingOut(true);
    void logout();
  }, [isLoggingOut]);
  return { logout: run, isLoggingOut };
}
