import { RefreshCw, ScrollText } from 'lucide-react';
import type { AccountingWebhookLogView } from '@shared/integrations';
import { formatDateTime } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState, StateMessage } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import type { useWebhookLogs } from './queries';

const STATUS: Record<AccountingWebhookLogView['status'], { label: string; variant: 'success' | 'destructive' | 'warning' }> = {
  succeeded: { label: 'Entregado', variant: 'success' },
  failed: { label: 'Falló', variant: 'destructive' },
  pending: { label: 'En curso', variant: 'warning' },
};

/** Delivery attempts of the approval webhook, newest first (shown in the Webhook and Historial tabs). */
export function WebhookLogList({ logs }: { logs: ReturnType<typeof useWebhookLogs> }) {
  return (
    <section aria-labelledby="webhook-logs-title" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="webhook-logs-title" className="text-base font-semibold">
          Entregas del webhook
        </h2>
        <Button variant="ghost" size="sm" onClick={() => void logs.refetch()} disabled={logs.isFetching} aria-label="Actualizar entregas">
          <RefreshCw className={logs.isFetching ? 'animate-spin' : undefined} aria-hidden />
          Actualizar
        </Button>
      </div>
      {logs.isPending ? (
        <Card aria-busy="true" aria-label="Cargando entregas" className="space-y-2 p-4">
          <Skeleton className="h-4 w-64" />
          <Skeleton className="h-4 w-48" />
        </Card>
      ) : logs.isError ? (
        <LoadErrorState title="No se pudieron cargar las entregas" message={errorMessage(logs.error, 'Inténtalo de nuevo.')} onRetry={() => void logs.refetch()} retrying={logs.isFetching} />
      ) : logs.data.length === 0 ? (
        <StateMessage icon={<ScrollText className="h-10 w-10" />} title="Sin entregas todavía" role="status">
          <p className="text-muted-foreground">Cada rendición aprobada con el webhook activo aparecerá aquí, con su resultado.</p>
        </StateMessage>
      ) : (
        <Card>
          <ul className="divide-y" aria-label="Entregas del webhook">
            {logs.data.map((l) => (
              <li key={l.id} className="space-y-1 p-4 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={STATUS[l.status].variant}>{STATUS[l.status].label}</Badge>
                  <span className="font-medium">{l.test ? 'Evento de prueba' : l.expenseNumber ? `Rendición N° ${l.expenseNumber}` : 'Rendición aprobada'}</span>
                  <span className="text-muted-foreground">· Intento {l.attempt}</span>
                  {l.responseStatus ? <span className="text-muted-foreground">· HTTP {l.responseStatus}</span> : null}
                </div>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(l.createdAt)} · <span className="break-all">{l.url}</span>
                </p>
                {l.errorMessage ? <p className="break-words text-xs text-destructive">{l.errorMessage}</p> : null}
                {l.nextAttemptAt ? <p className="text-xs text-muted-foreground">Próximo intento: {formatDateTime(l.nextAttemptAt)}</p> : null}
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
