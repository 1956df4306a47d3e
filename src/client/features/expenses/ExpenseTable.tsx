import type { ExpenseView } from '@shared/expenses';
import { formatCLP, formatDate, formatMoney } from '@shared/format';
import { CategoryIcon, categoryLabel } from '@client/components/expenses/CategoryIcon';
import { StatusBadge } from '@client/components/expenses/StatusBadge';
import { ReimbursementBadge } from '@client/components/expenses/ReimbursementBadge';
import { ReceiptFlagsIcon } from '@client/components/expenses/ReceiptChecks';
import { fullName } from './queries';
import { RowActions, type RowActionProps } from './RowActions';

export function AmountCell({ expense }: { expense: ExpenseView }) {
  return (
    <div className="tabular-nums">
      <div className="font-semibold">{formatCLP(expense.amountCLP)}</div>
      {expense.currency !== 'CLP' && <div className="text-xs text-muted-foreground">{formatMoney(expense.amount, expense.currency)}</div>}
    </div>
  );
}

export function CategoryCell({ category }: { category: string | null }) {
  return (
    <span className="inline-flex max-w-full items-center gap-2">
      <CategoryIcon category={category} className="shrink-0 text-muted-foreground" />
      <span className="truncate">{categoryLabel(category)}</span>
    </span>
  );
}

// Tight cells below xl: between md and xl the table shares the row with the sidebar or a narrow window.
const TH = 'px-2 py-3 xl:px-3 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground';

/** md and up: one row per expense. */
export function ExpenseTable({ items, showUser, ...actions }: RowActionProps & { items: ExpenseView[]; showUser: boolean }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border bg-card shadow-sm">
      <table className="w-full min-w-[640px] border-collapse text-sm">
        <caption className="sr-only">Rendiciones encontradas</caption>
        <thead className="border-b bg-muted/50">
          <tr>
            <th scope="col" className={TH}>N°</th>
            <th scope="col" className={TH}>Fecha</th>
            {showUser && <th scope="col" className={`${TH} hidden xl:table-cell`}>Empleado</th>}
            <th scope="col" className={TH}>Descripción</th>
            <th scope="col" className={TH}>Categoría</th>
            <th scope="col" className={`${TH} text-right`}>Monto</th>
            <th scope="col" className={TH}>Estado</th>
            <th scope="col" className={`${TH} text-right`}>Acciones</th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.id} className="border-b last:border-0 hover:bg-muted/30">
              <td className="px-2 py-3 xl:px-3 font-medium tabular-nums">
                <span className="inline-flex items-center gap-1 whitespace-nowrap">
                  {e.expenseNumber}
                  <ReceiptFlagsIcon flags={e.receiptFlags} />
                </span>
              </td>
              <td className="whitespace-nowrap px-2 py-3 xl:px-3 tabular-nums">{formatDate(e.date)}</td>
              {showUser && (
                <td className="hidden px-2 py-3 xl:px-3 xl:table-cell">
                  <div className="max-w-[9rem] truncate" title={e.user.email}>
                    {fullName(e.user)}
                  </div>
                </td>
              )}
              {/* w-full + max-w-0: the description takes the width left over and truncates. */}
              <td className="w-full max-w-0 px-2 py-3 xl:px-3">
                <div className="truncate" title={e.description}>
                  {e.description}
                </div>
                {showUser && <div className="truncate text-xs text-muted-foreground xl:hidden">{fullName(e.user)}</div>}
              </td>
              <td className="whitespace-nowrap px-2 py-3 xl:px-3">
                <CategoryCell category={e.category} />
              </td>
              <td className="whitespace-nowrap px-2 py-3 xl:px-3 text-right">
                <AmountCell expense={e} />
              </td>
              <td className="px-2 py-3 xl:px-3">
                <div className="flex flex-col items-start gap-1">
                  <StatusBadge status={e.status} step={e.approvalStep} />
                  <ReimbursementBadge state={e.reimbursement} at={e.reimbursedAt} />
                </div>
              </td>
              <td className="px-2 py-2 xl:px-3">
                <RowActions expense={e} compact {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
