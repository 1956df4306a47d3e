import { CalendarDays, CheckCircle2, Clock, FileText, Wallet, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SPENT_HINT } from '@shared/dashboard';
import { formatCLP } from '@shared/format';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/utils';
import { useDashboardStats } from './queries';
import { SectionError } from './SectionError';

function StatCard({
  label,
  value,
  icon: Icon,
  tone,
  danger,
  children,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  tone: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  return (
    <Card className={cn(danger && 'border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/30')}>
      <CardContent className="space-y-2 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <p className={cn('text-sm font-medium text-muted-foreground', danger && 'text-red-700 dark:text-red-300')}>{label}</p>
          <span className={cn('flex h-8 w-8 shrink-0 items-center justify-center rounded-lg', danger ? 'bg-red-100 text-red-600 dark:bg-red-900/40 dark:text-red-300' : tone)}>
            <Icon className="h-4 w-4" aria-hidden />
          </span>
        </div>
        <p className={cn('break-words text-2xl font-bold tabular-nums', danger && 'text-red-600 dark:text-red-400')}>{value}</p>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The four totals, plus 'Este mes' (used/limit) for the free plan only (part 1 §2, §9):
 * it turns red once the month's count reaches the plan limit.
 */
export function StatCards() {
  const stats = useDashboardStats();

  if (stats.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Cargando estadísticas">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i}>
            <CardContent className="space-y-3 p-5">
              <div className="flex items-center justify-between">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-8 w-8 rounded-lg" />
              </div>
              <Skeleton className="h-7 w-24" />
            </CardContent>
          </Card>
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return <SectionError title="No se pudieron cargar las estadísticas" error={stats.error} onRetry={() => void stats.refetch()} />;
  }

  const s = stats.data;
  // Every plan with a monthly limit (Gratuito 10, Básico 50) shows its counter; unlimited plans do not.
  const limit = s.monthlyLimit;
  const isLimited = limit !== null;
  const atLimit = isLimited && s.monthlyExpenses >= limit;

  return (
    <section aria-label="Estadísticas" className={cn('grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4', isLimited && 'xl:grid-cols-5')}>
      <StatCard label="Total Rendiciones" value={s.totalExpenses} icon={FileText} tone="bg-blue-100 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300" />
      <StatCard label="Total Gastado" value={formatCLP(s.totalAmount)} icon={Wallet} tone="bg-indigo-100 text-indigo-700 dark:bg-indigo-900/40 dark:text-indigo-300">
        <p className="text-xs text-muted-foreground">{SPENT_HINT}</p>
      </StatCard>
      <StatCard label="Pendientes" value={s.pendingExpenses} icon={Clock} tone="bg-yellow-100 text-yellow-700 dark:bg-yellow-900/40 dark:text-yellow-300" />
      <StatCard label="Aprobadas" value={s.approvedExpenses} icon={CheckCircle2} tone="bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300" />
      {isLimited ? (
        <StatCard
          label="Este mes"
          value={
            <span data-testid="monthly-usage">
              {s.monthlyExpenses}/{limit}
            </span>
          }
          icon={CalendarDays}
          tone="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          danger={atLimit}
        >
          <p className={cn('text-xs text-muted-foreground', atLimit && 'text-red-700 dark:text-red-300')}>
            {atLimit ? 'Alcanzaste el límite de tu plan. ' : 'Rendiciones incluidas en tu plan. '}
            <Link to="/subscription" className="font-medium text-primary underline-offset-4 hover:underline">
              Mejorar plan
            </Link>
          </p>
        </StatCard>
      ) : null}
    </section>
  );
}
