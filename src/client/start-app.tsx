import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { Root } from './Root';
import { rereadSessionWhenOnline } from './lib/auth';
import { queryClient } from './lib/queryClient';
import { PRERENDER_OFF_ATTR } from './prerender-flag';
import { startSignedInLoad } from './startup';

/**
 * The whole app (router, session, every screen on demand), for everyone but a visitor reading the prerendered
 * landing: main.tsx imports this module only then. It renders from an empty #root, never over the landing's HTML.
 */
export function startApp(container: HTMLElement): void {
  rereadSessionWhenOnline(queryClient);
  // A signed-in browser asks for the session, the screen's code and its data now, not in turns after React renders.
  startSignedInLoad(queryClient);
  container.replaceChildren();
  document.documentElement.removeAttribute(PRERENDER_OFF_ATTR);
  createRoot(container).render(
    <Root client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Root>,
  );
}
