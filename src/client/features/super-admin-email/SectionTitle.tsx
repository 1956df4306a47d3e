import type { ReactNode } from 'react';

/** A card's title as the page's second heading level (CardTitle is an h3). */
export function SectionTitle({ children }: { children: ReactNode }) {
  return <h2 className="flex items-center gap-2 text-lg font-semibold leading-none tracking-tight">{children}</h2>;
}
