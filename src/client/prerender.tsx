import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './App';
import { Root } from './Root';
import { qk } from './lib/queryKeys';

/**
 * The build's server-side render of what a visitor sees at '/': the same tree the app renders there, with no session.
 * In the browser it is never hydrated: main.tsx makes it live with the landing's own small script (issue 18 item 8).
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
