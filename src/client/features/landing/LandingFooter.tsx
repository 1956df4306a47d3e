import { Logo } from './Logo';
import { BELOW_THE_FOLD } from './scroll';

export function LandingFooter() {
  return (
    <footer className={`border-t bg-card ${BELOW_THE_FOLD}`}>
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-10 text-center sm:flex-row sm:justify-between sm:px-6 sm:text-left">
        <div>
          <Logo />
          <p className="mt-2 text-sm text-muted-foreground">Rendiciones de gastos para empresas chilenas.</p>
        </div>
        <p className="text-sm text-muted-foreground">© 2026 Rendix. Todos los derechos reservados.</p>
      </div>
    </footer>
  );
}
