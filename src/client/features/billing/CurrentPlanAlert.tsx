import { Crown, Info } from 'lucide-react';
import { formatDate } from '@shared/format';
import { findPlan, type PlanId } from '@shared/plans';
import { useScheduledChange, type UserWithPeriod } from './queries';

/**
 * The plan the user's current company is on, as the session reports it (the server sends the plan in force). No
 * company, or an id this build does not know (a newer server than a cached client): no plan is named, rather than
 * guessing one.
 */
export function currentPlanOf(user: UserWithPeriod): { id: PlanId | null; name: string | null } {
  const plan = user.currentCompanyId && user.planId ? findPlan(user.planId) : undefined;
  return plan ? { id: plan.id, name: plan.name } : { id: null, name: null };
}

/** Part 1 §2: the current-plan alert, '(Período de prueba)' while on trial, and the end date when known. */
export function CurrentPlanAlert({ user }: { user: UserWithPeriod }) {
  const current = currentPlanOf(user);
  const trial = user.subscriptionStatus === 'trial';
  const paid = !!current.id && current.id !== 'free' && current.id !== 'niudata-free';
  const endsAt = trial ? user.trialEndsAt : paid ? user.currentPeriodEnd : null;
  const scheduled = useScheduledChange(!!user.currentCompanyId).data;

  return (
    <section
      aria-label="Plan actual"
      className="flex items-start gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900 dark:border-blue-900/60 dark:bg-blue-950/30 dark:text-blue-200"
    >
      {paid ? <Crown className="mt-0.5 h-4 w-4 shrink-0 text-amber-500" aria-hidden /> : <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}
      <div className="space-y-1">
        {current.name ? (
          <p>
            Plan actual: <strong className="font-semibold">{current.name}</strong>
            {trial ? ' (Período de prueba)' : null}
          </p>
        ) : null}
        {endsAt ? (
          <p className="text-blue-800 dark:text-blue-300">
            {trial ? `Tu período de prueba termina el ${formatDate(endsAt)}.` : `Vigente hasta el ${formatDate(endsAt)}.`}
          </p>
        ) : null}
        {scheduled ? (
          <p className="text-blue-800 dark:text-blue-300" data-scheduled-change>
            Desde el {formatDate(scheduled.startsAt)} tu plan será <strong className="font-semibold">{scheduled.planName}</strong> (ya pagado, hasta el {formatDate(scheduled.endsAt)}).
          </p>
        ) : null}
        {!user.currentCompanyId ? <p className="text-blue-800 dark:text-blue-300">Aún no perteneces a una empresa.</p> : null}
      </div>
    </section>
  );
}
