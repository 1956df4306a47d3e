import type { PendingExpenseView } from '@shared/approvals';
import { apiGet } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';

/**
 * The pending list's read, on its own (no toasts, no mutations) so the page load can start it on /approvals before the
 * screen's code arrives (src/client/startup.ts).
 */
export const pendingApprovalsQuery = {
  queryKey: qk.pendingApprovals,
  queryFn: () => apiGet<PendingExpenseView[]>('/api/admin/expenses/pending', { noCache: true }),
};
