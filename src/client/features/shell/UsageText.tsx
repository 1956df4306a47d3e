import type { CurrentUser } from '@shared/auth';
import { getPlan, usageLabel } from '@shared/plans';
import { cn } from '@client/lib/utils';
import { useMonthlyUsage } from './queries';

/**
 * The plan in force (part 2 §2.14): 'N/50 rendiciones este mes' for a plan with a monthly limit, 'Plan Profesional -
 * Ilimitado' for one without; nothing without a company.
 */
export function UsageText({ user, className }: { user: CurrentUser; className?: string }) {
  const usage = useMonthlyUsage(user);
  if (!user.planId || !user.currentCompanyId) return null;
  const trial = user.subscriptionStatus === 'trial' ? ' (prueba)' : '';
  if (getPlan(user.planId).monthlyExpenseLimit === null) {
    return <span className={cn('text-xs font-medium text-green-700 dark:text-green-400', className)} data-testid="usage-text">{usageLabel(user.planId, 0)}{trial}</span>;
  }
  if (!usage) return null;
  const atLimit = usage.used >= usage.limit;
  return (
    <span className={cn('text-xs font-medium', atLimit ? 'text-red-600 dark:text-red-400' : 'text-muted-foreground', className)} data-testid="usage-text">
      {usageLabel(user.planId, usage.used)}{trial}
    </span>
  );
}
