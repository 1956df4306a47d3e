import { FileSearch, FilterX, Search } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { EXPENSE_STATUSES, STATUS_LABELS } from '@shared/expenses';
import { SYNC_STATUSES, SYNC_STATUS_LABELS, type InvoiceView } from '@shared/integrations';
import { formatCLP, formatDate } from '@shared/format';
import { formatRut } from '@shared/rut';
import { Button } from '@client/components/ui/button';
import { Pager } from '@client/components/ui/pager';
import { Card, CardContent } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState, StateMessage } from '@client/components/ui/state-message';
import { StatusBadge } from '@client/components/expenses/StatusBadge';
import { errorMessage } from '@client/lib/api';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { DocumentTypeLabel, SyncBadge } from './InvoiceBadges';
import { InvoiceDetailDialog } from './InvoiceDetailDialog';
import { InvoiceStatCards } from './InvoiceStatCards';
import { EMPTY_FILTERS, PAGE_SIZE, personName, useInvoiceStats, useInvoices, type InvoiceFilterValues } from './queries';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** 'Facturas Emitidas' (part 2 §2.4): the company's facturas and boletas, for whoever keeps the books. Admins only. */
export function InvoicesPage() {
  const { user } = useCurrentUser();
  if (!isAdmin(user)) return <Navigate to="/" replace />;
  return <InvoicesScreen />;
}

function InvoicesScreen() {
  const [draft, setDraft] = useState<InvoiceFilterValues>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<InvoiceFilterValues>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<InvoiceView | null>(null);
  const list = useInvoices(filters, page);
  const stats = useInvoiceStats(filters);
  const dateError = draft.startDate && draft.endDate && draft.startDate > draft.endDate ? 'La fecha final no puede ser anterior a la inicial.' : null;

  const set = (key: keyof InvoiceFilterValues) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (dateError) return;
    setFilters(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(EMPTY_FILTERS);
    setFilters(EMPTY_FILTERS);
    setPage(1);
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Facturas Emitidas</h1>
        <p className="text-sm text-muted-foreground">Facturas y boletas rendidas por tu equipo, con neto, IVA, timbre SII y estado de sincronización contable.</p>
      </div>

      {stats.isError ? (
        <LoadErrorState title="No se pudo cargar el resumen" message={errorMessage(stats.error, 'Inténtalo de nuevo.')} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
      ) : (
        <InvoiceStatCards stats={stats.data} />
      )}

      <Card>
        <CardContent className="p-4 sm:p-6">
          <form onSubmit={search} noValidate aria-label="Filtros de documentos" className="space-y-4">
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <Field id="inv-search" label="Buscar">
                <Input id="inv-search" type="search" placeholder="Folio, RUT, descripción o empleado" maxLength={100} value={draft.search} onChange={set('search')} />
              </Field>
              <Field id="inv-type" label="Tipo de documento">
                <NativeSelect id="inv-type" value={draft.documentType} onChange={set('documentType')}>
                  <option value="all">Facturas y boletas</option>
                  <option value="factura">Facturas</option>
                  <option value="boleta">Boletas</option>
                </NativeSelect>
              </Field>
              <Field id="inv-status" label="Estado">
                <NativeSelect id="inv-status" value={draft.status} onChange={set('status')}>
                  <option value="all">Todos los estados</option>
                  {EXPENSE_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {STATUS_LABELS[s]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id="inv-sync" label="Sincronización contable">
                <NativeSelect id="inv-sync" value={draft.syncStatus} onChange={set('syncStatus')}>
                  <option value="all">Todas</option>
                  {SYNC_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {SYNC_STATUS_LABELS[s]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id="inv-start" label="Desde">
                <Input id="inv-start" type="date" value={draft.startDate} onChange={set('startDate')} />
              </Field>
              <Field id="inv-end" label="Hasta">
                <Input id="inv-end" type="date" value={draft.endDate} onChange={set('endDate')} aria-invalid={!!dateError} aria-describedby={dateError ? 'inv-date-error' : undefined} />
              </Field>
            </div>
            {dateError ? (
              <p id="inv-date-error" role="alert" className="text-sm text-destructive">
                {dateError}
              </p>
            ) : null}
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={clear}>
                <FilterX aria-hidden />
                Limpiar
              </Button>
              <Button type="submit" disabled={!!dateError}>
                <Search aria-hidden />
                Buscar
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      {list.isPending ? (
        <Card aria-busy="true" aria-label="Cargando documentos" className="space-y-3 p-4">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </Card>
      ) : list.isError ? (
        <LoadErrorState title="No se pudieron cargar los documentos" message={errorMessage(list.error, 'Inténtalo de nuevo.')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.items.length === 0 ? (
        <StateMessage icon={<FileSearch className="h-10 w-10" />} title="Sin documentos" role="status">
          <p className="text-muted-foreground">
            {JSON.stringify(filters) === JSON.stringify(EMPTY_FILTERS) ? 'Las facturas y boletas que rinda tu equipo aparecerán aquí.' : 'Ningún documento coincide con los filtros.'}
          </p>
        </StateMessage>
      ) : (
        <>
          <Card className="hidden relative overflow-x-auto md:block">
            <table className="w-full text-sm">
              <thead className="border-b bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-3">N°</th>
                  <th scope="col" className="px-3 py-3">Documento / empleado</th>
                  <th scope="col" className="px-3 py-3">RUT emisor</th>
                  <th scope="col" className="px-3 py-3">Fecha</th>
                  <th scope="col" className="px-3 py-3 text-right">Total</th>
                  <th scope="col" className="px-3 py-3">Estado</th>
                  <th scope="col" className="px-3 py-3">Contabilidad</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {list.data.items.map((i) => (
                  <tr key={i.id} className="cursor-pointer hover:bg-muted/40" onClick={() => setOpen(i)}>
                    <td className="px-3 py-3 tabular-nums">{i.renditionFolio}</td>
                    <td className="px-3 py-3">
                      <button type="button" className="text-left font-medium text-primary underline-offset-4 hover:underline" onClick={(e) => (e.stopPropagation(), setOpen(i))}>
                        <DocumentTypeLabel type={i.documentType} /> {i.invoiceNumber ? `N° ${i.invoiceNumber}` : ''}
                      </button>
                      <span className="block max-w-[16rem] truncate text-xs text-muted-foreground">
                        {i.description} · {personName(i.user)}
                      </span>
                    </td>
                    <td className="whitespace-nowrap px-3 py-3 tabular-nums">{i.taxId ? formatRut(i.taxId) : '-'}</td>
                    <td className="whitespace-nowrap px-3 py-3">{formatDate(i.date)}</td>
                    <td className="px-3 py-3 text-right font-medium tabular-nums">{formatCLP(i.amountCLP)}</td>
                    <td className="px-3 py-3">
                      <StatusBadge status={i.status} />
                    </td>
                    <td className="px-3 py-3">
                      <SyncBadge status={i.syncStatus} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <ul className="space-y-3 md:hidden" aria-label="Documentos">
            {list.data.items.map((i) => (
              <li key={i.id}>
                <button type="button" onClick={() => setOpen(i)} className="w-full rounded-lg border bg-card p-4 text-left shadow-sm">
                  <div className="flex items-start justify-between gap-2">
                    <span className="font-medium">
                      <DocumentTypeLabel type={i.documentType} /> {i.invoiceNumber ? `N° ${i.invoiceNumber}` : ''}
                    </span>
                    <span className="font-semibold tabular-nums">{formatCLP(i.amountCLP)}</span>
                  </div>
                  <p className="mt-1 truncate text-sm text-muted-foreground">{i.description}</p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    N° {i.renditionFolio} · {formatDate(i.date)} · {personName(i.user)}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <StatusBadge status={i.status} />
                    <SyncBadge status={i.syncStatus} />
                  </div>
                </button>
              </li>
            ))}
          </ul>
          <Pager
            label="Paginación"
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            busy={list.isFetching}
            onPage={setPage}
            summary={(pages) => `${list.data.total} documento${list.data.total === 1 ? '' : 's'} · página ${page} de ${pages}`}
          />
        </>
      )}

      <InvoiceDetailDialog invoice={open} onClose={() => setOpen(null)} />
    </div>
  );
}
