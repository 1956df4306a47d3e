import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ApprovalSettings, AuditEntry, DecisionInput, PendingExpenseView, UpdateApprovalSettingsInput } from '@shared/approvals';
import type { ExpenseView } from '@shared/expenses';
import { ApiError, apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';
import { unlessJustLoaded } from '@client/lib/prefetch';
import { pendingApprovalsQuery } from './pending';

/** Everything a decision, an edit or a new receipt can change: lists, details, history, dashboard. */
const AFFECTED: readonly (readonly unknown[])[] = [
  qk.pendingApprovals,
  ['/api/expenses'],
  qk.dashboardStats,
  qk.dashboardCategories,
  qk.dashboardRecent,
  qk.dashboardMonthly,
  qk.companyStats,
];

function invalidateAffected(queryClient: QueryClient) {
  for (const queryKey of AFFECTED) void queryClient.invalidateQueries({ queryKey });
}

/** Replaces (or, with null, removes) one expense in the cached pending list, so the card reacts at once. */
function patchPendingList(queryClient: QueryClient, id: string, next: ExpenseView | null) {
  queryClient.setQueryData<PendingExpenseView[]>(qk.pendingApprovals, (list) => {
    if (!Array.isArray(list)) return list;
    return next ? list.map((e) => (e.id === id ? { ...e, ...next, approvalStep: e.approvalStep } : e)) : list.filter((e) => e.id !== id);
  });
}

/**
 * The server's own Spanish `{ message }`, the connection hint for a network failure, or null
 * (a bare status text such as 'Internal Server Error' is not worth showing).
 */
export function serverExplanation(err: unknown): string | null {
  if (err instanceof ApiError) {
    const body = err.message.slice(err.message.indexOf(':') + 1).trim();
    return body.startsWith('{') && err.serverMessage ? err.serverMessage : null;
  }
  return err instanceof TypeError ? errorMessage(err, '') : null;
}

/** Error toast: the spec's sentence as the title, the server's explanation under it. */
export function failureToast(title: string, err: unknown) {
  const detail = serverExplanation(err);
  toast.error(title, detail && detail !== title ? { description: detail } : undefined);
}

/**
 * The pending list shares its key with the sidebar badge; it is re-read on every visit. Each row says whether the
 * reader may decide it (an admin's own expense waits for another admin unless self-approval is on).
 */
export function usePendingApprovals(enabled: boolean) {
  return useQuery({ ...pendingApprovalsQuery, enabled, staleTime: 0, refetchOnMount: unlessJustLoaded });
}

export const fullName = (u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/**
 * Approve or reject. A 409 means another admin decided first: the card leaves the list all the same.
 * Toasts are left to the caller, which knows which words fit.
 */
export function useDecideExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: DecisionInput }) => apiRequest<ExpenseView>('PATCH', `/api/admin/expenses/${id}/status`, decision),
    onSuccess: (_view, { id }) => {
      patchPendingList(queryClient, id, null);
      invalidateAffected(queryClient);
    },
    onError: (err, { id }) => {
      if (err instanceof ApiError && err.status === 409) {
        patchPendingList(queryClient, id, null);
        invalidateAffected(queryClient);
      }
    },
  });
}

/** Fields the admin edit sends (part 1 §7 Approvals). */
export type ExpenseEditBody = Record<
  'date' | 'amount' | 'currency' | 'exchangeRate' | 'description' | 'category' | 'paymentMethod' | 'costCenter' | 'documentType' | 'invoiceNumber' | 'taxId' | 'address',
  string
>;

export function useEditExpense(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpenseEditBody) => apiRequest<ExpenseView>('PATCH', `/api/admin/expenses/${id}`, body),
    onSuccess: (view) => {
      patchPendingList(queryClient, id, view);
      invalidateAffected(queryClient);
    },
  });
}

export function useReplaceReceipt(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('receipt', file);
      return apiRequest<ExpenseView>('PATCH', `/api/expenses/${id}/receipt`, body);
    },
    onSuccess: (view) => {
      patchPendingList(queryClient, id, view);
      invalidateAffected(queryClient);
    },
  });
}

/** Under the '/api/expenses' prefix, so every write above refreshes an open history. */
export function useExpenseHistory(expenseId: string) {
  return useQuery({
    queryKey: ['/api/expenses', 'history', expenseId],
    queryFn: () => apiGet<AuditEntry[]>(`/api/expenses/${expenseId}/history`, { noCache: true }),
    staleTime: 0,
  });
}

/** The company's separation-of-duties setting (Empresa page, admins). */
export function useApprovalSettings(enabled: boolean) {
  return useQuery({ queryKey: qk.approvalSettings, queryFn: () => apiGet<ApprovalSettings>('/api/company/approval-settings'), enabled });
}

/** Turns self-approval on or off; the pending list's buttons follow at once. */
export function useUpdateApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateApprovalSettingsInput) => apiRequest<ApprovalSettings>('PUT', '/api/company/approval-settings', input),
    onSuccess: (data) => {
      queryClient.setQueryData(qk.approvalSettings, data);
      void queryClient.invalidateQueries({ queryKey: qk.pendingApprovals });
    },
  });
}
