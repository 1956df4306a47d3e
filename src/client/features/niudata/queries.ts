import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  NIUDATA_MSG,
  type NiudataConfigureInput,
  type NiudataConfigureResponse,
  type NiudataConnectionTest,
  type NiudataDiagnostics,
  type NiudataPendingExpense,
  type NiudataPreview,
  type NiudataSettingsInput,
  type NiudataStatus,
  type NiudataSyncAllResponse,
  type NiudataSyncHistoryPage,
  type NiudataSyncResponse,
  type SyncHistoryStatus,
} from '@shared/niudata';
import { apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';

/** How often the lists are read again while a voucher is on its way (a background job sends it). */
const POLL_MS = 1500;

export function useNiudataStatus() {
  return useQuery({ queryKey: qk.niudataStatus, queryFn: () => apiGet<NiudataStatus>('/api/niudata/status', { noCache: true }) });
}

/** Sync buttons need a usable connection: the service on this server and a stored token. */
export function isConnected(status: NiudataStatus | undefined): boolean {
  return !!status && status.configured && status.mode !== 'unavailable';
}

/** Approved, not yet synced expenses; read again every few seconds only while one of them is being sent. */
export function useNiudataPending() {
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: qk.niudataPending,
    queryFn: () => apiGet<NiudataPendingExpense[]>('/api/niudata/pending', { noCache: true }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((p) => p.syncing) ? POLL_MS : false),
  });
  // A sync that ended shows in the history and on the documents' badges too.
  const syncing = q.data?.filter((p) => p.syncing).length ?? 0;
  const before = useRef(syncing);
  useEffect(() => {
    if (syncing < before.current) {
      void queryClient.invalidateQueries({ queryKey: ['/api/niudata/sync-history'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/invoices'] });
    }
    before.current = syncing;
  }, [syncing, queryClient]);
  return q;
}

export type HistoryFilter = { page: number; pageSize: number; status: SyncHistoryStatus | 'all' };

/** Every sync attempt, newest first; polled while an attempt on screen is still pending (or `poll` says so). */
export function useNiudataHistory(filter: HistoryFilter, poll = false) {
  const params = { page: String(filter.page), pageSize: String(filter.pageSize), status: filter.status };
  return useQuery({
    queryKey: qk.niudataHistory(params),
    queryFn: () => apiGet<NiudataSyncHistoryPage>(`/api/niudata/sync-history?${new URLSearchParams(params).toString()}`, { noCache: true }),
    staleTime: 0,
    placeholderData: (prev) => prev,
    refetchInterval: (query) => (poll || query.state.data?.items.some((h) => h.status === 'pending') ? POLL_MS : false),
  });
}

export function useVoucherPreview(expenseId: string | null) {
  return useQuery({
    queryKey: qk.niudataPreview(expenseId ?? ''),
    queryFn: () => apiGet<NiudataPreview>(`/api/niudata/preview/${expenseId}`, { noCache: true }),
    enabled: !!expenseId,
    staleTime: 0,
    retry: false,
  });
}

/** After a sync is accepted or finished: the pending list, the history and the documents' sync badges. */
function useRefreshSync() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: qk.niudataPending });
    void queryClient.invalidateQueries({ queryKey: ['/api/niudata/sync-history'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/invoices'] });
  };
}

export function useConfigureToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NiudataConfigureInput) => apiRequest<NiudataConfigureResponse>('POST', '/api/niudata/configure', input),
    onSuccess: (res) => {
      queryClient.setQueryData(qk.niudataStatus, res.status);
      void queryClient.invalidateQueries({ queryKey: qk.niudataPending });
      toast.success(NIUDATA_MSG.tokenConfiguredTitle, { description: res.message });
    },
    onError: (err) => toast.error(NIUDATA_MSG.configureError, { description: errorMessage(err, 'Revisa el token e inténtalo de nuevo.') }),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NiudataSettingsInput) => apiRequest<NiudataStatus>('PUT', '/api/niudata/settings', input),
    onSuccess: (status) => {
      queryClient.setQueryData(qk.niudataStatus, status);
      // The accounts change the vouchers: previews are built again.
      void queryClient.invalidateQueries({ queryKey: ['/api/niudata/preview'] });
      toast.success('Configuración guardada', { description: NIUDATA_MSG.settingsSaved });
    },
    onError: (err) => toast.error('Error al guardar la configuración', { description: errorMessage(err, 'Inténtalo de nuevo en unos momentos.') }),
  });
}

/** One expense: the voucher is queued; the pending list then shows 'Sincronizando…' until the job ends. */
export function useSyncExpense() {
  const refresh = useRefreshSync();
  return useMutation({
    mutationFn: (expenseId: string) => apiRequest<NiudataSyncResponse>('POST', `/api/niudata/sync/${expenseId}`, {}),
    onSuccess: (res) => {
      toast.success('Sincronización iniciada', { description: res.message });
      refresh();
    },
    onError: (err) => {
      toast.error(NIUDATA_MSG.syncError, { description: errorMessage(err, 'No se pudo enviar la rendición a NiuData.') });
      refresh();
    },
  });
}

export function useSyncAll() {
  const refresh = useRefreshSync();
  return useMutation({
    mutationFn: () => apiRequest<NiudataSyncAllResponse>('POST', '/api/niudata/sync-all', {}),
    onSuccess: () => refresh(),
    onError: (err) => {
      toast.error(NIUDATA_MSG.syncAllError, { description: errorMessage(err, 'No se pudieron enviar las rendiciones a NiuData.') });
      refresh();
    },
  });
}

/** GET /test and POST /diagnostics run when asked (they call NiuData), so they are mutations of the screen's state. */
export function useConnectionTest() {
  return useMutation({
    mutationFn: () => apiGet<NiudataConnectionTest>('/api/niudata/test', { noCache: true }),
    onError: (err) => toast.error(NIUDATA_MSG.connectionError, { description: errorMessage(err, 'No se pudo probar la conexión con NiuData.') }),
  });
}

export function useDiagnostics() {
  return useMutation({
    mutationFn: () => apiRequest<NiudataDiagnostics>('POST', '/api/niudata/diagnostics', {}),
    onError: (err) => toast.error(NIUDATA_MSG.connectionError, { description: errorMessage(err, 'No se pudo completar el diagnóstico de NiuData.') }),
  });
}
