import type { ReactNode } from 'react';
import { PackageOpen } from 'lucide-react';
import type { SubscriptionPlanView } from '@shared/billing';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState, StateMessage } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import type { usePlans } from './queries';

export const PLAN_GRID = 'grid grid-cols-1 gap-6 pt-3 sm:grid-cols-2 min-[1360px]:grid-cols-4';

function PlanCardSkeleton() {
  return (
    <Card>
      <CardHeader className="space-y-3">
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-8 w-32" />
      </CardHeader>
      <CardContent className="space-y-2">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-4 w-5/6" />
        ))}
        <Skeleton className="mt-4 h-10 w-full" />
      </CardContent>
    </Card>
  );
}

/** The plans from the API, with loading, error and empty states around the cards. */
export function PlanGrid({ plans, children }: { plans: ReturnType<typeof usePlans>; children: (plan: SubscriptionPlanView) => ReactNode }) {
  if (plans.isPending) {
    return (
      <div className={PLAN_GRID} aria-busy="true" aria-label="Cargando planes">
        {Array.from({ length: 4 }, (_, i) => (
          <PlanCardSkeleton key={i} />
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
  if (plans.data.length === 0) {
    return (
      <StateMessage icon={<PackageOpen className="h-10 w-10" />} title="No hay planes disponibles">
        <p className="text-sm text-muted-foreground">Vuelve a intentarlo más tarde o escríbenos para ayudarte.</p>
      </StateMessage>
    );
  }
  return <div className={PLAN_GRID}>{plans.data.map((plan) => children(plan))}</div>;
}
