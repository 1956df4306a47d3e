import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { addOneMonth, effectivePlan, expireSubscriptions } from '../../src/server/billing/plan-state.js';
import { auditLog, companies, paymentCheckouts, rateLimits, subscriptionInvoices } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerUser } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';
import { startMercadoPagoDouble, type MercadoPagoDouble } from '../helpers/mercadopago-double.js';

// Issue 16 item 3: plan changes never charge overlapping periods (README 'Plans and payments'), against the local
// MercadoPago double. Real server, real database.

const TOKEN = 'TEST-4473129051253071-051608-0f5a3c9b8d7e6f5a4b3c2d1e0f9a8b7c-123456789';
const SECRET = 'c1a7e5b3d9f24e0a8b6c4d2f0e9a7b5c';
const DAY = 86_400_000;

let t: TestApp;
let mp: MercadoPagoDouble;
let webhookUrl: string;

beforeAll(async () => {
  mp = await startMercadoPagoDouble({ accessToken: TOKEN });
  t = await startTestApp({ env: { MERCADOPAGO_ACCESS_TOKEN: TOKEN, MERCADOPAGO_PUBLIC_KEY: 'TEST-a1b2c3d4-pk', MERCADOPAGO_WEBHOOK_SECRET: SECRET, MERCADOPAGO_API_URL: mp.url } });
  webhookUrl = `${t.baseUrl}/api/mercadopago/webhook`;
});
afterAll(async () => {
  await t?.close();
  await mp?.close();
});
beforeEach(async () => {
  await t.deps.db.delete(rateLimits);
});

async function company(id: string) {
  const [c] = await t.deps.db.select().from(companies).where(eq(companies.id, id));
  return c;
}

/** An admin whose company runs a paid month of `plan` that started `daysAgo` days ago (bought: a paid invoice covers it). */
async function onPaidPlan(plan: 'basic' | 'professional', daysAgo: number, opts: { paid?: boolean } = {}) {
  const admin = await registerUser(t);
  const companyId = admin.user.currentCompanyId as string;
  const start = new Date(Date.now() - daysAgo * DAY);
  const end = addOneMonth(start);
  await t.deps.db
    .update(companies)
    .set({ plan, subscriptionStatus: 'active', currentPeriodStart: start, currentPeriodEnd: end, trialEndsAt: new Date(start.getTime() - 7 * DAY) })
    .where(eq(companies.id, companyId));
  if (opts.paid !== false) {
    const price = plan === 'basic' ? 9990 : 15000;
    await t.deps.db.insert(subscriptionInvoices).values({
      companyId,
      invoiceNumber: `TST-${Math.random().toString(36).slice(2, 10)}`,
      status: 'paid',
      planId: plan,
      description: 'Plan — 1 mes',
      amount: Math.round(price / 1.19),
      taxRate: '19',
      taxAmount: price - Math.round(price / 1.19),
      totalAmount: price,
      billingPeriodStart: start,
      billingPeriodEnd: end,
      paidAt: start,
      provider: 'mercadopago',
      providerPaymentId: `seed-${Math.random().toString(36).slice(2)}`,
    });
  }
  return { admin, companyId, start, end };
}

async function lastCheckout(companyId: string) {
  const [c] = await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId)).orderBy(desc(paymentCheckouts.createdAt)).limit(1);
  return c;
}

async function pay(checkoutId: string, amount: number) {
  const payment = mp.addPayment({ external_reference: checkoutId, transaction_amount: amount });
  return mp.notify(webhookUrl, payment.id, { secret: SECRET });
}

describe('one calendar month on Chile’s calendar, end exclusive', () => {
  test('same wall-clock time next month; month ends clamp; a late evening at a month’s end is not a month plus a day', () => {
    // 30/11 20:46 in Chile (UTC-3 in summer) -> 30/12 20:46.
    expect(addOneMonth(new Date('2026-11-30T23:46:00.000Z')).toISOString()).toBe('2026-12-30T23:46:00.000Z');
    // 30/11 22:00 in Chile is already 01/12 in UTC: counting UTC days gave 31/12 (a month plus a day).
    expect(addOneMonth(new Date('2026-12-01T01:00:00.000Z')).toISOString()).toBe('2026-12-31T01:00:00.000Z');
    // 31/01 -> 28/02, and 29/02 in a leap year.
    expect(addOneMonth(new Date('2027-01-31T13:00:00.000Z')).toISOString()).toBe('2027-02-28T13:00:00.000Z');
    expect(addOneMonth(new Date('2028-01-31T13:00:00.000Z')).toISOString()).toBe('2028-02-29T13:00:00.000Z');
    // 31/01 23:30 in Chile (02:30 UTC on 01/02) -> 28/02 23:30 in Chile.
    expect(addOneMonth(new Date('2027-02-01T02:30:00.000Z')).toISOString()).toBe('2027-03-01T02:30:00.000Z');
    // Across the end of summer time (first Sunday of April 2027): 15/03 12:00 (UTC-3) -> 15/04 12:00 (UTC-4).
    expect(addOneMonth(new Date('2027-03-15T15:00:00.000Z')).toISOString()).toBe('2027-04-15T16:00:00.000Z');
  });
});

describe('upgrade: starts now and credits the unused days', () => {
  test('Básico 10 days in -> Profesional: the preference, the quote and the payment all say 15.000 minus the unused Básico', async () => {
    const { admin, companyId, start, end } = await onPaidPlan('basic', 10);
    const before = Date.now();
    const res = await admin.client.post('/api/mercadopago/create-subscription', { planId: 'professional' });
    const after = Date.now();
    expect(res.status).toBe(200);
    const q = res.body.quote;
    const length = end.getTime() - start.getTime();
    const creditAt = (now: number) => Math.round((9990 * (end.getTime() - now)) / length);
    expect(q).toMatchObject({ kind: 'upgrade', planId: 'professional', price: 15000, currentPlanName: 'Básico', currentPeriodEnd: end.toISOString() });
    expect(q.credit).toBeGreaterThanOrEqual(creditAt(after));
    expect(q.credit).toBeLessThanOrEqual(creditAt(before));
    expect(q.credit).toBeGreaterThan(6000); // about 20 of 30 days of $9.990
    expect(q.amount).toBe(15000 - q.credit);
    expect(Number.isInteger(q.amount)).toBe(true);
    expect(new Date(q.periodStart).getTime()).toBeGreaterThanOrEqual(before);
    expect(q.periodEnd).toBe(addOneMonth(new Date(q.periodStart)).toISOString());

    // What the payment page asks for is what the dialog said.
    const checkout = await lastCheckout(companyId);
    expect(checkout.amount).toBe(q.amount);
    expect(mp.preferences().at(-1).items[0]).toMatchObject({ id: 'professional', unit_price: q.amount, currency_id: 'CLP' });

    expect((await pay(checkout.id, q.amount)).body.outcome).toBe('activated');
    const c = await company(companyId);
    expect(c.plan).toBe('professional');
    expect(c.currentPeriodStart!.getTime()).toBeGreaterThanOrEqual(before);
    expect(c.currentPeriodEnd!.toISOString()).toBe(addOneMonth(c.currentPeriodStart!).toISOString());
    const [invoice] = await t.deps.db.select().from(subscriptionInvoices).where(and(eq(subscriptionInvoices.companyId, companyId), eq(subscriptionInvoices.checkoutId, checkout.id)));
    expect(invoice).toMatchObject({ status: 'paid', totalAmount: q.amount, planId: 'professional' });
    expect(invoice.description).toMatch(/^Plan Profesional — 1 mes \(descuento de \$[\d.]+ por días no usados\)$/);
    expect((await admin.client.get('/api/auth/user')).body.planId).toBe('professional');
  });

  test('a plan assigned for free (no paid invoice) gives no credit', async () => {
    const { admin } = await onPaidPlan('basic', 3, { paid: false });
    const res = await admin.client.post('/api/mercadopago/create-subscription', { planId: 'professional' });
    expect(res.body.quote).toMatchObject({ kind: 'upgrade', credit: 0, amount: 15000 });
  });
});

describe('downgrade: paid now, starts when the paid month ends', () => {
  test('Profesional -> Básico: nothing overlaps; Profesional keeps running; Básico starts at its end, for one month', async () => {
    const { admin, companyId, end } = await onPaidPlan('professional', 5);
    const res = await admin.client.post('/api/mercadopago/create-subscription', { planId: 'basic' });
    expect(res.status).toBe(200);
    expect(res.body.quote).toEqual({
      kind: 'scheduled',
      planId: 'basic',
      planName: 'Básico',
      price: 9990,
      credit: 0,
      amount: 9990,
      periodStart: end.toISOString(),
      periodEnd: addOneMonth(end).toISOString(),
      currentPlanName: 'Profesional',
      currentPeriodEnd: end.toISOString(),
    });
    const checkout = await lastCheckout(companyId);
    expect(mp.preferences().at(-1).items[0].unit_price).toBe(9990);
    expect(checkout.amount).toBe(9990);

    expect((await pay(checkout.id, 9990)).body.outcome).toBe('activated');
    const c = await company(companyId);
    expect(c).toMatchObject({ plan: 'professional', subscriptionStatus: 'active', currentPeriodEnd: end, scheduledPlan: 'basic', scheduledPeriodEnd: addOneMonth(end) });
    expect((await admin.client.get('/api/auth/user')).body.planId).toBe('professional');
    const [invoice] = await t.deps.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.checkoutId, checkout.id));
    expect(invoice).toMatchObject({ status: 'paid', totalAmount: 9990, billingPeriodStart: end, billingPeriodEnd: addOneMonth(end) });
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'subscription.change_scheduled')));
    expect(audits).toHaveLength(1);

    expect((await admin.client.get('/api/subscription/scheduled-change')).body).toEqual({ planId: 'basic', planName: 'Básico', startsAt: end.toISOString(), endsAt: addOneMonth(end).toISOString() });
    expect((await t.client().get('/api/subscription/scheduled-change')).status).toBe(401);
    const stranger = await registerUser(t);
    expect((await stranger.client.get('/api/subscription/scheduled-change')).body).toBeNull();

    // One change at a time: another purchase waits until this one starts.
    const again = await admin.client.post('/api/mercadopago/create-subscription', { planId: 'professional' });
    expectCleanError(again, 409, /^Ya pagaste el cambio al plan Básico, que empieza el \d{2}\/\d{2}\/\d{4}/);

    // When the Profesional month ends, Básico runs: on the read side at once, on the row after the expiry job.
    const later = new Date(end.getTime() + 60_000);
    expect(effectivePlan(c, later).id).toBe('basic');
    expect(effectivePlan(c, new Date(end.getTime() - 60_000)).id).toBe('professional');
    await expireSubscriptions(t.deps.db, later);
    expect(await company(companyId)).toMatchObject({ plan: 'basic', subscriptionStatus: 'active', currentPeriodStart: end, currentPeriodEnd: addOneMonth(end), scheduledPlan: null, scheduledPeriodEnd: null });
    const started = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'subscription.scheduled_started')));
    expect(started).toHaveLength(1);
  });

  test('renewing the running plan starts when its month ends (no overlap)', async () => {
    const { admin, end } = await onPaidPlan('professional', 20);
    const res = await admin.client.post('/api/mercadopago/create-subscription', { planId: 'professional' });
    expect(res.body.quote).toMatchObject({ kind: 'renewal', amount: 15000, credit: 0, periodStart: end.toISOString(), periodEnd: addOneMonth(end).toISOString() });
  });

  test('employees cannot buy (403); without a session 401', async () => {
    const { companyId } = await onPaidPlan('professional', 1);
    const emp = await registerUser(t);
    const { memberships, users } = await import('../../src/server/db/schema/index.js');
    await t.deps.db.insert(memberships).values({ userId: emp.user.id, companyId, role: 'employee' });
    await t.deps.db.update(users).set({ currentCompanyId: companyId }).where(eq(users.id, emp.user.id));
    expect((await emp.client.post('/api/mercadopago/create-subscription', { planId: 'basic' })).status).toBe(403);
    expect((await t.client().post('/api/mercadopago/create-subscription', { planId: 'basic' })).status).toBe(401);
  });
});
