import { and, desc, eq, sql } from 'drizzle-orm';
import { splitIva, IVA_RATE, type CheckoutStatus, type CheckoutView, type ScheduledChange, type SubscriptionInvoiceView, type SubscriptionPlanView } from '@shared/billing.js';
import { PLANS, findPlan, getPlan, type Plan } from '@shared/plans.js';
import type { AppDeps } from '../context.js';
import type { Db, DbOrTx } from '../db/client.js';
import { auditLog, companies, paymentCheckouts, subscriptionInvoices } from '../db/schema/index.js';
import { AppError, errors } from '../errors.js';
import { lockCompany } from '../companies/service.js';
import { notifySubscriptionPaid } from '../billing-webhooks/events.js';
import { faultPoint } from '../platform/faults.js';
import { formatCLP, formatDate } from '@shared/format.js';
import { addOneMonth, trialEligible, trialEnd } from './plan-state.js';
import { presentQuote, quotePlanChange, type PlanChange } from './plan-change.js';
import type { PaymentProvider, ProviderPayment } from './provider.js';

type InvoiceStatus = SubscriptionInvoiceView['status'];
type InvoiceRow = typeof subscriptionInvoices.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CONTACT_SALES_MESSAGE =
  'El plan Empresarial se contrata con nuestro equipo de ventas. Escríbenos por email y te ayudamos a activarlo.';

/** GET /api/mercadopago/plans: what the billing screens sell (free included, as 'Gratis'). */
export function planViews(): SubscriptionPlanView[] {
  return PLANS.filter((p) => p.purchasable).map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    currency: p.currency,
    features: p.features,
    ...(p.popular ? { popular: true } : {}),
  }));
}

/** A plan bought through the checkout, or the 400 the plan screens expect (part 1 §4). */
export function checkoutPlan(planId: string): Plan & { price: number } {
  const plan = findPlan(planId.trim().toLowerCase());
  if (!plan) throw errors.badRequest('El plan seleccionado no existe.', 'planId');
  if (plan.id === 'free') throw errors.badRequest('Ya tienes el plan gratuito activo.', 'planId');
  if (plan.id === 'enterprise' || plan.price === null) throw new AppError('contact_sales', 400, CONTACT_SALES_MESSAGE, 'planId');
  if (!plan.purchasable || !plan.price) throw errors.badRequest(`El plan ${plan.name} no se vende en línea.`, 'planId');
  return plan as Plan & { price: number };
}

export function checkoutUrls(appUrl: string) {
  return {
    // MercadoPago appends status=approved|pending|... to the URL it returns to; a pending payment is not a failure.
    backUrls: { success: `${appUrl}/subscription-success`, failure: `${appUrl}/subscription-failure`, pending: `${appUrl}/subscription-success` },
    notificationUrl: `${appUrl}/api/mercadopago/webhook`,
    appUrl,
  };
}

/**
 * create-subscription: a checkout row (its id is the `external_reference`), then the provider's checkout. No trial
 * starts here: creating a preference is not opening it (a link the browser could not use started trials before).
 * The 7-day trial starts in `startTrialFor`, when the checkout is opened (sandbox page) or a payment arrives.
 * `appUrl` is this request's base URL (public-url.ts).
 */
export async function startCheckout(
  deps: Pick<AppDeps, 'db' | 'appUrl'>,
  provider: PaymentProvider,
  buyer: { userId: string; email: string; companyId: string },
  planId: string,
  now = new Date(),
): Promise<CheckoutView> {
  const plan = checkoutPlan(planId);
  const { db } = deps;
  // The quote decides what this checkout charges: the preference asks for exactly that amount.
  const quote = await quotePlanChange(db, await companyRow(db, buyer.companyId), plan, now, formatDate);
  const [checkout] = await db
    .insert(paymentCheckouts)
    .values({ companyId: buyer.companyId, planId: plan.id, amount: quote.amount, provider: provider.name, createdBy: buyer.userId })
    .returning();
  let created: { preferenceId: string; initPoint: string };
  try {
    created = await provider.createCheckout({ checkoutId: checkout.id, plan, amount: quote.amount, payerEmail: buyer.email, ...checkoutUrls(deps.appUrl) });
  } catch (err) {
    await db.update(paymentCheckouts).set({ status: 'error', updatedAt: new Date() }).where(eq(paymentCheckouts.id, checkout.id));
    throw Object.assign(new AppError('payment_provider', 502, 'No se pudo crear el pago en MercadoPago. Inténtalo de nuevo en unos minutos.'), { cause: err });
  }
  await db.update(paymentCheckouts).set({ ...created, updatedAt: now }).where(eq(paymentCheckouts.id, checkout.id));
  return { ...created, sandbox: provider.name === 'sandbox', quote: presentQuote(quote) };
}

/**
 * The first time a free company opens a checkout of a paid plan (or a payment for it arrives), its 7-day trial of
 * that plan starts. Runs inside the caller's transaction, which must hold the company's lock (lockCompany).
 */
export async function startTrialFor(
  tx: DbOrTx,
  company: typeof companies.$inferSelect,
  checkout: { id: string; planId: string; createdBy: string | null },
  now: Date,
): Promise<typeof companies.$inferSelect> {
  const plan = findPlan(checkout.planId);
  if (!plan?.price || !trialEligible(company, now)) return company;
  const ends = trialEnd(now);
  const [updated] = await tx
    .update(companies)
    .set({ plan: plan.id, subscriptionStatus: 'trial', trialEndsAt: ends, updatedAt: now })
    .where(eq(companies.id, company.id))
    .returning();
  await tx.insert(auditLog).values({
    companyId: company.id,
    actorUserId: checkout.createdBy,
    entityType: 'company',
    entityId: company.id,
    action: 'subscription.trial_started',
    changes: { plan: { from: company.plan, to: plan.id }, trialEndsAt: ends.toISOString(), checkoutId: checkout.id },
  });
  return updated;
}

async function companyRow(db: DbOrTx, companyId: string) {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!c) throw errors.notFound('Empresa no encontrada.');
  return c;
}

function invoiceStatusOf(paymentStatus: string): InvoiceStatus {
  if (paymentStatus === 'approved') return 'paid';
  if (paymentStatus === 'rejected') return 'failed';
  if (paymentStatus === 'cancelled' || paymentStatus === 'refunded' || paymentStatus === 'charged_back') return 'cancelled';
  return 'pending';
}

const CHECKOUT_STATUS: Record<InvoiceStatus, string> = { paid: 'approved', failed: 'rejected', cancelled: 'cancelled', pending: 'pending' };

/** A payment seen again only moves forward: pending -> anything, paid -> cancelled (refund, chargeback). */
function canMove(from: string, to: InvoiceStatus): boolean {
  if (from === to) return false;
  if (from === 'pending') return true;
  return from === 'paid' && to === 'cancelled';
}

/**
 * RDX-000001, RDX-000002, ...: numbered under a transaction lock, so two payments never share a number. Manual plan
 * assignments (no charge) use their own series (`ASG-…`), so the paid series has no gaps for them.
 */
export async function nextInvoiceNumber(tx: DbOrTx, prefix: 'RDX' | 'ASG' = 'RDX'): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(7304001)`);
  const [r] = await tx
    .select({ n: sql<number>`(coalesce(max(substring(${subscriptionInvoices.invoiceNumber} from 5)::int), 0) + 1)::int` })
    .from(subscriptionInvoices)
    .where(sql`${subscriptionInvoices.invoiceNumber} ~ ${`^${prefix}-[0-9]+$`}`);
  return `${prefix}-${String(r.n).padStart(6, '0')}`;
}

/** Puts the company on `planId` for `period`: what an approved payment buys, and what a super admin's manual assignment sets. */
export async function applyPaidPeriod(tx: DbOrTx, companyId: string, planId: string, period: { start: Date; end: Date }, now: Date): Promise<void> {
  await tx
    .update(companies)
    .set({ plan: planId, subscriptionStatus: 'active', currentPeriodStart: period.start, currentPeriodEnd: period.end, updatedAt: now })
    .where(eq(companies.id, companyId));
}

type PaymentChange = { kind: PlanChange['kind']; start: Date; end: Date; credit: number } | { kind: 'refund' };

/**
 * The month an approved payment buys, by the rule of plan-change.ts applied when the payment arrives. While a
 * scheduled change waits, a payment for that same plan extends it by a month; one for another plan buys nothing
 * (it would overlap) and is flagged for a refund.
 */
async function changeForPayment(tx: DbOrTx, company: typeof companies.$inferSelect, plan: Plan & { price: number }, charged: number, now: Date): Promise<PaymentChange> {
  if (company.scheduledPlan && company.scheduledPeriodEnd && company.currentPeriodEnd && company.currentPeriodEnd > now) {
    if (company.scheduledPlan !== plan.id) return { kind: 'refund' };
    return { kind: 'scheduled', start: company.scheduledPeriodEnd, end: addOneMonth(company.scheduledPeriodEnd), credit: 0 };
  }
  const q = await quotePlanChange(tx, company, plan, now, formatDate);
  return { kind: q.kind, start: q.periodStart, end: q.periodEnd, credit: Math.max(0, plan.price - charged) };
}

function invoiceDescription(planName: string, period: Exclude<PaymentChange, { kind: 'refund' }> | null): string {
  if (period?.kind === 'upgrade' && period.credit > 0) return `Plan ${planName} — 1 mes (descuento de ${formatCLP(period.credit)} por días no usados)`;
  return `Plan ${planName} — 1 mes`;
}

export type PaymentOutcome = 'activated' | 'recorded' | 'unchanged' | 'unknown_payment' | 'unknown_checkout' | 'mismatch';

/**
 * What a verified notification (and the sandbox's buttons) run: fetch the payment from the provider, match it to our
 * checkout, record its invoice and, for an approved payment of the right amount in CLP, activate the plan.
 * Idempotent: a payment already recorded in the same state changes nothing. A payment whose amount or currency
 * differs from the checkout's activates nothing and gets no invoice: it is audited for support to refund.
 */
export async function processPayment(deps: AppDeps, provider: PaymentProvider, paymentId: string, now = new Date()): Promise<PaymentOutcome> {
  const { db } = deps;
  const payment = await provider.getPayment(paymentId);
  if (!payment) return 'unknown_payment';
  const ref = payment.externalReference ?? '';
  const [checkout] = UUID.test(ref)
    ? await db
        .select()
        .from(paymentCheckouts)
        .where(and(eq(paymentCheckouts.id, ref), eq(paymentCheckouts.provider, provider.name)))
        .limit(1)
    : [];
  const plan = checkout ? findPlan(checkout.planId) : undefined;
  if (!checkout || !plan) return 'unknown_checkout';
  if (payment.currencyId !== 'CLP' || payment.transactionAmount !== checkout.amount) {
    await recordMismatch(db, checkout, payment);
    return 'mismatch';
  }

  const status = invoiceStatusOf(payment.status);
  const done = await db.transaction(async (tx) => {
    // A payment made (or waiting to clear) proves the checkout was opened: the trial starts now if it did not yet.
    const locked = await lockCompany(tx, checkout.companyId);
    const company = status === 'paid' || status === 'pending' ? await startTrialFor(tx, locked, checkout, now) : locked;
    const [existing] = await tx
      .select()
      .from(subscriptionInvoices)
      .where(and(eq(subscriptionInvoices.provider, provider.name), eq(subscriptionInvoices.providerPaymentId, payment.id)))
      .for('update');
    if (existing && !canMove(existing.status, status)) return null;
    // What the payment buys is decided now, on the company as it is (the checkout fixed only the amount).
    const change = status === 'paid' ? await changeForPayment(tx, company, plan as Plan & { price: number }, checkout.amount, now) : null;
    const period = change?.kind === 'refund' ? null : change;
    const paidAt = status === 'paid' ? (payment.dateApproved ? new Date(payment.dateApproved) : now) : (existing?.paidAt ?? null);
    const fields = {
      status,
      billingPeriodStart: period?.start ?? existing?.billingPeriodStart ?? null,
      billingPeriodEnd: period?.end ?? existing?.billingPeriodEnd ?? null,
      dueDate: period?.start ?? existing?.dueDate ?? null,
      paidAt,
      paymentMethod: payment.paymentMethodId ?? existing?.paymentMethod ?? null,
      updatedAt: now,
    };
    let invoice: InvoiceRow | undefined;
    if (existing) {
      [invoice] = await tx.update(subscriptionInvoices).set(fields).where(eq(subscriptionInvoices.id, existing.id)).returning();
    } else {
      const { net, tax } = splitIva(checkout.amount);
      [invoice] = await tx
        .insert(subscriptionInvoices)
        .values({
          ...fields,
          companyId: company.id,
          checkoutId: checkout.id,
          invoiceNumber: await nextInvoiceNumber(tx),
          planId: plan.id,
          description: invoiceDescription(plan.name, period),
          amount: net,
          taxRate: String(IVA_RATE * 100),
          taxAmount: tax,
          totalAmount: checkout.amount,
          provider: provider.name,
          providerPaymentId: payment.id,
        })
        .onConflictDoNothing({ target: [subscriptionInvoices.provider, subscriptionInvoices.providerPaymentId] })
        .returning();
      if (!invoice) return null;
    }
    await tx.update(paymentCheckouts).set({ status: CHECKOUT_STATUS[status], updatedAt: now }).where(eq(paymentCheckouts.id, checkout.id));

    if (change?.kind === 'refund') {
      // Paid while another change was already scheduled: nothing overlaps it; support refunds the payment.
      await tx.insert(auditLog).values({
        companyId: company.id,
        entityType: 'payment_checkout',
        entityId: checkout.id,
        action: 'payment.needs_refund',
        changes: { paymentId: payment.id, planId: plan.id, amount: checkout.amount, reason: 'scheduled_change_pending', scheduledPlan: company.scheduledPlan },
      });
    } else if (period?.kind === 'scheduled') {
      await tx.update(companies).set({ scheduledPlan: plan.id, scheduledPeriodEnd: period.end, updatedAt: now }).where(eq(companies.id, company.id));
      await tx.insert(auditLog).values({
        companyId: company.id,
        entityType: 'company',
        entityId: company.id,
        action: 'subscription.change_scheduled',
        changes: { plan: { from: company.plan, to: plan.id }, invoice: invoice.invoiceNumber, periodStart: period.start.toISOString(), periodEnd: period.end.toISOString(), paymentId: payment.id },
      });
    } else if (period) {
      await applyPaidPeriod(tx, company.id, plan.id, period, now);
      await tx.insert(auditLog).values({
        companyId: company.id,
        entityType: 'company',
        entityId: company.id,
        action: 'subscription.activated',
        changes: {
          plan: { from: company.plan, to: plan.id },
          invoice: invoice.invoiceNumber,
          periodEnd: period.end.toISOString(),
          paymentId: payment.id,
          ...(period.kind === 'upgrade' ? { kind: 'upgrade', credit: period.credit } : {}),
        },
      });
    } else if (existing?.status === 'paid' && existing.billingPeriodEnd && company.scheduledPeriodEnd?.getTime() === existing.billingPeriodEnd.getTime()) {
      // Refund of a scheduled change not started yet: it no longer happens.
      await tx.update(companies).set({ scheduledPlan: null, scheduledPeriodEnd: null, updatedAt: now }).where(eq(companies.id, company.id));
    } else if (existing?.status === 'paid' && existing.billingPeriodEnd && company.currentPeriodEnd?.getTime() === existing.billingPeriodEnd.getTime()) {
      // Refund or chargeback of the payment that bought the running period: that month is no longer paid.
      await tx.update(companies).set({ currentPeriodEnd: existing.billingPeriodStart ?? now, updatedAt: now }).where(eq(companies.id, company.id));
    }
    if (period) {
      // The `subscription.paid` deliveries commit with the payment: a crash after the commit still sends them.
      const event = { companyId: company.id, companyName: company.name, planId: plan.id, invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, totalAmount: invoice.totalAmount, paidAt: (invoice.paidAt ?? now).toISOString() };
      await notifySubscriptionPaid(deps, event, { tx });
    }
    return { activated: !!period };
  });
  faultPoint('payment.after-commit');
  if (!done) return 'unchanged';
  return done.activated ? 'activated' : 'recorded';
}

async function recordMismatch(db: Db, checkout: typeof paymentCheckouts.$inferSelect, payment: ProviderPayment): Promise<void> {
  // The status and its audit entry change together or not at all.
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(paymentCheckouts)
      .set({ status: 'mismatch', updatedAt: new Date() })
      .where(and(eq(paymentCheckouts.id, checkout.id), sql`${paymentCheckouts.status} <> 'mismatch'`))
      .returning({ id: paymentCheckouts.id });
    if (!changed) return;
    await tx.insert(auditLog).values({
      companyId: checkout.companyId,
      entityType: 'payment_checkout',
      entityId: checkout.id,
      action: 'payment.amount_mismatch',
      changes: { paymentId: payment.id, status: payment.status, expected: { amount: checkout.amount, currency: 'CLP' }, received: { amount: payment.transactionAmount, currency: payment.currencyId } },
    });
  });
}

export function presentInvoice(r: InvoiceRow): SubscriptionInvoiceView {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: r.id,
    invoiceNumber: r.invoiceNumber,
    status: r.status as InvoiceStatus,
    subscriptionPlan: r.planId,
    billingPeriodStart: iso(r.billingPeriodStart),
    billingPeriodEnd: iso(r.billingPeriodEnd),
    createdAt: r.createdAt.toISOString(),
    dueDate: iso(r.dueDate),
    paidAt: iso(r.paidAt),
    paymentMethod: r.paymentMethod,
    description: r.description,
    amount: r.amount,
    taxRate: Number(r.taxRate),
    taxAmount: r.taxAmount,
    totalAmount: r.totalAmount,
  };
}

/** 'Historial de Compras': the company's invoices, newest first. */
export async function listInvoices(db: Db, companyId: string): Promise<SubscriptionInvoiceView[]> {
  const rows = await db
    .select()
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.companyId, companyId))
    .orderBy(desc(subscriptionInvoices.createdAt), desc(subscriptionInvoices.invoiceNumber));
  return rows.map(presentInvoice);
}

/** The company's scheduled plan change, if one is paid and has not started yet. */
export async function scheduledChange(db: Db, companyId: string, now = new Date()): Promise<ScheduledChange> {
  const c = await companyRow(db, companyId);
  if (!c.scheduledPlan || !c.scheduledPeriodEnd || !c.currentPeriodEnd || c.currentPeriodEnd <= now) return null;
  return { planId: c.scheduledPlan, planName: getPlan(c.scheduledPlan).name, startsAt: c.currentPeriodEnd.toISOString(), endsAt: c.scheduledPeriodEnd.toISOString() };
}

/** A checkout's last seen status, as the return page reads it ('mismatch': a wrong amount activated nothing). */
const CHECKOUT_TO_PAYMENT: Record<string, CheckoutStatus['status']> = { approved: 'paid', rejected: 'failed', mismatch: 'failed', cancelled: 'cancelled' };

/**
 * GET /api/subscription/checkout-status: the payment or checkout named by the checkout's return URL, only within
 * `companyId` (another company's ids, or made-up ones, are not found). A payment already seen (its invoice) answers
 * with its own status; otherwise the checkout (its id is the external reference; or MercadoPago's preference id), whose
 * payment may not have been notified yet.
 */
export async function checkoutStatus(
  db: Db,
  companyId: string,
  ref: { paymentId?: string; preferenceId?: string; externalReference?: string },
): Promise<CheckoutStatus | null> {
  const view = (checkout: typeof paymentCheckouts.$inferSelect, status: CheckoutStatus['status'], paymentId: string | null): CheckoutStatus => ({
    checkoutId: checkout.id,
    planId: checkout.planId,
    planName: getPlan(checkout.planId).name,
    status,
    paymentId,
  });
  if (ref.paymentId && /^\d{1,20}$/.test(ref.paymentId)) {
    const [seen] = await db
      .select({ invoice: subscriptionInvoices, checkout: paymentCheckouts })
      .from(subscriptionInvoices)
      .innerJoin(paymentCheckouts, eq(paymentCheckouts.id, subscriptionInvoices.checkoutId))
      .where(and(eq(subscriptionInvoices.companyId, companyId), eq(subscriptionInvoices.providerPaymentId, ref.paymentId)))
      .orderBy(desc(subscriptionInvoices.createdAt))
      .limit(1);
    if (seen) return view(seen.checkout, seen.invoice.status as CheckoutStatus['status'], seen.invoice.providerPaymentId);
  }
  const byReference = ref.externalReference && UUID.test(ref.externalReference) ? eq(paymentCheckouts.id, ref.externalReference) : undefined;
  const byPreference = ref.preferenceId ? eq(paymentCheckouts.preferenceId, ref.preferenceId) : undefined;
  const match = byReference ?? byPreference;
  if (!match) return null;
  const [checkout] = await db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.companyId, companyId), match))
    .limit(1);
  return checkout ? view(checkout, CHECKOUT_TO_PAYMENT[checkout.status] ?? 'pending', null) : null;
}
