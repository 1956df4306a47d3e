import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { OUTBOX_PAGE_SIZE, type EmailStatus, type OutboxMessageDetail, type OutboxPage, type TestEmailResult } from '@shared/email';
import { ApiError, apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';

export interface OutboxFilters {
  search: string;
  status: string;
}

export const EMPTY_OUTBOX_FILTERS: OutboxFilters = { search: '', status: 'all' };

export function useEmailStatus() {
  return useQuery({ queryKey: qk.emailStatus, queryFn: () => apiGet<EmailStatus>('/api/email/status', { noCache: true }) });
}

export function useOutbox(filters: OutboxFilters, page: number) {
  const q: Record<string, string> = { page: String(page), pageSize: String(OUTBOX_PAGE_SIZE) };
  if (filters.search.trim()) q.search = filters.search.trim();
  if (filters.status !== 'all') q.status = filters.status;
  return useQuery({
    queryKey: qk.emailOutbox(q),
    queryFn: () => apiGet<OutboxPage>(`/api/admin/email/outbox?${new URLSearchParams(q)}`, { noCache: true }),
    placeholderData: keepPreviousData,
  });
}

/** One message with its body; never cached past the dialog (the body holds live tokens). */
export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: qk.emailOutboxMessage(id ?? ''),
    queryFn: () => apiGet<OutboxMessageDetail>(`/api/admin/email/outbox/${id}`, { noCache: true }),
    enabled: !!id,
    gcTime: 0,
    staleTime: 0,
  });
}

/** Part 2 §8: 'Email enviado correctamente' with the recipient; a failure reply 'Error al enviar email' + its message; no answer 'Error de conexión'. */
export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiRequest<TestEmailResult>('POST', '/api/test/email', { email }),
    onSuccess: (result) => {
      if (result.success) toast.success('Email enviado correctamente', { description: result.message.includes(result.recipient) ? result.message : `${result.recipient}: ${result.message}` });
      else toast.error('Error al enviar email', { description: result.message });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/email/outbox'] });
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        toast.error('Error al enviar email', { description: errorMessage(err, '') });
        // A failed delivery is also a row in the outbox, with its error.
        void queryClient.invalidateQueries({ queryKey: ['/api/admin/email/outbox'] });
      } else {
        toast.error('Error de conexión', { description: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.' });
      }
    },
  });
}

const chileDateTime = new Intl.DateTimeFormat('es-CL', {
  timeZone: 'America/Santiago',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd/mm/yyyy HH:mm in Chile's time, whatever the browser's zone: the operator reads the platform's clock. */
export function formatChileDateTime(value: string | null): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return chileDateTime.format(d).replace(/-/g, '/').replace(',', '');
}
