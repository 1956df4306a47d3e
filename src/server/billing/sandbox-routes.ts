import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatCLP } from '@shared/format.js';
import { isUuid } from '@shared/input.js';
import { findPlan } from '@shared/plans.js';
import type { AppDeps } from '../context.js';
import { paymentCheckouts, sandboxPayments } from '../db/schema/index.js';
import { findActiveMembership, lockCompany } from '../companies/service.js';
import type { PaymentProvider } from './provider.js';
import { SANDBOX_LABEL, sandboxCheckoutPath } from './sandbox.js';
import { processPayment, startTrialFor } from './service.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // A pay button must not be framed by another site (clickjacking), and the form may only post back here.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .header('x-frame-options', 'DENY')
    .send(`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} — Rendix</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6fb;color:#1f2937;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem 2rem;box-shadow:0 2px 12px #0001}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border:1px solid #f59e0b;border-radius:999px;padding:.25rem .75rem;font-weight:600;font-size:.85rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{color:#6b7280}dd{margin:0;font-weight:600}
form{display:flex;gap:.75rem;margin-top:1.5rem}button{flex:1;padding:.75rem;border:0;border-radius:8px;font-size:1rem;cursor:pointer}
.approve{background:#16a34a;color:#fff}.reject{background:#e5e7eb;color:#111827}a{color:#2563eb}
</style></head>
<body><main><p class="badge">${escape(SANDBOX_LABEL)}</p><h1>${escape(title)}</h1>${body}</main></body></html>`);
}

const paramsSchema = z.object({ checkoutId: z.string().max(80) });

/**
 * The sandbox's checkout page (embedded default, no MercadoPago credentials): the buyer approves or rejects, a
 * `sandbox_payments` row records it, and the payment goes through `processPayment`, as a verified notification does.
 * Only a signed-in member of the checkout's company sees or uses it (the routes are 'public' so that a signed-out
 * browser gets a page with the way back through sign-in, not JSON); the POST passes the app's Origin check.
 */
export function sandboxRoutes(provider: PaymentProvider): FastifyPluginAsync<AppDeps> {
  return async (app, deps) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = deps;
    // The page's plain HTML form; scoped to this plugin only.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    /** The checkout, or the page to answer instead (not signed in, unknown, another company's). */
    async function loadCheckout(request: FastifyRequest, reply: FastifyReply, checkoutId: string) {
      if (!request.session) {
        const next = escape(encodeURIComponent(sandboxCheckoutPath(checkoutId)));
        await page(reply, 401, 'Inicia sesión para pagar', `<p>Tu sesión expiró. <a href="/auth?next=${next}">Inicia sesión</a> y vuelve a este pago.</p>`);
        return null;
      }
      const [checkout] = isUuid(checkoutId)
        ? await db
            .select()
            .from(paymentCheckouts)
            .where(and(eq(paymentCheckouts.id, checkoutId), eq(paymentCheckouts.provider, 'sandbox')))
            .limit(1)
        : [];
      if (!checkout || !(await findActiveMembership(db, request.session.user.id, checkout.companyId))) {
        await page(reply, 404, 'Pago no encontrado', '<p>Este enlace de pago no existe o no es de tu empresa. <a href="/subscription">Volver a Suscripción</a></p>');
        return null;
      }
      return checkout;
    }

    r.get('/mercadopago/sandbox/checkout/:checkoutId', { config: { auth: 'public' }, schema: { hide: true, params: paramsSchema } }, async (request, reply) => {
      const { checkoutId } = request.params;
      if (checkoutId.startsWith('test-')) {
        return page(reply, 200, 'Preferencia de prueba', '<p>La preferencia de prueba se creó correctamente. No está asociada a ninguna compra: no hay nada que pagar.</p>');
      }
      const checkout = await loadCheckout(request, reply, checkoutId);
      if (!checkout) return reply;
      const plan = findPlan(checkout.planId);
      if (checkout.status === 'approved') {
        return page(reply, 200, 'Pago ya aprobado', '<p>Este pago ya fue aprobado. <a href="/subscription">Ver mi suscripción</a></p>');
      }
      // The checkout is open in a signed-in member's browser: the first one of a free company starts its trial.
      await db.transaction(async (tx) => startTrialFor(tx, await lockCompany(tx, checkout.companyId), checkout, new Date()));
      return page(
        reply,
        200,
        `Pagar Plan ${plan?.name ?? checkout.planId}`,
        `<p>Estás en el checkout de prueba de Rendix. Elige el resultado del pago para probar el flujo completo.</p>
<dl><dt>Plan</dt><dd>${escape(plan?.name ?? checkout.planId)} — 1 mes</dd><dt>Monto</dt><dd>${escape(formatCLP(checkout.amount))} CLP (IVA incluido)</dd><dt>Cuotas</dt><dd>Hasta 12</dd></dl>
<form method="post" action="${escape(sandboxCheckoutPath(checkout.id))}">
<button class="approve" type="submit" name="decision" value="approve">Aprobar pago</button>
<button class="reject" type="submit" name="decision" value="reject">Rechazar pago</button>
</form>`,
      );
    });

    r.post(
      '/mercadopago/sandbox/checkout/:checkoutId',
      { config: { auth: 'public' }, schema: { hide: true, params: paramsSchema, body: z.object({ decision: z.enum(['approve', 'reject'], { error: 'Elige aprobar o rechazar el pago.' }) }) } },
      async (request, reply) => {
        const checkout = await loadCheckout(request, reply, request.params.checkoutId);
        if (!checkout) return reply;
        const status = request.body.decision === 'approve' ? 'approved' : 'rejected';
        // One approved payment per checkout: a second click (or a second tab) pays nothing twice.
        const payment = await db.transaction(async (tx) => {
          await tx.select({ id: paymentCheckouts.id }).from(paymentCheckouts).where(eq(paymentCheckouts.id, checkout.id)).for('update');
          const [approved] = await tx
            .select({ id: sandboxPayments.id })
            .from(sandboxPayments)
            .where(and(eq(sandboxPayments.checkoutId, checkout.id), eq(sandboxPayments.status, 'approved')))
            .limit(1);
          if (approved) return { id: approved.id, status: 'approved', created: false };
          const [row] = await tx.insert(sandboxPayments).values({ checkoutId: checkout.id, status, amount: checkout.amount }).returning();
          return { id: row.id, status, created: true };
        });
        if (payment.created) await processPayment(deps, provider, String(payment.id));
        const query = new URLSearchParams({ status: payment.status, payment_id: String(payment.id), external_reference: checkout.id });
        return reply.redirect(`${payment.status === 'approved' ? '/subscription-success' : '/subscription-failure'}?${query}`, 303);
      },
    );
  };
}
