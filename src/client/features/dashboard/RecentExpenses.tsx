import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatCLP, formatDate } from '@shared/format';
import { CategoryIcon } from '@client/components/expenses/CategoryIcon';
import { StatusBadge } from '@client/components/expenses/StatusBadge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useDashboardRecent } from './queries';
import { SectionError } from './SectionError';

/** 'Rendiciones recientes': the five latest, each with date, amount and status. */
export function RecentExpenses() {
  const q = useDashboardRecent();

  return (
    <Card className="h-full">
      <CardHeader className="flex-row items-center justify-between space-y-0 p-4 sm:p-6 sm:pb-4">
        <h2 id="dashboard-recent-title" className="text-base font-semibold leading-none tracking-tight">
          Rendiciones recientes
        </h2>
        <Button asChild variant="ghost" size="sm" className="-my-2 text-primary">
          <Link to="/expenses">
            Ver todas
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {q.isPending ? (
          <ul className="divide-y" aria-busy="true" aria-label="Cargando rendiciones recientes">
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="flex items-center gap-3 py-3">
                <Skeleton className="h-9 w-9 rounded-lg" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-20" />
                </div>
                <Skeleton className="h-5 w-16" />
              </li>
            ))}
          </ul>
        ) : q.isError ? (
          <SectionError title="No se pudieron cargar las rendiciones recientes" error={q.error} onRetry={() => void q.refetch()} />
        ) : q.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No hay rendiciones recientes</p>
        ) : (
          <ul className="divide-y" aria-labelledby="dashboard-recent-title">
            {q.data.map((e) => (
              <li key={e.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <span className="hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground sm:flex">
                  <CategoryIcon category={e.category} />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium" title={e.description}>
                    {e.description}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <span className="sr-only">Creada el </span>
                    {formatDate(e.createdAt)}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
                  <span className="text-sm font-semibold tabular-nums">{formatCLP(e.amount)}</span>
                  <StatusBadge status={e.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
