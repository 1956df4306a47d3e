import { useMemo, useState } from 'react';
import { AlertTriangle, Banknote, CheckCircle2, Download, Loader2, Trash2, Wallet } from 'lucide-react';
import { formatCLP, formatDate } from '@shared/format';
import { formatRut } from '@shared/rut';
import { ACCOUNT_TYPE_LABELS, type AccountType, type PayoutBatch } from '@shared/reimbursements';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState, StateMessage } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { useCreateBatch, useDeleteBatch, useMarkPaid, usePayoutBatches, usePendingReimbursements } from './queries';

/** Reembolsos (admins): what is owed per employee, grouped into payout batches, exported for the bank, marked paid. */
export function ReimbursementsPage() {
  const { user } = useCurrentUser();
  if (!isAdmin(user)) {
    return (
      <StateMessage icon={<AlertTriangle className="h-10 w-10" />} title="Solo para administradores" role="alert">
        <p className="text-muted-foreground">Los reembolsos los gestiona un administrador de la empresa. Tus gastos reembolsados se ven en Mis Gastos.</p>
      </StateMessage>
    );
  }
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Reembolsos</h1>
        <p className="text-sm text-muted-foreground">
          Gastos aprobados pagados con dinero del empleado (efectivo, tarjeta personal). Agrúpalos en una nómina de pago, descarga el archivo para tu banco y márcala como pagada.
        </p>
      </div>
      <PendingSection />
      <BatchesSection />
    </div>
  );
}

function PendingSection() {
  const pending = usePendingReimbursements();
  const create = useCreateBatch();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const employees = useMemo(() => pending.data?.employees ?? [], [pending.data]);
  const payable = employees.filter((e) => e.hasBankAccount);
  const selected = employees.filter((e) => chosen.has(e.user.id));
  const selectedTotal = selected.reduce((s, e) => s + Number(e.totalClp), 0);
  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Wallet className="h-5 w-5 text-primary" aria-hidden />
          Por reembolsar
        </CardTitle>
        <CardDescription>{pending.data ? `Total adeudado: ${formatCLP(pending.data.totalClp)}` : 'Lo que la empresa debe a cada empleado.'}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {pending.isLoading ? (
          <div className="space-y-2" aria-busy="true" aria-label="Cargando reembolsos">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : pending.isError ? (
          <LoadErrorState title="No se pudieron cargar los reembolsos" message={errorMessage(pending.error, 'Intenta nuevamente.')} onRetry={() => void pending.refetch()} retrying={pending.isFetching} />
        ) : employees.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground" role="status">
            No hay gastos por reembolsar. Aparecen aquí cuando se aprueba un gasto pagado con un medio de pago reembolsable.
          </p>
        ) : (
          <>
            <ul className="divide-y rounded-md border" aria-label="Empleados con gastos por reembolsar">
              {employees.map((e) => {
                const id = `reembolso-${e.user.id}`;
                const name = `${e.user.firstName} ${e.user.lastName}`.trim();
                return (
                  <li key={e.user.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4" data-testid="pending-employee">
                    <div className="flex min-w-0 flex-1 items-start gap-3">
                      <Checkbox id={id} className="mt-1" checked={chosen.has(e.user.id)} disabled={!e.hasBankAccount} onCheckedChange={(v) => toggle(e.user.id, v === true)} aria-describedby={`${id}-detail`} />
                      <div className="min-w-0">
                        <label htmlFor={id} className="block truncate font-medium">
                          {name || e.user.email}
                        </label>
                        <p id={`${id}-detail`} className="truncate text-sm text-muted-foreground">
                          {e.user.email} · {e.count} {e.count === 1 ? 'gasto' : 'gastos'}
                        </p>
                        {!e.hasBankAccount ? (
                          <p className="mt-1 flex items-center gap-1 text-xs text-yellow-800 dark:text-yellow-300">
                            <AlertTriangle className="h-3.5 w-3.5 shrink-0" aria-hidden />
                            Sin datos bancarios: debe ingresarlos en Mi perfil.
                          </p>
                        ) : null}
                        <details className="mt-1 text-sm">
                          <summary className="cursor-pointer text-primary">Ver gastos</summary>
                          <ul className="mt-1 space-y-0.5 text-muted-foreground">
                            {e.expenses.map((x) => (
                              <li key={x.id} className="flex justify-between gap-3">
                                <span className="truncate">
                                  N° {x.expenseNumber} · {formatDate(x.date)} · {x.description}
                                </span>
                                <span className="shrink-0 tabular-nums">{formatCLP(x.amountClp)}</span>
                              </li>
                            ))}
                          </ul>
                        </details>
                      </div>
                    </div>
                    <p className="text-right text-lg font-semibold tabular-nums sm:w-36">{formatCLP(e.totalClp)}</p>
                  </li>
                );
              })}
            </ul>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex items-center gap-3 text-sm">
                <Button type="button" variant="outline" size="sm" onClick={() => setChosen(new Set(payable.map((e) => e.user.id)))} disabled={!payable.length}>
                  Elegir todos
                </Button>
                <span aria-live="polite">
                  {selected.length} {selected.length === 1 ? 'empleado' : 'empleados'} · {formatCLP(selectedTotal)}
                </span>
              </div>
              <Button
                type="button"
                disabled={!selected.length || create.isPending}
                onClick={() => create.mutate(selected.map((e) => e.user.id), { onSuccess: () => setChosen(new Set()) })}
              >
                {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Banknote aria-hidden />}
                Crear nómina de pago
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function BatchesSection() {
  const batches = usePayoutBatches();
  return (
    <section aria-labelledby="nominas" className="space-y-3">
      <h2 id="nominas" className="text-lg font-semibold">
        Nóminas de pago
      </h2>
      {batches.isLoading ? (
        <Skeleton className="h-32 w-full" />
      ) : batches.isError ? (
        <LoadErrorState title="No se pudieron cargar las nóminas" message={errorMessage(batches.error, 'Intenta nuevamente.')} onRetry={() => void batches.refetch()} retrying={batches.isFetching} />
      ) : !batches.data?.length ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground" role="status">
          Aún no hay nóminas de pago.
        </p>
      ) : (
        batches.data.map((b) => <BatchCard key={b.id} batch={b} />)
      )}
    </section>
  );
}

function BatchCard({ batch }: { batch: PayoutBatch }) {
  const markPaid = useMarkPaid();
  const remove = useDeleteBatch();
  const [confirming, setConfirming] = useState(false);
  const open = batch.status === 'open';
  const file = (format: 'xlsx' | 'csv') => `/api/reimbursements/batches/${batch.id}/export?format=${format}`;
  return (
    <Card data-testid="payout-batch" aria-labelledby={`nomina-${batch.batchNumber}`}>
      <CardHeader className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div>
          <CardTitle id={`nomina-${batch.batchNumber}`} className="flex flex-wrap items-center gap-2 text-base sm:text-lg">
            Nómina N° {batch.batchNumber}
            {open ? <Badge variant="warning">Por pagar</Badge> : <Badge variant="success">Pagada el {formatDate(batch.paidAt)}</Badge>}
          </CardTitle>
          <CardDescription>
            Creada el {formatDate(batch.createdAt)} · {batch.lines.length} {batch.lines.length === 1 ? 'empleado' : 'empleados'} · {batch.count} {batch.count === 1 ? 'gasto' : 'gastos'}
          </CardDescription>
        </div>
        <p className="text-xl font-bold tabular-nums">{formatCLP(batch.totalClp)}</p>
      </CardHeader>
      <CardContent className="space-y-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <div className="relative overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <caption className="sr-only">Transferencias de la nómina N° {batch.batchNumber}</caption>
            <thead className="bg-muted/50 text-left text-xs uppercase text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2">Empleado</th>
                <th scope="col" className="hidden px-3 py-2 md:table-cell">RUT</th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">Banco y cuenta</th>
                <th scope="col" className="px-3 py-2 text-right">Monto</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {batch.lines.map((l) => (
                <tr key={l.userId}>
                  <td className="px-3 py-2">
                    <span className="block font-medium">{l.name}</span>
                    <span className="block break-all text-xs text-muted-foreground">{l.email}</span>
                    <span className="mt-1 block text-xs text-muted-foreground sm:hidden">
                      {l.bankName ?? 'Sin datos bancarios'} · {l.accountType ? ACCOUNT_TYPE_LABELS[l.accountType as AccountType] : ''} {l.accountMasked ?? ''}
                    </span>
                  </td>
                  <td className="hidden whitespace-nowrap px-3 py-2 md:table-cell">{l.rut ? formatRut(l.rut) : '—'}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">
                    <span className="block">{l.bankName ?? 'Sin datos bancarios'}</span>
                    <span className="block text-xs text-muted-foreground">
                      {l.accountType ? ACCOUNT_TYPE_LABELS[l.accountType as AccountType] : ''} {l.accountMasked ?? ''}
                    </span>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatCLP(l.totalClp)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={file('xlsx')} download>
              <Download aria-hidden />
              Descargar Excel
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={file('csv')} download>
              <Download aria-hidden />
              Descargar CSV
            </a>
          </Button>
          {open ? (
            <>
              <Button type="button" size="sm" onClick={() => setConfirming(true)}>
                <CheckCircle2 aria-hidden />
                Marcar como pagada
              </Button>
              <Button type="button" variant="ghost" size="sm" className="text-destructive" disabled={remove.isPending} onClick={() => remove.mutate(batch.id)}>
                <Trash2 aria-hidden />
                Eliminar
              </Button>
            </>
          ) : null}
        </div>
      </CardContent>
      <Dialog open={confirming} onOpenChange={(v) => !markPaid.isPending && setConfirming(v)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>¿Marcar la nómina N° {batch.batchNumber} como pagada?</DialogTitle>
            <DialogDescription>
              Hazlo cuando el banco haya procesado las transferencias ({formatCLP(batch.totalClp)}). Los empleados verán sus gastos como &apos;Reembolsado&apos; con la fecha de hoy.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={markPaid.isPending}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="button" disabled={markPaid.isPending} onClick={() => markPaid.mutate(batch.id, { onSettled: () => setConfirming(false) })}>
              {markPaid.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Confirmar pago
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
