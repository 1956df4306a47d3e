import { startLanding } from './features/landing/overlays';
import { PRERENDER_OFF_ATTR } from './prerender-flag';
import './index.css';

// The built index.html carries the landing prerendered (vite.config.ts): a visitor on / reads it at once, and this
// small entry makes it live (chat, install banner, section links) without React or the app (issue 18 item 8: hydrating
// the whole app kept a phone's main thread busy for seconds). Anyone else (a signed-in browser, another path;
// index.html's inline script marks them and has already asked for the app's files) gets the app, from an empty page.
const container = document.getElementById('root')!;
if (container.hasChildNodes() && !document.documentElement.hasAttribute(PRERENDER_OFF_ATTR)) {
  startLanding();
} else {
  void import('./start-app').then(({ startApp }) => startApp(container));
}
