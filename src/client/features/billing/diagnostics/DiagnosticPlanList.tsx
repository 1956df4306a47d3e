import { Check } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import { formatPlanPrice } from '../format';
import type { usePlans } from '../queries';

/** The plans GET /api/mercadopago/plans answers; `maxFeatures` shortens each list (the test page shows 3). */
export function DiagnosticPlanList({ plans, maxFeatures }: { plans: ReturnType<typeof usePlans>; maxFeatures?: number }) {
  if (plans.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-busy="true" aria-label="Cargando planes">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-36 rounded-xl" />
        ))}
      </div>
    );
  }
  if (plans.isError) {
    return (
      <LoadErrorState
        title="No se pudieron cargar los planes"
        message={errorMessage(plans.error, 'Inténtalo de nuevo en unos momentos.')}
        onRetry={() => void plans.refetch()}
        retrying={plans.isFetching}
      />
    );
  }
  if (plans.data.length === 0) return <p className="text-sm text-muted-foreground">El servicio no devolvió planes.</p>;

  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {plans.data.map((plan) => {
        const shown = maxFeatures === undefined ? plan.features : plan.features.slice(0, maxFeatures);
        const hidden = plan.features.length - shown.length;
        return (
          <li key={plan.id}>
            <Card className="h-full">
              <CardContent className="space-y-3 p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3 className="font-semibold">{plan.name}</h3>
                    <code className="text-xs text-muted-foreground">{plan.id}</code>
                  </div>
                  <div className="text-right">
                    <p className="font-bold tabular-nums">{formatPlanPrice(plan.price, 'Gratis')}</p>
                    <p className="text-xs text-muted-foreground">{plan.currency} / mes</p>
                  </div>
                </div>
                <p className="text-sm text-muted-foreground">{plan.description}</p>
                <ul className="space-y-1 text-sm">
                  {shown.map((f) => (
                    <li key={f} className="flex items-start gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600 dark:text-green-400" aria-hidden />
                      {f}
                    </li>
                  ))}
                </ul>
                {hidden > 0 ? (
                  <Badge variant="outline">
                    +{hidden} {hidden === 1 ? 'característica más' : 'características más'}
                  </Badge>
                ) : null}
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
