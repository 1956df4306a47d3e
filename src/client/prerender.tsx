import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './App';
import { Root } from './Root';
import { qk } from './lib/queryKeys';

/**
 * The build's server-side render of what a visitor sees at '/': the same tree main.tsx hydrates, with no session.
 * Run by the prerender plugin in vite.config.ts; its HTML goes into index.html's #root.
 */
export function renderLanding(): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(qk.currentUser, null);
  return renderToString(
    <Root client={client}>
      <StaticRouter location="/">
        <App />
      </StaticRouter>
    </Root>,
  );
}
