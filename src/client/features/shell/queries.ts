import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { actionableCount } from '@shared/approvals';
import type { CurrentUser, Membership } from '@shared/auth';
import { apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { isAdmin } from '@client/lib/auth';
import { qk } from '@client/lib/queryKeys';
import { FREE_MONTHLY_LIMIT } from './nav';

/** Companies the user belongs to, for the switcher. */
export function useMemberships() {
  return useQuery({ queryKey: qk.memberships, queryFn: () => apiGet<Membership[]>('/api/user/memberships') });
}

/** Name of the current company, also when a super admin works on a company they are not a member of. */
export function useCurrentCompanyName(user: CurrentUser): { name: string | null; memberships: Membership[]; isLoading: boolean } {
  const memberships = useMemberships();
  const list = memberships.data ?? [];
  const fromMembership = list.find((m) => m.companyId === user.currentCompanyId)?.company.name ?? null;
  const needsLookup = !!user.currentCompanyId && memberships.isSuccess && !fromMembership;
  const company = useQuery({
    queryKey: qk.currentCompany,
    queryFn: () => apiGet<{ id: string; name: string } | null>('/api/company/current'),
    enabled: needsLookup,
  });
  return {
    name: fromMembership ?? (needsLookup ? (company.data?.name ?? null) : null),
    memberships: list,
    isLoading: memberships.isLoading || (needsLookup && company.isLoading),
  };
}

/** Part 2 §4: switching company refreshes every cached query. */
export function useSwitchCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => apiRequest<{ message: string }>('POST', '/api/user/switch-company', { companyId }),
    onSuccess: async () => {
      toast.success('Empresa cambiada', { description: 'Has cambiado de empresa exitosamente' });
      await queryClient.invalidateQueries();
    },
    onError: (err) => {
      toast.error('Error', { description: errorMessage(err, 'No se pudo cambiar de empresa') });
    },
  });
}

/**
 * Pending-approval count for the sidebar badge; admins and super admins only. A failed read
 * (the endpoint may not exist yet) simply shows no badge.
 */
export function usePendingApprovalsCount(user: CurrentUser): number {
  const q = useQuery({
    queryKey: qk.pendingApprovals,
    queryFn: () => apiGet<unknown[]>('/api/admin/expenses/pending'),
    enabled: isAdmin(user),
  });
  // Separation of duties: an admin's own expenses wait for another admin and are not counted for them.
  return isAdmin(user) && Array.isArray(q.data) ? actionableCount(q.data as { canDecide?: boolean }[]) : 0;
}

/** This month's expense count against the plan limit; read only for free users (part 2 §7). */
export function useMonthlyUsage(user: CurrentUser): { used: number; limit: number } | null {
  // Without a company there is nothing to count (the stats call would answer 400).
  const isFree = user.subscriptionStatus === 'free' && !!user.currentCompanyId;
  const q = useQuery({
    queryKey: qk.dashboardStats,
    queryFn: () => apiGet<{ monthlyExpenses?: number; monthlyLimit?: number | null }>('/api/dashboard/stats'),
    enabled: isFree,
  });
  if (!isFree || !q.data) return null;
  return { used: q.data.monthlyExpenses ?? 0, limit: q.data.monthlyLimit ?? FREE_MONTHLY_LIMIT };
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
