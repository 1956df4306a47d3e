import { MercadoPagoConfig, MercadoPagoError, MPNotFoundError, Payment, Preference, User } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { MAX_INSTALLMENTS } from '@shared/billing.js';
import type { CheckoutRequest, ConnectionTest, PaymentProvider, ProviderPayment } from './provider.js';

/** Part 2 §9: the provider answers within 5 s or the call fails. */
const TIMEOUT_MS = 5000;

/**
 * The SDK has no base-URL option: its REST client reads the static `AppConfig.BASE_URL`. This is the one seam
 * (DECISIONS.md) through which tests reach their local double of the REST API, or an operator an egress proxy.
 */
function setApiBaseUrl(url: string | undefined): void {
  if (url) (AppConfig as unknown as { BASE_URL: string }).BASE_URL = url.replace(/\/$/, '');
}

/**
 * MercadoPago through the official SDK (v3).
 *
 * Checkout Pro **preference**, not a preapproval: a plan is bought one month at a time (the company chooses to
 * renew), and a one-time payment may be split in up to 12 installments (cuotas), which Chilean card holders
 * expect; a preapproval (recurring debit) charges the full amount every month and does not allow installments.
 */
export class MercadoPagoProvider implements PaymentProvider {
  readonly name = 'mercadopago' as const;
  private config: MercadoPagoConfig;

  constructor(
    private accessToken: string,
    apiUrl?: string,
  ) {
    setApiBaseUrl(apiUrl);
    this.config = new MercadoPagoConfig({ accessToken, options: { timeout: TIMEOUT_MS } });
  }

  async createCheckout(req: CheckoutRequest): Promise<{ preferenceId: string; initPoint: string }> {
    const pref = await new Preference(this.config).create({
      body: {
        items: [
          {
            id: req.plan.id,
            title: `Rendix — Plan ${req.plan.name} (1 mes)`,
            description: req.plan.description,
            category_id: 'services',
            quantity: 1,
            // CLP has no decimals; the price already includes IVA.
            unit_price: req.amount,
            currency_id: 'CLP',
          },
        ],
        payer: { email: req.payerEmail },
        external_reference: req.checkoutId,
        back_urls: req.backUrls,
        auto_return: 'approved',
        notification_url: req.notificationUrl,
        payment_methods: { installments: MAX_INSTALLMENTS },
        statement_descriptor: 'RENDIX',
        metadata: { checkout_id: req.checkoutId, plan_id: req.plan.id },
      },
    });
    const initPoint = pref.init_point ?? pref.sandbox_init_point;
    if (!pref.id || !initPoint) throw new Error('MercadoPago no devolvió el enlace de pago');
    return { preferenceId: pref.id, initPoint };
  }

  async getPayment(id: string): Promise<ProviderPayment | null> {
    try {
      const p = await new Payment(this.config).get({ id });
      return {
        id: String(p.id ?? id),
        status: p.status ?? 'unknown',
        statusDetail: p.status_detail ?? null,
        externalReference: p.external_reference ?? null,
        transactionAmount: Number(p.transaction_amount),
        currencyId: p.currency_id ?? '',
        paymentMethodId: p.payment_method_id ?? null,
        dateApproved: p.date_approved ?? null,
      };
    } catch (err) {
      if (err instanceof MPNotFoundError) return null;
      throw err;
    }
  }

  /** `GET /users/me`: the cheapest authenticated call, and it tells which country the account sells in. */
  async testConnection(): Promise<ConnectionTest> {
    const testCredentials = this.accessToken.startsWith('TEST-');
    try {
      const me = await new User(this.config).get();
      const details = { userId: me.id ?? null, nickname: me.nickname ?? null, siteId: me.site_id ?? null, testCredentials };
      if (me.site_id && me.site_id !== 'MLC') {
        return { status: 'warning', message: `La cuenta de MercadoPago es de ${me.site_id}, no de Chile (MLC): no podrá cobrar en CLP.`, details };
      }
      return {
        status: 'success',
        message: testCredentials ? 'Conexión exitosa con MercadoPago (credenciales de prueba).' : 'Conexión exitosa con MercadoPago.',
        details,
      };
    } catch (err) {
      const status = err instanceof MercadoPagoError ? err.status : null;
      return {
        status: 'error',
        message:
          status === 401 || status === 403
            ? 'MercadoPago rechazó el access token: revisa MERCADOPAGO_ACCESS_TOKEN.'
            : 'No se pudo conectar con MercadoPago. Inténtalo de nuevo en unos minutos.',
        details: { httpStatus: status, error: err instanceof Error ? err.message : String(err), testCredentials },
      };
    }
  }
}
