import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { Root } from './Root';
import { rereadSessionWhenOnline } from './lib/auth';
import { queryClient } from './lib/queryClient';
import { PRERENDER_OFF_ATTR } from './prerender-flag';
import { startSignedInLoad } from './startup';
import './index.css';

rereadSessionWhenOnline(queryClient);
// A signed-in browser asks for the session, the screen's code and its data now, not in turns after React renders.
startSignedInLoad(queryClient);

const container = document.getElementById('root')!;
const tree = (
  <Root client={queryClient}>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </Root>
);

// The built index.html carries the landing prerendered (scripts/prerender): a visitor on / gets it at once and React
// takes it over. Anyone else (a signed-in browser, another path; index.html's inline script marks them) starts clean.
const html = document.documentElement;
if (container.hasChildNodes() && !html.hasAttribute(PRERENDER_OFF_ATTR)) {
  hydrateRoot(container, tree);
} else {
  container.replaceChildren();
  html.removeAttribute(PRERENDER_OFF_ATTR);
  createRoot(container).render(tree);
}
