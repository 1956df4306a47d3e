import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/auth';
import { hasSessionHint } from '@shared/session';
import { apiGet } from './api';
import { qk } from './queryKeys';

/** False in the build's prerender (no document) and in a browser without the session hint cookie. */
const mayHaveSession = () => typeof document !== 'undefined' && hasSessionHint(document.cookie);

/** The session, or null: without the session hint there is no session to read, and a visitor's page asks nothing. */
export const readSession = () => (mayHaveSession() ? apiGet<CurrentUser | null>('/api/auth/user', { on401: 'null' }) : Promise.resolve(null));

/** The session lookup: 401 means "no user", cached 5 minutes, never retried (part 1 §7). */
export function useCurrentUser() {
  const q = useQuery({
    queryKey: qk.currentUser,
    queryFn: readSession,
    // A visitor gets no 'Cargando...' either: the landing is the first paint.
    initialData: () => (mayHaveSession() ? undefined : null),
    staleTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  // `sessionUnknown`: the read failed (offline, server down), so 'no user' is not known to be true.
  return { user: q.data ?? null, isLoading: q.isLoading, isAuthenticated: !!q.data, sessionUnknown: q.isError };
}

/**
 * A session read that failed for want of a network (an app opened offline from the service worker) shows the public
 * pages; when the connection returns the session is read again, so a signed-in user is back in the app without a
 * reload. (React Query starts 'online' whatever the browser says, so its own reconnect refetch never fires here.)
 */
export function rereadSessionWhenOnline(client: QueryClient): () => void {
  const onOnline = () => {
    if (client.getQueryState(qk.currentUser)?.status === 'error') void client.refetchQueries({ queryKey: qk.currentUser });
  };
  window.addEventListener('online', onOnline);
  return () => window.removeEventListener('online', onOnline);
}

export function isAdmin(user: CurrentUser | null): boolean {
  return !!user && (user.role === 'admin' || user.isSuperAdmin);
}

/** Admins, and managers (who decide the approval steps assigned to them, issue 20). */
export function isApprover(user: CurrentUser | null): boolean {
  return isAdmin(user) || user?.role === 'manager';
}

