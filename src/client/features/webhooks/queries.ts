import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { BillingWebhookLogView, BillingWebhookView, WebhookTestResult } from '@shared/billing';
import { apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { submitCreate, useSubmitKey } from '@client/lib/idempotency';
import { qk } from '@client/lib/queryKeys';

/** Create and update bodies as sent: the shared schemas' output, with `secret` left out when empty (keep on edit). */
export interface WebhookPayload {
  name: string;
  url: string;
  secret?: string;
  headers: string;
  retryCount?: number;
  timeoutSeconds?: number;
}

export function useWebhooks() {
  return useQuery({ queryKey: qk.billingWebhooks, queryFn: () => apiGet<BillingWebhookView[]>('/api/webhooks') });
}

/** While the dialog is open the logs refresh every few seconds: retries land in the background. */
export function useWebhookLogs(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: qk.billingWebhookLogs,
    queryFn: async () => {
      const logs = await apiGet<BillingWebhookLogView[]>('/api/webhooks/logs', { noCache: true });
      // A new attempt also moved a webhook's 'Último envío': keep the list behind the dialog in step.
      void queryClient.invalidateQueries({ queryKey: qk.billingWebhooks });
      return logs;
    },
    enabled,
    refetchInterval: enabled ? 3000 : false,
  });
}

const fallback = 'Inténtalo de nuevo en unos momentos.';

export function useWebhookMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: qk.billingWebhooks });
  const setRow = (row: BillingWebhookView) =>
    queryClient.setQueryData<BillingWebhookView[]>(qk.billingWebhooks, (rows) => rows?.map((r) => (r.id === row.id ? row : r)));

  const keys = useSubmitKey();
  const create = useMutation({
    mutationFn: (payload: WebhookPayload) => submitCreate<BillingWebhookView>(keys, '/api/webhooks', { ...payload, event: 'subscription.paid' }),
    onSuccess: () => {
      toast.success('Webhook creado');
      refresh();
    },
    onError: (err) => toast.error('Error al crear webhook', { description: errorMessage(err, fallback) }),
  });

  const update = useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: WebhookPayload & { isActive: boolean } }) =>
      apiRequest<BillingWebhookView>('PUT', `/api/webhooks/${id}`, payload),
    onSuccess: (row) => {
      setRow(row);
      toast.success('Webhook actualizado');
      refresh();
    },
    onError: (err) => toast.error('Error al actualizar webhook', { description: errorMessage(err, fallback) }),
  });

  // The switch moves at once; a failure puts it back. PUT takes the whole webhook, the secret left out to keep it.
  const toggle = useMutation({
    mutationFn: (hook: BillingWebhookView) =>
      apiRequest<BillingWebhookView>('PUT', `/api/webhooks/${hook.id}`, {
        name: hook.name,
        url: hook.url,
        headers: hook.headers,
        retryCount: hook.retryCount,
        timeoutSeconds: hook.timeoutSeconds,
        isActive: hook.isActive,
      }),
    onMutate: (hook) => setRow(hook),
    onSuccess: (row) => {
      setRow(row);
      toast.success(row.isActive ? 'Webhook activado' : 'Webhook desactivado');
    },
    onError: (err, hook) => {
      setRow({ ...hook, isActive: !hook.isActive });
      toast.error('Error al actualizar webhook', { description: errorMessage(err, fallback) });
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/webhooks/${id}`),
    onSuccess: (_r, id) => {
      queryClient.setQueryData<BillingWebhookView[]>(qk.billingWebhooks, (rows) => rows?.filter((r) => r.id !== id));
      toast.success('Webhook eliminado');
      refresh();
    },
    onError: (err) => toast.error('Error al eliminar webhook', { description: errorMessage(err, fallback) }),
  });

  const test = useMutation({
    mutationFn: (id: string) => apiRequest<WebhookTestResult>('POST', `/api/webhooks/${id}/test`, {}),
    // The server answers once the attempt is over: success only when the receiver answered 2xx.
    onSuccess: (result) => {
      if (result.success) toast.success('Test Exitoso', { description: result.message });
      else toast.error('Error en prueba', { description: result.message });
      void queryClient.invalidateQueries({ queryKey: qk.billingWebhookLogs });
      refresh();
    },
    onError: (err) => toast.error('Error en prueba', { description: errorMessage(err, fallback) }),
  });

  return { create, update, toggle, remove, test };
}
