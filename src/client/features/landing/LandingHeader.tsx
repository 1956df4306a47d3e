import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Logo } from './Logo';
import { SECTION_IDS, sectionLink } from './scroll';

const NAV = [
  { id: SECTION_IDS.features, label: 'Características' },
  { id: SECTION_IDS.pricing, label: 'Precios' },
];

function SectionButtons({ className }: { className?: string }) {
  return (
    <div className={className}>
      {NAV.map((item) => (
        <Button key={item.id} asChild variant="ghost" size="sm" className="text-muted-foreground hover:text-foreground">
          <a {...sectionLink(item.id)}>{item.label}</a>
        </Button>
      ))}
    </div>
  );
}

/** Sticky top bar. Below `sm` the sign-in buttons use short labels and the section buttons move to a second row. */
export function LandingHeader() {
  return (
    <header className="sticky top-[var(--offline-offset,0px)] z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <Link
          to="/"
          aria-label="Rendix, inicio"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <Logo />
        </Link>

        <nav aria-label="Secciones" className="hidden sm:block">
          <SectionButtons className="flex items-center gap-1" />
        </nav>

        <div className="flex items-center gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/auth">
              <span className="hidden sm:inline">Iniciar Sesión</span>
              <span className="sm:hidden">Ingresar</span>
            </Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/auth">
              <span className="hidden sm:inline">Comenzar Gratis</span>
              <span className="sm:hidden">Gratis</span>
            </Link>
          </Button>
        </div>
      </div>

      <nav aria-label="Secciones" className="border-t sm:hidden">
        <SectionButtons className="mx-auto flex h-11 max-w-6xl items-center justify-center gap-2 px-4" />
      </nav>
    </header>
  );
}
