import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sandboxPayments } from '../db/schema/index.js';
import type { CheckoutRequest, ConnectionTest, PaymentProvider, ProviderPayment } from './provider.js';

export const SANDBOX_LABEL = 'Modo de prueba — no se cobra dinero real';

export function sandboxCheckoutPath(checkoutId: string): string {
  return `/api/mercadopago/sandbox/checkout/${encodeURIComponent(checkoutId)}`;
}

/**
 * The embedded default (no MERCADOPAGO_ACCESS_TOKEN): the checkout is our own page where the buyer approves or
 * rejects, and its payments are rows of `sandbox_payments`, read back here as MercadoPago's `GET /v1/payments/{id}`
 * would answer, so activation runs exactly the code a real notification runs.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private db: Db,
    private appUrl: () => string,
  ) {}

  async createCheckout(req: CheckoutRequest): Promise<{ preferenceId: string; initPoint: string }> {
    return { preferenceId: `sandbox-${req.checkoutId}`, initPoint: `${req.appUrl || this.appUrl()}${sandboxCheckoutPath(req.checkoutId)}` };
  }

  async getPayment(id: string): Promise<ProviderPayment | null> {
    if (!/^\d{1,15}$/.test(id)) return null;
    const [p] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, Number(id))).limit(1);
    if (!p) return null;
    const approved = p.status === 'approved';
    return {
      id: String(p.id),
      status: p.status,
      statusDetail: approved ? 'accredited' : 'cc_rejected_other_reason',
      externalReference: p.checkoutId,
      transactionAmount: p.amount,
      currencyId: 'CLP',
      paymentMethodId: 'sandbox',
      dateApproved: approved ? p.createdAt.toISOString() : null,
    };
  }

  async testConnection(): Promise<ConnectionTest> {
    return {
      status: 'warning',
      message: `${SANDBOX_LABEL}: no hay MERCADOPAGO_ACCESS_TOKEN configurado, los pagos se aprueban o rechazan en una página local.`,
      details: { mode: 'sandbox', accessTokenConfigured: false },
    };
  }
}
