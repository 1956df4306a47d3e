import { useQuery } from '@tanstack/react-query';
import type { CheckoutStatus, CheckoutView, PaymentStatusData, ScheduledChange, SubscriptionInvoiceView, SubscriptionPlanView } from '@shared/billing';
import type { CurrentUser } from '@shared/auth';
import { apiGet } from '@client/lib/api';
import { submitCreate, type SubmitKey } from '@client/lib/idempotency';
import { qk } from '@client/lib/queryKeys';

/** GET /api/mercadopago/plans: the purchasable plans (Gratuito, Básico, Profesional, Empresarial). */
export function usePlans() {
  return useQuery({ queryKey: qk.billingPlans, queryFn: () => apiGet<SubscriptionPlanView[]>('/api/mercadopago/plans') });
}

/** GET /api/subscription/invoices, only with a current company (part 1 §7). */
export function useInvoices(enabled: boolean) {
  return useQuery({
    queryKey: qk.subscriptionInvoices,
    queryFn: () => apiGet<SubscriptionInvoiceView[]>('/api/subscription/invoices'),
    enabled,
  });
}

/** GET /api/mercadopago/status: configuration and whether the sandbox ('Modo de prueba') is in use. */
export function usePaymentStatus(enabled = true) {
  return useQuery({
    queryKey: qk.paymentStatus,
    queryFn: async () => (await apiGet<{ data: PaymentStatusData }>('/api/mercadopago/status')).data,
    enabled,
  });
}

/** Under the invoices' prefix, so what refreshes the purchase history refreshes this too. */
const SCHEDULED_CHANGE_KEY = [...qk.subscriptionInvoices, 'scheduled-change'] as const;

/** GET /api/subscription/scheduled-change: a paid downgrade waiting for the running month to end. */
export function useScheduledChange(enabled: boolean) {
  return useQuery({ queryKey: SCHEDULED_CHANGE_KEY, queryFn: () => apiGet<ScheduledChange>('/api/subscription/scheduled-change'), enabled });
}

/**
 * GET /api/subscription/checkout-status: is the payment or checkout of the return URL one of the current company's,
 * and where does it stand (404: not found in this company). Fresh every time the page opens.
 */
export function useCheckoutStatus(ref: Record<string, string>) {
  return useQuery({
    queryKey: qk.checkoutStatus(ref),
    queryFn: () => apiGet<CheckoutStatus>(`/api/subscription/checkout-status?${new URLSearchParams(ref)}`, { noCache: true }),
    staleTime: 0,
    gcTime: 0,
  });
}

export const createSubscription = (keys: SubmitKey, planId: string) => submitCreate<CheckoutView>(keys, '/api/mercadopago/create-subscription', { planId });

/** What the current-user payload may carry about the subscription's dates (read when present). */
export type UserWithPeriod = CurrentUser & Partial<{ trialEndsAt: string | null; currentPeriodEnd: string | null }>;
