import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { submitCreate, useSubmitKey } from '@client/lib/idempotency';
import { qk } from '@client/lib/queryKeys';
import { pastTitle, type CatalogEntry, type CatalogPayload, type CatalogResource } from './resources';

/** DELETE answer: an entry some expense uses is deactivated instead of deleted. */
interface DeleteResult {
  deleted: boolean;
  deactivated: boolean;
  message: string;
}

export function useCatalogList(resource: CatalogResource) {
  return useQuery({ queryKey: resource.queryKey, queryFn: () => apiGet<CatalogEntry[]>(resource.endpoint) });
}

/** Create, update, toggle and delete one resource; each write toasts and refreshes by key. */
export function useCatalogMutations(resource: CatalogResource) {
  const queryClient = useQueryClient();
  const { endpoint, queryKey, noun } = resource;

  const setRows = (change: (rows: CatalogEntry[]) => CatalogEntry[]) =>
    queryClient.setQueryData<CatalogEntry[]>(queryKey, (rows) => (rows ? change(rows) : rows));

  // Names appear on expenses and on the dashboard, so those are refreshed too.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey: qk.dashboardCategories });
    void queryClient.invalidateQueries({ queryKey: qk.dashboardRecent });
    void queryClient.invalidateQueries({ queryKey: ['/api/expenses'] });
  };

  const failure = (action: 'crear' | 'actualizar' | 'eliminar') => (err: unknown) => {
    toast.error(`Error al ${action} ${noun}`, { description: errorMessage(err, 'Inténtalo de nuevo en unos momentos.') });
  };

  const keys = useSubmitKey();
  const create = useMutation({
    mutationFn: (payload: CatalogPayload) => submitCreate<CatalogEntry>(keys, endpoint, payload),
    onSuccess: (row) => {
      setRows((rows) => [...rows, row]);
      toast.success(pastTitle(resource, 'cread'));
      refresh();
    },
    onError: failure('crear'),
  });

  const update = useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: CatalogPayload }) => apiRequest<CatalogEntry>('PUT', `${endpoint}/${id}`, payload),
    onSuccess: (row) => {
      setRows((rows) => rows.map((r) => (r.id === row.id ? row : r)));
      toast.success(pastTitle(resource, 'actualizad'));
      refresh();
    },
    onError: failure('actualizar'),
  });

  // The switch moves at once; a failure puts it back.
  const toggle = useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => apiRequest<CatalogEntry>('PUT', `${endpoint}/${id}`, { isActive }),
    onMutate: async ({ id, isActive }) => {
      await queryClient.cancelQueries({ queryKey });
      setRows((rows) => rows.map((r) => (r.id === id ? { ...r, isActive } : r)));
    },
    onSuccess: (row) => {
      setRows((rows) => rows.map((r) => (r.id === row.id ? row : r)));
      toast.success(pastTitle(resource, row.isActive ? 'activad' : 'desactivad'));
      refresh();
    },
    onError: (err, { id, isActive }) => {
      setRows((rows) => rows.map((r) => (r.id === id ? { ...r, isActive: !isActive } : r)));
      failure('actualizar')(err);
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) => apiRequest<DeleteResult>('DELETE', `${endpoint}/${id}`),
    onSuccess: (result, id) => {
      if (result.deactivated) {
        setRows((rows) => rows.map((r) => (r.id === id ? { ...r, isActive: false } : r)));
        toast.info(pastTitle(resource, 'desactivad'), { description: result.message });
      } else {
        setRows((rows) => rows.filter((r) => r.id !== id));
        toast.success(pastTitle(resource, 'eliminad'));
      }
      refresh();
    },
    onError: failure('eliminar'),
  });

  return { create, update, toggle, remove };
}
