import { Eye, FileDown, Loader2 } from 'lucide-react';
import type { ExpenseView } from '@shared/expenses';
import { Button } from '@client/components/ui/button';

export interface RowActionProps {
  onView: (expense: ExpenseView) => void;
  onDownload: (expense: ExpenseView) => void;
  /** Id of the expense whose PDF is being generated. */
  pdfPendingId: string | null;
}

/** 'Ver detalle' and 'Descargar PDF'; `compact` shows icons only (table rows). */
export function RowActions({ expense, onView, onDownload, pdfPendingId, compact }: RowActionProps & { expense: ExpenseView; compact?: boolean }) {
  const busy = pdfPendingId === expense.id;
  const n = expense.expenseNumber;
  return (
    <div className={compact ? 'flex justify-end gap-1' : 'flex gap-2'}>
      <Button
        type="button"
        variant={compact ? 'ghost' : 'outline'}
        size={compact ? 'icon' : 'sm'}
        className={compact ? undefined : 'flex-1'}
        onClick={() => onView(expense)}
        aria-label={`Ver detalle de la rendición N° ${n}`}
        title="Ver detalle"
      >
        <Eye aria-hidden />
        {!compact && 'Ver detalle'}
      </Button>
      <Button
        type="button"
        variant={compact ? 'ghost' : 'outline'}
        size={compact ? 'icon' : 'sm'}
        className={compact ? undefined : 'flex-1'}
        onClick={() => onDownload(expense)}
        disabled={pdfPendingId !== null}
        aria-busy={busy || undefined}
        aria-label={`Descargar PDF de la rendición N° ${n}`}
        title="Descargar PDF"
      >
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <FileDown aria-hidden />}
        {!compact && 'Descargar PDF'}
      </Button>
    </div>
  );
}
