import type { ExpenseView } from '@shared/expenses';
import { formatDate } from '@shared/format';
import { Card } from '@client/components/ui/card';
import { StatusBadge } from '@client/components/expenses/StatusBadge';
import { ReimbursementBadge } from '@client/components/expenses/ReimbursementBadge';
import { ReceiptFlagsIcon } from '@client/components/expenses/ReceiptChecks';
import { fullName } from './queries';
import { AmountCell, CategoryCell } from './ExpenseTable';
import { RowActions, type RowActionProps } from './RowActions';

/** Below md: one card per expense. */
export function ExpenseCardList({ items, showUser, ...actions }: RowActionProps & { items: ExpenseView[]; showUser: boolean }) {
  return (
    <ul className="space-y-3" aria-label="Rendiciones encontradas">
      {items.map((e) => (
        <li key={e.id}>
          <Card className="space-y-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-sm font-semibold">
                  N° {e.expenseNumber} <ReceiptFlagsIcon flags={e.receiptFlags} className="mr-1" />
                  <span className="font-normal text-muted-foreground">· {formatDate(e.date)}</span>
                </p>
                {showUser && <p className="truncate text-sm text-muted-foreground">{fullName(e.user)}</p>}
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <StatusBadge status={e.status} step={e.approvalStep} />
                <ReimbursementBadge state={e.reimbursement} at={e.reimbursedAt} />
              </div>
            </div>
            <p className="line-clamp-2 break-words text-sm">{e.description}</p>
            <div className="flex items-end justify-between gap-3 text-sm">
              <CategoryCell category={e.category} />
              <div className="text-right">
                <AmountCell expense={e} />
              </div>
            </div>
            <RowActions expense={e} {...actions} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
