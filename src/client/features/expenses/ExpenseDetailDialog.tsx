import type { ReactNode, RefObject } from 'react';
import { FileDown, Loader2 } from 'lucide-react';
import { DOCUMENT_TYPE_LABELS, type DocumentType, type ExpenseView } from '@shared/expenses';
import { formatCLP, formatDate, formatDateTime, formatMoney } from '@shared/format';
import { formatRut } from '@shared/rut';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { StatusBadge } from '@client/components/expenses/StatusBadge';
import { ReimbursementBadge } from '@client/components/expenses/ReimbursementBadge';
import { ReceiptChecks } from '@client/components/expenses/ReceiptChecks';
import { ExpenseHistory } from '@client/features/approvals/ExpenseHistory';
import { fullName, useExpenseDetail } from './queries';
import { CategoryCell } from './ExpenseTable';
import { ReceiptPreview } from './ReceiptPreview';

const formatRate = (rate: string) => new Intl.NumberFormat('es-CL', { maximumFractionDigits: 4 }).format(Number(rate));

/** `wide` spans both columns; `wideOnMobile` only below sm, where a column is narrow. */
function Item({ label, children, wide, wideOnMobile }: { label: string; children: ReactNode; wide?: boolean; wideOnMobile?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : wideOnMobile ? 'col-span-2 sm:col-span-1' : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 break-words text-sm">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 border-t pt-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

interface Props {
  /** The list's copy; null closes the dialog. */
  expense: ExpenseView | null;
  onClose: () => void;
  showUser: boolean;
  onDownload: (expense: ExpenseView) => void;
  pdfPendingId: string | null;
  /** Element to focus again when the dialog closes. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function ExpenseDetailDialog({ expense, onClose, showUser, onDownload, pdfPendingId, returnFocusTo }: Props) {
  const detail = useExpenseDetail(expense);
  const e = detail.data ?? expense;

  return (
    <Dialog open={!!expense} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          const opener = returnFocusTo?.current;
          if (opener?.isConnected) {
            event.preventDefault();
            opener.focus();
          }
        }}
      >
        {e && (
          <>
            <DialogHeader>
              <DialogTitle>Rendición N° {e.expenseNumber}</DialogTitle>
              <DialogDescription>Detalle de la rendición{showUser ? ` de ${fullName(e.user)}` : ''}.</DialogDescription>
            </DialogHeader>

            <dl className="grid grid-cols-2 gap-4">
              <Item label="Número">{e.expenseNumber}</Item>
              <Item label="Fecha">{formatDate(e.date)}</Item>
              <Item label="Monto" wideOnMobile={e.currency !== 'CLP'}>
                <span className="font-semibold">{formatCLP(e.amountCLP)}</span>
                {e.currency !== 'CLP' && (
                  <span className="block text-muted-foreground">
                    {formatMoney(e.amount, e.currency)} · tipo de cambio {formatRate(e.exchangeRate)}
                  </span>
                )}
                {e.currency !== 'CLP' && (
                  <span className="block text-xs text-muted-foreground" data-rate-label>
                    {e.exchangeRateLabel}
                  </span>
                )}
              </Item>
              {e.netAmount !== null && e.taxAmount !== null && (
                <>
                  <Item label="Neto">{formatCLP(e.netAmount)}</Item>
                  <Item label="IVA (19 %)">{formatCLP(e.taxAmount)}</Item>
                </>
              )}
              <Item label="Categoría">
                <CategoryCell category={e.category} />
              </Item>
              <Item label="Medio de pago">{e.paymentMethod ?? '-'}</Item>
              <Item label="Centro de costo">{e.costCenter ?? 'Sin centro de costo'}</Item>
              <Item label="Tipo de documento">{DOCUMENT_TYPE_LABELS[e.documentType as DocumentType] ?? e.documentType}</Item>
              {e.invoiceNumber && <Item label="N° de documento">{e.invoiceNumber}</Item>}
              {e.taxId && <Item label="RUT emisor">{formatRut(e.taxId)}</Item>}
              {e.address && (
                <Item label="Dirección" wideOnMobile>
                  {e.address}
                </Item>
              )}
              {showUser && (
                <Item label="Empleado" wideOnMobile>
                  {fullName(e.user)} <span className="text-muted-foreground">({e.user.email})</span>
                </Item>
              )}
              <Item label="Estado">
                <StatusBadge status={e.status} step={e.approvalStep} />
                <ReimbursementBadge state={e.reimbursement} at={e.reimbursedAt} className="ml-1" />
              </Item>
              <Item label="Descripción" wide>
                <span className="whitespace-pre-line">{e.description}</span>
              </Item>
            </dl>

            {e.status !== 'pending' && (
              <Section title={e.status === 'rejected' ? 'Rechazo' : 'Aprobación'}>
                <dl className="grid grid-cols-2 gap-4">
                  <Item label={e.status === 'rejected' ? 'Rechazada por' : 'Aprobada por'}>{e.approver ? fullName(e.approver) : '-'}</Item>
                  <Item label="Fecha de decisión">{formatDateTime(e.approvedAt ?? e.rejectedAt)}</Item>
                  {e.status === 'rejected' && (
                    <Item label="Motivo del rechazo" wide>
                      {e.rejectionReason || 'Sin motivo indicado'}
                    </Item>
                  )}
                </dl>
              </Section>
            )}

            <Section title="Comprobante">
              <ReceiptChecks timbre={e.timbre} flags={e.receiptFlags} />
              <ReceiptPreview key={e.id} url={e.receiptUrl} mime={e.receiptMime} expenseNumber={e.expenseNumber} />
            </Section>

            <ExpenseHistory key={e.id} expenseId={e.id} />

            <dl className="grid grid-cols-2 gap-4 border-t pt-4">
              <Item label="Creada">{formatDateTime(e.createdAt)}</Item>
              <Item label="Actualizada">{formatDateTime(e.updatedAt)}</Item>
            </dl>

            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cerrar
                </Button>
              </DialogClose>
              <Button type="button" onClick={() => onDownload(e)} disabled={pdfPendingId !== null}>
                {pdfPendingId === e.id ? <Loader2 className="animate-spin" aria-hidden /> : <FileDown aria-hidden />}
                Descargar PDF
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
