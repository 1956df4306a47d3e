import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { auditLog, companies, paymentCheckouts, rateLimits, sandboxPayments, subscriptionInvoices, users } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { registerUser } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';

// The embedded default (no MERCADOPAGO_ACCESS_TOKEN): our own 'Modo de prueba' checkout page, whose buttons record a
// sandbox payment and then run the same payment processing as a verified MercadoPago notification.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.deps.db.delete(rateLimits);
});

async function company(id: string) {
  const [c] = await t.deps.db.select().from(companies).where(eq(companies.id, id));
  return c;
}
const invoicesOf = (companyId: string) => t.deps.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.companyId, companyId));

/** What the page's form sends: a same-origin urlencoded POST. */
function decide(client: TestClient, path: string, decision: string, origin?: string) {
  return client.request('POST', path, `decision=${decision}`, { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) });
}

async function sandboxCheckout(planId = 'professional') {
  const admin = await registerUser(t);
  const companyId = admin.user.currentCompanyId as string;
  const res = await admin.client.post('/api/mercadopago/create-subscription', { planId });
  expect(res.status).toBe(200);
  const [checkout] = await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId));
  const path = `/api/mercadopago/sandbox/checkout/${checkout.id}`;
  return { admin, companyId, checkout, res, path };
}

describe('sandbox checkout', () => {
  test('create-subscription answers our own checkout page, labelled as test mode', async () => {
    const { admin, checkout, res, path } = await sandboxCheckout('professional');
    expect(res.body).toEqual({ preferenceId: `sandbox-${checkout.id}`, initPoint: `${t.baseUrl}${path}`, sandbox: true, quote: expect.objectContaining({ kind: 'new', amount: checkout.amount }) });
    expect(checkout).toMatchObject({ provider: 'sandbox', amount: 15000, planId: 'professional' });

    const page = await admin.client.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.body).toContain('Modo de prueba — no se cobra dinero real');
    expect(page.body).toContain('Profesional');
    expect(page.body).toContain('$15.000');
    expect(page.body).toMatch(new RegExp(`<form method="post" action="${path}">`));
    expect(page.body).toContain('value="approve">Aprobar pago</button>');
    expect(page.body).toContain('value="reject">Rechazar pago</button>');
  });

  test('only a signed-in member of the checkout’s company sees or uses the page', async () => {
    const { companyId, path } = await sandboxCheckout('basic');
    expect((await t.client().get(path)).status).toBe(401);
    expect((await decide(t.client(), path, 'approve')).status).toBe(401);
    const stranger = await registerUser(t);
    expect((await stranger.client.get(path)).status).toBe(404);
    expect((await decide(stranger.client, path, 'approve')).status).toBe(404);
    expect((await stranger.client.get('/api/mercadopago/sandbox/checkout/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect(await invoicesOf(companyId)).toHaveLength(0);
    expect((await company(companyId)).subscriptionStatus).toBe('trial');
  });

  test('a POST from another origin is refused (CSRF) and pays nothing', async () => {
    const { admin, companyId, checkout, path } = await sandboxCheckout('basic');
    expectCleanError(await decide(admin.client, path, 'approve', 'https://evil.example'), 403);
    expect(await t.deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.checkoutId, checkout.id))).toHaveLength(0);
    expect((await company(companyId)).subscriptionStatus).toBe('trial');
    expect((await decide(admin.client, path, 'maybe')).status).toBe(400);
  });

  test('reject records a failed invoice; approve activates the plan through the payment path, once', async () => {
    const { admin, companyId, checkout, path } = await sandboxCheckout('professional');
    const trialEndsAt = (await company(companyId)).trialEndsAt!;

    const rejected = await decide(admin.client, path, 'reject');
    expect(rejected.status).toBe(303);
    expect(rejected.headers.get('location')).toMatch(/^\/subscription-failure\?status=rejected&payment_id=\d+&external_reference=/);
    expect(await invoicesOf(companyId)).toEqual([expect.objectContaining({ status: 'failed', provider: 'sandbox', totalAmount: 15000 })]);
    expect((await company(companyId)).subscriptionStatus).toBe('trial');

    const approved = await decide(admin.client, path, 'approve');
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toMatch(/^\/subscription-success\?status=approved&payment_id=\d+/);
    expect(await company(companyId)).toMatchObject({ plan: 'professional', subscriptionStatus: 'active', currentPeriodStart: trialEndsAt });
    const list = await admin.client.get('/api/subscription/invoices');
    expect(list.body.map((i: { status: string }) => i.status)).toEqual(['paid', 'failed']);
    expect(list.body[0]).toMatchObject({ subscriptionPlan: 'professional', paymentMethod: 'sandbox', amount: 12605, taxAmount: 2395, totalAmount: 15000, invoiceNumber: expect.stringMatching(/^RDX-\d{6}$/) });
    const activated = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'subscription.activated')));
    expect(activated).toHaveLength(1);

    // A second click, or the page opened again, pays nothing twice.
    const again = await decide(admin.client, path, 'approve');
    expect(again.headers.get('location')).toMatch(/^\/subscription-success/);
    expect((await decide(admin.client, path, 'reject')).headers.get('location')).toMatch(/^\/subscription-success/);
    expect(await t.deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.checkoutId, checkout.id))).toHaveLength(2);
    expect(await invoicesOf(companyId)).toHaveLength(2);
    expect((await admin.client.get(path)).body).toContain('Este pago ya fue aprobado');
    expect((await admin.client.get('/api/auth/user')).body).toMatchObject({ subscriptionStatus: 'pro', planId: 'professional' });
  });

  test('status and the connection test say test mode; a test preference activates nothing', async () => {
    const admin = await registerUser(t);
    const status = await admin.client.get('/api/mercadopago/status');
    expect(status.body.data).toMatchObject({ accessTokenConfigured: false, publicKeyConfigured: false, serviceInitialized: true, sandbox: true });
    await t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, admin.user.id));
    const conn = await admin.client.get('/api/mercadopago/test');
    expect(conn.body).toMatchObject({ status: 'warning', message: expect.stringContaining('Modo de prueba'), details: { mode: 'sandbox' } });
    const pref = await admin.client.post('/api/mercadopago/test-preference', { planId: 'basic' });
    expect(pref.body).toMatchObject({ status: 'warning', message: expect.stringContaining('Modo de prueba'), testData: { planId: 'basic', amount: 9990 } });
    const page = await admin.client.get(new URL(pref.body.initPoint).pathname);
    expect(page.body).toContain('no hay nada que pagar');
    expect(await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, admin.user.currentCompanyId))).toHaveLength(0);
  });
});
