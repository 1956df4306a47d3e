import type { CurrentUser } from '@shared/auth';
import { cn } from '@client/lib/utils';
import { useMonthlyUsage } from './queries';

/** 'N/10 rendiciones este mes' for free users, 'Plan Pro - Ilimitado' for pro (part 2 §2.14). */
export function UsageText({ user, className }: { user: CurrentUser; className?: string }) {
  const usage = useMonthlyUsage(user);
  if (user.subscriptionStatus === 'pro') {
    return <span className={cn('text-xs font-medium text-green-700 dark:text-green-400', className)}>Plan Pro - Ilimitado</span>;
  }
  if (user.subscriptionStatus === 'trial') {
    return <span className={cn('text-xs font-medium text-muted-foreground', className)}>Período de prueba</span>;
  }
  if (!usage) return null;
  const atLimit = usage.used >= usage.limit;
  return (
    <span className={cn('text-xs font-medium', atLimit ? 'text-red-600 dark:text-red-400' : 'text-muted-foreground', className)}>
      {usage.used}/{usage.limit} rendiciones este mes
    </span>
  );
}
