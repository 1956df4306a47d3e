import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/auth';
import { apiGet } from './api';
import { qk } from './queryKeys';

/** The session lookup: 401 means "no user", cached 5 minutes, never retried (part 1 §7). */
export function useCurrentUser() {
  const q = useQuery({
    queryKey: qk.currentUser,
    queryFn: () => apiGet<CurrentUser | null>('/api/auth/user', { on401: 'null' }),
    staleTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return { user: q.data ?? null, isLoading: q.isLoading, isAuthenticated: !!q.data };
}

export function isAdmin(user: CurrentUser | null): boolean {
  return !!user && (user.role === 'admin' || user.isSuperAdmin);
}

export const STORAGE = {
  rememberedEmail: 'rememberedEmail',
  rememberMe: 'rememberMe',
  installDismissed: 'installBannerDismissed',
  installed: 'appInstalled',
} as const;
