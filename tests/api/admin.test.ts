import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { addOneMonth, expireSubscriptions } from '../../src/server/billing/plan-state.js';
import { DELIVER_JOB } from '../../src/server/billing-webhooks/delivery.js';
import {
  auditLog,
  categories,
  companies,
  emailOutbox,
  expenses,
  memberships,
  paymentCheckouts,
  paymentMethods,
  rateLimits,
  subscriptionInvoices,
  users,
} from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { catalogIds, companyWithEmployee, expenseFields, fileExpense, registerSuperAdmin, registerUser, uniqueEmail } from '../helpers/factories.js';
import { formatDate } from '../../src/shared/format.js';
import { expectCleanError } from '../helpers/http.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

// Part 2 §2.2, §2.9, §2.10, §7 'Super admin': the platform operator's API, its permission boundary, and what a manual
// plan assignment does (and never does).

const UNKNOWN = '6f1c2a57-1111-4c3e-9d55-0a1b2c3d4e5f';
const ONLY_SUPER = /^Solo el super admin/;

let t: TestApp;
let receiver: Receiver;
let root: TestClient;
let rootId: string;
/** Every job the app enqueues, by queue name (the billing-webhook deliveries among them). */
const sentJobs: { name: string; data: unknown }[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { BILLING_WEBHOOK_RETRY_BASE_MS: '200' } });
  receiver = await startReceiver();
  const send = t.deps.queue.send.bind(t.deps.queue);
  t.deps.queue.send = (async (name: string, data: object, options?: object) => {
    sentJobs.push({ name, data });
    return send(name, data, options);
  }) as typeof t.deps.queue.send;
  const sa = await registerSuperAdmin(t, { firstName: 'Operadora', lastName: 'Rendix' });
  root = sa.client;
  rootId = sa.user.id;
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.deps.db.delete(rateLimits);
});

/** A trial starts when the checkout is opened (not when the preference is created): create it and open the sandbox page. */
async function startTrial(client: TestClient, companyId: string, planId: string) {
  expect((await client.post('/api/mercadopago/create-subscription', { planId })).status).toBe(200);
  const [checkout] = await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId));
  expect((await client.get(`/api/mercadopago/sandbox/checkout/${checkout.id}`)).status).toBe(200);
}

async function companyRow(id: string) {
  const [c] = await t.deps.db.select().from(companies).where(eq(companies.id, id));
  return c;
}

/** A fresh company with a distinctive name; its admin is the returned client. */
async function namedCompany(companyName: string) {
  const admin = await registerUser(t, { companyName });
  return { admin, companyId: admin.user.currentCompanyId as string };
}

describe('permissions', () => {
  const routes: [string, (companyId: string, userId: string) => string, unknown?][] = [
    ['GET', () => '/api/admin/companies'],
    ['GET', () => '/api/admin/users'],
    ['GET', () => '/api/admin/subscription-stats'],
    ['GET', (c) => `/api/admin/company/${c}/users`],
    ['POST', (c) => `/api/admin/company/${c}/invite-user`, { email: 'nadie@example.cl', role: 'admin' }],
    ['POST', (c) => `/api/admin/company/${c}/change-user-role`, { userId: UNKNOWN, role: 'admin' }],
    ['DELETE', (c, u) => `/api/admin/company/${c}/users/${u}`],
    ['POST', (c) => `/api/admin/companies/${c}/assign-plan`, { planId: 'enterprise' }],
    ['POST', () => '/api/admin/initialize-categories', { companyId: UNKNOWN }],
    ['POST', () => '/api/admin/initialize-payment-methods', { companyId: UNKNOWN }],
  ];

  test('no session: 401; an employee or a company admin, even of that company: 403; nothing changes', async () => {
    const { admin, employee, companyId } = await companyWithEmployee(t);
    for (const [method, path, body] of routes) {
      const url = path(companyId, employee.user.id);
      expectCleanError(await t.client().request(method, url, body), 401);
      expectCleanError(await employee.client.request(method, url, body), 403, ONLY_SUPER);
      expectCleanError(await admin.client.request(method, url, body), 403, ONLY_SUPER);
      // A body the schema refuses is still 403: nobody but the super admin learns what the routes accept.
      if (body) expectCleanError(await admin.client.request(method, url, { nonsense: true }), 403, ONLY_SUPER);
    }
    const [m] = await t.deps.db.select().from(memberships).where(and(eq(memberships.companyId, companyId), eq(memberships.userId, employee.user.id)));
    expect(m.role).toBe('employee');
    expect((await companyRow(companyId)).plan).toBe('professional');
  });

  test('an API token is not a session: 401', async () => {
    const { admin } = await companyWithEmployee(t);
    const token = (await admin.client.post('/api/tokens', { name: 'ERP' })).body.token as string;
    expectCleanError(await t.client(null).get('/api/admin/companies', { authorization: `Bearer ${token}` }), 401);
  });
});

describe('GET /api/admin/companies', () => {
  test('newest first, a page at a time, with plan, state and counts from the data', async () => {
    const tag = `Lista${Date.now().toString(36)}`;
    const a = await namedCompany(`${tag} Alfa SpA`);
    const b = await namedCompany(`${tag} Beta SpA`);
    const c = await namedCompany(`${tag} Gamma SpA`);
    // Alfa: on Profesional for a paid month, 2 expenses, an employee, an invitation still pending (not a user yet).
    const periodEnd = new Date(Date.now() + 20 * 86_400_000);
    await t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active', currentPeriodStart: new Date(), currentPeriodEnd: periodEnd }).where(eq(companies.id, a.companyId));
    const employee = await registerUser(t);
    await t.deps.db.insert(memberships).values({ userId: employee.user.id, companyId: a.companyId, role: 'employee' });
    expect((await a.admin.client.post('/api/company/invite', { email: uniqueEmail('pendiente') })).status).toBe(201);
    const ids = await catalogIds(a.admin.client);
    for (let i = 0; i < 2; i++) expect((await fileExpense(a.admin.client, expenseFields(ids))).status).toBe(201);
    // Beta: in its 7-day trial of Básico. Gamma: its Profesional month ended (free limits, whatever the row says).
    await startTrial(b.admin.client, b.companyId, 'basic');
    await t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() - 60_000) }).where(eq(companies.id, c.companyId));

    const res = await root.get(`/api/admin/companies?search=${encodeURIComponent(tag)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(res.body.items.map((i: { name: string }) => i.name)).toEqual([`${tag} Gamma SpA`, `${tag} Beta SpA`, `${tag} Alfa SpA`]);
    const [gamma, beta, alfa] = res.body.items;
    const alfaRow = await companyRow(a.companyId);
    expect(alfa).toEqual({
      id: a.companyId,
      name: `${tag} Alfa SpA`,
      domain: null,
      companyCode: alfaRow.companyCode,
      planId: 'professional',
      planName: 'Profesional',
      subscriptionStatus: 'active',
      periodEnd: periodEnd.toISOString(),
      trialEndsAt: null,
      userCount: 2,
      expenseCount: 2,
      createdAt: alfaRow.createdAt.toISOString(),
    });
    expect(beta).toMatchObject({ planId: 'basic', planName: 'Básico', subscriptionStatus: 'trial', periodEnd: null, userCount: 1, expenseCount: 0 });
    expect(Date.parse(beta.trialEndsAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(gamma).toMatchObject({ planId: 'free', planName: 'Gratuito', subscriptionStatus: 'free', periodEnd: null });

    // Pages: 2 per page, the third company alone on page 2.
    const p1 = await root.get(`/api/admin/companies?search=${encodeURIComponent(tag)}&pageSize=2`);
    const p2 = await root.get(`/api/admin/companies?search=${encodeURIComponent(tag)}&pageSize=2&page=2`);
    expect(p1.body.items.map((i: { id: string }) => i.id)).toEqual([c.companyId, b.companyId]);
    expect(p2.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(p2.body.items.map((i: { id: string }) => i.id)).toEqual([a.companyId]);
    expect((await root.get(`/api/admin/companies?search=${encodeURIComponent(tag)}&page=3&pageSize=2`)).body.items).toEqual([]);

    // Without a search: every company, the newest first.
    const all = await root.get('/api/admin/companies?pageSize=100');
    const [{ n }] = await t.deps.db.select({ n: count() }).from(companies);
    expect(all.body.total).toBe(n);
    const created = all.body.items.map((i: { createdAt: string }) => i.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  test('search: name ignoring case, domain, code, exact id; pattern characters are literal', async () => {
    const tag = `Busq${Date.now().toString(36)}`;
    const { admin, companyId } = await namedCompany(`Comercial ${tag} Limitada`);
    const domain = `${tag.toLowerCase()}.cl`;
    expect((await admin.client.put(`/api/company/${companyId}`, { name: `Comercial ${tag} Limitada`, domain })).status).toBe(200);
    const code = (await companyRow(companyId)).companyCode;
    const found = async (search: string) => ((await root.get(`/api/admin/companies?search=${encodeURIComponent(search)}`)).body.items as { id: string }[]).map((i) => i.id);

    expect(await found(tag.toUpperCase())).toEqual([companyId]);
    expect(await found(`  ${domain} `)).toEqual([companyId]);
    expect(await found(code.toLowerCase())).toContain(companyId);
    expect(await found(companyId)).toEqual([companyId]);
    expect(await found(`${tag}%Limitada`)).toEqual([]);
    expect(await found(`Comercial_${tag}`)).toEqual([]);
    expect(await found('\\')).toEqual([]);
    expect(await found(UNKNOWN)).toEqual([]);
  });

  test('bad pages answer 400 in Spanish', async () => {
    expectCleanError(await root.get('/api/admin/companies?pageSize=101'), 400, 'Máximo 100 por página');
    expectCleanError(await root.get('/api/admin/companies?page=0'), 400, 'Página inválida');
    expectCleanError(await root.get('/api/admin/users?page=abc'), 400, 'Página inválida');
    expectCleanError(await root.get('/api/admin/users?search=%00'), 400);
  });
});

describe('GET /api/admin/users', () => {
  test('newest first, searchable by e-mail and name, with verification, super admin flag and companies', async () => {
    const tag = `usr${Date.now().toString(36)}`;
    const first = await registerUser(t, { email: uniqueEmail(tag), firstName: 'Ignacia', lastName: 'Mardones' });
    const second = await registerUser(t, { email: uniqueEmail(tag), firstName: 'Tomás', lastName: 'Pereira' });
    // `second` also belongs to `first`'s company (Profesional, for the seats); a pending invitation to a third address is no company yet.
    await t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active' }).where(eq(companies.id, first.user.currentCompanyId));
    await t.deps.db.insert(memberships).values({ userId: second.user.id, companyId: first.user.currentCompanyId, role: 'employee' });
    const invited = uniqueEmail(tag);
    expect((await first.client.post('/api/company/invite', { email: invited })).status).toBe(201);
    await t.deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, first.user.id));

    const res = await root.get(`/api/admin/users?search=${tag}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    const [inv, sec, fir] = res.body.items;
    expect(inv).toMatchObject({ email: invited, emailVerified: false, hasPassword: false, companyCount: 0, isSuperAdmin: false });
    expect(sec).toMatchObject({ id: second.user.id, firstName: 'Tomás', lastName: 'Pereira', emailVerified: false, hasPassword: true, companyCount: 2 });
    expect(fir).toEqual({
      id: first.user.id,
      email: first.email,
      firstName: 'Ignacia',
      lastName: 'Mardones',
      isSuperAdmin: false,
      emailVerified: true,
      hasPassword: true,
      companyCount: 1,
      createdAt: expect.any(String),
    });

    const byName = await root.get(`/api/admin/users?search=${encodeURIComponent('ignacia MARDONES')}`);
    expect(byName.body.items.map((u: { id: string }) => u.id)).toContain(first.user.id);
    expect((await root.get(`/api/admin/users?search=${first.user.id}`)).body.items.map((u: { id: string }) => u.id)).toEqual([first.user.id]);
    const page2 = await root.get(`/api/admin/users?search=${tag}&pageSize=2&page=2`);
    expect(page2.body.items.map((u: { id: string }) => u.id)).toEqual([first.user.id]);
    const me = (await root.get(`/api/admin/users?search=${rootId}`)).body.items[0];
    expect(me.isSuperAdmin).toBe(true);
  });
});

describe('GET /api/admin/subscription-stats', () => {
  test('companies, users, paid plans in force and their monthly revenue, expenses this month', async () => {
    const before = (await root.get('/api/admin/subscription-stats')).body;
    // One company on Profesional (15.000) for a month, one on Empresarial (25.000) assigned without period,
    // one whose Básico month ended, one in its trial, one free with 3 expenses this month and 1 from last year.
    const pro = await namedCompany('Stats Pro SpA');
    const ent = await namedCompany('Stats Empresarial SpA');
    const lapsed = await namedCompany('Stats Vencida SpA');
    const trial = await namedCompany('Stats Prueba SpA');
    const free = await namedCompany('Stats Gratis SpA');
    await t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active', currentPeriodStart: new Date(), currentPeriodEnd: addOneMonth(new Date()) }).where(eq(companies.id, pro.companyId));
    await t.deps.db.update(companies).set({ plan: 'enterprise', subscriptionStatus: 'active' }).where(eq(companies.id, ent.companyId));
    await t.deps.db.update(companies).set({ plan: 'basic', subscriptionStatus: 'active', currentPeriodEnd: new Date(Date.now() - 1000) }).where(eq(companies.id, lapsed.companyId));
    await startTrial(trial.admin.client, trial.companyId, 'professional');
    const ids = await catalogIds(free.admin.client);
    const filed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fileExpense(free.admin.client, expenseFields(ids));
      expect(res.status).toBe(201);
      filed.push(res.body.id);
    }
    await t.deps.db.update(expenses).set({ createdAt: new Date(Date.now() - 400 * 86_400_000) }).where(eq(expenses.id, filed[0]));

    const after = await root.get('/api/admin/subscription-stats');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      totalCompanies: before.totalCompanies + 5,
      totalUsers: before.totalUsers + 5,
      totalActiveSubscriptions: before.totalActiveSubscriptions + 2,
      totalMonthlyRevenue: before.totalMonthlyRevenue + 15_000 + 25_000,
      monthlyExpenses: before.monthlyExpenses + 3,
    });
    const [{ n: companyTotal }] = await t.deps.db.select({ n: count() }).from(companies);
    const [{ n: userTotal }] = await t.deps.db.select({ n: count() }).from(users);
    expect(after.body).toMatchObject({ totalCompanies: companyTotal, totalUsers: userTotal });
  });
});

describe("a company's users", () => {
  test('lists members and pending invitations like the company page; unknown company 404', async () => {
    const { admin, employee, companyId } = await companyWithEmployee(t);
    const invited = uniqueEmail('inv');
    expect((await admin.client.post('/api/company/invite', { email: invited })).status).toBe(201);
    const mine = (await admin.client.get('/api/company/users')).body;
    const res = await root.get(`/api/admin/company/${companyId}/users`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(mine);
    expect(res.body.map((u: { email: string }) => u.email).sort()).toEqual([admin.email, employee.email, invited].sort());
    expect(res.body.find((u: { email: string }) => u.email === invited)).toMatchObject({ invitationPending: true, role: 'employee' });
    expectCleanError(await root.get(`/api/admin/company/${UNKNOWN}/users`), 404, 'Empresa no encontrada.');
    expectCleanError(await root.get('/api/admin/company/no-es-uuid/users'), 400);
  });

  test('invite-user: a pending invitation with the chosen role, e-mailed; the company page rules hold', async () => {
    const { admin, employee, companyId } = await companyWithEmployee(t);
    const email = uniqueEmail('nuevo-admin');
    const res = await root.post(`/api/admin/company/${companyId}/invite-user`, { email: `  ${email.toUpperCase()} `, role: 'admin' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`Enviamos una invitación a ${email}.`);
    expect(res.body.user).toMatchObject({ email, role: 'admin', invitationPending: true, hasPassword: false });
    const [m] = await t.deps.db.select().from(memberships).where(and(eq(memberships.companyId, companyId), eq(memberships.userId, res.body.user.id)));
    expect(m).toMatchObject({ role: 'admin', isActive: true, invitedBy: rootId });
    expect(m.invitedAt).not.toBeNull();
    const [mail] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail.text).toContain('/invitacion?token=');
    expect(mail.text).toContain('Operadora Rendix');
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, m.id), eq(auditLog.action, 'membership.invited')));
    expect(audit).toMatchObject({ companyId, actorUserId: rootId, changes: expect.objectContaining({ role: 'admin', email }) });

    // Default role employee; the same person twice, a member, a bad role, an unknown company.
    const plain = await root.post(`/api/admin/company/${companyId}/invite-user`, { email: uniqueEmail('emp') });
    expect(plain.status).toBe(201);
    expect(plain.body.user.role).toBe('employee');
    expectCleanError(await root.post(`/api/admin/company/${companyId}/invite-user`, { email }), 409, /invitación pendiente/);
    expectCleanError(await root.post(`/api/admin/company/${companyId}/invite-user`, { email: employee.email }), 409, 'Este usuario ya es miembro activo de la empresa.');
    expectCleanError(await root.post(`/api/admin/company/${companyId}/invite-user`, { email: uniqueEmail(), role: 'owner' }), 400, 'El rol debe ser employee o admin');
    expectCleanError(await root.post(`/api/admin/company/${companyId}/invite-user`, { email: 'no-es-email' }), 400, 'Email inválido');
    expectCleanError(await root.post(`/api/admin/company/${UNKNOWN}/invite-user`, { email: uniqueEmail() }), 404, 'Empresa no encontrada.');
    // The plan's seats still count (Profesional: 5; admin, employee and two invitations take 4).
    expect((await root.post(`/api/admin/company/${companyId}/invite-user`, { email: uniqueEmail() })).status).toBe(201);
    expectCleanError(await root.post(`/api/admin/company/${companyId}/invite-user`, { email: uniqueEmail() }), 403, /permite hasta 5 usuarios/);
    void admin;
  });

  test('change-user-role: promote and demote; another company’s user 404; the last admin keeps the role', async () => {
    const { admin, employee, companyId } = await companyWithEmployee(t);
    const stranger = await registerUser(t);
    const url = `/api/admin/company/${companyId}/change-user-role`;
    expect((await root.post(url, { userId: employee.user.id, role: 'admin' })).body).toEqual({ message: 'Rol actualizado' });
    expect((await admin.client.get('/api/company/users')).body.find((u: { id: string }) => u.id === employee.user.id).role).toBe('admin');
    expect((await root.post(url, { userId: admin.user.id, role: 'employee' })).status).toBe(200);
    expectCleanError(await root.post(url, { userId: employee.user.id, role: 'employee' }), 409, 'No se puede quitar el rol al único administrador activo de la empresa.');
    expectCleanError(await root.post(url, { userId: stranger.user.id, role: 'admin' }), 404, 'Usuario no encontrado en esta empresa.');
    expectCleanError(await root.post(`/api/admin/company/${UNKNOWN}/change-user-role`, { userId: employee.user.id, role: 'admin' }), 404, 'Empresa no encontrada.');
    expectCleanError(await root.post(url, { userId: employee.user.id, role: 'dueño' }), 400, 'El rol debe ser employee o admin');
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'membership.role_changed'), eq(auditLog.actorUserId, rootId)));
    expect(audit).toBeDefined();
  });

  test('DELETE removes the membership (not the person); the last active admin stays; 404s', async () => {
    const { admin, employee, companyId } = await companyWithEmployee(t);
    const stranger = await registerUser(t);
    const ids = await catalogIds(employee.client);
    expect((await fileExpense(employee.client, expenseFields(ids))).status).toBe(201);

    const res = await root.delete(`/api/admin/company/${companyId}/users/${employee.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`${employee.email} ya no pertenece a la empresa.`);
    expect(await t.deps.db.select().from(memberships).where(and(eq(memberships.companyId, companyId), eq(memberships.userId, employee.user.id)))).toEqual([]);
    // Their login and their expense stay; the company is no longer theirs to open.
    expect((await t.deps.db.select().from(users).where(eq(users.id, employee.user.id))).length).toBe(1);
    expect((await t.deps.db.select({ n: count() }).from(expenses).where(eq(expenses.companyId, companyId)))[0].n).toBe(1);
    expect((await employee.client.get('/api/auth/user')).body.currentCompanyId).not.toBe(companyId);
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'membership.removed')));
    expect(audit).toMatchObject({ actorUserId: rootId, changes: expect.objectContaining({ userId: employee.user.id, role: 'employee' }) });

    expectCleanError(await root.delete(`/api/admin/company/${companyId}/users/${admin.user.id}`), 409, /único administrador activo/);
    expectCleanError(await root.delete(`/api/admin/company/${companyId}/users/${employee.user.id}`), 404, 'Usuario no encontrado en esta empresa.');
    expectCleanError(await root.delete(`/api/admin/company/${companyId}/users/${stranger.user.id}`), 404, 'Usuario no encontrado en esta empresa.');
    expectCleanError(await root.delete(`/api/admin/company/${UNKNOWN}/users/${admin.user.id}`), 404, 'Empresa no encontrada.');
    expect((await admin.client.get('/api/company/users')).body.map((u: { id: string }) => u.id)).toEqual([admin.user.id]);

    // An admin invitation still pending is nobody yet: the only accepted admin still cannot go, nor stop being admin.
    const pendingAdmin = await root.post(`/api/admin/company/${companyId}/invite-user`, { email: uniqueEmail('admin-pendiente'), role: 'admin' });
    expect(pendingAdmin.status).toBe(201);
    expectCleanError(await root.delete(`/api/admin/company/${companyId}/users/${admin.user.id}`), 409, /único administrador activo/);
    expect((await root.post(`/api/admin/company/${companyId}/change-user-role`, { userId: admin.user.id, role: 'employee' })).status).toBe(409);
    expect((await root.delete(`/api/admin/company/${companyId}/users/${pendingAdmin.body.user.id}`)).status).toBe(200);

    // With a second active admin, the first may go.
    const other = await registerUser(t);
    await t.deps.db.insert(memberships).values({ userId: other.user.id, companyId, role: 'admin' });
    expect((await root.delete(`/api/admin/company/${companyId}/users/${admin.user.id}`)).status).toBe(200);
  });

  test('removing someone invited makes their invitation link useless', async () => {
    const { companyId } = await companyWithEmployee(t);
    const email = uniqueEmail('quitado');
    const invited = await root.post(`/api/admin/company/${companyId}/invite-user`, { email });
    const [mail] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const token = decodeURIComponent(/\/invitacion\?token=([^\s"<&]+)/.exec(mail.text)![1]);
    expect((await t.client().get(`/api/auth/invitation?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect((await root.delete(`/api/admin/company/${companyId}/users/${invited.body.user.id}`)).status).toBe(200);
    expect((await t.client().get(`/api/auth/invitation?token=${encodeURIComponent(token)}`)).status).toBe(400);
    const accept = await t.client().post('/api/auth/accept-invitation', { token, firstName: 'Ana', lastName: 'Quitada', password: 'secreto123', confirmPassword: 'secreto123' });
    expect(accept.status).toBe(400);
  });
});

describe('POST /api/admin/companies/{id}/assign-plan', () => {
  test('a free company over its 10 a month files again, for a month, recorded without charge and without subscription.paid', async () => {
    const hook = await root.post('/api/webhooks', { name: 'ERP facturación', url: receiver.url('/paid'), event: 'subscription.paid', headers: '' });
    expect(hook.status).toBe(201);
    const { admin, companyId } = await namedCompany('Transferencia Bancaria SpA');
    const ids = await catalogIds(admin.client);
    for (let i = 0; i < 10; i++) expect((await fileExpense(admin.client, expenseFields(ids))).status).toBe(201);
    expectCleanError(await fileExpense(admin.client, expenseFields(ids)), 403, /límite de 10 rendiciones/);

    const jobsBefore = sentJobs.length;
    const started = Date.now();
    const res = await root.post(`/api/admin/companies/${companyId}/assign-plan`, { planId: 'enterprise' });
    expect(res.status).toBe(200);
    const row = await companyRow(companyId);
    expect(row).toMatchObject({ plan: 'enterprise', subscriptionStatus: 'active' });
    expect(row.currentPeriodStart!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(row.currentPeriodEnd!.toISOString()).toBe(addOneMonth(row.currentPeriodStart!).toISOString());
    expect(res.body.company).toMatchObject({ id: companyId, planId: 'enterprise', planName: 'Empresarial', subscriptionStatus: 'active', periodEnd: row.currentPeriodEnd!.toISOString(), expenseCount: 10 });
    expect(res.body.message).toMatch(/^Plan Empresarial asignado a Transferencia Bancaria SpA hasta el \d{2}\/\d{2}\/\d{4}\.$/);

    // The limits of the plan now apply: the 11th expense of the month goes through.
    expect((await fileExpense(admin.client, expenseFields(ids))).status).toBe(201);
    expect((await admin.client.get('/api/auth/user')).body).toMatchObject({ subscriptionStatus: 'pro', planId: 'enterprise' });

    // The purchase history shows it, amount 0, marked as assigned; nothing was charged or checked out.
    const history = (await admin.client.get('/api/subscription/invoices')).body;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      invoiceNumber: expect.stringMatching(/^ASG-\d{6}$/),
      status: 'paid',
      subscriptionPlan: 'enterprise',
      paymentMethod: 'Asignado por super admin',
      amount: 0,
      taxAmount: 0,
      totalAmount: 0,
      billingPeriodStart: row.currentPeriodStart!.toISOString(),
      billingPeriodEnd: row.currentPeriodEnd!.toISOString(),
    });
    expect(history[0].description).toContain('Asignado por super admin');
    expect(res.body.invoice).toEqual(history[0]);
    expect(await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId))).toEqual([]);
    const [invoiceRow] = await t.deps.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.companyId, companyId));
    expect(invoiceRow.provider).toBe('manual');

    // The audit trail says who and when.
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'subscription.assigned_manually')));
    expect(audit).toMatchObject({ actorUserId: rootId, entityType: 'company', entityId: companyId });
    expect(audit.changes).toMatchObject({ manual: true, plan: { from: 'free', to: 'enterprise' }, invoice: invoiceRow.invoiceNumber, amount: 0 });
    expect(audit.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);

    // No billing webhook: nothing was enqueued for delivery...
    expect(sentJobs.slice(jobsBefore).filter((j) => j.name === DELIVER_JOB)).toEqual([]);
    // ...and a real payment afterwards is the only event the receiver ever gets.
    const payer = await registerUser(t);
    expect((await payer.client.post('/api/mercadopago/create-subscription', { planId: 'basic' })).status).toBe(200);
    const [checkout] = await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, payer.user.currentCompanyId));
    const paid = await payer.client.request('POST', `/api/mercadopago/sandbox/checkout/${checkout.id}`, 'decision=approve', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(paid.headers.get('location')).toMatch(/^\/subscription-success/);
    await expect.poll(() => receiver.requests('/paid').length, { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);
    const bodies = receiver.requests('/paid').map((r) => JSON.parse(r.body) as { event: string; data: { companyId: string } });
    expect(bodies.map((b) => b.data.companyId)).toEqual([payer.user.currentCompanyId]);
    expect(JSON.stringify(bodies)).not.toContain(companyId);
    expect((await root.put(`/api/webhooks/${hook.body.id}`, { name: 'ERP facturación', url: receiver.url('/paid'), isActive: false, headers: '' })).status).toBe(200);
  });

  test('the assigned month expires like a paid one: back to the free plan and its limits', async () => {
    const { admin, companyId } = await namedCompany('Vence SpA');
    expect((await root.post(`/api/admin/companies/${companyId}/assign-plan`, { planId: 'professional' })).status).toBe(200);
    const row = await companyRow(companyId);
    expect(await expireSubscriptions(t.deps.db, new Date(row.currentPeriodEnd!.getTime() - 1000))).not.toContain(companyId);
    expect(await expireSubscriptions(t.deps.db, new Date(row.currentPeriodEnd!.getTime() + 1000))).toContain(companyId);
    expect(await companyRow(companyId)).toMatchObject({ plan: 'free', subscriptionStatus: 'free' });
    expect((await admin.client.get('/api/auth/user')).body.subscriptionStatus).toBe('free');
  });

  test('during a trial the month starts when the trial ends, as a payment would; a second assignment of the running plan extends it', async () => {
    const { admin, companyId } = await namedCompany('Prueba Asignada SpA');
    await startTrial(admin.client, companyId, 'professional');
    const trialEnds = (await companyRow(companyId)).trialEndsAt!;
    await root.post(`/api/admin/companies/${companyId}/assign-plan`, { planId: 'professional' });
    const first = await companyRow(companyId);
    expect(first.currentPeriodStart!.toISOString()).toBe(trialEnds.toISOString());
    expect(first.currentPeriodEnd!.toISOString()).toBe(addOneMonth(trialEnds).toISOString());
    await root.post(`/api/admin/companies/${companyId}/assign-plan`, { planId: 'premium' });
    const second = await companyRow(companyId);
    expect(second.currentPeriodStart!.toISOString()).toBe(first.currentPeriodEnd!.toISOString());
    expect((await admin.client.get('/api/subscription/invoices')).body).toHaveLength(2);
  });

  test('a free plan moves the company to it without period or purchase', async () => {
    const { admin, companyId } = await namedCompany('Vuelve a Gratis SpA');
    await root.post(`/api/admin/companies/${companyId}/assign-plan`, { planId: 'basic' });
    const res = await root.post(`/api/admin/companies/${companyId}/assign-plan`, { planId: 'free' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ invoice: null, company: { planId: 'free', subscriptionStatus: 'free', periodEnd: null } });
    expect((await admin.client.get('/api/subscription/invoices')).body).toHaveLength(1);
    const partner = await root.post(`/api/admin/companies/${companyId}/assign-plan`, { planId: 'niudata-free' });
    expect(partner.body.company).toMatchObject({ planId: 'niudata-free', subscriptionStatus: 'active' });
  });

  test('refused (409) while a paid downgrade waits: the paid month is kept, nothing is written', async () => {
    // A bought Profesional month that started 5 days ago, then a downgrade to Básico paid through the checkout.
    const { admin, companyId } = await namedCompany('Cambio Pagado SpA');
    const start = new Date(Date.now() - 5 * 86_400_000);
    const end = addOneMonth(start);
    await t.deps.db
      .update(companies)
      .set({ plan: 'professional', subscriptionStatus: 'active', currentPeriodStart: start, currentPeriodEnd: end, trialEndsAt: new Date(start.getTime() - 7 * 86_400_000) })
      .where(eq(companies.id, companyId));
    await t.deps.db.insert(subscriptionInvoices).values({
      companyId,
      invoiceNumber: `TST-${Math.random().toString(36).slice(2, 10)}`,
      status: 'paid',
      planId: 'professional',
      description: 'Plan Profesional — 1 mes',
      amount: 12605,
      taxRate: '19',
      taxAmount: 2395,
      totalAmount: 15000,
      billingPeriodStart: start,
      billingPeriodEnd: end,
      paidAt: start,
      provider: 'mercadopago',
      providerPaymentId: `seed-${Math.random().toString(36).slice(2)}`,
    });
    const quote = await admin.client.post('/api/mercadopago/create-subscription', { planId: 'basic' });
    expect(quote.body.quote).toMatchObject({ kind: 'scheduled', periodStart: end.toISOString() });
    const [checkout] = await t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId));
    const paid = await admin.client.request('POST', `/api/mercadopago/sandbox/checkout/${checkout.id}`, 'decision=approve', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(paid.headers.get('location')).toMatch(/^\/subscription-success/);
    const before = await companyRow(companyId);
    expect(before).toMatchObject({ plan: 'professional', currentPeriodEnd: end, scheduledPlan: 'basic', scheduledPeriodEnd: addOneMonth(end) });
    const invoicesBefore = await t.deps.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.companyId, companyId));

    const message = `Cambio Pagado SpA ya pagó el cambio al plan Básico, que empieza el ${formatDate(end)}. No se puede asignar un plan mientras ese cambio espera: la empresa perdería el mes que pagó.`;
    for (const planId of ['enterprise', 'basic', 'free']) {
      expectCleanError(await root.post(`/api/admin/companies/${companyId}/assign-plan`, { planId }), 409, message);
    }
    const after = await companyRow(companyId);
    expect(after).toMatchObject({
      plan: 'professional',
      subscriptionStatus: 'active',
      currentPeriodStart: before.currentPeriodStart,
      currentPeriodEnd: end,
      scheduledPlan: 'basic',
      scheduledPeriodEnd: addOneMonth(end),
    });
    expect(await t.deps.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.companyId, companyId))).toEqual(invoicesBefore);
    expect(invoicesBefore.map((i) => i.invoiceNumber).filter((n) => n.startsWith('ASG-'))).toEqual([]);
    expect(await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'subscription.assigned_manually')))).toEqual([]);

    // Básico's month has come but the expiry job has not rolled the row over yet (minutes): still refused.
    const began = new Date(Date.now() - 60_000);
    await t.deps.db.update(companies).set({ currentPeriodEnd: began }).where(eq(companies.id, companyId));
    expectCleanError(
      await root.post(`/api/admin/companies/${companyId}/assign-plan`, { planId: 'enterprise' }),
      409,
      `Cambio Pagado SpA ya pagó el cambio al plan Básico, que empezó el ${formatDate(began)} y se está aplicando. Inténtalo de nuevo en unos minutos.`,
    );
    expect(await companyRow(companyId)).toMatchObject({ plan: 'professional', currentPeriodEnd: began, scheduledPlan: 'basic' });
  });

  test('unknown plan 400, unknown company 404, missing plan 400', async () => {
    const { companyId } = await namedCompany('Errores Plan SpA');
    expectCleanError(await root.post(`/api/admin/companies/${companyId}/assign-plan`, { planId: 'platino' }), 400, 'El plan seleccionado no existe.');
    expectCleanError(await root.post(`/api/admin/companies/${companyId}/assign-plan`, { planId: ' ' }), 400, 'Selecciona un plan.');
    expectCleanError(await root.post(`/api/admin/companies/${companyId}/assign-plan`, {}), 400, 'Selecciona un plan.');
    expectCleanError(await root.post(`/api/admin/companies/${UNKNOWN}/assign-plan`, { planId: 'basic' }), 404, 'Empresa no encontrada.');
    expect((await companyRow(companyId)).plan).toBe('free');
  });
});

describe('catalog initialization', () => {
  test('initialize-categories: defaults for a company without categories, then 409 already has categories', async () => {
    const { admin, companyId } = await namedCompany('Sin Catálogo SpA');
    await t.deps.db.delete(categories).where(eq(categories.companyId, companyId));
    await t.deps.db.delete(paymentMethods).where(eq(paymentMethods.companyId, companyId));

    // The super admin API page reads the company's lists with ?companyId= (a company admin may not).
    expect((await root.get(`/api/categories?companyId=${companyId}`)).body).toEqual([]);
    const res = await root.post('/api/admin/initialize-categories', { companyId });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Categorías y métodos de pago inicializados', categories: 10, paymentMethods: 4 });
    const cats = (await root.get(`/api/categories?companyId=${companyId}`)).body;
    expect(cats).toHaveLength(10);
    expect(cats.find((c: { name: string }) => c.name === 'Transporte')).toMatchObject({ accountingCode: '5102', isActive: true });
    const pms = (await root.get(`/api/payment-methods?companyId=${companyId}`)).body;
    expect(pms.map((p: { accountingCode: string }) => p.accountingCode).sort()).toEqual(['1101', '1102', '1103', '2105']);
    expect((await admin.client.get('/api/categories')).body).toEqual(cats);

    const again = await root.post('/api/admin/initialize-categories', { companyId });
    expectCleanError(again, 409);
    expect(again.body.message).toContain('already has categories');
    expect(again.body.message).toMatch(/^La empresa ya tiene categorías/);
    const pmAgain = await root.post('/api/admin/initialize-payment-methods', { companyId });
    expectCleanError(pmAgain, 409);
    expect(pmAgain.body.message).toContain('already');
    expect((await t.deps.db.select({ n: count() }).from(categories).where(eq(categories.companyId, companyId)))[0].n).toBe(10);
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'catalog.initialized')));
    expect(audit).toMatchObject({ actorUserId: rootId, changes: { categories: 10, paymentMethods: 4 } });

    const other = await companyWithEmployee(t);
    expectCleanError(await other.admin.client.get(`/api/categories?companyId=${companyId}`), 403);
  });

  test('payment methods are added only where there are none', async () => {
    const { companyId } = await namedCompany('Solo Medios SpA');
    // Categories missing, payment methods kept: only categories are created.
    await t.deps.db.delete(categories).where(eq(categories.companyId, companyId));
    expect((await root.post('/api/admin/initialize-categories', { companyId })).body).toMatchObject({ categories: 10, paymentMethods: 0 });
    expect((await t.deps.db.select({ n: count() }).from(paymentMethods).where(eq(paymentMethods.companyId, companyId)))[0].n).toBe(4);

    await t.deps.db.delete(paymentMethods).where(eq(paymentMethods.companyId, companyId));
    const res = await root.post('/api/admin/initialize-payment-methods', { companyId });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Métodos de pago inicializados', count: 4 });
    expect((await t.deps.db.select({ n: count() }).from(paymentMethods).where(eq(paymentMethods.companyId, companyId)))[0].n).toBe(4);
  });

  test('unknown company 404; no company 400 with the page’s message', async () => {
    expectCleanError(await root.post('/api/admin/initialize-categories', { companyId: UNKNOWN }), 404, 'Empresa no encontrada.');
    expectCleanError(await root.post('/api/admin/initialize-payment-methods', { companyId: UNKNOWN }), 404, 'Empresa no encontrada.');
    expectCleanError(await root.post('/api/admin/initialize-categories', {}), 400, 'Selecciona una empresa primero');
    expectCleanError(await root.post('/api/admin/initialize-categories', { companyId: 'x' }), 400, 'Selecciona una empresa primero');
  });
});
