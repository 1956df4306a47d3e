import type { Plan } from '@shared/plans.js';
import type { Db } from '../db/client.js';
import type { Env } from '../env.js';
import { MercadoPagoProvider } from './mercadopago.js';
import { SandboxProvider } from './sandbox.js';

export type ProviderName = 'mercadopago' | 'sandbox';

export interface CheckoutRequest {
  /** Our payment_checkouts id: the payment's `external_reference`. */
  checkoutId: string;
  plan: Plan;
  /** CLP, IVA included. */
  amount: number;
  payerEmail: string;
  backUrls: { success: string; failure: string; pending: string };
  notificationUrl: string;
  /** The app's base URL for this request (APP_URL, or the host the browser used): where the sandbox's page is. */
  appUrl: string;
}

/** What `GET /v1/payments/{id}` tells us, reduced to what activation needs. */
export interface ProviderPayment {
  id: string;
  /** approved | pending | in_process | authorized | in_mediation | rejected | cancelled | refunded | charged_back */
  status: string;
  statusDetail: string | null;
  externalReference: string | null;
  transactionAmount: number;
  currencyId: string;
  paymentMethodId: string | null;
  dateApproved: string | null;
}

export interface ConnectionTest {
  status: 'success' | 'error' | 'warning';
  message: string;
  details: Record<string, unknown>;
}

/** The seam between billing and whoever takes the money: MercadoPago, or the embedded sandbox. */
export interface PaymentProvider {
  name: ProviderName;
  createCheckout(req: CheckoutRequest): Promise<{ preferenceId: string; initPoint: string }>;
  /** null when the provider does not know the payment. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  testConnection(): Promise<ConnectionTest>;
}

/**
 * MercadoPago when an access token is set; otherwise the sandbox, except in production, where a checkout whose
 * buyer approves their own payment would give paid plans away (null: payments are not configured).
 */
export function createPaymentProvider(deps: { env: Env; db: Db; appUrl: () => string }): PaymentProvider | null {
  const { env } = deps;
  if (env.MERCADOPAGO_ACCESS_TOKEN) return new MercadoPagoProvider(env.MERCADOPAGO_ACCESS_TOKEN, env.MERCADOPAGO_API_URL);
  if (env.NODE_ENV === 'production') return null;
  return new SandboxProvider(deps.db, deps.appUrl);
}
