import type { ReactNode } from 'react';
import { CheckCircle2, Loader2, Pencil, ShieldAlert, XCircle } from 'lucide-react';
import { SELF_APPROVAL_MSG, type PendingExpenseView } from '@shared/approvals';
import { toast } from 'sonner';
import { DOCUMENT_TYPE_LABELS, type DocumentType, type ExpenseView } from '@shared/expenses';
import { formatCLP, formatDate, formatDateTime, formatMoney } from '@shared/format';
import { formatRut } from '@shared/rut';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { CategoryIcon, categoryLabel } from '@client/components/expenses/CategoryIcon';
import { StatusBadge } from '@client/components/expenses/StatusBadge';
import { ReceiptChecks } from '@client/components/expenses/ReceiptChecks';
import { EditExpenseForm } from './EditExpenseForm';
import { failureToast, fullName, useDecideExpense } from './queries';
import { UserAvatar } from '@client/components/ui/user-avatar';
import { cn } from '@client/lib/utils';
import { ReceiptToggle, ReceiptView, useReceiptToggle } from './ReceiptPanel';
import { PolicyViolations } from '@client/components/expenses/PolicyViolations';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { StepNotice } from './StepNotice';


function Item({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 break-words text-sm">{children}</dd>
    </div>
  );
}

function ExpenseFacts({ expense: e }: { expense: ExpenseView }) {
  const foreign = e.currency !== 'CLP';
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-6">
      <Item label="N°">{e.expenseNumber}</Item>
      <Item label="Fecha">{formatDate(e.date)}</Item>
      <Item label="Monto" className={foreign ? 'col-span-2 sm:col-span-1' : undefined}>
        <span className="text-base font-semibold tabular-nums">{formatCLP(e.amountCLP)}</span>
        {foreign ? <span className="block text-xs text-muted-foreground">{formatMoney(e.amount, e.currency)}</span> : null}
      </Item>
      <Item label="Categoría">
        <span className="inline-flex items-center gap-1.5 capitalize">
          <CategoryIcon category={e.category} className="text-muted-foreground" />
          {categoryLabel(e.category)}
        </span>
      </Item>
      <Item label="Medio de pago">{e.paymentMethod ?? '-'}</Item>
      <Item label="Documento">
        {DOCUMENT_TYPE_LABELS[e.documentType as DocumentType] ?? e.documentType}
        {e.invoiceNumber ? <span className="block text-xs text-muted-foreground">N° {e.invoiceNumber}</span> : null}
        {e.taxId ? <span className="block text-xs text-muted-foreground">RUT {formatRut(e.taxId)}</span> : null}
      </Item>
      <Item label="Descripción" className="col-span-2 sm:col-span-3 lg:col-span-6">
        <span className="whitespace-pre-line">{e.description}</span>
      </Item>
    </dl>
  );
}

/**
 * Separation of duties: the reader filed this expense. Without self-approval another admin (or the super admin)
 * decides it, so the card has no Aprobar/Rechazar; with it the admin may, and the audit records a self-approval.
 */
function OwnExpenseNotice({ canDecide }: { canDecide: boolean }) {
  return (
    <p
      data-own-expense
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
        canDecide ? 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200' : 'border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-900/60 dark:bg-blue-950/40 dark:text-blue-200',
      )}
    >
      <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>
        {canDecide ? SELF_APPROVAL_MSG.ownCardAllowed : SELF_APPROVAL_MSG.ownCard}
        {canDecide ? null : <span className="block text-xs opacity-80">{SELF_APPROVAL_MSG.ownCardHint}</span>}
      </span>
    </p>
  );
}

interface Props {
  expense: PendingExpenseView;
  editing: boolean;
  /** Another card is being edited: one edit at a time keeps the field ids unique. */
  editLocked: boolean;
  onEdit: () => void;
  onEditDone: () => void;
  onReject: () => void;
  onApproved: () => void;
}

export function ApprovalCard({ expense: e, editing, editLocked, onEdit, onEditDone, onReject, onApproved }: Props) {
  const receipt = useReceiptToggle();
  const approve = useDecideExpense();
  const { user } = useCurrentUser();
  // Managers decide their steps; editing and reassigning stay with admins.
  const admin = isAdmin(user);
  const name = fullName(e.user);
  const titleId = `approval-${e.id}`;

  const runApprove = () =>
    approve.mutate(
      { id: e.id, decision: { status: 'approved' } },
      {
        onSuccess: () => {
          toast.success('Gasto Aprobado', { description: `La rendición N° ${e.expenseNumber} de ${name} fue aprobada.` });
          onApproved();
        },
        onError: (err) => failureToast('No se pudo aprobar la rendición.', err),
      },
    );

  return (
    <Card role="article" aria-labelledby={titleId} tabIndex={-1} data-approval-card className="overflow-hidden focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <div className="flex items-start gap-3 border-b bg-muted/30 p-4 sm:px-6">
        <UserAvatar user={e.user} className="h-10 w-10" fallbackClassName="bg-primary/10 text-primary" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate font-semibold leading-tight">
            {name}
            <span className="sr-only">, rendición N° {e.expenseNumber}</span>
          </h2>
          <p className="truncate text-sm text-muted-foreground">{e.user.email}</p>
          <p className="text-xs text-muted-foreground">Enviada el {formatDateTime(e.createdAt)}</p>
        </div>
        <StatusBadge status={e.status} />
      </div>

      <div className="space-y-4 p-4 sm:px-6">
        {e.ownExpense ? <OwnExpenseNotice canDecide={e.canDecide} /> : null}
        {e.approvalStep ? <StepNotice expense={e} step={e.approvalStep} canReassign={admin} /> : null}
        {/* A duplicate is already told by the receipt checks below, in the same words: not twice. */}
        <PolicyViolations violations={(e.policyViolations ?? []).filter((v) => v.code !== 'duplicate' || !e.receiptFlags.some((f) => f.message === v.message))} title="Incumple políticas de la empresa" />
        {editing ? <EditExpenseForm expense={e} onDone={onEditDone} /> : <ExpenseFacts expense={e} />}

        <ReceiptChecks timbre={e.timbre} flags={e.receiptFlags} />

        {!editing ? (
          <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-center gap-2">
              <ReceiptToggle expense={e} open={receipt.open} onToggle={receipt.toggle} controls={receipt.id} />
              {!e.receiptUrl ? <span className="text-xs text-muted-foreground">Sin comprobante adjunto</span> : null}
            </div>
            <div className={cn('gap-2 sm:flex', e.canDecide ? (admin ? 'grid grid-cols-[auto_1fr_1fr]' : 'grid grid-cols-2') : 'flex items-center')}>
              {admin ? (
              <Button
                type="button"
                variant="outline"
                size="icon"
                onClick={onEdit}
                disabled={editLocked || approve.isPending}
                aria-label={`Editar rendición N° ${e.expenseNumber}`}
                title={editLocked ? 'Termina la edición abierta antes de editar otra rendición' : 'Editar'}
              >
                <Pencil aria-hidden />
              </Button>
              ) : null}
              {e.canDecide ? (
                <>
                  <Button
                    type="button"
                    variant="outline"
                    className="border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800 dark:border-red-900/60 dark:text-red-400 dark:hover:bg-red-950/40"
                    onClick={onReject}
                    disabled={approve.isPending}
                  >
                    <XCircle aria-hidden />
                    Rechazar
                  </Button>
                  <Button type="button" className="bg-green-700 text-white hover:bg-green-800" onClick={runApprove} disabled={approve.isPending} aria-busy={approve.isPending || undefined}>
                    {approve.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <CheckCircle2 aria-hidden />}
                    Aprobar
                  </Button>
                </>
              ) : null}
            </div>
          </div>
        ) : null}

        {!editing && receipt.open ? <ReceiptView expense={e} id={receipt.id} /> : null}
      </div>
    </Card>
  );
}
