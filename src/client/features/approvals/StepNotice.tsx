import { useState } from 'react';
import { Loader2, UserRoundCog, Workflow } from 'lucide-react';
import { toast } from 'sonner';
import type { PendingExpenseView } from '@shared/approvals';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { approversAmong, personName, useCompanyPeople, useReassignStep } from '@client/features/approval-flow/queries';
import { failureToast } from './queries';

type Step = NonNullable<PendingExpenseView['approvalStep']>;

/** Which step of a multi-step approval the card is at, and who decides it; admins may hand the step to someone else. */
export function StepNotice({ expense, step, canReassign }: { expense: PendingExpenseView; step: Step; canReassign: boolean }) {
  const [open, setOpen] = useState(false);
  const who = step.approverName ?? 'un administrador';
  return (
    <div data-step-notice className="flex flex-col gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950 sm:flex-row sm:items-center sm:justify-between dark:border-sky-900/60 dark:bg-sky-950/40 dark:text-sky-100">
      <p className="flex items-start gap-2">
        <Workflow className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>
          <span className="font-medium">
            Paso {step.position} de {step.total}
          </span>{' '}
          · {expense.canDecide ? (step.approverKind === 'admin' ? 'lo decide un administrador: puedes hacerlo tú' : 'te corresponde decidirlo') : `espera a ${who}`}
        </span>
      </p>
      {canReassign ? (
        <Button type="button" variant="outline" size="sm" className="bg-card" onClick={() => setOpen(true)}>
          <UserRoundCog aria-hidden />
          Reasignar paso
        </Button>
      ) : null}
      {canReassign ? <ReassignDialog expense={expense} step={step} open={open} onOpenChange={setOpen} /> : null}
    </div>
  );
}

function ReassignDialog({ expense, step, open, onOpenChange }: { expense: PendingExpenseView; step: Step; open: boolean; onOpenChange: (v: boolean) => void }) {
  const people = useCompanyPeople(open);
  const reassign = useReassignStep(expense.id);
  const [userId, setUserId] = useState('');
  const options = approversAmong(people.data ?? []).filter((p) => p.id !== expense.user.id && p.id !== step.approverId);
  const selectId = `reassign-${expense.id}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reasignar el paso {step.position} de {step.total}</DialogTitle>
          <DialogDescription>
            Rendición N° {expense.expenseNumber}. Hoy espera a {step.approverName ?? 'un administrador'}. Elige a otro jefe o administrador: se le avisará por email.
          </DialogDescription>
        </DialogHeader>
        {people.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Cargando personas…
          </p>
        ) : options.length === 0 ? (
          <p className="text-sm text-muted-foreground">No hay otro jefe o administrador activo a quien reasignarlo.</p>
        ) : (
          <div className="space-y-1.5">
            <Label htmlFor={selectId}>Nueva persona a cargo</Label>
            <NativeSelect id={selectId} value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">Elige una persona</option>
              {options.map((p) => (
                <option key={p.id} value={p.id}>
                  {personName(p)} ({p.role === 'admin' ? 'administrador' : 'jefe'})
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button
            type="button"
            disabled={!userId || reassign.isPending}
            onClick={() =>
              reassign.mutate(userId, {
                onSuccess: () => {
                  const to = options.find((p) => p.id === userId);
                  toast.success('Paso reasignado', { description: `Ahora lo decide ${to ? personName(to) : 'la persona elegida'}.` });
                  onOpenChange(false);
                },
                onError: (err) => failureToast('No se pudo reasignar el paso.', err),
              })
            }
          >
            {reassign.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Reasignar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
