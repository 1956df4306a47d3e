import { createHmac } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { addOneMonth } from '../../src/server/billing/plan-state.js';
import { auditLog, companies, memberships, paymentCheckouts, rateLimits, subscriptionInvoices, users } from '../../src/server/db/schema/index.js';
import { loadEnv } from '../../src/server/env.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerUser } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';
import { startMercadoPagoDouble, type MercadoPagoDouble } from '../helpers/mercadopago-double.js';

// Buying a plan through MercadoPago (part 1 §4, §7; part 2 §7 Payment provider), against a local double of its REST
// API that also sends signed notifications. Real server, real database.

const TOKEN = 'TEST-4473129051253071-051608-0f5a3c9b8d7e6f5a4b3c2d1e0f9a8b7c-123456789';
const SECRET = 'c1a7e5b3d9f24e0a8b6c4d2f0e9a7b5c';

let t: TestApp;
let mp: MercadoPagoDouble;
let webhookUrl: string;

beforeAll(async () => {
  mp = await startMercadoPagoDouble({ accessToken: TOKEN });
  t = await startTestApp({
    env: { MERCADOPAGO_ACCESS_TOKEN: TOKEN, MERCADOPAGO_PUBLIC_KEY: 'TEST-a1b2c3d4-pk', MERCADOPAGO_WEBHOOK_SECRET: SECRET, MERCADOPAGO_API_URL: mp.url },
  });
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
const invoicesOf = (companyId: string) => t.deps.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.companyId, companyId));

/** A registered admin who chose `planId`: returns the checkout MercadoPago was told about. */
async function buyer(planId = 'professional') {
  const admin = await registerUser(t);
  const companyId = admin.user.currentCompanyId as string;
  const res = await admin.client.post('/api/mercadopago/create-subscription', { planId });
  expect(res.status).toBe(200);
  const [checkout] = await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId)).orderBy(desc(paymentCheckouts.createdAt)).limit(1);
  return { admin, companyId, checkout, res };
}

/** Another preference of the same company: the checkout row it created. */
async function buyer2(admin: Awaited<ReturnType<typeof registerUser>>, companyId: string, planId: string) {
  expect((await admin.client.post('/api/mercadopago/create-subscription', { planId })).status).toBe(200);
  const [checkout] = await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId)).orderBy(desc(paymentCheckouts.createdAt)).limit(1);
  return checkout;
}

async function memberOf(companyId: string, role: 'employee' | 'admin' = 'employee') {
  const other = await registerUser(t);
  await t.deps.db.insert(memberships).values({ userId: other.user.id, companyId, role });
  await t.deps.db.update(users).set({ currentCompanyId: companyId }).where(eq(users.id, other.user.id));
  return other;
}

describe('create-subscription', () => {
  test('sends MercadoPago a CLP Checkout Pro preference tied to our checkout, and answers where to pay', async () => {
    const before = mp.preferences().length;
    const { admin, checkout, res } = await buyer('professional');
    expect(mp.preferences()).toHaveLength(before + 1);
    const pref = mp.preferences().at(-1);
    expect(pref.items).toEqual([expect.objectContaining({ id: 'professional', quantity: 1, unit_price: 15000, currency_id: 'CLP' })]);
    expect(pref.payment_methods).toEqual({ installments: 12 });
    expect(pref.external_reference).toBe(checkout.id);
    expect(pref.back_urls).toEqual({
      success: `${t.baseUrl}/subscription-success`,
      failure: `${t.baseUrl}/subscription-failure`,
      pending: `${t.baseUrl}/subscription-success`,
    });
    expect(pref.auto_return).toBe('approved');
    expect(pref.notification_url).toBe(`${t.baseUrl}/api/mercadopago/webhook`);
    expect(pref.statement_descriptor).toBe('RENDIX');
    expect(pref.payer).toEqual({ email: admin.email });
    expect(checkout).toMatchObject({ planId: 'professional', amount: 15000, provider: 'mercadopago', status: 'created', createdBy: admin.user.id });
    expect(res.body).toEqual({
      preferenceId: checkout.preferenceId,
      initPoint: `https://www.mercadopago.cl/checkout/v1/redirect?pref_id=${checkout.preferenceId}`,
      sandbox: false,
      quote: expect.objectContaining({ kind: 'new', planId: 'professional', price: 15000, credit: 0, amount: 15000 }),
    });
  });

  test("'premium' is the professional plan", async () => {
    const { checkout } = await buyer('premium');
    expect(checkout).toMatchObject({ planId: 'professional', amount: 15000 });
    expect(mp.preferences().at(-1).items[0].unit_price).toBe(15000);
  });

  test('free, enterprise and unknown plans answer 400 and create nothing; an employee may not buy', async () => {
    const admin = await registerUser(t);
    const companyId = admin.user.currentCompanyId as string;
    const before = mp.preferences().length;
    expectCleanError(await admin.client.post('/api/mercadopago/create-subscription', { planId: 'free' }), 400, 'Ya tienes el plan gratuito activo.');
    const enterprise = await admin.client.post('/api/mercadopago/create-subscription', { planId: 'enterprise' });
    expectCleanError(enterprise, 400, /equipo de ventas/);
    expect(enterprise.body.code).toBe('contact_sales');
    expectCleanError(await admin.client.post('/api/mercadopago/create-subscription', { planId: 'platinum' }), 400, 'El plan seleccionado no existe.');
    expectCleanError(await admin.client.post('/api/mercadopago/create-subscription', {}), 400, 'Selecciona un plan.');
    const employee = await memberOf(companyId);
    expectCleanError(await employee.client.post('/api/mercadopago/create-subscription', { planId: 'basic' }), 403);
    expect(mp.preferences()).toHaveLength(before);
    expect(await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId))).toHaveLength(0);
    expect(await company(companyId)).toMatchObject({ plan: 'free', subscriptionStatus: 'free', trialEndsAt: null });
  });

  test('creating a preference starts no trial; the first payment that arrives starts the 7-day trial of its plan, once', async () => {
    const { admin, companyId, checkout } = await buyer('basic');
    // MercadoPago's page may never be opened (issue 16 item 9): a preference alone changes nothing.
    expect(await company(companyId)).toMatchObject({ plan: 'free', subscriptionStatus: 'free', trialEndsAt: null });
    const started = Date.now();
    const payment = mp.addPayment({ external_reference: checkout.id, transaction_amount: 9990, status: 'in_process' });
    expect((await mp.notify(webhookUrl, payment.id, { secret: SECRET })).body.outcome).toBe('recorded');
    const c = await company(companyId);
    expect(c).toMatchObject({ plan: 'basic', subscriptionStatus: 'trial', currentPeriodEnd: null });
    expect(c.trialEndsAt!.getTime()).toBeGreaterThanOrEqual(started + 7 * 86_400_000 - 1000);
    expect(c.trialEndsAt!.getTime()).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
    const me = await admin.client.get('/api/auth/user');
    expect(me.body).toMatchObject({ subscriptionStatus: 'trial', planId: 'basic' });
    const trials = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'subscription.trial_started')));
    expect(trials).toHaveLength(1);

    const second = await buyer2(admin, companyId, 'professional');
    const p2 = mp.addPayment({ external_reference: second.id, transaction_amount: 15000, status: 'in_process' });
    expect((await mp.notify(webhookUrl, p2.id, { secret: SECRET })).body.outcome).toBe('recorded');
    expect(await company(companyId)).toMatchObject({ plan: 'basic', subscriptionStatus: 'trial', trialEndsAt: c.trialEndsAt });
  });

  test('a company that already had its trial gets none again', async () => {
    const admin = await registerUser(t);
    const companyId = admin.user.currentCompanyId as string;
    const used = new Date(Date.now() - 30 * 86_400_000);
    await t.deps.db.update(companies).set({ trialEndsAt: used }).where(eq(companies.id, companyId));
    expect((await admin.client.post('/api/mercadopago/create-subscription', { planId: 'professional' })).status).toBe(200);
    expect(await company(companyId)).toMatchObject({ plan: 'free', subscriptionStatus: 'free', trialEndsAt: used });
  });
});

describe('webhook', () => {
  test('an approved payment of the right amount activates the plan and records a paid invoice', async () => {
    const { admin, companyId, checkout } = await buyer('professional');
    const payment = mp.addPayment({ external_reference: checkout.id, transaction_amount: 15000, payment_method_id: 'master' });
    const res = await mp.notify(webhookUrl, payment.id, { secret: SECRET });
    expect(res).toEqual({ status: 200, body: { received: true, processed: true, outcome: 'activated' } });

    const c = await company(companyId);
    const trialEndsAt = c.trialEndsAt!;
    expect(trialEndsAt).not.toBeNull();
    // Paid during the trial: the paid month starts when the 7 free days end.
    expect(c).toMatchObject({ plan: 'professional', subscriptionStatus: 'active', currentPeriodStart: trialEndsAt, currentPeriodEnd: addOneMonth(trialEndsAt) });
    const [invoice] = await invoicesOf(companyId);
    expect(invoice).toMatchObject({
      status: 'paid',
      planId: 'professional',
      provider: 'mercadopago',
      providerPaymentId: String(payment.id),
      checkoutId: checkout.id,
      description: 'Plan Profesional — 1 mes',
      paymentMethod: 'master',
      totalAmount: 15000,
      amount: 12605,
      taxAmount: 2395,
      taxRate: '19.00',
    });
    expect(invoice.amount + invoice.taxAmount).toBe(invoice.totalAmount);
    expect(invoice.invoiceNumber).toMatch(/^RDX-\d{6}$/);
    expect((await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, checkout.id)))[0].status).toBe('approved');
    const me = await admin.client.get('/api/auth/user');
    expect(me.body).toMatchObject({ subscriptionStatus: 'pro', planId: 'professional' });
  });

  test('the same notification twice, or the same payment notified again, changes nothing', async () => {
    const { companyId, checkout } = await buyer('basic');
    const payment = mp.addPayment({ external_reference: checkout.id, transaction_amount: 9990 });
    const requestId = 'f3b1c2d4-replay';
    const ts = String(Math.floor(Date.now() / 1000));
    expect((await mp.notify(webhookUrl, payment.id, { secret: SECRET, requestId, ts })).body.outcome).toBe('activated');
    const after = await company(companyId);
    const [first] = await invoicesOf(companyId);

    const replay = await mp.notify(webhookUrl, payment.id, { secret: SECRET, requestId, ts });
    expect(replay).toEqual({ status: 200, body: { received: true, processed: true, outcome: 'unchanged' } });
    expect((await mp.notify(webhookUrl, payment.id, { secret: SECRET })).body.outcome).toBe('unchanged');
    expect(await company(companyId)).toEqual(after);
    expect(await invoicesOf(companyId)).toEqual([first]);
  });

  test('a forged, missing or stale signature is refused with 401 and nothing changes', async () => {
    const { companyId, checkout } = await buyer('professional');
    const before = await company(companyId);
    const payment = mp.addPayment({ external_reference: checkout.id, transaction_amount: 15000 });
    const forged = await mp.notify(webhookUrl, payment.id, { secret: 'not-the-secret' });
    expect(forged).toEqual({ status: 401, body: { message: 'Firma de la notificación inválida.', code: 'bad_signature' } });
    const ts = String(Math.floor(Date.now() / 1000));
    expect((await mp.notify(webhookUrl, payment.id, { secret: SECRET, signature: `ts=${ts},v1=${'0'.repeat(64)}` })).status).toBe(401);
    expect((await mp.notify(webhookUrl, payment.id, { secret: SECRET, signature: '' })).status).toBe(401);
    // Correctly signed, but 10 minutes old: a replay.
    expect((await mp.notify(webhookUrl, payment.id, { secret: SECRET, ts: String(Math.floor(Date.now() / 1000) - 600) })).status).toBe(401);
    // A genuine signature of another payment id, moved onto this one.
    const v1 = createHmac('sha256', SECRET).update(`id:${payment.id + 1};request-id:r1;ts:${ts};`).digest('hex');
    const other = await fetch(`${webhookUrl}?data.id=${payment.id}&type=payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'r1', 'x-signature': `ts=${ts},v1=${v1}` },
      body: JSON.stringify({ type: 'payment', data: { id: String(payment.id) } }),
    });
    expect(other.status).toBe(401);
    expect(await company(companyId)).toEqual(before);
    expect(await invoicesOf(companyId)).toHaveLength(0);
    // The same payment, properly signed (ts in milliseconds this time), is then accepted.
    expect((await mp.notify(webhookUrl, payment.id, { secret: SECRET, ts: String(Date.now()) })).body.outcome).toBe('activated');
  });

  test('an approved payment of another amount or currency activates nothing and records no invoice', async () => {
    const { companyId, checkout } = await buyer('professional');
    const before = await company(companyId);
    const cheap = mp.addPayment({ external_reference: checkout.id, transaction_amount: 1500 });
    expect((await mp.notify(webhookUrl, cheap.id, { secret: SECRET })).body).toMatchObject({ outcome: 'mismatch' });
    const usd = mp.addPayment({ external_reference: checkout.id, transaction_amount: 15000, currency_id: 'USD' });
    expect((await mp.notify(webhookUrl, usd.id, { secret: SECRET })).body).toMatchObject({ outcome: 'mismatch' });
    expect(await company(companyId)).toEqual(before);
    expect(await invoicesOf(companyId)).toHaveLength(0);
    expect((await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, checkout.id)))[0].status).toBe('mismatch');
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'payment.amount_mismatch')));
    expect(audits).toHaveLength(1);
  });

  test('a rejected payment records a failed invoice and activates nothing', async () => {
    const { companyId, checkout } = await buyer('basic');
    const before = await company(companyId);
    const payment = mp.addPayment({ external_reference: checkout.id, transaction_amount: 9990, status: 'rejected' });
    expect((await mp.notify(webhookUrl, payment.id, { secret: SECRET })).body.outcome).toBe('recorded');
    expect(await company(companyId)).toEqual(before);
    const [invoice] = await invoicesOf(companyId);
    expect(invoice).toMatchObject({ status: 'failed', paidAt: null, billingPeriodStart: null, totalAmount: 9990 });
  });

  test('a pending payment is recorded as pending and activates when it is approved', async () => {
    const { companyId, checkout } = await buyer('basic');
    const payment = mp.addPayment({ external_reference: checkout.id, transaction_amount: 9990, status: 'in_process', payment_method_id: 'servipag' });
    expect((await mp.notify(webhookUrl, payment.id, { secret: SECRET })).body.outcome).toBe('recorded');
    expect((await invoicesOf(companyId))[0].status).toBe('pending');
    expect((await company(companyId)).subscriptionStatus).toBe('trial');
    mp.updatePayment(payment.id, { status: 'approved', date_approved: new Date().toISOString() });
    expect((await mp.notify(webhookUrl, payment.id, { secret: SECRET })).body.outcome).toBe('activated');
    const invoices = await invoicesOf(companyId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', paymentMethod: 'servipag' });
    expect((await company(companyId)).subscriptionStatus).toBe('active');
  });

  test('returning to the success page activates nothing by itself', async () => {
    const { admin, companyId, checkout } = await buyer('professional');
    const before = await company(companyId);
    const payment = mp.addPayment({ external_reference: checkout.id, transaction_amount: 15000 });
    const query = `collection_id=${payment.id}&collection_status=approved&payment_id=${payment.id}&status=approved&external_reference=${checkout.id}&preference_id=${checkout.preferenceId}`;
    await admin.client.get(`/subscription-success?${query}`);
    expect(await company(companyId)).toEqual(before);
    expect(await invoicesOf(companyId)).toHaveLength(0);
  });

  test('other topics, unknown payments and foreign references are acknowledged and ignored', async () => {
    const orders = await mp.notify(webhookUrl, 12345, { secret: SECRET, type: 'merchant_order' });
    expect(orders).toEqual({ status: 200, body: { received: true, processed: false } });
    expect((await mp.notify(webhookUrl, 99999999999, { secret: SECRET })).body.outcome).toBe('unknown_payment');
    const foreign = mp.addPayment({ external_reference: 'pedido-4411', transaction_amount: 15000 });
    expect((await mp.notify(webhookUrl, foreign.id, { secret: SECRET })).body.outcome).toBe('unknown_checkout');
  });
});

describe('invoices and diagnostics', () => {
  test('GET /api/subscription/invoices: the company’s invoices newest first, for its members only', async () => {
    const { admin, companyId, checkout } = await buyer('professional');
    const rejected = mp.addPayment({ external_reference: checkout.id, transaction_amount: 15000, status: 'rejected' });
    await mp.notify(webhookUrl, rejected.id, { secret: SECRET });
    const paid = mp.addPayment({ external_reference: checkout.id, transaction_amount: 15000 });
    await mp.notify(webhookUrl, paid.id, { secret: SECRET });

    const res = await admin.client.get('/api/subscription/invoices');
    expect(res.status).toBe(200);
    expect(res.body.map((i: { status: string }) => i.status)).toEqual(['paid', 'failed']);
    const c = await company(companyId);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      invoiceNumber: expect.stringMatching(/^RDX-\d{6}$/),
      status: 'paid',
      subscriptionPlan: 'professional',
      billingPeriodStart: c.currentPeriodStart!.toISOString(),
      billingPeriodEnd: c.currentPeriodEnd!.toISOString(),
      createdAt: expect.any(String),
      dueDate: c.currentPeriodStart!.toISOString(),
      paidAt: expect.any(String),
      paymentMethod: 'visa',
      description: 'Plan Profesional — 1 mes',
      amount: 12605,
      taxRate: 19,
      taxAmount: 2395,
      totalAmount: 15000,
    });
    expect(res.body[0].invoiceNumber).not.toBe(res.body[1].invoiceNumber);
    expect((await (await memberOf(companyId)).client.get('/api/subscription/invoices')).body).toHaveLength(2);
    expect((await (await registerUser(t)).client.get('/api/subscription/invoices')).body).toEqual([]);
    expect((await t.client().get('/api/subscription/invoices')).status).toBe(401);
  });

  test('plans, status, connection test, test preference and payment lookup', async () => {
    const anon = t.client();
    const plans = await anon.get('/api/mercadopago/plans');
    expect(plans.body.map((p: { id: string }) => p.id)).toEqual(['free', 'basic', 'professional', 'enterprise']);
    expect(plans.body[2]).toMatchObject({ name: 'Profesional', price: 15000, currency: 'CLP', popular: true });

    const admin = await registerUser(t);
    const status = await admin.client.get('/api/mercadopago/status');
    expect(status.body.data).toMatchObject({ accessTokenConfigured: true, publicKeyConfigured: true, serviceInitialized: true, plansAvailable: 3, sandbox: false });
    expect(Date.parse(status.body.data.timestamp)).not.toBeNaN();
    for (const [method, path] of [['GET', '/api/mercadopago/test'], ['POST', '/api/mercadopago/test-preference'], ['GET', '/api/mercadopago/payment/1']]) {
      expect((await admin.client.request(method, path, method === 'POST' ? { planId: 'basic' } : undefined)).status).toBe(403);
    }

    await t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, admin.user.id));
    const conn = await admin.client.get('/api/mercadopago/test');
    expect(conn.body).toMatchObject({ status: 'success', details: { siteId: 'MLC', testCredentials: true } });
    expect(mp.requests.at(-1)).toMatchObject({ method: 'GET', path: '/users/me' });

    const checkoutsBefore = (await t.deps.db.select().from(paymentCheckouts)).length;
    const pref = await admin.client.post('/api/mercadopago/test-preference', { planId: 'premium' });
    expect(pref.body).toMatchObject({ status: 'success', preferenceId: expect.any(String), initPoint: expect.stringContaining('mercadopago.cl'), testData: { planId: 'professional', amount: 15000, installments: 12 } });
    expect(mp.preferences().at(-1).external_reference).toMatch(/^test-/);
    expect(await t.deps.db.select().from(paymentCheckouts)).toHaveLength(checkoutsBefore);

    const payment = mp.addPayment({ external_reference: 'x', transaction_amount: 9990 });
    expect((await admin.client.get(`/api/mercadopago/payment/${payment.id}`)).body).toMatchObject({ id: String(payment.id), status: 'approved', transactionAmount: 9990, currencyId: 'CLP' });
    expect((await admin.client.get('/api/mercadopago/payment/123')).status).toBe(404);
  });
});

describe('environment', () => {
  test('in production an access token needs the webhook secret', () => {
    const base = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/rendix', APP_URL: 'https://rendix.example.cl', MAIL_DISABLED: 'true', MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1' };
    expect(() => loadEnv(base)).toThrow(/MERCADOPAGO_WEBHOOK_SECRET/);
    expect(loadEnv({ ...base, MERCADOPAGO_WEBHOOK_SECRET: 's' }).MERCADOPAGO_ACCESS_TOKEN).toBe('APP_USR-1');
    expect(() => loadEnv({ MERCADOPAGO_API_URL: 'no es url' })).toThrow(/MERCADOPAGO_API_URL/);
  });
});
