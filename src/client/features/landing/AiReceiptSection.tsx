import { ArrowRight, ClipboardCheck, ScanText, Upload, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { SECTION_IDS, BELOW_THE_FOLD } from './scroll';

interface Step {
  title: string;
  text: string;
  icon: LucideIcon;
}

const STEPS: Step[] = [
  {
    title: 'Sube el recibo',
    text: 'Arrastra o selecciona la foto o el archivo de tu boleta o factura, en formato JPG, PNG o PDF.',
    icon: Upload,
  },
  {
    title: 'La IA lo analiza',
    text: 'Rendix lee el monto, la fecha, la categoría y el tipo de documento en segundos.',
    icon: ScanText,
  },
  {
    title: 'El formulario se completa',
    text: 'Los datos aparecen prellenados: revísalos y envía la rendición a aprobación.',
    icon: ClipboardCheck,
  },
];

export function AiReceiptSection() {
  return (
    <section
      id={SECTION_IDS.ai}
      aria-labelledby="ai-title"
      tabIndex={-1}
      className={`scroll-mt-28 border-y bg-card py-20 outline-none sm:scroll-mt-20 sm:py-24 ${BELOW_THE_FOLD}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Reconocimiento de recibos con IA</p>
          <h2 id="ai-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Olvídate de digitar cada boleta
          </h2>
          <p className="mt-4 text-lg text-muted-foreground text-pretty">
            La inteligencia artificial lee tus recibos y completa la rendición por ti en tres pasos.
          </p>
        </div>

        <ol className="relative mt-14 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => {
            const Icon = step.icon;
            return (
              <li key={step.title} className="relative rounded-2xl border bg-background p-6 text-center shadow-sm">
                <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-lg shadow-primary/25">
                  <Icon className="size-7" aria-hidden="true" />
                </span>
                <p className="mt-5 text-sm font-semibold text-primary">Paso {index + 1}</p>
                <h3 className="mt-1 text-xl font-semibold">{step.title}</h3>
                <p className="mt-2 text-muted-foreground">{step.text}</p>
              </li>
            );
          })}
        </ol>

        <div className="mt-12 flex flex-col items-center gap-3 text-center">
          <Button asChild size="lg">
            <Link to="/auth">
              Pruébalo Gratis
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <p className="text-sm text-muted-foreground">El plan gratuito no requiere tarjeta de crédito</p>
        </div>
      </div>
    </section>
  );
}
