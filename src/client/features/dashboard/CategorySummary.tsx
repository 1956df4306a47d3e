import { SPENT_HINT } from '@shared/dashboard';
import { formatCLP } from '@shared/format';
import { CategoryIcon, categoryLabel } from '@client/components/expenses/CategoryIcon';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useDashboardCategories } from './queries';
import { SectionError } from './SectionError';

/** 'Gastos por categoría (este mes)': icon, name without underscores, amount and its share. */
export function CategorySummary() {
  const q = useDashboardCategories();
  const rows = q.data ?? [];
  const total = rows.reduce((sum, r) => sum + (Number(r.amount) || 0), 0);

  return (
    <Card className="h-full">
      <CardHeader className="p-4 sm:p-6 sm:pb-4">
        <h2 id="dashboard-categories-title" className="text-base font-semibold leading-none tracking-tight">
          Gastos por categoría (este mes)
        </h2>
        <p className="pt-1 text-xs text-muted-foreground">{SPENT_HINT}</p>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {q.isPending ? (
          <ul className="space-y-4" aria-busy="true" aria-label="Cargando categorías">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="flex items-center gap-3">
                <Skeleton className="h-9 w-9 rounded-lg" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-1.5 w-full" />
                </div>
              </li>
            ))}
          </ul>
        ) : q.isError ? (
          <SectionError title="No se pudieron cargar las categorías" error={q.error} onRetry={() => void q.refetch()} />
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No hay gastos este mes</p>
        ) : (
          <ul className="space-y-4" aria-labelledby="dashboard-categories-title">
            {rows.map((r) => {
              const share = total > 0 ? Math.round(((Number(r.amount) || 0) / total) * 100) : 0;
              return (
                <li key={r.category} className="flex items-center gap-3">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
                    <CategoryIcon category={r.category} />
                  </span>
                  <div className="min-w-0 flex-1">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className="block min-w-0 truncate text-sm font-medium first-letter:uppercase">{categoryLabel(r.category)}</span>
                      <span className="shrink-0 text-sm font-semibold tabular-nums">{formatCLP(r.amount)}</span>
                    </div>
                    <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
                      <div className="h-full rounded-full bg-primary/70" style={{ width: `${share}%` }} />
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
