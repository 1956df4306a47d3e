import { AlertCircle, CheckCircle2, FilePlus2, FileUp, History, Pencil, RotateCcw, XCircle, type LucideIcon } from 'lucide-react';
import { AUDIT_LABELS, type AuditEntry } from '@shared/approvals';
import { formatDateTime } from '@shared/format';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/utils';
import { serverExplanation, useExpenseHistory } from './queries';

/** Spanish names of the columns an 'expense.updated' entry lists (the server records column names). */
const FIELD_LABELS: Record<string, string> = {
  date: 'fecha',
  amount: 'monto',
  currency: 'moneda',
  exchangeRate: 'tipo de cambio',
  amountClp: 'monto en CLP',
  description: 'descripción',
  categoryId: 'categoría',
  paymentMethodId: 'medio de pago',
  costCenterId: 'centro de costo',
  documentType: 'tipo de documento',
  invoiceNumber: 'número de factura',
  taxId: 'RUT',
  address: 'dirección',
};
/** Figures the server derives from the amount; listing them would only repeat 'monto'. */
const DERIVED = new Set(['netAmount', 'taxAmount']);

const ICONS: Record<string, { icon: LucideIcon; tone: string }> = {
  'expense.created': { icon: FilePlus2, tone: 'text-primary' },
  'expense.updated': { icon: Pencil, tone: 'text-amber-600 dark:text-amber-400' },
  'expense.receipt_replaced': { icon: FileUp, tone: 'text-sky-600 dark:text-sky-400' },
  'expense.approved': { icon: CheckCircle2, tone: 'text-green-600 dark:text-green-400' },
  'expense.rejected': { icon: XCircle, tone: 'text-red-600 dark:text-red-400' },
  'expense.step_approved': { icon: CheckCircle2, tone: 'text-green-600 dark:text-green-400' },
  'expense.step_reassigned': { icon: History, tone: 'text-sky-600 dark:text-sky-400' },
  'expense.rerouted': { icon: RotateCcw, tone: 'text-amber-600 dark:text-amber-400' },
};

/** A multi-step approval's entries say which step: 'Paso 1 de 2', and for a reassignment from whom to whom. */
function stepNote(entry: AuditEntry): string | null {
  const c = entry.changes;
  // The approval started again after an edit: which approvers before and now, and whether a given approval was undone.
  if (entry.action === 'expense.rerouted' && c && typeof c.from === 'string' && typeof c.to === 'string') {
    const undone = typeof c.approvedBefore === 'number' && c.approvedBefore > 0 ? ` (se vuelve a pedir ${c.approvedBefore === 1 ? 'la aprobación ya dada' : 'las aprobaciones ya dadas'})` : '';
    return `Aprobación: de ${c.from} a ${c.to}${undone}`;
  }
  if (!c || typeof c.step !== 'number' || typeof c.of !== 'number') return null;
  const base = `Paso ${c.step} de ${c.of}`;
  return entry.action === 'expense.step_reassigned' && typeof c.from === 'string' && typeof c.to === 'string' ? `${base}: de ${c.from} a ${c.to}` : base;
}

/** Names of what an edit really changed; a number stored as 950 and read back as 950.000000 did not change. */
export function changedFields(changes: AuditEntry['changes']): string[] {
  if (!changes) return [];
  const names: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (DERIVED.has(key)) continue;
    if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
      const { from, to } = value as { from: unknown; to: unknown };
      const a = Number(from);
      const b = Number(to);
      if (from !== null && to !== null && String(from).trim() !== '' && Number.isFinite(a) && Number.isFinite(b) && a === b) continue;
    }
    const label = FIELD_LABELS[key] ?? key;
    if (!names.includes(label)) names.push(label);
  }
  // In form order, whatever order the server stored them in.
  const order = Object.values(FIELD_LABELS);
  const rank = (label: string) => (order.includes(label) ? order.indexOf(label) : order.length);
  return names.sort((a, b) => rank(a) - rank(b));
}

const actorName = (actor: AuditEntry['actor']) => (actor ? `${actor.firstName} ${actor.lastName}`.trim() || actor.email : 'Sistema');

function Entry({ entry }: { entry: AuditEntry }) {
  const { icon: Icon, tone } = ICONS[entry.action] ?? { icon: History, tone: 'text-muted-foreground' };
  const reason = entry.action === 'expense.rejected' && typeof entry.changes?.rejectionReason === 'string' ? entry.changes.rejectionReason : null;
  const fields = entry.action === 'expense.updated' ? changedFields(entry.changes) : [];
  return (
    <li className="relative pl-7">
      <span className="absolute left-0 top-0.5 flex h-5 w-5 items-center justify-center rounded-full bg-card ring-4 ring-card">
        <Icon className={cn('h-4 w-4', tone)} aria-hidden />
      </span>
      <p className="text-sm font-medium">{AUDIT_LABELS[entry.action] ?? entry.action}</p>
      <p className="text-xs text-muted-foreground">
        {actorName(entry.actor)} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </p>
      {stepNote(entry) ? <p className="mt-0.5 text-xs">{stepNote(entry)}</p> : null}
      {fields.length ? <p className="mt-0.5 text-xs">Cambios: {fields.join(', ')}</p> : null}
      {entry.action === 'expense.rejected' ? <p className="mt-0.5 break-words text-xs">Motivo: {reason || 'Sin motivo indicado'}</p> : null}
    </li>
  );
}

/** 'Historial' of one expense, oldest first (GET /api/expenses/{id}/history). */
export function ExpenseHistory({ expenseId }: { expenseId: string }) {
  const history = useExpenseHistory(expenseId);
  let body;
  if (history.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <AlertCircle className="h-4 w-4 text-destructive" aria-hidden />
        {serverExplanation(history.error) ?? 'No se pudo cargar el historial.'}
        <Button type="button" variant="ghost" size="sm" onClick={() => void history.refetch()} disabled={history.isFetching}>
          <RotateCcw aria-hidden />
          Reintentar
        </Button>
      </div>
    );
  } else if (!history.data) {
    body = (
      <div className="space-y-3" role="status" aria-label="Cargando historial">
        {[0, 1].map((i) => (
          <div key={i} className="space-y-1.5 pl-7">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
        ))}
      </div>
    );
  } else if (history.data.length === 0) {
    body = <p className="text-sm text-muted-foreground">Sin movimientos registrados.</p>;
  } else {
    body = (
      <ol className="relative space-y-4 before:absolute before:bottom-2 before:left-2.5 before:top-2 before:w-px before:bg-border">
        {history.data.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
    );
  }
  return (
    <section className="space-y-3 border-t pt-4" aria-labelledby={`history-${expenseId}`}>
      <h3 id={`history-${expenseId}`} className="text-sm font-semibold">
        Historial
      </h3>
      {body}
    </section>
  );
}
