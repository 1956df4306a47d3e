import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { companies, expenses, memberships, users } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerUser, uniqueEmail, verifyEmailByLink } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';

// Memberships, switching company, the current company and the dashboard stats, with tenant isolation.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Registered = Awaited<ReturnType<typeof registerUser>>;

async function addMembership(userId: string, companyId: string, role: 'admin' | 'manager' | 'employee' = 'employee') {
  await t.deps.db.insert(memberships).values({ userId, companyId, role });
}

/** Files `n` expenses directly in the table (the expense API is not part of the foundation). */
async function insertExpenses(companyId: string, userId: string, n: number, status = 'pending') {
  const [c] = await t.deps.db.select().from(companies).where(eq(companies.id, companyId));
  const rows = Array.from({ length: n }, (_, i) => ({
    companyId,
    userId,
    expenseNumber: c.nextExpenseNumber + i,
    date: new Date().toISOString().slice(0, 10),
    amount: '12990.00',
    amountClp: 12990,
    description: `Almuerzo con cliente ${i + 1}`,
    status,
  }));
  await t.deps.db.insert(expenses).values(rows);
  await t.deps.db.update(companies).set({ nextExpenseNumber: c.nextExpenseNumber + n }).where(eq(companies.id, companyId));
}

const currentCompanyOf = async (r: Registered) => (await r.client.get('/api/auth/user')).body.currentCompanyId as string;

describe('GET /api/user/memberships', () => {
  test("lists the user's own company with role admin", async () => {
    const a = await registerUser(t, { companyName: 'Ferretería Los Aromos' });
    const res = await a.client.get('/api/user/memberships');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      companyId: a.user.currentCompanyId,
      role: 'admin',
      company: { id: a.user.currentCompanyId, name: 'Ferretería Los Aromos' },
    });
    expect(typeof res.body[0].id).toBe('string');
  });

  test('lists an added membership with its role, and not an inactive one', async () => {
    const a = await registerUser(t, { companyName: 'Zeta Ltda' });
    const b = await registerUser(t, { companyName: 'Alfa SpA' });
    const c = await registerUser(t, { companyName: 'Beta SpA' });
    await addMembership(a.user.id, b.user.currentCompanyId, 'employee');
    await t.deps.db.insert(memberships).values({ userId: a.user.id, companyId: c.user.currentCompanyId, role: 'admin', isActive: false });

    const res = await a.client.get('/api/user/memberships');
    expect(res.status).toBe(200);
    const byCompany = Object.fromEntries(res.body.map((m: any) => [m.companyId, m.role]));
    expect(byCompany).toEqual({ [a.user.currentCompanyId]: 'admin', [b.user.currentCompanyId]: 'employee' });
    // Ordered by company name.
    expect(res.body.map((m: any) => m.company.name)).toEqual(['Alfa SpA', 'Zeta Ltda']);
  });

  test('401 without a session', async () => {
    expectCleanError(await t.client().get('/api/user/memberships'), 401);
  });
});

describe('POST /api/user/switch-company', () => {
  let a: Registered;
  let b: Registered;
  beforeAll(async () => {
    a = await registerUser(t, { companyName: 'Empresa de Ana' });
    b = await registerUser(t, { companyName: 'Empresa de Bruno' });
  });

  test('to a company the user does not belong to: 404 and the current company is unchanged', async () => {
    const res = await a.client.post('/api/user/switch-company', { companyId: b.user.currentCompanyId });
    expectCleanError(res, 404, 'Empresa no encontrada.');
    expect(await currentCompanyOf(a)).toBe(a.user.currentCompanyId);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row.currentCompanyId).toBe(a.user.currentCompanyId);
    expect((await a.client.get('/api/company/current')).body.id).toBe(a.user.currentCompanyId);
  });

  test('to a company that does not exist: 404', async () => {
    const res = await a.client.post('/api/user/switch-company', { companyId: '00000000-0000-4000-8000-000000000000' });
    expectCleanError(res, 404);
    expect(await currentCompanyOf(a)).toBe(a.user.currentCompanyId);
  });

  test('an invalid uuid is 400 naming companyId', async () => {
    const res = await a.client.post('/api/user/switch-company', { companyId: 'no-es-uuid' });
    expectCleanError(res, 400, 'Empresa inválida');
    expect(res.body.field).toBe('companyId');
    expectCleanError(await a.client.post('/api/user/switch-company', {}), 400);
  });

  test('401 without a session', async () => {
    expectCleanError(await t.client().post('/api/user/switch-company', { companyId: b.user.currentCompanyId }), 401);
  });

  test('to a company the user belongs to: 200, then the session works on that company with that role', async () => {
    const c = await registerUser(t, { companyName: 'Constructora Cordillera' });
    const d = await registerUser(t, { companyName: 'Distribuidora Sur' });
    const dCompany = d.user.currentCompanyId;
    await addMembership(c.user.id, dCompany, 'employee');

    const res = await c.client.post('/api/user/switch-company', { companyId: dCompany });
    expect(res.status).toBe(200);
    expect(res.body.companyId).toBe(dCompany);
    expect(typeof res.body.message).toBe('string');

    const me = await c.client.get('/api/auth/user');
    expect(me.body.currentCompanyId).toBe(dCompany);
    const current = await c.client.get('/api/company/current');
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ id: dCompany, name: 'Distribuidora Sur', userRole: 'employee', userCount: 2 });

    // And back.
    expect((await c.client.post('/api/user/switch-company', { companyId: c.user.currentCompanyId })).status).toBe(200);
    expect((await c.client.get('/api/company/current')).body).toMatchObject({ id: c.user.currentCompanyId, userRole: 'admin' });
  });

  test('a deactivated membership cannot be switched to, and stops being the current company', async () => {
    const e = await registerUser(t, { companyName: 'Exportadora Elqui' });
    const f = await registerUser(t, { companyName: 'Frutícola Frutillar' });
    const fCompany = f.user.currentCompanyId;
    await addMembership(e.user.id, fCompany, 'admin');
    expect((await e.client.post('/api/user/switch-company', { companyId: fCompany })).status).toBe(200);
    expect((await e.client.get('/api/company/current')).body.id).toBe(fCompany);

    await t.deps.db
      .update(memberships)
      .set({ isActive: false })
      .where(and(eq(memberships.userId, e.user.id), eq(memberships.companyId, fCompany)));

    const current = await e.client.get('/api/company/current');
    expect(current.body.id).toBe(e.user.currentCompanyId);
    expect(current.body.userRole).toBe('admin');
    expect(await currentCompanyOf(e)).toBe(e.user.currentCompanyId);
    expectCleanError(await e.client.post('/api/user/switch-company', { companyId: fCompany }), 404);
  });
});

describe('GET /api/company/current', () => {
  test('returns the Company fields of part 2 §3 with correct counts', async () => {
    const a = await registerUser(t, { companyName: 'Comercial Valparaíso' });
    const b = await registerUser(t, { companyName: 'Otra Empresa' });
    const companyId = a.user.currentCompanyId;

    const empty = await a.client.get('/api/company/current');
    expect(empty.status).toBe(200);
    const fields = ['id', 'name', 'domain', 'taxId', 'address', 'companyCode', 'subscriptionStatus', 'subscriptionPlan', 'userRole', 'userCount', 'expenseCount', 'hasActiveAdmin', 'createdAt'];
    for (const f of fields) expect(empty.body, f).toHaveProperty(f);
    expect(empty.body).toMatchObject({
      id: companyId,
      name: 'Comercial Valparaíso',
      domain: null,
      taxId: null,
      address: null,
      subscriptionStatus: 'free',
      subscriptionPlan: 'free',
      userRole: 'admin',
      userCount: 1,
      expenseCount: 0,
    });
    expect(empty.body.companyCode).toMatch(/^[A-Z0-9]{4,12}$/);
    expect(new Date(empty.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Another member (active), an inactive one, three expenses here and two in another company.
    const c = await registerUser(t);
    const d = await registerUser(t);
    await addMembership(c.user.id, companyId, 'employee');
    await t.deps.db.insert(memberships).values({ userId: d.user.id, companyId, role: 'employee', isActive: false });
    await insertExpenses(companyId, a.user.id, 2);
    await insertExpenses(companyId, c.user.id, 1, 'approved');
    await insertExpenses(b.user.currentCompanyId, b.user.id, 2);

    const res = await a.client.get('/api/company/current');
    expect(res.body).toMatchObject({ id: companyId, userCount: 2, expenseCount: 3 });
    expect((await b.client.get('/api/company/current')).body).toMatchObject({ userCount: 1, expenseCount: 2 });
  });

  test('user A can never read company B, even with B saved as their current company', async () => {
    const a = await registerUser(t, { companyName: 'Empresa A' });
    const b = await registerUser(t, { companyName: 'Empresa B' });
    // A stale or forged pointer to B in A's row must not grant access.
    await t.deps.db.update(users).set({ currentCompanyId: b.user.currentCompanyId }).where(eq(users.id, a.user.id));

    const current = await a.client.get('/api/company/current');
    expect(current.status).toBe(200);
    expect(current.body.id).toBe(a.user.currentCompanyId);
    expect(current.body.name).toBe('Empresa A');
    expect(JSON.stringify(current.body)).not.toContain(b.user.currentCompanyId);
    expect(await currentCompanyOf(a)).toBe(a.user.currentCompanyId);
    const memberships = await a.client.get('/api/user/memberships');
    expect(memberships.body.map((m: any) => m.companyId)).toEqual([a.user.currentCompanyId]);
  });

  test('401 without a session', async () => {
    expectCleanError(await t.client().get('/api/company/current'), 401);
  });
});

describe('GET /api/dashboard/stats', () => {
  test('a new free company: zeros, monthlyExpenses 0 and monthlyLimit 10', async () => {
    const a = await registerUser(t);
    const res = await a.client.get('/api/dashboard/stats');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalExpenses: 0,
      pendingExpenses: 0,
      approvedExpenses: 0,
      monthlyExpenses: 0,
      monthlyLimit: 10,
      subscriptionStatus: 'free',
    });
    expect(Number(res.body.totalAmount)).toBe(0);
  });

  test('counts this month\'s expenses of the own company only', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    await insertExpenses(a.user.currentCompanyId, a.user.id, 2);
    await insertExpenses(a.user.currentCompanyId, a.user.id, 1, 'approved');
    await insertExpenses(b.user.currentCompanyId, b.user.id, 4);
    const res = await a.client.get('/api/dashboard/stats');
    expect(res.body).toMatchObject({ totalExpenses: 3, pendingExpenses: 2, approvedExpenses: 1, monthlyExpenses: 3, monthlyLimit: 10 });
    expect(Number(res.body.totalAmount)).toBe(3 * 12990);
  });

  test('the partner plan has no monthly limit (once the e-mail is verified)', async () => {
    const client = t.client();
    const email = uniqueEmail('niu');
    const reg = await client.post('/api/auth/register-niudata', {
      firstName: 'Nico',
      lastName: 'Díaz',
      email,
      companyName: 'Partner SpA',
      password: 'secreto123',
      confirmPassword: 'secreto123',
    });
    expect(reg.status).toBe(201);
    expect((await client.get('/api/dashboard/stats')).body.monthlyLimit).toBe(10);
    await verifyEmailByLink(t, email);
    const res = await client.get('/api/dashboard/stats');
    expect(res.status).toBe(200);
    expect(res.body.monthlyLimit).toBeNull();
    expect(res.body.subscriptionStatus).toBe('pro');
  });

  test('401 without a session', async () => {
    expectCleanError(await t.client().get('/api/dashboard/stats'), 401);
  });
});
