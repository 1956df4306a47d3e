import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { PayoutBatch, PendingReimbursements, ReimbursementTotals } from '@shared/reimbursements';
import { apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';

/** What a batch change moves: the two lists, the expenses (their reimbursement state) and the dashboard totals. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [qk.reimbursementsPending, qk.payoutBatches, ['/api/expenses'], ['/api/reimbursements/totals']]) void queryClient.invalidateQueries({ queryKey });
  };
}

export const usePendingReimbursements = () => useQuery({ queryKey: qk.reimbursementsPending, queryFn: () => apiGet<PendingReimbursements>('/api/reimbursements/pending') });
export const usePayoutBatches = () => useQuery({ queryKey: qk.payoutBatches, queryFn: () => apiGet<PayoutBatch[]>('/api/reimbursements/batches') });
export const useReimbursementTotals = (range: { from: string; to: string }) =>
  useQuery({ queryKey: qk.reimbursementTotals(range), queryFn: () => apiGet<ReimbursementTotals>(`/api/reimbursements/totals?${new URLSearchParams(range)}`) });

export function useCreateBatch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (userIds: string[]) => apiRequest<PayoutBatch>('POST', '/api/reimbursements/batches', { userIds }, { idempotencyKey: crypto.randomUUID() }),
    onSuccess: (b) => {
      toast.success(`Nómina N° ${b.batchNumber} creada`, { description: 'Descarga el archivo para tu banco y márcala como pagada cuando hagas las transferencias.' });
      invalidate();
    },
    onError: (err) => toast.error('No se pudo crear la nómina', { description: errorMessage(err, 'Intenta nuevamente.') }),
  });
}

export function useMarkPaid() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiRequest<PayoutBatch>('POST', `/api/reimbursements/batches/${id}/paid`),
    onSuccess: (b) => {
      toast.success(`Nómina N° ${b.batchNumber} pagada`, { description: "Los empleados ven sus gastos como 'Reembolsado'." });
      invalidate();
    },
    onError: (err) => toast.error('No se pudo marcar como pagada', { description: errorMessage(err, 'Intenta nuevamente.') }),
  });
}

export function useDeleteBatch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>('DELETE', `/api/reimbursements/batches/${id}`),
    onSuccess: (r) => {
      toast.success(r.message);
      invalidate();
    },
    onError: (err) => toast.error('No se pudo eliminar la nómina', { description: errorMessage(err, 'Intenta nuevamente.') }),
  });
}
