import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_INSTALLMENTS,
  checkoutStatusQuerySchema,
  checkoutStatusSchema,
  checkoutViewSchema,
  createSubscriptionSchema,
  paymentStatusDataSchema,
  scheduledChangeSchema,
  subscriptionInvoiceViewSchema,
  subscriptionPlanViewSchema,
  type CheckoutView,
  type PaymentStatusData,
} from '@shared/billing.js';
import { errorResponses } from '../openapi.js';
import { PLANS, findPlan } from '@shared/plans.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { AppError, errors } from '../errors.js';
import { enforceRateLimit } from '../platform/rate-limit.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { createPaymentProvider, type PaymentProvider } from './provider.js';
import { requestAppUrl } from '../public-url.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { checkoutStatus, checkoutUrls, listInvoices, planViews, processPayment, scheduledChange, startCheckout } from './service.js';
import { verifyMercadoPagoSignature } from './signature.js';

/** A checkout is cheap for us and for MercadoPago, but not free: plenty for a person, a ceiling for a script. */
const CHECKOUT_RULE = { name: 'checkout-create', max: 20, windowMs: 3600_000 };

const paymentIdParams = z.object({ id: z.string().regex(/^\d{1,20}$/, 'El id del pago debe ser numérico.') });

function str(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

const connectionTestSchema = z.object({ status: z.enum(['success', 'error', 'warning']), message: z.string(), details: z.record(z.string(), z.unknown()) });
const testPreferenceSchema = z.object({
  status: z.enum(['success', 'error', 'warning']),
  preferenceId: z.string().nullable(),
  initPoint: z.string().nullable(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
  testData: z.record(z.string(), z.unknown()),
});
const notificationAnswerSchema = z.object({ received: z.boolean(), processed: z.boolean(), outcome: z.string().optional() });
const providerPaymentSchema = z.object({
  id: z.string(),
  status: z.string(),
  statusDetail: z.string().nullable(),
  externalReference: z.string().nullable(),
  transactionAmount: z.number(),
  currencyId: z.string(),
  paymentMethodId: z.string().nullable(),
  dateApproved: z.string().nullable(),
});

export const billingRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = deps;
  const provider = createPaymentProvider({ env, db, appUrl: () => deps.appUrl });

  function requireProvider(): PaymentProvider {
    if (!provider) throw new AppError('payments_unconfigured', 503, 'Los pagos no están configurados en este servidor (falta MERCADOPAGO_ACCESS_TOKEN).');
    return provider;
  }
  function requireSuperAdmin(request: FastifyRequest) {
    const ctx = requireSession(request);
    authorize(can.superAdmin(actorOf(ctx)), 'Solo un super administrador puede usar el diagnóstico de pagos.');
    return ctx;
  }

  if (provider?.name === 'sandbox') await app.register(sandboxRoutes(provider), deps);

  /** Part 2 §7: the plans the billing screens list. Public: the same prices as the landing page. */
  r.get('/mercadopago/plans', { config: { auth: 'public' }, schema: { tags: ['billing'], response: { 200: z.array(subscriptionPlanViewSchema) } } }, async () => planViews());

  r.get('/mercadopago/status', { schema: { tags: ['billing'], response: { 200: z.object({ data: paymentStatusDataSchema }), ...errorResponses(401, 403) } } }, async (request): Promise<{ data: PaymentStatusData }> => {
    requireSession(request);
    return {
      data: {
        accessTokenConfigured: !!env.MERCADOPAGO_ACCESS_TOKEN,
        publicKeyConfigured: !!env.MERCADOPAGO_PUBLIC_KEY,
        serviceInitialized: !!provider,
        plansAvailable: PLANS.filter((p) => p.purchasable && p.price).length,
        timestamp: new Date().toISOString(),
        sandbox: provider?.name === 'sandbox',
      },
    };
  });

  /** Connection test (super admin): the sandbox says it is in test mode; MercadoPago answers GET /users/me. */
  r.get('/mercadopago/test', { schema: { tags: ['billing'], response: { 200: connectionTestSchema, ...errorResponses(401, 403) } } }, async (request) => {
    requireSuperAdmin(request);
    if (!provider) return { status: 'error' as const, message: 'Los pagos no están configurados: falta MERCADOPAGO_ACCESS_TOKEN.', details: { accessTokenConfigured: false } };
    return provider.testConnection();
  });

  /** A real preference for a plan (super admin), tied to no checkout: paying it activates nothing. */
  r.post('/mercadopago/test-preference', { config: { idempotent: true }, schema: { tags: ['billing'], body: createSubscriptionSchema, response: { 200: testPreferenceSchema, ...errorResponses(400, 401, 403, 503) } } }, async (request) => {
    const ctx = requireSuperAdmin(request);
    const p = requireProvider();
    const plan = findPlan(request.body.planId.toLowerCase());
    if (!plan || !plan.price) throw errors.badRequest('Selecciona un plan de pago.', 'planId');
    const externalReference = `test-${randomUUID()}`;
    const testData = { planId: plan.id, planName: plan.name, amount: plan.price, currency: 'CLP', installments: MAX_INSTALLMENTS, externalReference, sandbox: p.name === 'sandbox' };
    try {
      const created = await p.createCheckout({ checkoutId: externalReference, plan, amount: plan.price, payerEmail: ctx.user.email, ...checkoutUrls(requestAppUrl(deps, request)) });
      return {
        status: p.name === 'sandbox' ? ('warning' as const) : ('success' as const),
        ...created,
        message:
          p.name === 'sandbox'
            ? 'Modo de prueba: se creó una preferencia simulada. Configura MERCADOPAGO_ACCESS_TOKEN para crearla en MercadoPago.'
            : 'Preferencia de prueba creada en MercadoPago. Pagarla no activa ningún plan.',
        details: { provider: p.name },
        testData,
      };
    } catch (err) {
      request.log.warn({ err }, 'test preference failed');
      return {
        status: 'error' as const,
        preferenceId: null,
        initPoint: null,
        message: 'MercadoPago no aceptó la preferencia de prueba.',
        details: { error: err instanceof Error ? err.message : String(err) },
        testData,
      };
    }
  });

  /** Part 1 §4: an admin of the current company buys a plan; answers where to pay. */
  r.post('/mercadopago/create-subscription', { config: { idempotent: true }, schema: { tags: ['billing'], body: createSubscriptionSchema, response: { 200: checkoutViewSchema, ...errorResponses(400, 401, 403, 409, 429, 502, 503) } } }, async (request): Promise<CheckoutView> => {
    const ctx = requireSession(request);
    const actor = actorOf(ctx);
    const companyId = requireCompanyId(actor);
    authorize(can.manageCompany(actor), 'Solo un administrador de la empresa puede contratar un plan.');
    const p = requireProvider();
    await enforceRateLimit(db, request, CHECKOUT_RULE, companyId);
    try {
      return await startCheckout({ db, appUrl: requestAppUrl(deps, request) }, p, { userId: ctx.user.id, email: ctx.user.email, companyId }, request.body.planId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'payment_provider') request.log.warn({ err: err.cause }, 'checkout creation failed');
      throw err;
    }
  });

  /**
   * MercadoPago's notifications (public: no session, no Origin). Only payments are processed, after the x-signature
   * check; the payment itself is always fetched from the provider, so the notification's body is never trusted.
   */
  r.post('/mercadopago/webhook', { config: { auth: 'public' }, schema: { tags: ['billing'], summary: 'Notificaciones de MercadoPago (firma x-signature)', response: { 200: notificationAnswerSchema, ...errorResponses(400, 401, 502, 503) } } }, async (request) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as { type?: unknown; topic?: unknown; action?: unknown; data?: { id?: unknown } };
    const type = str(q.type) ?? str(q.topic) ?? str(body.type) ?? str(body.topic) ?? str(body.action)?.split('.')[0] ?? null;
    if (type !== 'payment') return { received: true, processed: false };
    const signedId = str(q['data.id']) ?? str(body.data?.id);
    const paymentId = signedId ?? str(q.id);
    if (!paymentId) throw errors.badRequest('La notificación no trae el id del pago.');
    const p = requireProvider();
    const secret = env.MERCADOPAGO_WEBHOOK_SECRET;
    if (secret) {
      const check = verifyMercadoPagoSignature({
        xSignature: str(request.headers['x-signature']) ?? undefined,
        xRequestId: str(request.headers['x-request-id']) ?? undefined,
        dataId: signedId,
        secret,
      });
      if (!check.ok) {
        request.log.warn({ reason: check.reason, requestId: request.headers['x-request-id'] }, 'mercadopago notification refused');
        throw new AppError('bad_signature', 401, 'Firma de la notificación inválida.');
      }
    } else if (p.name === 'mercadopago') {
      // Only outside production (env.ts requires the secret there); the payment is still fetched from MercadoPago.
      request.log.warn('MERCADOPAGO_WEBHOOK_SECRET is not set: notification accepted without signature');
    }
    if (!/^\d{1,20}$/.test(paymentId)) return { received: true, processed: false };
    try {
      const outcome = await processPayment(deps, p, paymentId);
      return { received: true, processed: true, outcome };
    } catch (err) {
      request.log.error({ err, paymentId }, 'payment notification failed');
      // Not 2xx: MercadoPago retries the notification later.
      throw new AppError('payment_provider', 502, 'No se pudo consultar el pago en MercadoPago.');
    }
  });

  /** Documentation route (super admin): the payment as the provider reports it. */
  r.get('/mercadopago/payment/:id', { schema: { tags: ['billing'], params: paymentIdParams, response: { 200: providerPaymentSchema, ...errorResponses(400, 401, 403, 404, 502, 503) } } }, async (request) => {
    requireSuperAdmin(request);
    const payment = await requireProvider()
      .getPayment(request.params.id)
      .catch((err: unknown) => {
        request.log.warn({ err }, 'payment lookup failed');
        throw new AppError('payment_provider', 502, 'No se pudo consultar el pago en MercadoPago.');
      });
    if (!payment) throw errors.notFound('Pago no encontrado.');
    return payment;
  });

  /** A downgrade or same-price change already paid, starting when the running month ends (the subscription screen says so). */
  r.get('/subscription/scheduled-change', { schema: { tags: ['billing'], response: { 200: scheduledChangeSchema, ...errorResponses(400, 401) } } }, async (request) => {
    const companyId = requireCompanyId(actorOf(requireSession(request)));
    return scheduledChange(db, companyId);
  });

  /**
   * The return page from the checkout asks whether the payment or checkout in its URL is one of the current company's
   * and where it stands, before saying 'Pago Exitoso'. Any member (the purchase history is for all); another company's
   * or a made-up id: 404.
   */
  r.get(
    '/subscription/checkout-status',
    { schema: { tags: ['billing'], querystring: checkoutStatusQuerySchema, response: { 200: checkoutStatusSchema, ...errorResponses(400, 401, 404) } } },
    async (request) => {
      const companyId = requireCompanyId(actorOf(requireSession(request)));
      const found = await checkoutStatus(db, companyId, request.query);
      if (!found) throw errors.notFound('No encontramos ese pago en tu empresa.');
      return found;
    },
  );

  /** 'Historial de Compras': any member of the current company sees its invoices (the subscription screen is for all). */
  r.get('/subscription/invoices', { schema: { tags: ['billing'], response: { 200: z.array(subscriptionInvoiceViewSchema), ...errorResponses(400, 401) } } }, async (request) => {
    const companyId = requireCompanyId(actorOf(requireSession(request)));
    return listInvoices(db, companyId);
  });
};
