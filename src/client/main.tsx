import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { rereadSessionWhenOnline } from './lib/auth';
import { queryClient } from './lib/queryClient';
import './index.css';

rereadSessionWhenOnline(queryClient);

// The toaster arrives after the first paint: the landing shows no toast, and the screens that do share this chunk.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
      {/* One toast at a time, 5 s (part 1 §8). */}
      <Suspense fallback={null}>
        <Toaster visibleToasts={1} duration={5000} richColors closeButton position="top-right" />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
