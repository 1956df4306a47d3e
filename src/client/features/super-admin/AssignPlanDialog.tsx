import { ArrowLeft, Check, CreditCard, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_MSG, MANUAL_ASSIGNMENT_LABEL, type AdminCompany } from '@shared/admin';
import type { SubscriptionPlanView } from '@shared/billing';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatPlanPrice } from '@client/features/billing/format';
import { usePlans } from '@client/features/billing/queries';
import { SectionError } from '@client/features/dashboard/SectionError';
import { errorMessage } from '@client/lib/api';
import { cn } from '@client/lib/utils';
import { useAssignPlan } from './queries';

/**
 * 'Asignar Plan' (part 2 §2.2, §4): a customer who paid outside the checkout. Choose a plan, then confirm what
 * happens: a paid plan runs one month at no charge, recorded in the purchase history and the audit trail.
 */
export function AssignPlanDialog({ company, onClose }: { company: AdminCompany | null; onClose: () => void }) {
  return (
    <Dialog open={company !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Asignar Plan</DialogTitle>
          <DialogDescription>
            {company ? (
              <>
                {company.name} · plan actual: <span className="font-medium text-foreground">{company.planName}</span>
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        {company ? <AssignPlanSteps key={company.id} company={company} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AssignPlanSteps({ company, onDone }: { company: AdminCompany; onDone: () => void }) {
  const plans = usePlans();
  const [selected, setSelected] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState(false);
  const assign = useAssignPlan(company);
  const plan = plans.data?.find((p) => p.id === selected) ?? null;

  if (plans.isPending) {
    return (
      <div aria-busy="true" aria-label="Cargando planes" className="space-y-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (plans.isError) return <SectionError title="No se pudieron cargar los planes" error={plans.error} onRetry={() => void plans.refetch()} />;

  if (confirming && plan) {
    const paid = (plan.price ?? 0) > 0;
    return (
      <div className="space-y-4">
        <div className="rounded-lg border bg-muted/40 p-4 text-sm" data-testid="assign-plan-summary">
          <p className="font-medium">
            {company.name} pasará al plan {plan.name}.
          </p>
          {paid ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
              <li>Se activa sin cobro, queda registrado en el historial de compras de la empresa como «{MANUAL_ASSIGNMENT_LABEL}» y en la auditoría.</li>
              <li>Cubre un mes desde hoy (o desde el fin del mes vigente del mismo plan). Al vencer rigen las mismas reglas que un plan pagado.</li>
              <li>No se envía el webhook subscription.paid: no hubo pago.</li>
            </ul>
          ) : (
            <p className="mt-2 text-muted-foreground">Plan sin costo: la empresa queda en él sin período ni cobro, con sus límites ({plan.features.slice(0, 2).join(', ')}).</p>
          )}
        </div>
        {/* A refusal (a paid plan change waiting, 409) stays readable next to the button, not only in the toast. */}
        {assign.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/30 dark:text-red-300">
            {errorMessage(assign.error, 'Error al asignar plan')}
          </p>
        ) : null}
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              assign.reset();
              setConfirming(false);
            }}
            disabled={assign.isPending}
          >
            <ArrowLeft aria-hidden />
            Volver
          </Button>
          <Button type="button" disabled={assign.isPending} onClick={() => assign.mutate(plan.id, { onSuccess: onDone })}>
            {assign.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Check aria-hidden />}
            Confirmar asignación
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-label="Planes" aria-describedby={missing ? 'assign-plan-error' : undefined} className="space-y-2">
        {plans.data.map((p) => (
          <PlanOption key={p.id} plan={p} current={p.id === company.planId} checked={p.id === selected} onSelect={() => {
              setSelected(p.id);
              setMissing(false);
            }} />
        ))}
      </div>
      {missing ? (
        <p id="assign-plan-error" role="alert" className="text-sm text-destructive">
          {ADMIN_MSG.planRequired}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="button" onClick={() => (plan ? setConfirming(true) : setMissing(true))}>
          <CreditCard aria-hidden />
          Continuar
        </Button>
      </DialogFooter>
    </div>
  );
}

function PlanOption({ plan, current, checked, onSelect }: { plan: SubscriptionPlanView; current: boolean; checked: boolean; onSelect: () => void }) {
  const id = `assign-plan-${plan.id}`;
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-muted/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked && 'border-primary bg-primary/5',
      )}
    >
      <input id={id} type="radio" name="assign-plan" value={plan.id} checked={checked} onChange={onSelect} className="mt-1 h-4 w-4 accent-primary" />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{plan.name}</span>
          {current ? <Badge variant="secondary">Plan actual</Badge> : null}
        </span>
        <span className="block text-sm text-muted-foreground">{plan.description}</span>
      </span>
      <span className="shrink-0 text-sm font-semibold tabular-nums">
        {formatPlanPrice(plan.price, 'Gratis')}
        {(plan.price ?? 0) > 0 ? <span className="font-normal text-muted-foreground">/mes</span> : null}
      </span>
    </label>
  );
}
