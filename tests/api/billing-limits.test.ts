import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { expireSubscriptions } from '../../src/server/billing/plan-state.js';
import { auditLog, companies, expenses, memberships, paymentCheckouts, subscriptionInvoices } from '../../src/server/db/schema/index.js';
import { testAppForFile, type TestClient } from '../helpers/app.js';
import { catalogIds, expenseFields, fileExpense, registerUser, uniqueEmail } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';

// Plan limits as the plan in force says (part 1 §9, DECISIONS.md): the trial, the paid month, and the way back to
// the free plan when it ends, without losing data. Payments go through the embedded sandbox.

const t = testAppForFile({ freshRateLimits: true });

async function company(id: string) {
  const [c] = await t.deps.db.select().from(companies).where(eq(companies.id, id));
  return c;
}

async function expenseCount(companyId: string) {
  const [r] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(expenses).where(eq(expenses.companyId, companyId));
  return r.n;
}

/** Files `n` expenses, each expected to be accepted. */
async function fileMany(client: TestClient, n: number) {
  const ids = await catalogIds(client);
  for (let i = 0; i < n; i++) {
    const res = await fileExpense(client, expenseFields(ids, { description: `Gasto ${i + 1}` }));
    if (res.status !== 201) throw new Error(`expense ${i + 1}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return ids;
}

/** A company that chose `planId` (its trial starts) and, with `pay`, approved the sandbox payment. */
async function subscribed(planId: string, pay: boolean) {
  const admin = await registerUser(t);
  const companyId = admin.user.currentCompanyId as string;
  expect((await admin.client.post('/api/mercadopago/create-subscription', { planId })).status).toBe(200);
  const [checkout] = await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId));
  // Opening the checkout page starts the trial.
  expect((await admin.client.get(`/api/mercadopago/sandbox/checkout/${checkout.id}`)).status).toBe(200);
  if (pay) {
    const res = await admin.client.request('POST', `/api/mercadopago/sandbox/checkout/${checkout.id}`, 'decision=approve', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.headers.get('location')).toMatch(/^\/subscription-success/);
  }
  return { admin, companyId };
}

describe('plan limits', () => {
  test('the free plan files 10 expenses a month', async () => {
    const admin = await registerUser(t);
    const ids = await fileMany(admin.client, 10);
    expectCleanError(await fileExpense(admin.client, expenseFields(ids)), 403, /límite de 10 rendiciones .* plan Gratuito/);
    expect(await expenseCount(admin.user.currentCompanyId)).toBe(10);
  });

  test('a Básico trial has Básico’s limit: 50 expenses a month', async () => {
    const { admin, companyId } = await subscribed('basic', false);
    expect((await company(companyId)).subscriptionStatus).toBe('trial');
    const ids = await fileMany(admin.client, 50);
    expectCleanError(await fileExpense(admin.client, expenseFields(ids)), 403, /límite de 50 rendiciones .* plan Básico/);
    const stats = await admin.client.get('/api/dashboard/stats');
    expect(stats.body).toMatchObject({ monthlyExpenses: 50, monthlyLimit: 50, subscriptionStatus: 'trial' });
  });

  test('active users: 2 on the free plan, 5 once Profesional is paid', async () => {
    const admin = await registerUser(t);
    const companyId = admin.user.currentCompanyId as string;
    expect((await admin.client.post('/api/company/invite', { email: uniqueEmail('a') })).status).toBe(201);
    expectCleanError(await admin.client.post('/api/company/invite', { email: uniqueEmail('b') }), 403, /plan Gratuito permite hasta 2 usuarios/);

    expect((await admin.client.post('/api/mercadopago/create-subscription', { planId: 'professional' })).status).toBe(200);
    const [checkout] = await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId));
    await admin.client.request('POST', `/api/mercadopago/sandbox/checkout/${checkout.id}`, 'decision=approve', { 'content-type': 'application/x-www-form-urlencoded' });
    expect((await company(companyId)).subscriptionStatus).toBe('active');
    for (const p of ['c', 'd', 'e']) expect((await admin.client.post('/api/company/invite', { email: uniqueEmail(p) })).status).toBe(201);
    expectCleanError(await admin.client.post('/api/company/invite', { email: uniqueEmail('f') }), 403, /plan Profesional permite hasta 5 usuarios/);
  });
});

describe('expiry', () => {
  test('when the paid month ends the company is back on the free plan, with all its data', async () => {
    const { admin, companyId } = await subscribed('professional', true);
    const ids = await fileMany(admin.client, 11);
    const paid = await company(companyId);
    expect(paid).toMatchObject({ plan: 'professional', subscriptionStatus: 'active' });
    for (const p of ['a', 'b']) expect((await admin.client.post('/api/company/invite', { email: uniqueEmail(p) })).status).toBe(201);

    // Nothing to do while the month runs.
    expect(await expireSubscriptions(t.deps.db, new Date())).not.toContain(companyId);
    expect((await company(companyId)).plan).toBe('professional');

    const later = new Date(paid.currentPeriodEnd!.getTime() + 60_000);
    expect(await expireSubscriptions(t.deps.db, later)).toContain(companyId);
    const expired = await company(companyId);
    expect(expired).toMatchObject({ plan: 'free', subscriptionStatus: 'free', trialEndsAt: paid.trialEndsAt });
    expect(await expireSubscriptions(t.deps.db, later)).not.toContain(companyId);
    expect(await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'subscription.expired')))).toHaveLength(1);

    // The free plan's limits again; nothing deleted: expenses, invoices, and the members over the limit stay.
    expectCleanError(await fileExpense(admin.client, expenseFields(ids)), 403, /límite de 10 rendiciones/);
    expect(await expenseCount(companyId)).toBe(11);
    expect(await t.deps.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.companyId, companyId))).toHaveLength(1);
    const active = await t.deps.db.select().from(memberships).where(and(eq(memberships.companyId, companyId), eq(memberships.isActive, true)));
    expect(active).toHaveLength(3);
    expectCleanError(await admin.client.post('/api/company/invite', { email: uniqueEmail('c') }), 403, /plan Gratuito permite hasta 2 usuarios/);
    expect((await admin.client.get('/api/dashboard/stats')).body).toMatchObject({ monthlyLimit: 10, subscriptionStatus: 'free' });
    // The trial was used: choosing a paid plan again starts none.
    expect((await admin.client.post('/api/mercadopago/create-subscription', { planId: 'basic' })).status).toBe(200);
    expect((await company(companyId)).subscriptionStatus).toBe('free');
  });

  test('limits follow the plan in force at once, before the expiry job rewrites the row', async () => {
    const { admin, companyId } = await subscribed('professional', false);
    expect((await admin.client.get('/api/auth/user')).body).toMatchObject({ subscriptionStatus: 'trial', planId: 'professional' });
    const ids = await fileMany(admin.client, 10);
    await t.deps.db.update(companies).set({ trialEndsAt: new Date(Date.now() - 1000) }).where(eq(companies.id, companyId));

    expect(await company(companyId)).toMatchObject({ plan: 'professional', subscriptionStatus: 'trial' });
    expect((await admin.client.get('/api/auth/user')).body).toMatchObject({ subscriptionStatus: 'free', planId: 'free' });
    expectCleanError(await fileExpense(admin.client, expenseFields(ids)), 403, /límite de 10 rendiciones/);
    expect((await admin.client.get('/api/company/current')).body).toMatchObject({ subscriptionStatus: 'free', subscriptionPlan: 'free' });

    expect(await expireSubscriptions(t.deps.db)).toContain(companyId);
    expect(await company(companyId)).toMatchObject({ plan: 'free', subscriptionStatus: 'free' });
  });

  test('a plan assigned by hand, without a period, does not expire', async () => {
    const admin = await registerUser(t);
    const companyId = admin.user.currentCompanyId as string;
    await t.deps.db.update(companies).set({ plan: 'enterprise', subscriptionStatus: 'active' }).where(eq(companies.id, companyId));
    expect(await expireSubscriptions(t.deps.db, new Date(Date.now() + 365 * 86_400_000))).not.toContain(companyId);
    expect((await admin.client.get('/api/auth/user')).body).toMatchObject({ subscriptionStatus: 'pro', planId: 'enterprise' });
  });
});
