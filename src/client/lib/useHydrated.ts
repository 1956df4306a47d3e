import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while React takes over the prerendered HTML, true afterwards (and from the start of a
 * render that is not a hydration). For what the prerendered landing must not contain: controls that only work with
 * the script (the chat button), or parts that load later (the toaster).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
