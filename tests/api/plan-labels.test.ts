import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { companies } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerUser } from '../helpers/factories.js';

// Issue 16 item 2: a company on Básico reads as Básico with its 50-a-month limit (not 'Pro - Ilimitado') in the
// session, the dashboard stats and the company stats the shell and the company page are drawn from.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function companyOn(plan: 'basic' | 'professional' | 'free') {
  const admin = await registerUser(t);
  const companyId = admin.user.currentCompanyId as string;
  const periodEnd = new Date(Date.now() + 20 * 86_400_000);
  if (plan !== 'free') await t.deps.db.update(companies).set({ plan, subscriptionStatus: 'active', currentPeriodEnd: periodEnd }).where(eq(companies.id, companyId));
  return admin;
}

describe('the plan in force and its limit', () => {
  test('Básico: the session, dashboard stats and company stats say basic with 50 a month', async () => {
    const { client } = await companyOn('basic');
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ planId: 'basic', subscriptionStatus: 'pro' });
    const dash = await client.get('/api/dashboard/stats');
    expect(dash.status).toBe(200);
    expect(dash.body).toMatchObject({ monthlyLimit: 50, monthlyExpenses: 0 });
    const stats = await client.get('/api/company/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ planId: 'basic' });
  });

  test('Profesional is unlimited and free keeps 10', async () => {
    const pro = await companyOn('professional');
    expect((await pro.client.get('/api/dashboard/stats')).body).toMatchObject({ monthlyLimit: null });
    expect((await pro.client.get('/api/company/stats')).body).toMatchObject({ planId: 'professional' });
    const free = await companyOn('free');
    expect((await free.client.get('/api/dashboard/stats')).body).toMatchObject({ monthlyLimit: 10 });
    expect((await free.client.get('/api/company/stats')).body).toMatchObject({ planId: 'free' });
  });

  test('no session: 401', async () => {
    expect((await t.client().get('/api/company/stats')).status).toBe(401);
  });
});
