import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/utils';
import { formatDate } from '@shared/format';
import { REIMBURSEMENT_LABELS, type ReimbursementState } from '@shared/reimbursements';

/** The reimbursement state next to the approval status: nothing when it does not apply. */
export function ReimbursementBadge({ state, at, className }: { state: ReimbursementState; at: string | null; className?: string }) {
  if (state === 'none') return null;
  if (state === 'reimbursed') {
    return (
      <Badge variant="success" className={cn("whitespace-nowrap", className)} data-reimbursement={state}>
        {REIMBURSEMENT_LABELS.reimbursed}
        {at ? ` ${formatDate(at)}` : ''}
      </Badge>
    );
  }
  return (
    <Badge variant={state === "in_batch" ? "secondary" : "warning"} className={cn("whitespace-nowrap", className)} data-reimbursement={state}>
      {REIMBURSEMENT_LABELS[state]}
    </Badge>
  );
}
