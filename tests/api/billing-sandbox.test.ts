import { request as httpRequest } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog, companies, paymentCheckouts, sandboxPayments, subscriptionInvoices, users } from '../../src/server/db/schema/index.js';
import { testAppForFile, type TestClient } from '../helpers/app.js';
import { registerUser } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';

// The embedded default (no MERCADOPAGO_ACCESS_TOKEN): our own 'Modo de prueba' checkout page, whose buttons record a
// sandbox payment and then run the same payment processing as a verified MercadoPago notification.

const t = testAppForFile({ freshRateLimits: true });

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
    // Nobody of the company opened the page: no trial started.
    expect((await company(companyId)).subscriptionStatus).toBe('free');
  });

  test('a POST from another origin is refused (CSRF) and pays nothing', async () => {
    const { admin, companyId, checkout, path } = await sandboxCheckout('basic');
    expectCleanError(await decide(admin.client, path, 'approve', 'https://evil.example'), 403);
    expect(await t.deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.checkoutId, checkout.id))).toHaveLength(0);
    expect((await company(companyId)).subscriptionStatus).toBe('free');
    expect((await decide(admin.client, path, 'maybe')).status).toBe(400);
  });

  test('reject records a failed invoice; approve activates the plan through the payment path, once', async () => {
    const { admin, companyId, checkout, path } = await sandboxCheckout('professional');
    expect((await admin.client.get(path)).status).toBe(200);
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

describe('links follow the host the app was opened at (issue 16 item 9)', () => {
  test('without APP_URL the checkout link and back URLs use the request’s Host, not localhost', async () => {
    const saved = t.deps.appUrl;
    // The server's default base (main.ts: http://localhost:PORT), while the browser uses 127.0.0.1.
    t.deps.appUrl = saved.replace('127.0.0.1', 'localhost');
    try {
      const { res, path } = await sandboxCheckout('basic');
      expect(res.body.initPoint).toBe(`${t.baseUrl}${path}`);
      expect(new URL(res.body.initPoint).host).toBe(new URL(t.baseUrl).host);
    } finally {
      t.deps.appUrl = saved;
    }
  });

  test('a Host that is not a plain host[:port] is ignored: the link falls back to the app’s base URL', async () => {
    const admin = await registerUser(t);
    const cookie = [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { port } = new URL(t.baseUrl);
    const forged = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = JSON.stringify({ planId: 'basic' });
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/mercadopago/create-subscription', method: 'POST', headers: { host: 'evil.example/"><x', origin: 'http://evil.example/"><x', cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (r) => {
          let text = '';
          r.on('data', (c) => (text += c));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    // Either refused outright or answered with the app's own base: never the forged host.
    expect(forged.body).not.toContain('evil.example');
    if (forged.status === 200) expect(JSON.parse(forged.body).initPoint.startsWith(t.deps.appUrl)).toBe(true);
  });

  test('with APP_URL set the links always use it', async () => {
    const savedUrl = t.deps.appUrl;
    const savedEnv = t.deps.env.APP_URL;
    t.deps.env.APP_URL = 'https://rendix.example.cl';
    t.deps.appUrl = 'https://rendix.example.cl';
    try {
      const { res, path } = await sandboxCheckout('basic');
      expect(res.body.initPoint).toBe(`https://rendix.example.cl${path}`);
    } finally {
      t.deps.appUrl = savedUrl;
      t.deps.env.APP_URL = savedEnv;
    }
  });
});

describe('the trial starts when the checkout is opened or paid, not when the preference is created (issue 16 item 9)', () => {
  test('creating a preference alone starts no trial; a signed-out visit starts none; opening the page does, once', async () => {
    const { admin, companyId, path } = await sandboxCheckout('professional');
    expect(await company(companyId)).toMatchObject({ plan: 'free', subscriptionStatus: 'free', trialEndsAt: null });
    expect((await t.client().get(path)).status).toBe(401);
    expect((await company(companyId)).subscriptionStatus).toBe('free');

    expect((await admin.client.get(path)).status).toBe(200);
    const c = await company(companyId);
    expect(c).toMatchObject({ plan: 'professional', subscriptionStatus: 'trial' });
    expect(c.trialEndsAt).not.toBeNull();
    expect((await admin.client.get(path)).status).toBe(200);
    expect((await company(companyId)).trialEndsAt).toEqual(c.trialEndsAt);
    const trials = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'subscription.trial_started')));
    expect(trials).toHaveLength(1);
  });

  test('paying without having opened the page starts the trial and the paid month after it', async () => {
    const { admin, companyId, path } = await sandboxCheckout('basic');
    expect((await decide(admin.client, path, 'approve')).status).toBe(303);
    const c = await company(companyId);
    expect(c.trialEndsAt).not.toBeNull();
    expect(c).toMatchObject({ plan: 'basic', subscriptionStatus: 'active', currentPeriodStart: c.trialEndsAt });
  });

  test('the expired-session page sends to sign-in with the way back to the checkout', async () => {
    const { path } = await sandboxCheckout('basic');
    const page = await t.client().get(path);
    expect(page.status).toBe(401);
    expect(page.body).toContain(`href="/auth?next=${encodeURIComponent(path)}"`);
  });
});
