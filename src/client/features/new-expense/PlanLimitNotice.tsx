import { useQuery } from '@tanstack/react-query';
import { AlertCircle, Info } from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardStats } from '@shared/dashboard';
import { getPlan, monthlyLimitMessage } from '@shared/plans';
import { apiGet } from '@client/lib/api';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { qk } from '@client/lib/queryKeys';

/** A gentle note when this many rendiciones (or fewer) are left this month. */
const CLOSE_TO_LIMIT = 2;

export type PlanLimit =
  | { state: 'reached'; limit: number; planName: string }
  | { state: 'close'; limit: number; remaining: number; planName: string }
  | null;

/** Where this month's count stands against the plan's limit; null for a plan without one or far from it. */
export function planLimitState(used: number, limit: number | null, planName: string): PlanLimit {
  if (limit === null) return null;
  const remaining = limit - used;
  if (remaining <= 0) return { state: 'reached', limit, planName };
  if (remaining <= CLOSE_TO_LIMIT) return { state: 'close', limit, remaining, planName };
  return null;
}

/**
 * The company's monthly limit as the form opens (issue 16: it used to show only after filling the whole form). Reads
 * the dashboard stats the top bar reads too; a failed read shows nothing and the server still enforces the limit.
 */
export function usePlanLimit(): PlanLimit {
  const { user } = useCurrentUser();
  const planId = user?.currentCompanyId ? user.planId : null;
  const limited = !!planId && getPlan(planId).monthlyExpenseLimit !== null;
  const stats = useQuery({ queryKey: qk.dashboardStats, queryFn: () => apiGet<DashboardStats>('/api/dashboard/stats'), enabled: limited });
  if (!planId || !limited || !stats.data) return null;
  return planLimitState(stats.data.monthlyExpenses, stats.data.monthlyLimit, getPlan(planId).name);
}

export function PlanLimitNotice({ limit }: { limit: PlanLimit }) {
  const { user } = useCurrentUser();
  if (!limit) return null;
  const admin = isAdmin(user);
  const plans = (
    <Link to="/premium-plans" className="font-medium underline underline-offset-2">
      {admin ? 'Ver planes' : 'Ver planes disponibles'}
    </Link>
  );
  if (limit.state === 'reached') {
    return (
      <div role="alert" data-testid="plan-limit-notice" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-300">
        <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <p>
          {monthlyLimitMessage(limit.limit, limit.planName)} {admin ? null : 'Pide a un administrador de tu empresa que lo mejore. '}
          {plans}
        </p>
      </div>
    );
  }
  const left = limit.remaining === 1 ? 'Te queda 1 rendición' : `Te quedan ${limit.remaining} rendiciones`;
  return (
    <div role="status" data-testid="plan-limit-notice" className="flex items-start gap-2 rounded-lg border border-amber-300/60 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700/50 dark:bg-amber-950/40 dark:text-amber-200">
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        {left} este mes en el plan {limit.planName} (límite de {limit.limit}). {plans}
      </p>
    </div>
  );
}
