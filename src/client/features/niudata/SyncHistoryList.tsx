import { ExternalLink, History, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { NIUDATA_HISTORY_PAGE_SIZE, SYNC_HISTORY_STATUSES, type SyncHistoryStatus } from '@shared/niudata';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Pager } from '@client/components/ui/pager';
import { Card } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState, StateMessage } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import { HISTORY_STATUS, SYNC_TYPE_LABELS, formatChileDateTime, safeUrl } from './parts';
import { useNiudataHistory } from './queries';

/**
 * Every attempt to book an expense in NiuData (§2.5 Historial, §3 Sync history entry), newest first, with a status
 * filter and pages. `compact`: the latest few, no filter (the integration page).
 */
export function SyncHistoryList({ compact = false, poll = false, title = 'Sincronizaciones con NiuData' }: { compact?: boolean; poll?: boolean; title?: string }) {
  const [status, setStatus] = useState<SyncHistoryStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const pageSize = compact ? 5 : NIUDATA_HISTORY_PAGE_SIZE;
  const history = useNiudataHistory({ page, pageSize, status }, poll);

  return (
    <section aria-labelledby="niudata-history-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="niudata-history-title" className="text-base font-semibold">
          {title}
        </h2>
        <div className="flex items-end gap-2">
          {compact ? null : (
            <div className="space-y-1">
              <Label htmlFor="niudata-history-status" className="text-xs">
                Estado
              </Label>
              <NativeSelect
                id="niudata-history-status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value as SyncHistoryStatus | 'all');
                  setPage(1);
                }}
                className="h-9"
              >
                <option value="all">Todos</option>
                {SYNC_HISTORY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {HISTORY_STATUS[s].label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <Button variant="ghost" size="sm" onClick={() => void history.refetch()} disabled={history.isFetching} aria-label="Actualizar sincronizaciones">
            <RefreshCw className={history.isFetching ? 'animate-spin' : undefined} aria-hidden />
            Actualizar
          </Button>
        </div>
      </div>

      {history.isPending ? (
        <Card aria-busy="true" aria-label="Cargando sincronizaciones" className="space-y-2 p-4">
          <Skeleton className="h-4 w-64 max-w-full" />
          <Skeleton className="h-4 w-48 max-w-full" />
        </Card>
      ) : history.isError ? (
        <LoadErrorState title="No se pudo cargar el historial de NiuData" message={errorMessage(history.error, 'Inténtalo de nuevo.')} onRetry={() => void history.refetch()} retrying={history.isFetching} />
      ) : history.data.items.length === 0 && compact ? (
        <Card role="status" className="p-4 text-sm text-muted-foreground">
          Sin sincronizaciones con NiuData todavía: cada envío aparecerá aquí con su resultado y el voucher creado.
        </Card>
      ) : history.data.items.length === 0 ? (
        <StateMessage icon={<History className="h-10 w-10" />} title={status === 'all' ? 'Sin sincronizaciones con NiuData todavía' : 'Ninguna sincronización con ese estado'} role="status">
          <p className="text-muted-foreground">Cada envío de una rendición a NiuData aparecerá aquí, con su resultado y el voucher creado.</p>
        </StateMessage>
      ) : (
        <>
          <Card>
            <ul className="divide-y" aria-label="Historial de sincronizaciones con NiuData">
              {history.data.items.map((h) => {
                const url = safeUrl(h.voucherUrl);
                return (
                  <li key={h.id} className="space-y-1 p-4 text-sm" data-history-status={h.status}>
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant={HISTORY_STATUS[h.status].variant}>{HISTORY_STATUS[h.status].label}</Badge>
                      <span className="font-medium">Rendición N° {h.expenseNumber}</span>
                      <span className="text-muted-foreground">· {SYNC_TYPE_LABELS[h.syncType]}</span>
                      <span className="text-muted-foreground">
                        · {h.attemptCount === 0 ? 'No enviada' : h.attemptCount === 1 ? '1 intento' : `${h.attemptCount} intentos`}
                      </span>
                    </div>
                    <p className="text-xs text-muted-foreground">{formatChileDateTime(h.createdAt)}</p>
                    {h.voucherId ? (
                      <p className="break-all text-xs">
                        Voucher <span className="font-mono">{h.voucherId}</span>
                        {url ? (
                          <>
                            {' · '}
                            <a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
                              Ver en NiuData
                              <ExternalLink className="h-3 w-3" aria-hidden />
                            </a>
                          </>
                        ) : null}
                      </p>
                    ) : null}
                    {h.errorMessage ? <p className="break-words text-xs text-destructive">{h.errorMessage}</p> : null}
                    {h.status === 'pending' && h.nextAttemptAt ? <p className="text-xs text-muted-foreground">Próximo intento: {formatChileDateTime(h.nextAttemptAt)}</p> : null}
                  </li>
                );
              })}
            </ul>
          </Card>
          {compact ? null : (
            <Pager
              label="Paginación del historial"
              page={page}
              pageSize={pageSize}
              total={history.data.total}
              busy={history.isFetching}
              onPage={setPage}
              summary={(pages) => `${history.data.total} sincronizaci${history.data.total === 1 ? 'ón' : 'ones'} · página ${page} de ${pages}`}
            />
          )}
        </>
      )}
    </section>
  );
}
