/** Anchors of the landing sections that the top bar and hero buttons scroll to. */
export const SECTION_IDS = {
  features: 'features',
  pricing: 'pricing',
  ai: 'reconocimiento-ia',
} as const;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * Scrolls to a section and moves keyboard focus into it, so a keyboard user continues
 * from there instead of from the button at the top of the page.
 */
export function scrollToSection(id: string): void {
  // (Section links are real '#id' anchors: before the script takes over the prerendered page they jump natively.)
  const el = document.getElementById(id);
  if (!el) return;
  el.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  el.focus({ preventScroll: true });
}

/** Props of an in-page link to a section: the browser's jump without the script, the smooth scroll and focus with it. */
export function sectionLink(id: string) {
  return {
    href: `#${id}`,
    onClick: (e: { preventDefault(): void }) => {
      e.preventDefault();
      scrollToSection(id);
    },
  };
}
