import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while React takes over server-rendered HTML, true afterwards (and from the start of a
 * render that is not a hydration). For what the prerendered landing must not contain: parts that load later (the
 * toaster).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
