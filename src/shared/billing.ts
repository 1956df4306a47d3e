/**
 * Billing contract shared by server and client: plan purchase through MercadoPago (or the sandbox), subscription
 * invoices (part 1 §3), billing webhooks (part 2 §2.8, §3, §5) and the payment diagnostics (part 2 §2.12, §2.13).
 */
import { z } from 'zod';
import { safeText } from './input.js';

export const IVA_RATE = 0.19;
export const MAX_INSTALLMENTS = 12;
export const BILLING_WEBHOOK_EVENTS = ['subscription.paid'] as const;

/** Net and IVA of a price that includes IVA (what the customer pays). */
export function splitIva(total: number): { net: number; tax: number } {
  const net = Math.round(total / (1 + IVA_RATE));
  return { net, tax: total - net };
}

export const INVOICE_STATUS_LABELS: Record<string, string> = {
  paid: 'Pagado',
  pending: 'Pendiente',
  failed: 'Fallido',
  cancelled: 'Cancelado',
};

/** GET /api/subscription/invoices items (part 1 §3 Subscription invoice). */
export const subscriptionInvoiceViewSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  status: z.enum(['paid', 'pending', 'failed', 'cancelled']),
  subscriptionPlan: z.string(),
  billingPeriodStart: z.string().nullable(),
  billingPeriodEnd: z.string().nullable(),
  createdAt: z.string(),
  dueDate: z.string().nullable(),
  paidAt: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  description: z.string(),
  /** Subtotal (net), CLP. */
  amount: z.number(),
  /** Percentage, e.g. 19. */
  taxRate: z.number(),
  taxAmount: z.number(),
  totalAmount: z.number(),
});
export type SubscriptionInvoiceView = z.infer<typeof subscriptionInvoiceViewSchema>;

/** GET /api/mercadopago/plans items (part 2 §3 Subscription plan). */
export const subscriptionPlanViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** CLP, IVA included; 0 for free; null for contact sales. */
  price: z.number().nullable(),
  currency: z.literal('CLP'),
  features: z.array(z.string()),
  popular: z.boolean().optional(),
});
export type SubscriptionPlanView = z.infer<typeof subscriptionPlanViewSchema>;

export const createSubscriptionSchema = z.object({ planId: safeText({ error: 'Selecciona un plan.' }).trim().min(1, 'Selecciona un plan.').max(100, 'Selecciona un plan.') });

/**
 * What a purchase buys and charges (README 'Plans and payments'): `new` (nothing paid is running: starts now or when
 * the trial ends), `renewal` (the running plan: starts when its month ends), `upgrade` (a dearer plan: starts now,
 * the unused days of the running month are credited) or `scheduled` (a cheaper or same-price plan: paid now, starts
 * when the running month ends). Periods are [start, end): the end is exclusive, one calendar month later.
 */
export const planChangeQuoteSchema = z.object({
  kind: z.enum(['new', 'renewal', 'upgrade', 'scheduled']),
  planId: z.string(),
  planName: z.string(),
  /** The plan's monthly price, CLP with IVA. */
  price: z.number(),
  /** Unused value of the running month, CLP (upgrades only; 0 otherwise). */
  credit: z.number(),
  /** What the payment page charges: price − credit, never below 0. */
  amount: z.number(),
  periodStart: z.string(),
  periodEnd: z.string(),
  currentPlanName: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
});
export type PlanChangeQuote = z.infer<typeof planChangeQuoteSchema>;

/** GET /api/subscription/scheduled-change: a paid change waiting for the running month to end, or null. */
export const scheduledChangeSchema = z
  .object({ planId: z.string(), planName: z.string(), startsAt: z.string(), endsAt: z.string() })
  .nullable();
export type ScheduledChange = z.infer<typeof scheduledChangeSchema>;

/**
 * GET /api/subscription/checkout-status: what the return page from the checkout (/subscription-success) asks before
 * saying 'Pago Exitoso'. The query carries what MercadoPago (or the sandbox) put in the return URL; at least one.
 */
export const checkoutStatusQuerySchema = z
  .object({
    paymentId: z.string().trim().max(60).optional(),
    preferenceId: z.string().trim().max(100).optional(),
    externalReference: z.string().trim().max(80).optional(),
  })
  .refine((q) => !!(q.paymentId || q.preferenceId || q.externalReference), { message: 'Indica el pago o la preferencia.' });

/**
 * A payment (its invoice) or a checkout of the current company. `status`: paid (confirmed), pending (not confirmed
 * yet: MercadoPago's notification has not arrived, or the payment is clearing), failed, cancelled. `paymentId` is the
 * payment the server knows of, never an id echoed from the URL.
 */
export const checkoutStatusSchema = z.object({
  checkoutId: z.string(),
  planId: z.string(),
  planName: z.string(),
  status: z.enum(['paid', 'pending', 'failed', 'cancelled']),
  paymentId: z.string().nullable(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** POST /api/mercadopago/create-subscription answer. */
export const checkoutViewSchema = z.object({
  preferenceId: z.string(),
  initPoint: z.string(),
  /** true when no MercadoPago credentials are set: the sandbox's own checkout page ('Modo de prueba'). */
  sandbox: z.boolean(),
  /** What this checkout buys and charges; the payment page asks for exactly `quote.amount`. */
  quote: planChangeQuoteSchema,
});
export type CheckoutView = z.infer<typeof checkoutViewSchema>;

/** GET /api/mercadopago/status `data` (part 2 §3 Payment status data). */
export const paymentStatusDataSchema = z.object({
  accessTokenConfigured: z.boolean(),
  publicKeyConfigured: z.boolean(),
  serviceInitialized: z.boolean(),
  plansAvailable: z.number(),
  timestamp: z.string(),
  sandbox: z.boolean(),
});
export type PaymentStatusData = z.infer<typeof paymentStatusDataSchema>;

/**
 * Custom headers may not set the transport's own headers nor any `x-rendix-*` one (signature, timestamp, event), which a
 * receiver must be able to trust.
 */
export function isReservedWebhookHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('x-rendix-') || ['content-type', 'content-length', 'host', 'transfer-encoding', 'connection'].includes(lower);
}

const headersText = safeText()
  .trim()
  .max(10_000, { error: 'Máximo 10000 caracteres' })
  .optional()
  .transform((v) => (v ? v : '{}'))
  .refine(
    (v) => {
      try {
        const parsed: unknown = JSON.parse(v);
        return !!parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.values(parsed).every((h) => typeof h === 'string');
      } catch {
        return false;
      }
    },
    { message: 'Los headers deben estar en formato JSON válido', abort: true },
  )
  .refine((v) => Object.keys(JSON.parse(v) as object).every((name) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)), {
    message: 'Los nombres de los headers solo pueden tener letras, números y guiones.',
    abort: true,
  })
  .refine((v) => Object.values(JSON.parse(v) as Record<string, string>).every((value) => !/[\r\n\0]/.test(value)), {
    message: 'Los valores de los headers no pueden tener saltos de línea.',
    abort: true,
  })
  .refine((v) => Object.keys(JSON.parse(v) as object).every((name) => !isReservedWebhookHeader(name)), {
    message: 'Los headers no pueden reemplazar content-type, host ni los headers x-rendix-* de la firma.',
  });

const webhookFields = {
  name: safeText({ error: 'El nombre es obligatorio.' }).trim().min(1, 'El nombre es obligatorio.').max(120, 'Máximo 120 caracteres'),
  url: safeText({ error: 'La URL es obligatoria.' })
    .trim()
    .min(1, 'La URL es obligatoria.')
    .max(2000, 'Máximo 2000 caracteres')
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { message: 'Ingresa una URL válida (http o https).' }),
  secret: safeText()
    .trim()
    .max(200, 'Máximo 200 caracteres')
    .optional()
    .transform((v) => v || null),
  headers: headersText,
  retryCount: z.coerce.number().int().min(0, 'Entre 0 y 10 reintentos.').max(10, 'Entre 0 y 10 reintentos.').optional(),
  timeoutSeconds: z.coerce.number().int().min(1, 'Entre 1 y 60 segundos.').max(60, 'Entre 1 y 60 segundos.').optional(),
};

/** POST /api/webhooks {name, url, event, secret?, headers} (part 2 §7). */
export const billingWebhookCreateSchema = z.object({ ...webhookFields, event: z.enum(BILLING_WEBHOOK_EVENTS).default('subscription.paid') });
/** PUT /api/webhooks/{id} {name, url, isActive, secret?, headers}. */
export const billingWebhookUpdateSchema = z.object({ ...webhookFields, isActive: z.boolean().default(true) });

export const billingWebhookViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  event: z.string(),
  /** Never sent back in clear: whether one is set. */
  hasSecret: z.boolean(),
  headers: z.string(),
  isActive: z.boolean(),
  lastTriggered: z.string().nullable(),
  retryCount: z.number(),
  timeoutSeconds: z.number(),
  createdAt: z.string(),
});
export type BillingWebhookView = z.infer<typeof billingWebhookViewSchema>;

/** GET /api/webhooks/logs items (part 2 §3 Webhook log). */
export const billingWebhookLogViewSchema = z.object({
  id: z.string(),
  webhookName: z.string(),
  eventType: z.string(),
  eventId: z.string(),
  responseStatus: z.number().nullable(),
  errorMessage: z.string().nullable(),
  attempt: z.number(),
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type BillingWebhookLogView = z.infer<typeof billingWebhookLogViewSchema>;

/** 'Probar' waits this long at most for the first attempt, whatever the webhook's own timeout. */
export const WEBHOOK_TEST_MAX_SECONDS = 15;

/** POST /api/webhooks/{id}/test: the real outcome of the first attempt (retries, if any, follow in the background). */
export const webhookTestResultSchema = z.object({
  success: z.boolean(),
  eventId: z.string(),
  /** The receiver's HTTP status; null when there was no answer (connection refused, timeout, blocked address). */
  responseStatus: z.number().nullable(),
  message: z.string(),
  /** Whether a retry was scheduled after a failure. */
  retryScheduled: z.boolean(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

/** Header names of the signed body sent to billing webhooks. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-rendix-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-rendix-timestamp';
export const WEBHOOK_EVENT_HEADER = 'x-rendix-event';
