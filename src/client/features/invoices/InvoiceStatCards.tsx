import { CheckCircle2, Clock, FileText, Wallet, type LucideIcon } from 'lucide-react';
import { formatCLP } from '@shared/format';
import type { InvoiceStats } from '@shared/integrations';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/utils';

const CARDS: { key: keyof InvoiceStats; label: string; icon: LucideIcon; tone: string; money?: boolean }[] = [
  { key: 'totalInvoices', label: 'Documentos', icon: FileText, tone: 'bg-blue-100 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300' },
  { key: 'totalAmount', label: 'Monto total', icon: Wallet, tone: 'bg-violet-100 text-violet-700 dark:bg-violet-900/40 dark:text-violet-300', money: true },
  { key: 'pendingInvoices', label: 'Pendientes', icon: Clock, tone: 'bg-yellow-100 text-yellow-700 dark:bg-yellow-900/40 dark:text-yellow-300' },
  { key: 'approvedInvoices', label: 'Aprobadas', icon: CheckCircle2, tone: 'bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300' },
];

/** The four stat cards of part 2 §2.4 (totalInvoices, totalAmount, pendingInvoices, approvedInvoices). */
export function InvoiceStatCards({ stats }: { stats: InvoiceStats | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy={!stats} aria-label="Resumen de documentos">
      {CARDS.map(({ key, label, icon: Icon, tone, money }) => (
        <Card key={key}>
          <CardContent className="space-y-2 p-4 sm:p-5">
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium text-muted-foreground">{label}</p>
              <span className={cn('hidden h-8 w-8 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
                <Icon className="h-4 w-4" aria-hidden />
              </span>
            </div>
            {stats ? (
              <p className="break-words text-xl font-bold tabular-nums sm:text-2xl" data-stat={key}>
                {money ? formatCLP(stats[key]) : stats[key]}
              </p>
            ) : (
              <Skeleton className="h-7 w-20" />
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
