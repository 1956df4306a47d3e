import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  ADMIN_PAGE_SIZE,
  type AdminChangeUserRoleInput,
  type AdminCompany,
  type AdminCompanyPage,
  type AdminInviteResult,
  type AdminUserPage,
  type AssignPlanResult,
  type InitializeCategoriesResult,
  type InitializePaymentMethodsResult,
  type SubscriptionStats,
} from '@shared/admin';
import type { CatalogItem } from '@shared/catalog';
import type { CompanyUser } from '@shared/company';
import { NIUDATA_MSG, type NiudataConfigureResponse, type NiudataStatus } from '@shared/niudata';
import { ApiError, apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { submitCreate, useSubmitKey } from '@client/lib/idempotency';
import { qk } from '@client/lib/queryKeys';

/** The super admin's screens (issue 14 items 1, 2 and 4): reads and writes of /api/admin, by key. */

/** The text once typing pauses, so the server is asked once per search rather than once per key. */
export function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

export function useSubscriptionStats() {
  return useQuery({ queryKey: qk.adminStats, queryFn: () => apiGet<SubscriptionStats>('/api/admin/subscription-stats', { noCache: true }) });
}

/** GET /api/admin/companies: searched and paged on the server; the previous page stays while the next loads. */
export function useAdminCompanies(search: string, page: number, pageSize = ADMIN_PAGE_SIZE, enabled = true) {
  const filters: Record<string, string> = { search, page: String(page), pageSize: String(pageSize) };
  return useQuery({
    queryKey: qk.adminCompanies(filters),
    queryFn: () => apiGet<AdminCompanyPage>(`/api/admin/companies?${new URLSearchParams(filters)}`, { noCache: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAdminUsers(pageSize: number) {
  const filters = { page: '1', pageSize: String(pageSize) };
  return useQuery({
    queryKey: qk.adminUsers(filters),
    queryFn: () => apiGet<AdminUserPage>(`/api/admin/users?${new URLSearchParams(filters)}`, { noCache: true }),
  });
}

export function useAdminCompanyUsers(companyId: string | null) {
  return useQuery({
    queryKey: qk.adminCompanyUsers(companyId ?? ''),
    queryFn: () => apiGet<CompanyUser[]>(`/api/admin/company/${companyId}/users`, { noCache: true }),
    enabled: !!companyId,
    // Another admin may have changed the team: opening the dialog reads it again.
    staleTime: 0,
  });
}

/** What a change to a company's team or plan shows elsewhere: the lists, the counts, the cards. */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return async (companyId?: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['/api/admin/companies'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] }),
      queryClient.invalidateQueries({ queryKey: qk.adminStats }),
      companyId ? queryClient.invalidateQueries({ queryKey: qk.adminCompanyUsers(companyId) }) : null,
    ]);
  };
}

/** Part 2 §8 fallbacks: the toast is titled with the action's failure and carries the server's message. */
function failure(title: string) {
  return (err: unknown) => toast.error(title, { description: errorMessage(err, 'Inténtalo de nuevo en unos momentos.') });
}

export function useInviteToCompany(companyId: string) {
  const refresh = useRefreshAdmin();
  const keys = useSubmitKey();
  return useMutation({
    mutationFn: (body: { email: string; role: 'employee' | 'admin' }) => submitCreate<AdminInviteResult>(keys, `/api/admin/company/${companyId}/invite-user`, body),
    onSuccess: async (res) => {
      toast.success('Invitación enviada', { description: res.message });
      await refresh(companyId);
    },
    onError: failure('Error al enviar invitación'),
  });
}

export function useChangeCompanyUserRole(companyId: string) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (body: AdminChangeUserRoleInput) => apiRequest<{ message: string }>('POST', `/api/admin/company/${companyId}/change-user-role`, body),
    onSuccess: async (res) => {
      toast.success(res.message);
      await refresh(companyId);
    },
    onError: async (err) => {
      failure('Error al actualizar rol')(err);
      // The select shows the role the server kept.
      await refresh(companyId);
    },
  });
}

export function useRemoveCompanyUser(companyId: string) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<{ message: string }>('DELETE', `/api/admin/company/${companyId}/users/${userId}`),
    onSuccess: async (res) => {
      toast.success('Usuario eliminado de la empresa', { description: res.message });
      await refresh(companyId);
    },
    onError: failure('Error al eliminar usuario'),
  });
}

export function useAssignPlan(company: AdminCompany) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (planId: string) => apiRequest<AssignPlanResult>('POST', `/api/admin/companies/${company.id}/assign-plan`, { planId }),
    onSuccess: async (res) => {
      toast.success('Plan asignado', { description: res.message });
      await refresh(company.id);
    },
    onError: failure('Error al asignar plan'),
  });
}

type CatalogPath = '/api/categories' | '/api/payment-methods';

/** A company's categories or payment methods; part 2 §7: a failed read of payment methods is an empty list. */
export function useCompanyCatalog(path: CatalogPath, companyId: string | null) {
  return useQuery({
    queryKey: qk.catalogOf(path, companyId ?? ''),
    queryFn: async () => {
      try {
        return await apiGet<CatalogItem[]>(`${path}?companyId=${encodeURIComponent(companyId ?? '')}`, { noCache: true });
      } catch (err) {
        if (path === '/api/payment-methods' && err instanceof ApiError) return [];
        throw err;
      }
    },
    enabled: !!companyId,
    staleTime: 0,
  });
}

/** 'Inicializar' with the special cases of part 2 §8. */
export function useInitializeCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => apiRequest<InitializeCategoriesResult>('POST', '/api/admin/initialize-categories', { companyId }),
    onSuccess: (_res, companyId) => {
      toast.success('Configuración completada', { description: 'Categorías y métodos de pago inicializados' });
      void queryClient.invalidateQueries({ queryKey: qk.catalogOf('/api/categories', companyId) });
      void queryClient.invalidateQueries({ queryKey: qk.catalogOf('/api/payment-methods', companyId) });
    },
    onError: (err, companyId) => {
      if (err instanceof ApiError && err.serverMessage.includes('already has categories')) {
        toast.info('Categorías ya configuradas', { description: 'Esta empresa ya tiene categorías.' });
        void queryClient.invalidateQueries({ queryKey: qk.catalogOf('/api/categories', companyId) });
      } else {
        toast.error('Error', { description: 'No se pudieron inicializar las categorías.' });
      }
    },
  });
}

/** Only the payment methods (a company that has categories but no payment methods); §8: 'already' → informational. */
export function useInitializePaymentMethods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => apiRequest<InitializePaymentMethodsResult>('POST', '/api/admin/initialize-payment-methods', { companyId }),
    onSuccess: (res, companyId) => {
      toast.success('Configuración completada', { description: res.message });
      void queryClient.invalidateQueries({ queryKey: qk.catalogOf('/api/payment-methods', companyId) });
    },
    onError: (err, companyId) => {
      if (err instanceof ApiError && err.serverMessage.includes('already')) {
        toast.info('Métodos de pago ya configurados', { description: 'Esta empresa ya tiene métodos de pago.' });
        void queryClient.invalidateQueries({ queryKey: qk.catalogOf('/api/payment-methods', companyId) });
      } else {
        toast.error('Error', { description: errorMessage(err, 'No se pudieron inicializar los métodos de pago.') });
      }
    },
  });
}

export function useNiudataStatusOf(companyId: string | null) {
  return useQuery({
    queryKey: qk.niudataStatusOf(companyId ?? ''),
    queryFn: () => apiGet<NiudataStatus>(`/api/niudata/status?companyId=${encodeURIComponent(companyId ?? '')}`, { noCache: true }),
    enabled: !!companyId,
  });
}

export function useConfigureNiudataToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; companyId: string }) => apiRequest<NiudataConfigureResponse>('POST', '/api/niudata/configure', body),
    onSuccess: (res, { companyId }) => {
      toast.success(NIUDATA_MSG.tokenConfiguredTitle, { description: res.message });
      queryClient.setQueryData(qk.niudataStatusOf(companyId), res.status);
    },
    onError: failure(NIUDATA_MSG.configureError),
  });
}
