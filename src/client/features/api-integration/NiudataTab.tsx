import { ArrowRight, Stethoscope } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import { ConnectionCard } from '@client/features/niudata/ConnectionCard';
import { TokenForm } from '@client/features/niudata/TokenForm';
import { useNiudataPending, useNiudataStatus } from '@client/features/niudata/queries';

/**
 * The NiuData tab (part 2 §2.5): the real connection status and the token form; the pending expenses, sync and
 * preview live on /niudata-integration, the checks on /niudata-diagnostics.
 */
export function NiudataTab() {
  const status = useNiudataStatus();
  const pending = useNiudataPending();

  if (status.isPending) {
    return (
      <Card aria-busy="true" aria-label="Cargando estado de NiuData" className="space-y-3 p-6">
        <Skeleton className="h-5 w-56" />
        <Skeleton className="h-10 w-full" />
      </Card>
    );
  }
  if (status.isError) {
    return <LoadErrorState title="No se pudo cargar el estado de NiuData" message={errorMessage(status.error, 'Inténtalo de nuevo.')} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  }

  const count = pending.data?.length;
  return (
    <div className="space-y-4">
      {!status.data.configured ? <p className="text-sm text-muted-foreground">NiuData no está configurado para esta empresa.</p> : null}
      <ConnectionCard status={status.data}>
        {status.data.configured ? (
          <p className="text-sm">
            {count === undefined ? 'Revisando gastos pendientes…' : count === 0 ? 'No hay gastos aprobados pendientes de sincronizar.' : count === 1 ? '1 gasto aprobado pendiente de sincronizar.' : `${count} gastos aprobados pendientes de sincronizar.`}
            {' '}
            Sincronización automática: <strong>{status.data.autoSync ? 'activa' : 'inactiva'}</strong>.
          </p>
        ) : null}
        <TokenForm status={status.data} idPrefix="niudata-tab" />
      </ConnectionCard>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild>
          <Link to="/niudata-integration">
            Ir a Integración NiuData
            <ArrowRight aria-hidden />
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/niudata-diagnostics">
            <Stethoscope aria-hidden />
            Diagnóstico NiuData
          </Link>
        </Button>
      </div>
    </div>
  );
}
