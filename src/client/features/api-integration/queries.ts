import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AccountingWebhookInput, AccountingWebhookLogView, AccountingWebhookView, ApiTokenView, CreatedApiTokenView } from '@shared/integrations';
import { apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { submitCreate, useSubmitKey } from '@client/lib/idempotency';
import { qk } from '@client/lib/queryKeys';

const fallback = 'Inténtalo de nuevo en unos momentos.';

export function useApiTokens() {
  return useQuery({ queryKey: qk.apiTokens, queryFn: () => apiGet<ApiTokenView[]>('/api/tokens', { noCache: true }) });
}

export function useTokenMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: qk.apiTokens });
  const keys = useSubmitKey();
  const create = useMutation({
    mutationFn: (name: string) => submitCreate<CreatedApiTokenView>(keys, '/api/tokens', { name }),
    onSuccess: () => {
      toast.success('Token creado', { description: 'Cópialo ahora: no se volverá a mostrar.' });
      refresh();
    },
    onError: (err) => toast.error('Error al crear token', { description: errorMessage(err, fallback) }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>('DELETE', `/api/tokens/${id}`),
    onSuccess: (res, id) => {
      queryClient.setQueryData<ApiTokenView[]>(qk.apiTokens, (rows) => rows?.filter((r) => r.id !== id));
      toast.success('Token eliminado', { description: res.message });
      refresh();
    },
    onError: (err) => toast.error('Error al eliminar token', { description: errorMessage(err, fallback) }),
  });
  return { create, remove };
}

export function useAccountingWebhook() {
  return useQuery({ queryKey: qk.accountingWebhook, queryFn: () => apiGet<AccountingWebhookView>('/api/accounting/webhook', { noCache: true }) });
}

/** Refreshes every few seconds while `poll` is on (after 'Probar', or while a retry is scheduled). */
export function useWebhookLogs(poll: boolean) {
  return useQuery({
    queryKey: qk.accountingWebhookLogs,
    queryFn: () => apiGet<AccountingWebhookLogView[]>('/api/accounting/webhook/logs', { noCache: true }),
    // Deliveries happen in the background: each screen that shows them reads them afresh.
    staleTime: 0,
    refetchInterval: poll ? 2000 : false,
  });
}

export function useWebhookMutations() {
  const queryClient = useQueryClient();
  const setView = (view: AccountingWebhookView) => {
    const { secret: _s, message: _m, ...stored } = view;
    queryClient.setQueryData(qk.accountingWebhook, stored);
  };
  const save = useMutation({
    mutationFn: (input: AccountingWebhookInput) => apiRequest<AccountingWebhookView>('POST', '/api/accounting/webhook', input),
    onSuccess: (view) => {
      setView(view);
      toast.success('Webhook configurado', { description: view.message });
    },
    onError: (err) => toast.error('Error al configurar webhook', { description: errorMessage(err, fallback) }),
  });
  const rotate = useMutation({
    mutationFn: () => apiRequest<AccountingWebhookView>('POST', '/api/accounting/webhook/rotate-secret', {}),
    onSuccess: (view) => {
      setView(view);
      toast.success('Secreto regenerado', { description: view.message });
    },
    onError: (err) => toast.error('Error al configurar webhook', { description: errorMessage(err, fallback) }),
  });
  const test = useMutation({
    mutationFn: () => apiRequest<{ message: string; eventId: string }>('POST', '/api/accounting/webhook/test', {}),
    onSuccess: (res) => {
      toast.success('Evento de prueba enviado', { description: res.message });
      void queryClient.invalidateQueries({ queryKey: qk.accountingWebhookLogs });
    },
    onError: (err) => toast.error('Error en prueba', { description: errorMessage(err, fallback) }),
  });
  return { save, rotate, test };
}
