import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/auth';
import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/queryClient';
import { qk } from '@client/lib/queryKeys';

/**
 * Users who closed the wizard in this page load. A failed completion call must not bring the
 * wizard back if it is mounted again (a reset of the session query, a company switch).
 */
const dismissedThisSession = new Set<string>();

export function wasDismissed(userId: string): boolean {
  return dismissedThisSession.has(userId);
}

/** POST /api/auth/complete-onboarding; errors are swallowed (part 2 §8), the wizard is already hidden. */
export function useCompleteOnboarding() {
  const mutation = useMutation({
    mutationFn: (_userId: string) => apiRequest('POST', '/api/auth/complete-onboarding'),
    // Options-level callback: it still runs if the wizard unmounts before the answer arrives.
    onSuccess: (_data, userId) => {
      queryClient.setQueryData<CurrentUser | null>(qk.currentUser, (prev) =>
        prev && prev.id === userId ? { ...prev, hasCompletedOnboarding: true } : prev,
      );
    },
    onError: () => {
      /* swallowed: the wizard stays hidden for this session */
    },
  });

  return (userId: string) => {
    if (dismissedThisSession.has(userId)) return;
    dismissedThisSession.add(userId);
    mutation.mutate(userId);
  };
}
