import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import { formatCLP } from '@shared/format';
import { CUSTOM_PLAN_CARD, FREE_TRIAL_DAYS, PLANS } from '@shared/plans';
import { SECTION_IDS, BELOW_THE_FOLD } from './scroll';

interface PlanCardContent {
  id: string;
  name: string;
  /** CLP per month per company; null shows the contact label instead. */
  price: number | null;
  priceLabel?: string;
  description: string;
  features: readonly string[];
  popular: boolean;
}

/** The landing plans from the shared plan table, then the sales-contact card. */
const LANDING_PLANS: PlanCardContent[] = [
  ...PLANS.filter((plan) => plan.onLanding).map((plan) => ({
    id: plan.id,
    name: plan.name,
    price: plan.price,
    description: plan.description,
    features: plan.features,
    popular: plan.popular === true,
  })),
  {
    id: CUSTOM_PLAN_CARD.id,
    name: CUSTOM_PLAN_CARD.name,
    price: null,
    priceLabel: CUSTOM_PLAN_CARD.priceLabel,
    description: CUSTOM_PLAN_CARD.description,
    features: CUSTOM_PLAN_CARD.features,
    popular: false,
  },
];

function PlanCard({ plan }: { plan: PlanCardContent }) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <li className="flex">
      <article
        aria-labelledby={titleId}
        className={cn(
          'relative flex w-full flex-col rounded-2xl border bg-card p-6 shadow-sm',
          plan.popular && 'border-primary shadow-xl shadow-primary/15 ring-1 ring-primary lg:-my-3 lg:py-9',
        )}
      >
        {plan.popular && (
          <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 shadow-sm">Más Popular</Badge>
        )}
        <h3 id={titleId} className="text-lg font-semibold">
          {plan.name}
        </h3>
        <p className="mt-2 min-h-10 text-sm text-muted-foreground">{plan.description}</p>

        <p className="mt-6 flex flex-col">
          <span className="text-4xl font-extrabold tracking-tight">
            {plan.price === null ? plan.priceLabel : formatCLP(plan.price)}
          </span>
          <span className="mt-1 text-sm text-muted-foreground">
            {plan.price === null ? 'Precio a medida' : '/mes por empresa'}
          </span>
        </p>

        <ul className="mt-6 flex-1 space-y-3 text-sm" aria-label={`Incluye el plan ${plan.name}`}>
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2.5">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>

        <Button asChild className="mt-8 w-full" variant={plan.popular ? 'default' : 'outline'}>
          <Link to="/auth?tab=register" aria-describedby={titleId}>
            Comenzar Ahora
          </Link>
        </Button>
      </article>
    </li>
  );
}

export function PricingSection() {
  return (
    <section
      id={SECTION_IDS.pricing}
      aria-labelledby="pricing-title"
      tabIndex={-1}
      className={`scroll-mt-28 border-y bg-muted/50 py-20 outline-none sm:scroll-mt-20 sm:py-24 ${BELOW_THE_FOLD}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Precios</p>
          <h2 id="pricing-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Planes simples para cada etapa de tu empresa
          </h2>
          <p className="mt-4 text-lg text-muted-foreground text-pretty">
            Todos los planes incluyen {FREE_TRIAL_DAYS} días de prueba gratis. Cancela cuando quieras.
          </p>
        </div>

        <ul className="mt-16 grid items-stretch gap-8 md:grid-cols-2 lg:grid-cols-4 lg:gap-5">
          {LANDING_PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>

        <p className="mt-10 text-center text-sm text-muted-foreground">
          Precios en pesos chilenos (CLP), IVA incluido.
        </p>
      </div>
    </section>
  );
}
