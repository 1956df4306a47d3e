import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CompanyStats, CompanyUser, CompanyView } from '@shared/company';
import { apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';

export function useCompany() {
  return useQuery({ queryKey: qk.currentCompany, queryFn: () => apiGet<CompanyView | null>('/api/company/current') });
}

/** Read only when there is a current company (part 2 §7). */
export function useCompanyStats(enabled: boolean) {
  return useQuery({ queryKey: qk.companyStats, queryFn: () => apiGet<CompanyStats>('/api/company/stats'), enabled });
}

/** Admins only. */
export function useCompanyUsers(enabled: boolean) {
  return useQuery({ queryKey: qk.companyUsers, queryFn: () => apiGet<CompanyUser[]>('/api/company/users'), enabled });
}

/** The keys a change to the team touches: the list, the counts on the cards and the header. */
export const TEAM_KEYS: QueryKey[] = [qk.companyUsers, qk.companyStats, qk.currentCompany];

interface ActionOptions<V> {
  request: (vars: V) => Promise<{ message?: string } | unknown>;
  /** Success toast title. */
  success: string;
  /** part 2 §8 fallback when the server sends no message. */
  fallback: string;
  invalidate: QueryKey[] | 'all';
  onSuccess?: () => void;
  onError?: (err: unknown) => void;
}

/** One company-page write: toast on success or failure ('Error' + server message), then refresh by key. */
export function useCompanyAction<V>({ request, success, fallback, invalidate, onSuccess, onError }: ActionOptions<V>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (data) => {
      const message = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : undefined;
      toast.success(success, message && message !== success ? { description: message } : undefined);
      onSuccess?.();
      if (invalidate === 'all') await queryClient.invalidateQueries();
      else await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (err) => {
      onError?.(err);
      toast.error('Error', { description: errorMessage(err, fallback) });
    },
  });
}

export const post = <T = { message: string }>(url: string, body?: unknown) => apiRequest<T>('POST', url, body ?? {});
