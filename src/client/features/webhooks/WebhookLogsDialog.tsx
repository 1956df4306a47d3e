import { AlertCircle, Inbox, RotateCcw } from 'lucide-react';
import type { BillingWebhookLogView } from '@shared/billing';
import { formatDateTime } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessage } from '@client/lib/api';
import { useWebhookLogs } from './queries';

type LogStatus = 'succeeded' | 'failed' | 'pending';

/** Part 2 §4: an entry is succeeded, failed, or pending while its attempt is in flight. */
function logStatus(log: Pick<BillingWebhookLogView, 'succeededAt' | 'failedAt'>): LogStatus {
  return log.succeededAt ? 'succeeded' : log.failedAt ? 'failed' : 'pending';
}

const STATUS_BADGE: Record<LogStatus, { label: string; variant: 'success' | 'destructive' | 'warning' }> = {
  succeeded: { label: 'Exitoso', variant: 'success' },
  failed: { label: 'Fallido', variant: 'destructive' },
  pending: { label: 'Pendiente', variant: 'warning' },
};

/** dd/mm/yyyy HH:mm:ss: attempts a few seconds apart must be told apart. */
function formatLogDate(value: string | null): string {
  return value ? formatDateTime(value, { seconds: true }) : '—';
}

function StatusBadge({ log }: { log: BillingWebhookLogView }) {
  const s = STATUS_BADGE[logStatus(log)];
  return <Badge variant={s.variant}>{s.label}</Badge>;
}

/** One log entry as a card: the same layout on a phone and on a desktop, so long errors and ids wrap instead of hiding. */
function LogEntry({ log }: { log: BillingWebhookLogView }) {
  const finished = log.succeededAt ?? log.failedAt;
  return (
    <li className="space-y-2 px-4 py-3" data-testid="webhook-log">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge log={log} />
        <span className="font-medium">{log.webhookName}</span>
        <span className="text-sm text-muted-foreground">Intento {log.attempt}</span>
        <span className="ml-auto text-sm tabular-nums text-muted-foreground">{formatLogDate(log.createdAt)}</span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Evento</dt>
        <dd className="break-all">
          {log.eventType} <span className="font-mono text-xs text-muted-foreground">{log.eventId}</span>
        </dd>
        <dt className="text-muted-foreground">Código HTTP</dt>
        <dd className="tabular-nums">{log.responseStatus ?? '—'}</dd>
        {log.errorMessage ? (
          <>
            <dt className="text-muted-foreground">Error</dt>
            <dd className="break-words text-red-700 dark:text-red-400">{log.errorMessage}</dd>
          </>
        ) : null}
        {finished ? (
          <>
            <dt className="text-muted-foreground">{log.succeededAt ? 'Exitoso el' : 'Falló el'}</dt>
            <dd className="tabular-nums">{formatLogDate(finished)}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

function LogList({ enabled }: { enabled: boolean }) {
  const logs = useWebhookLogs(enabled);
  if (logs.isPending) {
    return (
      <ul aria-busy="true" aria-label="Cargando registros" className="divide-y rounded-lg border">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="space-y-2 px-4 py-3">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-full" />
          </li>
        ))}
      </ul>
    );
  }
  if (logs.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4 text-sm">
        <p className="flex items-start gap-2 text-red-700 dark:text-red-400">
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          No se pudieron cargar los registros. {errorMessage(logs.error, 'Inténtalo de nuevo en unos momentos.')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void logs.refetch()}>
          <RotateCcw aria-hidden />
          Reintentar
        </Button>
      </div>
    );
  }
  if (logs.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border px-4 py-10 text-center">
        <Inbox className="h-8 w-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">Sin registros todavía</p>
        <p className="text-sm text-muted-foreground">Cada intento de envío aparecerá aquí, también los de prueba.</p>
      </div>
    );
  }
  return (
    <ul aria-label="Intentos de envío" className="divide-y rounded-lg border">
      {logs.data.map((log) => (
        <LogEntry key={log.id} log={log} />
      ))}
    </ul>
  );
}

/** 'Registros': the last 200 delivery attempts of every webhook, newest first, refreshed while open. */
export function WebhookLogsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Registros de webhooks</DialogTitle>
          <DialogDescription>Los últimos 200 intentos de envío, del más reciente al más antiguo.</DialogDescription>
        </DialogHeader>
        <LogList enabled={open} />
      </DialogContent>
    </Dialog>
  );
}
