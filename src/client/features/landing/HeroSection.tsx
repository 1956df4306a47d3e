import { ArrowRight, CircleCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { FREE_TRIAL_DAYS } from '@shared/plans';
import { ReceiptPreview } from './ReceiptPreview';
import { SECTION_IDS, sectionLink } from './scroll';

const CLAIMS = [`Prueba gratis de ${FREE_TRIAL_DAYS} días`, 'Sin compromiso', 'Configuración en minutos'];

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-linear-to-b from-accent via-background to-background"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 left-1/2 -z-10 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl"
      />

      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_0.9fr]">
        <div className="min-w-0 text-center lg:text-left">
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm font-medium text-primary shadow-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            Rendiciones con inteligencia artificial
          </p>
          <h1
            id="hero-title"
            className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Rendiciones de gastos <span className="whitespace-nowrap text-primary">sin papeleo</span>, con IA
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-muted-foreground text-pretty lg:mx-0">
            Sube la boleta o factura, deja que la IA complete los datos y aprueba en minutos. Rendix ordena los gastos
            de tu equipo para que tu empresa rinda, reembolse y contabilice sin planillas.
          </p>

          <ul className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:flex-wrap sm:justify-center lg:justify-start">
            {CLAIMS.map((claim) => (
              <li key={claim} className="inline-flex items-center gap-2 text-sm font-medium">
                <CircleCheck className="size-5 text-green-600 dark:text-green-400" aria-hidden="true" />
                {claim}
              </li>
            ))}
          </ul>

          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <Button asChild size="lg" className="shadow-lg shadow-primary/25">
              <Link to="/auth">
                Comenzar Gratis
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a {...sectionLink(SECTION_IDS.features)}>Ver Características</a>
            </Button>
          </div>
        </div>

        <ReceiptPreview />
      </div>
    </section>
  );
}
