import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, memberships, users } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerSuperAdmin, registerUser } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';

// Issue 14 item 3: a super admin enters any company from the switcher; every entry into a company they do not belong
// to is in that company's audit trail, and the session view says whose company is being viewed so the top bar shows it.

const UNKNOWN = '6f1c2a57-2222-4c3e-9d55-0a1b2c3d4e5f';
const ENTERED = 'company.super_admin_entered';
const LEFT = 'company.super_admin_left';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => t?.close());

type Registered = Awaited<ReturnType<typeof registerUser>>;

async function auditRows(companyId: string, action: string) {
  return t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)));
}

async function savedCompanyOf(userId: string) {
  const [row] = await t.deps.db.select({ currentCompanyId: users.currentCompanyId }).from(users).where(eq(users.id, userId));
  return row.currentCompanyId;
}

describe('a super admin entering a company they do not belong to', () => {
  let root: Registered;
  let customer: Registered;
  let customerCompany: string;
  beforeAll(async () => {
    root = await registerSuperAdmin(t, { firstName: 'Operadora', companyName: 'Rendix Operaciones SpA' });
    customer = await registerUser(t, { companyName: 'Ferretería Los Andes Ltda' });
    customerCompany = customer.user.currentCompanyId as string;
  });

  test('own company: the session view says not viewing as super admin', async () => {
    const me = await root.client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      isSuperAdmin: true,
      currentCompanyId: root.user.currentCompanyId,
      currentCompanyName: 'Rendix Operaciones SpA',
      viewingAsSuperAdmin: false,
      role: 'admin',
    });
  });

  test('200, one audit row with actor, company and time, and the session view says viewing as super admin', async () => {
    const before = Date.now();
    const res = await root.client.post('/api/user/switch-company', { companyId: customerCompany });
    expect(res.status).toBe(200);
    expect(res.body.companyId).toBe(customerCompany);

    const rows = await auditRows(customerCompany, ENTERED);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: root.user.id, entityType: 'company', entityId: customerCompany });
    expect(rows[0].changes).toMatchObject({ companyName: 'Ferretería Los Andes Ltda', fromCompanyId: root.user.currentCompanyId });
    expect(rows[0].createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);

    const me = await root.client.get('/api/auth/user');
    expect(me.body).toMatchObject({
      currentCompanyId: customerCompany,
      currentCompanyName: 'Ferretería Los Andes Ltda',
      viewingAsSuperAdmin: true,
      role: 'admin',
    });
    // The company's screens now answer for that company, with the super admin acting as its admin.
    expect((await root.client.get('/api/company/current')).body).toMatchObject({ id: customerCompany, userRole: 'admin' });
    expect((await root.client.get('/api/company/users')).status).toBe(200);
    // The customer's own view is unchanged.
    expect((await customer.client.get('/api/auth/user')).body).toMatchObject({ currentCompanyId: customerCompany, viewingAsSuperAdmin: false });
  });

  test('switching again to the company already open writes no second entry', async () => {
    expect((await root.client.post('/api/user/switch-company', { companyId: customerCompany })).status).toBe(200);
    expect(await auditRows(customerCompany, ENTERED)).toHaveLength(1);
  });

  test('leaving: back to the own company, the exit is audited, and leaving twice is 409', async () => {
    const res = await root.client.post('/api/user/exit-company-view');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ companyId: root.user.currentCompanyId, message: 'Saliste de Ferretería Los Andes Ltda' });
    const left = await auditRows(customerCompany, LEFT);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ actorUserId: root.user.id, entityId: customerCompany });

    const me = await root.client.get('/api/auth/user');
    expect(me.body).toMatchObject({ currentCompanyId: root.user.currentCompanyId, viewingAsSuperAdmin: false });
    expectCleanError(await root.client.post('/api/user/exit-company-view'), 409, 'No estás viendo ninguna empresa como super admin.');
  });

  test('entering again later is a new entry', async () => {
    expect((await root.client.post('/api/user/switch-company', { companyId: customerCompany })).status).toBe(200);
    expect(await auditRows(customerCompany, ENTERED)).toHaveLength(2);
    expect((await root.client.post('/api/user/switch-company', { companyId: root.user.currentCompanyId })).status).toBe(200);
  });

  test('switching into their own membership writes no entry', async () => {
    const own = root.user.currentCompanyId as string;
    // From the customer's company back to their own, and from their own to a second company they belong to.
    expect((await root.client.post('/api/user/switch-company', { companyId: customerCompany })).status).toBe(200);
    expect((await root.client.post('/api/user/switch-company', { companyId: own })).status).toBe(200);
    const second = await registerUser(t, { companyName: 'Segunda SpA' });
    await t.deps.db.insert(memberships).values({ userId: root.user.id, companyId: second.user.currentCompanyId, role: 'employee' });
    expect((await root.client.post('/api/user/switch-company', { companyId: second.user.currentCompanyId })).status).toBe(200);
    expect(await auditRows(own, ENTERED)).toHaveLength(0);
    expect(await auditRows(second.user.currentCompanyId, ENTERED)).toHaveLength(0);
    expect((await root.client.get('/api/auth/user')).body).toMatchObject({ viewingAsSuperAdmin: false, role: 'employee' });
    expect((await root.client.post('/api/user/switch-company', { companyId: own })).status).toBe(200);
  });

  test('a deactivated membership is no membership: entering it is audited as a super admin visit', async () => {
    const former = await registerUser(t, { companyName: 'Antigua Empresa SpA' });
    const formerCompany = former.user.currentCompanyId as string;
    await t.deps.db.insert(memberships).values({ userId: root.user.id, companyId: formerCompany, role: 'employee', isActive: false });
    expect((await root.client.post('/api/user/switch-company', { companyId: formerCompany })).status).toBe(200);
    expect(await auditRows(formerCompany, ENTERED)).toHaveLength(1);
    expect((await root.client.get('/api/auth/user')).body).toMatchObject({ viewingAsSuperAdmin: true, role: 'admin' });
    expect((await root.client.post('/api/user/exit-company-view')).status).toBe(200);
  });

  test('an unknown company id: 404, nothing changes and nothing is audited', async () => {
    const own = await savedCompanyOf(root.user.id);
    expectCleanError(await root.client.post('/api/user/switch-company', { companyId: UNKNOWN }), 404, 'Empresa no encontrada.');
    expect(await savedCompanyOf(root.user.id)).toBe(own);
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, UNKNOWN))).toHaveLength(0);
  });
});

describe('a super admin without any company of their own', () => {
  test('enters a company, then leaving leaves them with no company', async () => {
    const root = await registerSuperAdmin(t);
    // Like the demo's superadmin@rendix.cl: the flag and no membership.
    await t.deps.db.delete(memberships).where(eq(memberships.userId, root.user.id));
    await t.deps.db.update(users).set({ currentCompanyId: null }).where(eq(users.id, root.user.id));
    expect((await root.client.get('/api/auth/user')).body).toMatchObject({ currentCompanyId: null, currentCompanyName: null, viewingAsSuperAdmin: false });

    const customer = await registerUser(t, { companyName: 'Panadería La Espiga' });
    expect((await root.client.post('/api/user/switch-company', { companyId: customer.user.currentCompanyId })).status).toBe(200);
    const rows = await auditRows(customer.user.currentCompanyId, ENTERED);
    expect(rows).toHaveLength(1);
    expect(rows[0].changes).toMatchObject({ fromCompanyId: null });

    const res = await root.client.post('/api/user/exit-company-view');
    expect(res.status).toBe(200);
    expect(res.body.companyId).toBeNull();
    expect((await root.client.get('/api/auth/user')).body).toMatchObject({ currentCompanyId: null, viewingAsSuperAdmin: false });
  });
});

describe('who may enter', () => {
  test('a company admin switching into a company they do not belong to: 404, nothing audited', async () => {
    const admin = await registerUser(t);
    const other = await registerUser(t);
    expectCleanError(await admin.client.post('/api/user/switch-company', { companyId: other.user.currentCompanyId }), 404, 'Empresa no encontrada.');
    expect(await savedCompanyOf(admin.user.id)).toBe(admin.user.currentCompanyId);
    expect(await auditRows(other.user.currentCompanyId, ENTERED)).toHaveLength(0);
    expect((await admin.client.get('/api/auth/user')).body).toMatchObject({ viewingAsSuperAdmin: false });
  });

  test('leaving a super admin view: 409 for anyone not in one, 401 without a session', async () => {
    const admin = await registerUser(t);
    expectCleanError(await admin.client.post('/api/user/exit-company-view'), 409, 'No estás viendo ninguna empresa como super admin.');
    expect(await savedCompanyOf(admin.user.id)).toBe(admin.user.currentCompanyId);
    expectCleanError(await t.client().post('/api/user/exit-company-view'), 401);
    expectCleanError(await t.client().post('/api/user/switch-company', { companyId: admin.user.currentCompanyId }), 401);
  });
});
