import { Inbox, RefreshCw, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, OUTBOX_STATUS_LABELS, type OutboxMessage } from '@shared/email';
import { Button } from '@client/components/ui/button';
import { Pager } from '@client/components/ui/pager';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import { OutboxMessageDialog } from './OutboxMessageDialog';
import { OutboxStatusBadge } from './OutboxStatusBadge';
import { SectionTitle } from './SectionTitle';
import { EMPTY_OUTBOX_FILTERS, formatChileDateTime, useOutbox, type OutboxFilters } from './queries';

function OpenButton({ message, onOpen }: { message: OutboxMessage; onOpen: (m: OutboxMessage) => void }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onOpen(message)} aria-label={`Ver mensaje para ${message.recipient}: ${message.subject}`}>
      Ver
    </Button>
  );
}

function OutboxTable({ items, onOpen }: { items: OutboxMessage[]; onOpen: (m: OutboxMessage) => void }) {
  return (
    <div className="hidden relative overflow-x-auto rounded-lg border sm:block">
      <table className="w-full text-sm">
        <thead className="border-b bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-3">Destinatario</th>
            <th scope="col" className="px-3 py-3">Asunto</th>
            <th scope="col" className="px-3 py-3">Estado</th>
            <th scope="col" className="px-3 py-3 text-right">Intentos</th>
            <th scope="col" className="px-3 py-3">Último error</th>
            <th scope="col" className="px-3 py-3">Enviado</th>
            <th scope="col" className="px-3 py-3">
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {items.map((m) => (
            <tr key={m.id} data-testid="outbox-row" className="align-top hover:bg-muted/40">
              <td className="max-w-[14rem] break-all px-3 py-3">{m.recipient}</td>
              <td className="max-w-[18rem] px-3 py-3">
                <span className="line-clamp-2 break-words">{m.subject}</span>
                <span className="block text-xs text-muted-foreground">Creado {formatChileDateTime(m.createdAt)}</span>
              </td>
              <td className="px-3 py-3">
                <OutboxStatusBadge status={m.status} />
              </td>
              <td className="px-3 py-3 text-right tabular-nums">{m.attempts}</td>
              <td className="max-w-[14rem] px-3 py-3 text-red-700 dark:text-red-400">
                <span className="line-clamp-2 break-words" title={m.lastError ?? undefined}>
                  {m.lastError ?? <span className="text-muted-foreground">—</span>}
                </span>
              </td>
              <td className="whitespace-nowrap px-3 py-3 tabular-nums">{formatChileDateTime(m.sentAt)}</td>
              <td className="px-3 py-3 text-right">
                <OpenButton message={m} onOpen={onOpen} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Under 640 px a table would scroll sideways: one card per message instead. */
function OutboxCards({ items, onOpen }: { items: OutboxMessage[]; onOpen: (m: OutboxMessage) => void }) {
  return (
    <ul className="space-y-3 sm:hidden" aria-label="Mensajes">
      {items.map((m) => (
        <li key={m.id} data-testid="outbox-card" className="space-y-2 rounded-lg border bg-card p-4 text-sm">
          <div className="flex items-start justify-between gap-2">
            <span className="min-w-0 break-words font-medium">{m.subject}</span>
            <OutboxStatusBadge status={m.status} />
          </div>
          <p className="break-all text-muted-foreground">{m.recipient}</p>
          <p className="text-xs text-muted-foreground">
            Creado {formatChileDateTime(m.createdAt)}
            {m.sentAt ? ` · Enviado ${formatChileDateTime(m.sentAt)}` : ''} · {m.attempts} intento{m.attempts === 1 ? '' : 's'}
          </p>
          {m.lastError ? <p className="break-words text-xs text-red-700 dark:text-red-400">{m.lastError}</p> : null}
          <OpenButton message={m} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Bandeja de salida': every e-mail the platform wrote, newest first. In the embedded mode this is the only place
 * invitations and password resets arrive, so their links are followed from here.
 */
export function OutboxViewer() {
  const [draft, setDraft] = useState<OutboxFilters>(EMPTY_OUTBOX_FILTERS);
  const [filters, setFilters] = useState<OutboxFilters>(EMPTY_OUTBOX_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const list = useOutbox(filters, page);
  const filtered = filters.search.trim() !== '' || filters.status !== 'all';

  const apply = (next: OutboxFilters) => {
    setFilters(next);
    setPage(1);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };

  return (
    <Card>
      <CardHeader className="gap-3 space-y-0 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <SectionTitle>Bandeja de salida</SectionTitle>
          <CardDescription>Los últimos emails de la plataforma. Abre un mensaje para leerlo y seguir sus enlaces.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching} className="self-start">
          <RefreshCw className={list.isFetching ? 'animate-spin' : undefined} aria-hidden />
          Actualizar
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} role="search" aria-label="Filtrar mensajes" className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end">
          <div className="space-y-1.5">
            <Label htmlFor="outbox-search">Buscar</Label>
            <Input
              id="outbox-search"
              type="search"
              placeholder="Destinatario o asunto"
              maxLength={100}
              value={draft.search}
              onChange={(e) => setDraft({ ...draft, search: e.target.value })}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="outbox-status">Estado</Label>
            <NativeSelect
              id="outbox-status"
              value={draft.status}
              onChange={(e) => {
                const next = { ...draft, status: e.target.value };
                setDraft(next);
                apply(next);
              }}
            >
              <option value="all">Todos</option>
              {OUTBOX_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {OUTBOX_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit">
            <Search aria-hidden />
            Buscar
          </Button>
        </form>

        {list.isPending ? (
          <div aria-busy="true" aria-label="Cargando mensajes" className="space-y-3">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : list.isError ? (
          <LoadErrorState
            title="No se pudo cargar la bandeja de salida"
            message={errorMessage(list.error, 'Inténtalo de nuevo en unos momentos.')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : list.data.items.length === 0 ? (
          <div role="status" className="flex flex-col items-center gap-2 rounded-lg border px-4 py-10 text-center">
            <Inbox className="h-8 w-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">{filtered ? 'Ningún mensaje coincide' : 'Sin mensajes todavía'}</p>
            <p className="max-w-md text-sm text-muted-foreground">
              {filtered ? 'Prueba con otro destinatario, asunto o estado.' : 'Las invitaciones, verificaciones y recuperaciones de contraseña aparecerán aquí.'}
            </p>
          </div>
        ) : (
          <>
            <OutboxTable items={list.data.items} onOpen={setOpen} />
            <OutboxCards items={list.data.items} onOpen={setOpen} />
            <Pager
              label="Paginación de la bandeja"
              page={page}
              pageSize={OUTBOX_PAGE_SIZE}
              total={list.data.total}
              busy={list.isFetching}
              onPage={setPage}
              summary={(pages) => `${list.data.total} mensaje${list.data.total === 1 ? '' : 's'} · página ${page} de ${pages}`}
            />
          </>
        )}
      </CardContent>
      <OutboxMessageDialog id={open?.id ?? null} subject={open?.subject ?? ''} onClose={() => setOpen(null)} />
    </Card>
  );
}
