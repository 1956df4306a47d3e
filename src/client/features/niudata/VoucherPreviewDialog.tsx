import { AlertCircle, ExternalLink, Scale } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { NIUDATA_MSG, type NiudataPendingExpense } from '@shared/niudata';
import { formatCLP, formatDate } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessage } from '@client/lib/api';
import { toast } from 'sonner';
import { safeUrl } from './parts';
import { useVoucherPreview } from './queries';

/** The voucher NiuData would receive for one expense (§2.6, §3 Voucher preview), built by the server without sending it. */
export function VoucherPreviewDialog({ expense, onClose }: { expense: NiudataPendingExpense | null; onClose: () => void }) {
  const preview = useVoucherPreview(expense?.id ?? null);
  const failed = preview.isError;
  useEffect(() => {
    if (failed) toast.error(NIUDATA_MSG.previewVoucherError, { description: errorMessage(preview.error, 'Inténtalo de nuevo en unos momentos.') });
  }, [failed, preview.error]);

  const data = preview.data;
  const voucher = data?.voucher ?? null;
  const url = safeUrl(voucher?.voucher_url);
  const balanced = voucher ? voucher.totalDebit === voucher.totalCredit : false;

  return (
    <Dialog open={!!expense} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>Vista previa del voucher{expense ? ` · Rendición N° ${expense.expenseNumber}` : ''}</DialogTitle>
          <DialogDescription>{expense ? `${expense.description} · ${formatCLP(expense.amountCLP)}` : null}</DialogDescription>
        </DialogHeader>

        {preview.isPending ? (
          <div className="space-y-2" aria-busy="true" aria-label="Generando vista previa">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : failed ? (
          <div role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/30 dark:text-red-200">
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <div className="space-y-2">
              <p className="font-medium">{NIUDATA_MSG.previewVoucherError}</p>
              <p className="break-words">{errorMessage(preview.error, 'Inténtalo de nuevo en unos momentos.')}</p>
              <Button type="button" size="sm" variant="outline" onClick={() => void preview.refetch()} disabled={preview.isFetching}>
                Reintentar
              </Button>
            </div>
          </div>
        ) : !voucher ? (
          <div role="alert" className="space-y-2 rounded-lg border border-destructive/40 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/30 dark:text-red-200">
            <p className="font-medium">{NIUDATA_MSG.previewError}: la rendición no se puede contabilizar así.</p>
            <ul className="list-disc space-y-1 pl-5">
              {(data?.problems.length ? data.problems : [data?.message ?? '']).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
            <Link to="/settings" className="inline-block font-medium text-primary underline-offset-4 hover:underline">
              Asignar códigos contables en Configuración
            </Link>
          </div>
        ) : (
          <div className="min-w-0 space-y-3">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant={balanced ? 'success' : 'destructive'} className="gap-1">
                <Scale className="h-3.5 w-3.5" aria-hidden />
                {balanced ? 'Cuadrado: debe = haber' : 'Descuadrado'}
              </Badge>
              {voucher.voucher_id ? <span className="text-muted-foreground">Voucher NiuData {voucher.voucher_id}</span> : null}
              {url ? (
                <a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
                  Ver voucher en NiuData
                  <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                </a>
              ) : (
                <span className="text-muted-foreground">Sin voucher en NiuData todavía (se crea al sincronizar).</span>
              )}
            </div>
            <ul className="space-y-2 sm:hidden" aria-label="Asientos del voucher">
              {voucher.entries.map((e, i) => (
                <li key={i} className="space-y-1 rounded-lg border p-3 text-sm">
                  <div className="flex items-start justify-between gap-2">
                    <span className="min-w-0 font-mono text-xs wrap-anywhere">{e.account_code}</span>
                    <span className="shrink-0 text-right tabular-nums">
                      {e.debit ? <>Debe {formatCLP(e.debit)}</> : <>Haber {formatCLP(e.credit)}</>}
                    </span>
                  </div>
                  <p className="break-words">{e.description}</p>
                  <p className="text-xs text-muted-foreground">
                    Doc. {formatDate(e.document_date)}
                    {e.cost_center ? ` · CC ${e.cost_center}` : ''}
                    {e.tax_id ? ` · RUT ${e.tax_id}` : ''}
                    {e.folio_number ? ` · Folio ${e.folio_number}` : ''}
                  </p>
                </li>
              ))}
              <li className="flex justify-between gap-2 rounded-lg bg-muted/50 p-3 text-sm font-semibold">
                <span>Totales</span>
                <span className="flex min-w-0 flex-wrap justify-end gap-x-1.5 text-right tabular-nums">
                  <span className="whitespace-nowrap">Debe {formatCLP(voucher.totalDebit)}</span>
                  <span aria-hidden>·</span>
                  <span className="whitespace-nowrap">Haber {formatCLP(voucher.totalCredit)}</span>
                </span>
              </li>
            </ul>
            {/* Long account names wrap so Debe and Haber stay in view; the sideways scroll is only a last resort. */}
            <div className="hidden relative overflow-x-auto rounded-lg border sm:block">
              <table className="w-full text-sm" aria-label="Asientos del voucher">
                <thead className="border-b bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
                  <tr>
                    <th scope="col" className="whitespace-nowrap px-3 py-2">Cuenta</th>
                    <th scope="col" className="whitespace-nowrap px-3 py-2">Descripción</th>
                    <th scope="col" className="px-3 py-2">Centro de costo</th>
                    <th scope="col" className="whitespace-nowrap px-3 py-2">RUT</th>
                    <th scope="col" className="whitespace-nowrap px-3 py-2">Folio</th>
                    <th scope="col" className="whitespace-nowrap px-3 py-2">Fecha doc.</th>
                    <th scope="col" className="whitespace-nowrap px-3 py-2 text-right">Debe</th>
                    <th scope="col" className="whitespace-nowrap px-3 py-2 text-right">Haber</th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {voucher.entries.map((e, i) => (
                    <tr key={i} className="align-top">
                      <td className="min-w-[7rem] px-3 py-2 font-mono text-xs wrap-anywhere">{e.account_code}</td>
                      <td className="min-w-[10rem] px-3 py-2 wrap-break-word">{e.description}</td>
                      <td className="px-3 py-2 wrap-anywhere">{e.cost_center ?? '—'}</td>
                      <td className="whitespace-nowrap px-3 py-2 tabular-nums">{e.tax_id ?? '—'}</td>
                      <td className="px-3 py-2 tabular-nums">{e.folio_number ?? '—'}</td>
                      <td className="whitespace-nowrap px-3 py-2">{formatDate(e.document_date)}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{e.debit ? formatCLP(e.debit) : ''}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{e.credit ? formatCLP(e.credit) : ''}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t bg-muted/30 font-semibold">
                  <tr>
                    <th scope="row" colSpan={6} className="px-3 py-2 text-left">
                      Totales
                    </th>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums" data-total="debit">
                      {formatCLP(voucher.totalDebit)}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums" data-total="credit">
                      {formatCLP(voucher.totalCredit)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
            <p className="text-xs text-muted-foreground">
              Fecha contable {voucher.entries[0] ? formatDate(voucher.entries[0].accounting_date) : '—'} · montos en pesos chilenos.
            </p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
