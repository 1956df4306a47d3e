import { SPENT_HINT } from '@shared/dashboard';
import { formatCLP } from '@shared/format';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/utils';
import { useDashboardMonthly, type MonthlySpendingItem } from './queries';
import { SectionError } from './SectionError';

const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const LONG_MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** 'YYYY-MM' → month index and year; fixed Spanish names so every browser prints the same label. */
function parseMonth(key: string): { index: number; year: string } {
  const [year, month] = key.split('-');
  const index = Math.min(11, Math.max(0, Number(month) - 1 || 0));
  return { index, year };
}

/** '$850', '$120 mil', '$1,2 M': short enough to sit above a bar on a phone. */
export function compactCLP(value: number): string {
  if (value < 1_000) return formatCLP(value);
  if (value < 1_000_000) return `$${Math.round(value / 1_000)} mil`;
  const millions = value / 1_000_000;
  return `$${millions.toLocaleString('es-CL', { maximumFractionDigits: millions < 10 ? 1 : 0 })} M`;
}

function summary(rows: MonthlySpendingItem[]): string {
  const parts = rows.map((r) => {
    const { index, year } = parseMonth(r.month);
    return `${LONG_MONTHS[index]} ${year}: ${formatCLP(r.amount)} (${r.count} ${r.count === 1 ? 'rendición' : 'rendiciones'})`;
  });
  return `Gasto por mes en los últimos ${rows.length} meses. ${parts.join('; ')}.`;
}

/** Spending over the last six months as plain bars (no chart library in the bundle). */
export function MonthlyChart() {
  const q = useDashboardMonthly();
  const rows = q.data ?? [];
  const amounts = rows.map((r) => Number(r.amount) || 0);
  const max = Math.max(0, ...amounts);
  const total = amounts.reduce((a, b) => a + b, 0);

  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-x-4 gap-y-1 space-y-0 p-4 sm:p-6 sm:pb-4">
        <div className="space-y-1">
          <h2 className="whitespace-nowrap text-base font-semibold leading-none tracking-tight">Gasto mensual</h2>
          <p className="text-xs text-muted-foreground">{SPENT_HINT}</p>
        </div>
        {q.isSuccess ? (
          <p className="text-xs text-muted-foreground">
            Últimos 6 meses: <span className="font-semibold text-foreground tabular-nums">{formatCLP(total)}</span>
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col p-4 pt-0 sm:p-6 sm:pt-0">
        {q.isPending ? (
          <div className="flex h-48 items-end gap-3" aria-busy="true" aria-label="Cargando gasto mensual">
            {[40, 65, 30, 80, 55, 70].map((h, i) => (
              <Skeleton key={i} className="flex-1" style={{ height: `${h}%` }} />
            ))}
          </div>
        ) : q.isError ? (
          <SectionError title="No se pudo cargar el gasto mensual" error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <div role="img" aria-label={summary(rows)} className="relative flex min-h-48 flex-1 flex-col">
            <div className="flex flex-1 items-stretch gap-2 sm:gap-4" aria-hidden>
              {rows.map((r, i) => {
                const amount = amounts[i];
                const { index, year } = parseMonth(r.month);
                const isCurrent = i === rows.length - 1;
                const pct = max > 0 ? (amount / max) * 100 : 0;
                return (
                  <div key={r.month} className="flex min-w-0 flex-1 flex-col items-center" title={`${LONG_MONTHS[index]} ${year}: ${formatCLP(amount)}`}>
                    {/* Grow factors instead of % heights: they work whatever sets the chart's height. */}
                    <div className="basis-0" style={{ flexGrow: 100 - pct }} />
                    <span className="mb-1 whitespace-nowrap text-[11px] font-medium tabular-nums text-muted-foreground">{amount > 0 ? compactCLP(amount) : ''}</span>
                    <div
                      className={cn('min-h-1 w-full max-w-12 basis-0 rounded-t-md', isCurrent ? 'bg-primary' : 'bg-primary/40', amount === 0 && 'bg-muted')}
                      style={{ flexGrow: pct }}
                    />
                    <span className={cn('mt-2 text-xs text-muted-foreground', isCurrent && 'font-semibold text-foreground')}>{SHORT_MONTHS[index]}</span>
                  </div>
                );
              })}
            </div>
            {max === 0 ? (
              <p className="absolute inset-x-0 top-1/3 text-center text-sm text-muted-foreground" aria-hidden>
                Sin gastos en los últimos 6 meses
              </p>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
