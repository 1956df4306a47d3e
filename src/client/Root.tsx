import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, Suspense, lazy, type ReactNode } from 'react';
import { useHydrated } from './lib/useHydrated';

// The toaster arrives after the first paint: the landing shows no toast, and the screens that do share this chunk.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Everything around the router, the same in the browser and in the build's prerender of the landing. */
export function Root({ client, children }: { client: QueryClient; children: ReactNode }) {
  // The prerender has no toaster, so the first browser render must not have one either.
  const mounted = useHydrated();
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        {children}
        {/* One toast at a time, 5 s (part 1 §8). */}
        {mounted && (
          <Suspense fallback={null}>
            <Toaster visibleToasts={1} duration={5000} richColors closeButton position="top-right" />
          </Suspense>
        )}
      </QueryClientProvider>
    </StrictMode>
  );
}
