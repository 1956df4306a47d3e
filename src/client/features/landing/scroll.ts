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

/**
 * For the sections below the first screen: the browser skips their style, layout and paint until they come near the
 * viewport (issue 18 item 8: on a phone most of the landing's first-render work was for sections nobody sees yet). The
 * intrinsic size keeps the page's height (and the section links' targets) about right before they render.
 */
export const BELOW_THE_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_900px]';
