import { QueryClient } from '@tanstack/react-query';

/** Part 1 §9: 5-minute freshness, no refetch on interval or focus, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60_000, refetchOnWindowFocus: false, refetchInterval: false, retry: false },
    mutations: { retry: false },
  },
});
