import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { App } from './App';
import { rereadSessionWhenOnline } from './lib/auth';
import { queryClient } from './lib/queryClient';
import './index.css';

rereadSessionWhenOnline(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
      {/* One toast at a time, 5 s (part 1 §8). */}
      <Toaster visibleToasts={1} duration={5000} richColors closeButton position="top-right" />
    </QueryClientProvider>
  </StrictMode>,
);
