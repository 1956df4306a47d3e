import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NiudataPendingExpense } from '@shared/niudata';
import { formatCLP, formatDate } from '@shared/format';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState, StateMessage } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import { PendingStateBadge } from './parts';
import type { useNiudataPending } from './queries';

export const EMPTY_PENDING = 'No hay gastos aprobados pendientes de sincronizar';

const employeeName = (e: NiudataPendingExpense['employee']) => `${e.firstName} ${e.lastName}`.trim() || e.email;

/** Missing accounting codes (not sent until fixed, in Configuración) or the last attempt's error. */
function Problems({ expense }: { expense: NiudataPendingExpense }) {
  if (expense.problems.length) {
    return (
      <div className="space-y-1 text-xs text-destructive" role="note">
        {expense.problems.map((p) => (
          <p key={p} className="flex items-start gap-1">
            <AlertTriangle className="mt-0.5 h-3 w-3 shrink-0" aria-hidden />
            <span>{p}</span>
          </p>
        ))}
        <Link to="/settings" className="font-medium text-primary underline-offset-4 hover:underline">
          Asignar códigos contables en Configuración
        </Link>
      </div>
    );
  }
  if (expense.syncStatus === 'error' && expense.syncError && !expense.syncing) return <p className="break-words text-xs text-destructive">{expense.syncError}</p>;
  return null;
}

/**
 * Approved expenses not yet in NiuData (§2.6, §2.7): a table from 1280 px, cards below (the sidebar takes room from
 * 1024 px). `actions` draws each row's buttons.
 */
export function PendingList({ pending, actions, label = 'Gastos pendientes de sincronizar' }: { pending: ReturnType<typeof useNiudataPending>; actions: (e: NiudataPendingExpense) => ReactNode; label?: string }) {
  if (pending.isPending) {
    return (
      <Card aria-busy="true" aria-label="Cargando gastos pendientes" className="space-y-3 p-4">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </Card>
    );
  }
  if (pending.isError) {
    return (
      <LoadErrorState
        title="No se pudieron cargar los gastos pendientes"
        message={errorMessage(pending.error, 'Inténtalo de nuevo.')}
        onRetry={() => void pending.refetch()}
        retrying={pending.isFetching}
      />
    );
  }
  if (pending.data.length === 0) {
    return (
      <StateMessage icon={<CheckCircle2 className="h-10 w-10 text-green-600" />} title={EMPTY_PENDING} role="status">
        <p className="text-muted-foreground">Las rendiciones que apruebes aparecerán aquí hasta que estén en NiuData.</p>
      </StateMessage>
    );
  }

  const rows = pending.data;
  return (
    <>
      <Card className="hidden relative overflow-x-auto xl:block">
        <table className="w-full text-sm" aria-label={label}>
          <thead className="border-b bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-3">N°</th>
              <th scope="col" className="px-3 py-3">Fecha</th>
              <th scope="col" className="px-3 py-3">Empleado</th>
              <th scope="col" className="px-3 py-3">Descripción</th>
              <th scope="col" className="px-3 py-3">Categoría</th>
              <th scope="col" className="px-3 py-3 text-right">Monto CLP</th>
              <th scope="col" className="px-3 py-3">Estado</th>
              <th scope="col" className="px-3 py-3 text-right">
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((e) => (
              <tr key={e.id} data-expense-number={e.expenseNumber} className="align-top">
                <td className="px-3 py-3 tabular-nums">{e.expenseNumber}</td>
                <td className="whitespace-nowrap px-3 py-3">{formatDate(e.date)}</td>
                <td className="px-3 py-3">{employeeName(e.employee)}</td>
                <td className="max-w-[16rem] px-3 py-3">
                  <span className="line-clamp-2 break-words">{e.description}</span>
                  <Problems expense={e} />
                </td>
                <td className="px-3 py-3">
                  {e.category ? (
                    <>
                      {e.category.name}
                      {e.category.accountingCode ? <span className="block text-xs text-muted-foreground">{e.category.accountingCode}</span> : null}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-right font-medium tabular-nums">{formatCLP(e.amountCLP)}</td>
                <td className="px-3 py-3">
                  <PendingStateBadge expense={e} />
                </td>
                <td className="px-3 py-3">
                  <div className="flex justify-end gap-2">{actions(e)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="space-y-3 xl:hidden" aria-label={label}>
        {rows.map((e) => (
          <li key={e.id} data-expense-number={e.expenseNumber} className="space-y-2 rounded-lg border bg-card p-4 shadow-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 font-medium">
                N° {e.expenseNumber} · <span className="break-words">{e.description}</span>
              </span>
              <span className="shrink-0 font-semibold tabular-nums">{formatCLP(e.amountCLP)}</span>
            </div>
            <p className="text-xs text-muted-foreground">
              {formatDate(e.date)} · {employeeName(e.employee)} · {e.category ? `${e.category.name}${e.category.accountingCode ? ` (${e.category.accountingCode})` : ''}` : 'Sin categoría'}
            </p>
            <div>
              <PendingStateBadge expense={e} />
            </div>
            <Problems expense={e} />
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">{actions(e)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
