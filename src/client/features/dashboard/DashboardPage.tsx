import { CirclePlus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { CategorySummary } from './CategorySummary';
import { MonthlyChart } from './MonthlyChart';
import { RecentExpenses } from './RecentExpenses';
import { ReimbursementTotals } from './ReimbursementTotals';
import { StatCards } from './StatCards';

/**
 * Dashboard (part 1 §2): stat cards, this month by category, the latest reports and six months
 * of spending. Admins see the whole company, everyone else their own reports (server scope).
 */
export function DashboardPage() {
  const { user } = useCurrentUser();
  const firstName = user?.firstName?.trim();

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight">{firstName ? `Hola, ${firstName}` : 'Hola'}</h1>
          <p className="text-sm text-muted-foreground">
            {isAdmin(user) ? 'Este es el resumen de las rendiciones de tu empresa.' : 'Este es el resumen de tus rendiciones.'}
          </p>
        </div>
        <Button asChild className="w-full sm:w-auto">
          <Link to="/new-expense">
            <CirclePlus aria-hidden />
            Nueva Rendición
          </Link>
        </Button>
      </div>

      <StatCards />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <MonthlyChart />
        </div>
        <div className="lg:col-span-2">
          <CategorySummary />
        </div>
      </div>

      <RecentExpenses />

      {isAdmin(user) ? <ReimbursementTotals /> : null}
    </div>
  );
}
