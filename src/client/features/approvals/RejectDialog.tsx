import { useState, type FormEvent } from 'react';
import { Loader2, XCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { ExpenseView } from '@shared/expenses';
import { formatCLP } from '@shared/format';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { ApiError } from '@client/lib/api';
import { failureToast, fullName, useDecideExpense } from './queries';

interface Props {
  /** The expense being rejected; null keeps the dialog closed. */
  expense: ExpenseView | null;
  onClose: () => void;
  /** Called after the expense has left the list, so focus can go somewhere sensible. */
  onRejected: () => void;
  /** Where focus goes once the dialog has closed (it has no Radix trigger to return to). */
  onCloseAutoFocus: (event: Event) => void;
}

/** Asks for the optional reason ('Razón del rechazo (opcional):', part 1 §4) and rejects. */
export function RejectDialog({ expense, onClose, onRejected, onCloseAutoFocus }: Props) {
  const decide = useDecideExpense();
  return (
    // While the call is under way the dialog stays open, so its answer is never lost.
    <Dialog open={!!expense} onOpenChange={(open) => !open && !decide.isPending && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>{expense ? <RejectForm key={expense.id} expense={expense} decide={decide} onRejected={onRejected} /> : null}</DialogContent>
    </Dialog>
  );
}

function RejectForm({ expense, decide, onRejected }: { expense: ExpenseView; decide: ReturnType<typeof useDecideExpense>; onRejected: () => void }) {
  const [reason, setReason] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    decide.mutate(
      { id: expense.id, decision: { status: 'rejected', rejectionReason: reason.trim() || null } },
      {
        onSuccess: () => {
          toast.success('Gasto Rechazado', { description: `La rendición N° ${expense.expenseNumber} fue rechazada.` });
          onRejected();
        },
        onError: (err) => {
          failureToast('No se pudo rechazar la rendición.', err);
          // Already decided by someone else: there is nothing left to reject here.
          if (err instanceof ApiError && err.status === 409) onRejected();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Rechazar rendición N° {expense.expenseNumber}</DialogTitle>
        <DialogDescription>
          {fullName(expense.user)} · {formatCLP(expense.amountCLP)} · {expense.description}
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-1.5">
        <Label htmlFor="reject-reason">Razón del rechazo (opcional):</Label>
        <Textarea
          id="reject-reason"
          rows={4}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Ej.: falta el comprobante o el gasto no corresponde a la política de la empresa."
          aria-describedby="reject-reason-hint"
          disabled={decide.isPending}
        />
        <p id="reject-reason-hint" className="text-xs text-muted-foreground">
          El empleado verá este motivo. Máximo 500 caracteres ({reason.length}/500).
        </p>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={decide.isPending}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={decide.isPending} aria-busy={decide.isPending || undefined}>
          {decide.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <XCircle aria-hidden />}
          Rechazar
        </Button>
      </DialogFooter>
    </form>
  );
}
