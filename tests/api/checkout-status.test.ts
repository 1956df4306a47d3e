import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { memberships, paymentCheckouts, users } from '../../src/server/db/schema/index.js';
import { testAppForFile, type TestClient } from '../helpers/app.js';
import { registerSuperAdmin, registerUser } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';

// Issue 16 item 12 leftover: /subscription-success asks the server whether the payment or checkout in its URL is one
// of the current company's before saying 'Pago Exitoso'; made-up ids and another company's are not found.

const t = testAppForFile({ freshRateLimits: true });

const status = (client: TestClient, query: Record<string, string>) => client.get(`/api/subscription/checkout-status?${new URLSearchParams(query)}`);

/** An admin's sandbox checkout, opened, and optionally paid or refused on its page: the return URL's references. */
async function checkout(decision?: 'approve' | 'reject') {
  const admin = await registerUser(t);
  const companyId = admin.user.currentCompanyId as string;
  expect((await admin.client.post('/api/mercadopago/create-subscription', { planId: 'basic' })).status).toBe(200);
  const [row] = await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId));
  const path = `/api/mercadopago/sandbox/checkout/${row.id}`;
  expect((await admin.client.get(path)).status).toBe(200);
  let paymentId: string | null = null;
  if (decision) {
    const res = await admin.client.request('POST', path, `decision=${decision}`, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(303);
    paymentId = new URL(res.headers.get('location')!, t.baseUrl).searchParams.get('payment_id');
  }
  return { admin, companyId, checkoutId: row.id, preferenceId: row.preferenceId!, paymentId };
}

describe('GET /api/subscription/checkout-status', () => {
  test('a checkout not paid yet is pending; once approved its payment is paid; a refused one failed', async () => {
    const open = await checkout();
    const pending = await status(open.admin.client, { externalReference: open.checkoutId });
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({ checkoutId: open.checkoutId, planId: 'basic', planName: 'Básico', status: 'pending', paymentId: null });
    // MercadoPago's return URL also names the preference.
    expect((await status(open.admin.client, { preferenceId: open.preferenceId })).body).toMatchObject({ checkoutId: open.checkoutId, status: 'pending' });

    const paid = await checkout('approve');
    const res = await status(paid.admin.client, { paymentId: paid.paymentId!, externalReference: paid.checkoutId });
    expect(res.body).toEqual({ checkoutId: paid.checkoutId, planId: 'basic', planName: 'Básico', status: 'paid', paymentId: paid.paymentId });
    expect((await status(paid.admin.client, { paymentId: paid.paymentId! })).body).toMatchObject({ status: 'paid' });

    const refused = await checkout('reject');
    expect((await status(refused.admin.client, { paymentId: refused.paymentId! })).body).toMatchObject({ status: 'failed', paymentId: refused.paymentId });
    expect((await status(refused.admin.client, { externalReference: refused.checkoutId })).body).toMatchObject({ status: 'failed' });
  });

  test('made-up ids: 404 (a made-up payment id is never echoed back); no reference at all: 400', async () => {
    const paid = await checkout('approve');
    const c = paid.admin.client;
    for (const query of [{ paymentId: '123' }, { paymentId: 'abc' }, { externalReference: randomUUID() }, { externalReference: 'abc' }, { preferenceId: 'pref-inventada' }] as Record<string, string>[]) {
      expectCleanError(await status(c, query), 404, 'No encontramos ese pago en tu empresa.');
    }
    // A real checkout with a made-up payment: the checkout answers, with the payment it knows of, not the URL's.
    expect((await status(c, { paymentId: '99999999', externalReference: paid.checkoutId })).body).toMatchObject({ status: 'paid', paymentId: null });
    expectCleanError(await status(c, {}), 400);
    expectCleanError(await status(c, { paymentId: '' }), 400);
  });

  test("another company's payment, checkout or preference: 404", async () => {
    const paid = await checkout('approve');
    const stranger = await registerUser(t);
    for (const query of [{ paymentId: paid.paymentId! }, { externalReference: paid.checkoutId }, { preferenceId: paid.preferenceId }, { paymentId: paid.paymentId!, externalReference: paid.checkoutId }] as Record<string, string>[]) {
      expectCleanError(await status(stranger.client, query), 404);
    }
  });

  test('roles: any member of the company (the purchase history is for all); signed out 401; no company 400', async () => {
    const paid = await checkout('approve');
    const employee = await registerUser(t);
    await t.deps.db.insert(memberships).values({ userId: employee.user.id, companyId: paid.companyId, role: 'employee' });
    expect((await employee.client.post('/api/user/switch-company', { companyId: paid.companyId })).status).toBe(200);
    expect((await status(employee.client, { paymentId: paid.paymentId! })).body).toMatchObject({ status: 'paid' });

    expectCleanError(await status(t.client(), { paymentId: paid.paymentId! }), 401);

    // A super admin: with no company, 400; viewing another company, only that company's payments.
    const root = await registerSuperAdmin(t);
    expectCleanError(await status(root.client, { paymentId: paid.paymentId! }), 404);
    await t.deps.db.delete(memberships).where(eq(memberships.userId, root.user.id));
    await t.deps.db.update(users).set({ currentCompanyId: null }).where(eq(users.id, root.user.id));
    expectCleanError(await status(root.client, { paymentId: paid.paymentId! }), 400);
    expect((await root.client.post('/api/user/switch-company', { companyId: paid.companyId })).status).toBe(200);
    expect((await status(root.client, { paymentId: paid.paymentId! })).body).toMatchObject({ status: 'paid' });
  });
});
