import { Check, Loader2 } from 'lucide-react';
import type { SubscriptionPlanView } from '@shared/billing';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/utils';
import { formatPlanPrice } from './format';

interface Props {
  plan: SubscriptionPlanView;
  /** 'Más Popular' / 'Recomendado': the card stands out and its button is filled. */
  highlight?: string;
  current?: boolean;
  buttonLabel: string;
  onChoose: () => void;
  disabled?: boolean;
  pending?: boolean;
  /** How a price of 0 reads ('$0' on /subscription, 'Gratis' on /premium-plans). */
  zeroLabel?: string;
}

/** One plan: name, price with IVA, features and the choose button. */
export function PlanCard({ plan, highlight, current, buttonLabel, onChoose, disabled, pending, zeroLabel }: Props) {
  const paid = plan.price !== null && plan.price > 0;
  const price = formatPlanPrice(plan.price, zeroLabel);
  return (
    <Card data-plan-card={plan.id} className={cn('relative flex flex-col', highlight && 'border-primary shadow-md ring-1 ring-primary')}>
      {highlight ? <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap shadow-sm">{highlight}</Badge> : null}
      <CardHeader className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{plan.name}</CardTitle>
          {current ? <Badge variant="success">Plan Actual</Badge> : null}
        </div>
        <CardDescription>{plan.description}</CardDescription>
        <div>
          <p className="flex items-baseline gap-1">
            <span className="text-3xl font-bold tabular-nums tracking-tight">{price}</span>
            {price.startsWith('$') ? <span className="text-sm text-muted-foreground">/mes</span> : null}
          </p>
          <p className="text-xs text-muted-foreground">{paid ? 'IVA incluido · por empresa' : plan.price === 0 ? 'Sin tarjeta de crédito' : 'Precio a medida'}</p>
        </div>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-2 text-sm">
          {plan.features.map((f) => (
            <li key={f} className="flex items-start gap-2">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600 dark:text-green-400" aria-hidden />
              <span>{f}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button className="w-full" variant={highlight ? 'default' : 'outline'} onClick={onChoose} disabled={disabled} aria-busy={pending || undefined}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {pending ? 'Procesando...' : buttonLabel}
          <span className="sr-only"> {plan.name}</span>
        </Button>
      </CardFooter>
    </Card>
  );
}
