import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { BELOW_THE_FOLD } from './scroll';

/** Final call to action before the footer. */
export function ClosingSection() {
  return (
    <section aria-labelledby="closing-title" className={`py-20 sm:py-24 ${BELOW_THE_FOLD}`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-2xl shadow-primary/25 sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-white/10 blur-2xl"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -bottom-28 -left-20 size-72 rounded-full bg-white/10 blur-2xl"
          />
          <h2 id="closing-title" className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            ¿Listo para simplificar las rendiciones de tu empresa?
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg text-white/85 text-pretty">
            Crea tu cuenta en minutos y comienza con el plan gratuito. Sin tarjeta de crédito y sin compromiso.
          </p>
          <Button
            asChild
            size="lg"
            variant="secondary"
            className="relative mt-8 bg-white text-blue-700 hover:bg-white/90 focus-visible:ring-white focus-visible:ring-offset-primary"
          >
            <Link to="/auth?tab=register">
              Crear Cuenta Gratis
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
