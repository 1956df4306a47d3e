import { mountChatWidget } from '@client/features/chat/chat-widget';
import { mountInstallBanner } from '@client/features/pwa/install-banner';
import { SECTION_IDS, scrollToSection } from './scroll';

/** The element LandingPage leaves empty for the overlays: the prerendered HTML has it, React never fills it. */
export const LANDING_OVERLAYS_ID = 'landing-overlays';

/** The chat widget and the install banner (part 1 §2 'Overlays') in `host`; the returned function removes both. */
export function mountLandingOverlays(host: HTMLElement): () => void {
  const unmount = [mountChatWidget(host), mountInstallBanner(host)];
  return () => unmount.forEach((f) => f());
}

const SECTIONS = new Set<string>(Object.values(SECTION_IDS));

/**
 * What makes the prerendered landing live for a visitor on '/' (issue 18 item 8): the overlays, and the smooth scroll
 * with focus of the section links that LandingPage gives them under React. Nothing else on the page needs a script:
 * 'Ingresar', 'Comenzar Gratis' and the plan buttons are plain links to /auth, whose load starts the app
 * (src/client/main.tsx). The section links keep their native jump until this runs.
 */
export function startLanding(): void {
  const host = document.getElementById(LANDING_OVERLAYS_ID);
  if (host) mountLandingOverlays(host);
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element | null)?.closest?.('a[href^="#"]');
    const id = link?.getAttribute('href')?.slice(1);
    if (!id || !SECTIONS.has(id)) return;
    e.preventDefault();
    scrollToSection(id);
  });
}
