import { FileSearch, Loader2, RefreshCw, Stethoscope, UploadCloud } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from 'sonner';
import type { NiudataPendingExpense, NiudataSyncAllResponse } from '@shared/niudata';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { ConnectionCard } from './ConnectionCard';
import { PendingList } from './PendingList';
import { SettingsForm } from './SettingsForm';
import { SyncHistoryList } from './SyncHistoryList';
import { TokenForm } from './TokenForm';
import { VoucherPreviewDialog } from './VoucherPreviewDialog';
import { isConnected, useNiudataPending, useNiudataStatus, useSyncAll, useSyncExpense } from './queries';

/** 'Integración NiuData' (part 2 §2.6): connection, accounts, pending expenses with sync and preview. Company admins only. */
export function NiudataIntegrationPage() {
  const { user } = useCurrentUser();
  if (!isAdmin(user)) return <Navigate to="/" replace />;
  return <NiudataIntegrationScreen />;
}

/** The sync-all result: how many went, how many were reported (and why), out of how many. */
function syncAllToast(res: NiudataSyncAllResponse) {
  const summary = `Enviadas: ${res.synced} · Con errores: ${res.errors} · Total: ${res.total}`;
  const description = (
    <div className="space-y-1">
      <p>{res.message}</p>
      <p>{summary}</p>
      {res.problems.length ? (
        <ul className="list-disc pl-4">
          {res.problems.slice(0, 5).map((p) => (
            <li key={p.expenseId}>
              N° {p.expenseNumber}: {p.message}
            </li>
          ))}
          {res.problems.length > 5 ? <li>y {res.problems.length - 5} más…</li> : null}
        </ul>
      ) : null}
    </div>
  );
  if (res.errors > 0) toast.warning('Sincronización con observaciones', { description, duration: 10_000 });
  else toast.success('Sincronización iniciada', { description });
}

function NiudataIntegrationScreen() {
  const status = useNiudataStatus();
  const pending = useNiudataPending();
  const syncOne = useSyncExpense();
  const syncAll = useSyncAll();
  const [previewing, setPreviewing] = useState<NiudataPendingExpense | null>(null);

  const connected = isConnected(status.data);
  const anySyncing = !!pending.data?.some((p) => p.syncing);
  const syncAllDisabled = !connected || !pending.data?.length || syncAll.isPending;
  const syncAllHint = !connected ? 'Configura el token de NiuData para sincronizar.' : !pending.data?.length ? 'No hay gastos pendientes de sincronizar.' : undefined;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Integración NiuData</h1>
          <p className="text-sm text-muted-foreground">Envía las rendiciones aprobadas a NiuData como comprobantes contables en pesos.</p>
        </div>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to="/niudata-diagnostics">
            <Stethoscope aria-hidden />
            Diagnóstico
          </Link>
        </Button>
      </div>

      {status.isPending ? (
        <Card aria-busy="true" aria-label="Cargando estado de NiuData" className="space-y-3 p-6">
          <Skeleton className="h-5 w-56" />
          <Skeleton className="h-10 w-full" />
        </Card>
      ) : status.isError ? (
        <LoadErrorState title="No se pudo cargar el estado de NiuData" message={errorMessage(status.error, 'Inténtalo de nuevo.')} onRetry={() => void status.refetch()} retrying={status.isFetching} />
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <ConnectionCard status={status.data}>
            <TokenForm status={status.data} />
          </ConnectionCard>
          <SettingsForm status={status.data} />
        </div>
      )}

      <section aria-labelledby="niudata-pending-title" className="space-y-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="niudata-pending-title" className="text-lg font-semibold">
              Gastos pendientes de sincronizar
            </h2>
            <p className="text-sm text-muted-foreground">
              Aprobados y aún no enviados a NiuData.
              {anySyncing ? ' Actualizando mientras se envían…' : ''}
            </p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="ghost" size="sm" onClick={() => void pending.refetch()} disabled={pending.isFetching} aria-label="Actualizar pendientes">
              <RefreshCw className={pending.isFetching ? 'animate-spin' : undefined} aria-hidden />
              Actualizar
            </Button>
            <Button disabled={syncAllDisabled} title={syncAllHint} onClick={() => syncAll.mutate(undefined, { onSuccess: syncAllToast })}>
              {syncAll.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <UploadCloud aria-hidden />}
              Sincronizar todo
            </Button>
          </div>
        </div>
        {syncAllHint && !pending.isPending && status.data ? <p className="text-xs text-muted-foreground">{syncAllHint}</p> : null}
        <PendingList
          pending={pending}
          actions={(e) => (
            <>
              <Button variant="outline" size="sm" onClick={() => setPreviewing(e)} aria-label={`Vista previa del voucher N° ${e.expenseNumber}`}>
                <FileSearch aria-hidden />
                Vista previa
              </Button>
              <Button
                size="sm"
                disabled={!connected || e.syncing || (syncOne.isPending && syncOne.variables === e.id)}
                title={!connected ? 'Configura el token de NiuData para sincronizar.' : undefined}
                onClick={() => syncOne.mutate(e.id)}
                aria-label={`Sincronizar N° ${e.expenseNumber}`}
              >
                {syncOne.isPending && syncOne.variables === e.id ? <Loader2 className="animate-spin" aria-hidden /> : <UploadCloud aria-hidden />}
                Sincronizar
              </Button>
            </>
          )}
        />
      </section>

      <div className="space-y-2">
        <SyncHistoryList compact poll={anySyncing} title="Últimas sincronizaciones" />
        <Link to="/api-integration?tab=historial" className="inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
          Ver historial completo
        </Link>
      </div>

      <VoucherPreviewDialog expense={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}
