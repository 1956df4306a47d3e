import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { AiReceiptSection } from './AiReceiptSection';
import { ClosingSection } from './ClosingSection';
import { FeaturesSection } from './FeaturesSection';
import { HeroSection } from './HeroSection';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import { LANDING_OVERLAYS_ID, mountLandingOverlays } from './overlays';
import { PricingSection } from './PricingSection';

/** Public landing page (part 1 §2). */
export function LandingPage() {
  const { hash } = useLocation();
  const overlays = useRef<HTMLDivElement>(null);

  // The sections render after the script loads, so the browser's own jump to /#pricing misses them.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash]);

  // The overlays are plain DOM, shared with the prerendered landing that runs without React (./overlays.ts).
  useEffect(() => mountLandingOverlays(overlays.current!), []);

  return (
    <div className="min-h-screen bg-background text-foreground">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground"
      >
        Saltar al contenido
      </a>
      <LandingHeader />
      <main id="contenido" tabIndex={-1} className="outline-none">
        <HeroSection />
        <AiReceiptSection />
        <FeaturesSection />
        <PricingSection />
        <ClosingSection />
      </main>
      <LandingFooter />
      {/* Overlays (part 1 §2): the chat widget and the install banner, added by the script that makes the page live. */}
      <div id={LANDING_OVERLAYS_ID} ref={overlays} />
    </div>
  );
}
