import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalRule, ApprovalRulesInput, ApprovalStep, ExpensePolicies, ExpensePoliciesInput, ManagerAssignment, ManagerAssignmentInput, PolicyCheckInput, PolicyCheckResult } from '@shared/approval-flow';
import type { CompanyUser } from '@shared/company';
import { apiGet, apiRequest } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';

export interface CatalogRow {
  id: string;
  name?: string;
  code?: string;
  description?: string | null;
  isActive: boolean;
}

/** Categories and cost centers under the settings screen's own keys, so its edits refresh these lists too. */
export const useCategories = (enabled = true) => useQuery({ queryKey: ['/api/categories'], queryFn: () => apiGet<CatalogRow[]>('/api/categories'), enabled });
export const useCostCenters = (enabled = true) => useQuery({ queryKey: ['/api/cost-centers'], queryFn: () => apiGet<CatalogRow[]>('/api/cost-centers'), enabled });
export const useCompanyPeople = (enabled = true) => useQuery({ queryKey: qk.companyUsers, queryFn: () => apiGet<CompanyUser[]>('/api/company/users'), enabled });

export const personName = (u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName}`.trim() || u.email;
/** People who may approve a step: active admins and managers who accepted their invitation. */
export const approversAmong = (people: readonly CompanyUser[]) => people.filter((p) => p.isActive && !p.invitationPending && (p.role === 'admin' || p.role === 'manager'));

export function useApprovalRules(enabled: boolean) {
  return useQuery({ queryKey: qk.approvalRules, queryFn: () => apiGet<ApprovalRule[]>('/api/company/approval-rules'), enabled });
}
export function useSaveRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalRulesInput) => apiRequest<ApprovalRule[]>('PUT', '/api/company/approval-rules', input),
    onSuccess: (rules) => queryClient.setQueryData(qk.approvalRules, rules),
  });
}

export function useAssignments(enabled: boolean) {
  return useQuery({ queryKey: qk.managerAssignments, queryFn: () => apiGet<ManagerAssignment[]>('/api/company/manager-assignments'), enabled });
}
export function useSaveAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ managerId, input }: { managerId: string; input: ManagerAssignmentInput }) => apiRequest<ManagerAssignment>('PUT', `/api/company/manager-assignments/${managerId}`, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: qk.managerAssignments }),
  });
}

export function usePolicies(enabled = true) {
  return useQuery({ queryKey: qk.expensePolicies, queryFn: () => apiGet<ExpensePolicies>('/api/company/expense-policies'), enabled });
}
export function useSavePolicies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExpensePoliciesInput) => apiRequest<ExpensePolicies>('PUT', '/api/company/expense-policies', input),
    onSuccess: (p) => {
      queryClient.setQueryData(qk.expensePolicies, p);
      void queryClient.invalidateQueries({ queryKey: ['/api/expenses/policy-check'] });
    },
  });
}

/** The form's check before sending; null input (nothing to check yet) asks nothing. */
export function usePolicyCheck(input: PolicyCheckInput | null) {
  return useQuery({
    queryKey: ['/api/expenses/policy-check', input],
    queryFn: () => apiRequest<PolicyCheckResult>('POST', '/api/expenses/policy-check', input),
    enabled: input !== null,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** Hands the open step to another approver; the pending list and the expense's steps follow. */
export function useReassignStep(expenseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<ApprovalStep[]>('POST', `/api/admin/expenses/${expenseId}/reassign`, { userId }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: qk.pendingApprovals });
      void queryClient.invalidateQueries({ queryKey: ['/api/expenses'] });
    },
  });
}

export function useApprovalSteps(expenseId: string, enabled = true) {
  return useQuery({ queryKey: ['/api/expenses', 'approval-steps', expenseId], queryFn: () => apiGet<ApprovalStep[]>(`/api/expenses/${expenseId}/approval-steps`, { noCache: true }), enabled, staleTime: 0 });
}
