import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseView } from '@shared/expenses';
import { submitCreate, useSubmitKey } from '@client/lib/idempotency';
import { qk } from '@client/lib/queryKeys';

/**
 * Everything a new expense changes (part 1 §7): dashboard figures, expense lists, the approval
 * count, company, user and subscription stats, and the admin lists. Keys are URL prefixes.
 */
const AFFECTED: readonly (readonly unknown[])[] = [
  qk.dashboardStats,
  qk.dashboardCategories,
  qk.dashboardRecent,
  qk.dashboardMonthly,
  ['/api/expenses'],
  qk.pendingApprovals,
  ['/api/admin'],
  qk.companyStats,
  ['/api/user/stats'],
  ['/api/subscription'],
  ['/api/super-admin'],
];

/** The 201 answer: the saved expense (with the receipt's flags and timbre) plus the server's message. */
export type CreatedExpense = ExpenseView & { message?: string };

export function useCreateExpense() {
  const queryClient = useQueryClient();
  // Pressing 'Enviar' again after a lost answer must not file the expense twice.
  const keys = useSubmitKey();
  return useMutation({
    mutationFn: (body: FormData) => submitCreate<CreatedExpense>(keys, '/api/expenses', body),
    // Not awaited: the user moves on to /expenses while the lists refresh.
    onSuccess: () => {
      for (const queryKey of AFFECTED) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
