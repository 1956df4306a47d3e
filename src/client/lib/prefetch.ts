/** How long an answer read at page load counts as the screen's own first read (src/client/startup.ts). */
const JUST_LOADED_MS = 3_000;

/**
 * `refetchOnMount` for screens that re-read on every visit (staleTime 0): the answer the page load started a moment
 * before the screen mounted is shown as it is instead of being asked for twice. Anything older, or invalidated by a
 * write, is read again as before.
 */
export function unlessJustLoaded(query: { state: { isInvalidated: boolean; dataUpdatedAt: number } }): boolean {
  return query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_LOADED_MS;
}
