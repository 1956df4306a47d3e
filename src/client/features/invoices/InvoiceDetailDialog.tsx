import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import type { InvoiceView } from '@shared/integrations';
import { formatCLP, formatDate, formatDateTime, formatMoney } from '@shared/format';
import { formatRut } from '@shared/rut';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Button } from '@client/components/ui/button';
import { StatusBadge } from '@client/components/expenses/StatusBadge';
import { ReceiptChecks } from '@client/components/expenses/ReceiptChecks';
import { DocumentTypeLabel, SyncBadge } from './InvoiceBadges';
import { personName } from './queries';

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 break-words text-sm">{children}</dd>
    </div>
  );
}

/** The detail overlay of a document: amounts with net and IVA, issuer, timbre check, approval and accounting sync. */
export function InvoiceDetailDialog({ invoice, onClose }: { invoice: InvoiceView | null; onClose: () => void }) {
  const i = invoice;
  return (
    <Dialog open={!!i} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        {i ? (
          <>
            <DialogHeader>
              <DialogTitle>
                <DocumentTypeLabel type={i.documentType} /> {i.invoiceNumber ? `N° ${i.invoiceNumber}` : 'sin folio'}
              </DialogTitle>
              <DialogDescription>
                Rendición N° {i.renditionFolio} · {i.description}
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={i.status} />
            </div>
            <dl className="grid grid-cols-2 gap-4">
              <Item label="Neto">{i.netAmount !== null ? formatCLP(i.netAmount) : '-'}</Item>
              <Item label="IVA (19 %)">{i.taxAmount !== null ? formatCLP(i.taxAmount) : '-'}</Item>
              <Item label="Total">
                <span className="font-semibold">{formatCLP(i.amountCLP)}</span>
                {i.currency !== 'CLP' ? <span className="block text-xs text-muted-foreground">{formatMoney(i.amount, i.currency)}</span> : null}
              </Item>
              <Item label="Fecha del documento">{formatDate(i.date)}</Item>
              <Item label="RUT emisor">{i.taxId ? formatRut(i.taxId) : '-'}</Item>
              <Item label="Folio">{i.invoiceNumber ?? '-'}</Item>
              <Item label="Dirección" wide>
                {i.address ?? '-'}
              </Item>
              <Item label="Empleado">{personName(i.user)}</Item>
              <Item label="Categoría">{i.category ?? '-'}</Item>
              <Item label="Medio de pago">{i.paymentMethod ?? '-'}</Item>
              <Item label={i.status === 'rejected' ? 'Rechazada por' : 'Aprobada por'}>
                {i.approver ? personName(i.approver) : '-'}
                {i.approvedAt || i.rejectedAt ? <span className="block text-xs text-muted-foreground">{formatDateTime(i.approvedAt ?? i.rejectedAt)}</span> : null}
              </Item>
              {i.rejectionReason ? (
                <Item label="Motivo del rechazo" wide>
                  {i.rejectionReason}
                </Item>
              ) : null}
            </dl>
            <section className="space-y-2 border-t pt-4">
              <h3 className="text-sm font-semibold">Timbre electrónico SII</h3>
              {i.timbre || i.receiptFlags.length ? (
                <ReceiptChecks timbre={i.timbre} flags={i.receiptFlags} />
              ) : (
                <p className="text-sm text-muted-foreground">No se leyó un timbre en el comprobante.</p>
              )}
            </section>
            <section className="space-y-2 border-t pt-4">
              <h3 className="text-sm font-semibold">Sincronización contable</h3>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <SyncBadge status={i.syncStatus} />
                {i.syncedAt ? <span className="text-muted-foreground">{formatDateTime(i.syncedAt)}</span> : null}
              </div>
              {i.syncStatus === 'error' && i.syncError ? (
                <p role="alert" className="break-words rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
                  {i.syncError}
                </p>
              ) : i.syncStatus === 'pending' ? (
                <p className="text-sm text-muted-foreground">{i.status === 'approved' ? 'Aún no se envía a la contabilidad.' : 'Solo las rendiciones aprobadas se envían a la contabilidad.'}</p>
              ) : null}
            </section>
            <DialogFooter className="gap-2">
              {i.receiptUrl ? (
                <Button variant="outline" asChild>
                  <a href={i.receiptUrl} target="_blank" rel="noreferrer">
                    <ExternalLink aria-hidden />
                    Ver comprobante
                  </a>
                </Button>
              ) : null}
              <DialogClose asChild>
                <Button>Cerrar</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
