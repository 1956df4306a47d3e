import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { auditLog, companies, memberships, rateLimits, users } from '../../src/server/db/schema/index.js';
import { joinCompaniesByDomain } from '../../src/server/companies/service.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { PNG_1X1, catalogIds, expenseFields, fileExpense, registerUser, uniqueEmail } from '../helpers/factories.js';
import { expectCleanError, sessionRowsOf, userRowByEmail } from '../helpers/http.js';

// The company page's server (part 2 §2.1, §7): company edit and stats, invitations, roles,
// deactivation, make-me-admin, with tenant isolation and plan limits. Real server, real DB, real SMTP.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ smtp: true });
});
afterAll(async () => t?.close());
// Each test registers and accepts several users from one IP; the limits have their own tests.
beforeEach(async () => {
  await t.deps.db.delete(rateLimits);
});

type Registered = Awaited<ReturnType<typeof registerUser>>;

async function setPlan(companyId: string, plan: 'free' | 'professional') {
  await t.deps.db
    .update(companies)
    .set({ plan, subscriptionStatus: plan === 'free' ? 'free' : 'active' })
    .where(eq(companies.id, companyId));
}

/** A registered admin and their company; `professional` leaves room for 5 active users. */
async function adminOf(plan: 'free' | 'professional' = 'free', overrides: Record<string, unknown> = {}) {
  const admin = await registerUser(t, overrides);
  const companyId = admin.user.currentCompanyId as string;
  if (plan !== 'free') await setPlan(companyId, plan);
  return { admin, companyId };
}

function mailsTo(email: string) {
  return t.smtp!.messages.filter((m) => m.to.includes(email));
}

/** The token of the invitation link in an e-mail's text. */
function tokenFrom(text: string): string {
  const m = /\/invitacion\?token=([^\s"<&]+)/.exec(text);
  if (!m) throw new Error(`no invitation link in: ${text}`);
  return decodeURIComponent(m[1]);
}

/** Waits for the n-th e-mail to `email` whose subject matches (1-based). */
async function nthMailWith(email: string, subject: RegExp, n: number) {
  const deadline = Date.now() + 5000;
  const matching = () => mailsTo(email).filter((m) => subject.test(m.subject));
  while (matching().length < n) {
    if (Date.now() > deadline) throw new Error(`only ${matching().length} e-mails to ${email} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return matching()[n - 1];
}

/** Waits for the n-th e-mail to `email` (1-based). */
async function nthMail(email: string, n: number) {
  const deadline = Date.now() + 5000;
  while (mailsTo(email).length < n) {
    if (Date.now() > deadline) throw new Error(`only ${mailsTo(email).length} e-mails to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return mailsTo(email)[n - 1];
}

/** The person proved their address (the registration link), as a real member would have. */
async function markVerified(userId: string) {
  await t.deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}

/** Invites a registered, verified person and accepts from their own browser with the e-mailed link (they keep their password). */
async function inviteExistingAndAccept(admin: Registered, member: Registered) {
  await markVerified(member.user.id);
  const before = t.smtp!.messages.length;
  const res = await admin.client.post('/api/company/invite', { email: member.email });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  const deadline = Date.now() + 5000;
  let mail;
  while (!(mail = t.smtp!.messages.slice(before).find((m) => m.to.includes(member.email) && /invitaron/.test(m.subject)))) {
    if (Date.now() > deadline) throw new Error('no invitation e-mail');
    await new Promise((r) => setTimeout(r, 50));
  }
  const accepted = await member.client.post('/api/auth/accept-invitation', { token: tokenFrom(mail.text) });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

/** Invites `email`, follows the e-mailed link and accepts; returns the new user's signed-in client. */
async function inviteAndAccept(admin: Registered, email = uniqueEmail('inv'), password = 'clave123') {
  const res = await admin.client.post('/api/company/invite', { email });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = tokenFrom((await t.smtp!.waitFor(email)).text);
  const client = t.client();
  const accepted = await client.post('/api/auth/accept-invitation', { token, firstName: 'Iván', lastName: 'Torres', password, confirmPassword: password });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return { client, email, password, userId: accepted.body.user.id as string };
}

async function membershipOf(userId: string, companyId: string) {
  const [m] = await t.deps.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
  return m ?? null;
}

async function auditActions(companyId: string) {
  const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.companyId, companyId));
  return rows.map((r) => r.action);
}

async function login(email: string, password: string): Promise<TestClient> {
  const c = t.client();
  const res = await c.post('/api/auth/login', { email, password });
  expect(res.status).toBe(200);
  return c;
}

describe('invitations', () => {
  test('invite -> e-mail link -> accept -> signed in as an employee; pending until accepted', async () => {
    const { admin, companyId } = await adminOf('free', { companyName: 'Transportes Maipo SpA' });
    const email = uniqueEmail('nueva');

    const res = await admin.client.post('/api/company/invite', { email: `  ${email.toUpperCase()} ` });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email, role: 'employee', isActive: true, authProvider: 'invited', hasPassword: false });

    const pending = (await admin.client.get('/api/company/users')).body.find((u: any) => u.email === email);
    expect(pending).toMatchObject({ authProvider: 'invited', hasPassword: false, isActive: true, role: 'employee' });
    expect((await membershipOf(pending.id, companyId))!.invitedAt).not.toBeNull();

    const mail = await t.smtp!.waitFor(email);
    expect(mail.subject).toContain('Transportes Maipo SpA');
    expect(mail.text).toContain(`${t.baseUrl}/invitacion?token=`);
    const token = tokenFrom(mail.text);

    // No password yet: nobody can sign in as the invitee.
    expect((await t.client().post('/api/auth/login', { email, password: 'cualquiera' })).status).toBe(401);

    const preview = await t.client().get(`/api/auth/invitation?token=${encodeURIComponent(token)}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ email, companyName: 'Transportes Maipo SpA' });

    const invitee = t.client();
    const mismatch = await invitee.post('/api/auth/accept-invitation', { token, password: 'clave123', confirmPassword: 'otra123' });
    expectCleanError(mismatch, 400, 'Las contraseñas no coinciden');
    expect(mismatch.body.field).toBe('confirmPassword');
    expectCleanError(await invitee.post('/api/auth/accept-invitation', { token, password: '123', confirmPassword: '123' }), 400, 'Mínimo 6 caracteres');

    const accepted = await invitee.post('/api/auth/accept-invitation', { token, firstName: 'Valentina', lastName: 'Pérez', password: 'clave123', confirmPassword: 'clave123' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ email, firstName: 'Valentina', lastName: 'Pérez', currentCompanyId: companyId, role: 'employee' });
    expect(invitee.sessionId).toBeTruthy();
    expect((await invitee.get('/api/auth/user')).body).toMatchObject({ email, role: 'employee', currentCompanyId: companyId });

    // Single use.
    expectCleanError(await t.client().post('/api/auth/accept-invitation', { token, password: 'otra1234', confirmPassword: 'otra1234' }), 400);
    expectCleanError(await t.client().get(`/api/auth/invitation?token=${encodeURIComponent(token)}`), 400);

    const again = await login(email, 'clave123');
    const ms = (await again.get('/api/user/memberships')).body;
    expect(ms).toEqual([expect.objectContaining({ companyId, role: 'employee' })]);

    const row = (await admin.client.get('/api/company/users')).body.find((u: any) => u.email === email);
    expect(row).toMatchObject({ authProvider: 'local', hasPassword: true, firstName: 'Valentina', lastName: 'Pérez' });
    expect((await membershipOf(row.id, companyId))!.invitedAt).toBeNull();
    expect(await auditActions(companyId)).toEqual(expect.arrayContaining(['membership.invited', 'user.invitation_accepted']));
  });

  test('a bad or missing token is a clean 400 naming token', async () => {
    const res = await t.client().post('/api/auth/accept-invitation', { token: 'no-existe', password: 'clave123', confirmPassword: 'clave123' });
    expectCleanError(res, 400, /no es válido o ya expiró/);
    expect(res.body.field).toBe('token');
    expectCleanError(await t.client().post('/api/auth/accept-invitation', { password: 'clave123', confirmPassword: 'clave123' }), 400);
  });

  test('invalid e-mail 400; already an active member (or oneself) 409', async () => {
    const { admin } = await adminOf('professional');
    const bad = await admin.client.post('/api/company/invite', { email: 'no-es-email' });
    expectCleanError(bad, 400, 'Email inválido');
    expect(bad.body.field).toBe('email');
    expectCleanError(await admin.client.post('/api/company/invite', { email: admin.email }), 409, 'Este usuario ya es miembro activo de la empresa.');
    const email = uniqueEmail('dup');
    expect((await admin.client.post('/api/company/invite', { email })).status).toBe(201);
    expectCleanError(await admin.client.post('/api/company/invite', { email }), 409);
  });

  test('the free plan allows 2 active users, pending invitations included: the next invite is 403', async () => {
    const { admin, companyId } = await adminOf('free');
    expect((await admin.client.post('/api/company/invite', { email: uniqueEmail('uno') })).status).toBe(201);
    const over = await admin.client.post('/api/company/invite', { email: uniqueEmail('dos') });
    expectCleanError(over, 403, /Tu plan Gratuito permite hasta 2 usuarios activos/);
    expect((await admin.client.get('/api/company/users')).body).toHaveLength(2);
    await setPlan(companyId, 'professional');
    expect((await admin.client.post('/api/company/invite', { email: uniqueEmail('dos') })).status).toBe(201);
  });

  test('resend: a new link for a pending invitation, the old one stops working; 409 once accepted; 404 elsewhere', async () => {
    const { admin } = await adminOf('professional');
    const email = uniqueEmail('resend');
    await admin.client.post('/api/company/invite', { email });
    const first = tokenFrom((await nthMail(email, 1)).text);

    expect((await admin.client.post('/api/company/resend-invitation', { email: email.toUpperCase() })).status).toBe(200);
    const second = tokenFrom((await nthMail(email, 2)).text);
    expect(second).not.toBe(first);
    expectCleanError(await t.client().post('/api/auth/accept-invitation', { token: first, password: 'clave123', confirmPassword: 'clave123' }), 400);
    expect((await t.client().post('/api/auth/accept-invitation', { token: second, password: 'clave123', confirmPassword: 'clave123' })).status).toBe(200);

    expectCleanError(await admin.client.post('/api/company/resend-invitation', { email }), 409);
    expectCleanError(await admin.client.post('/api/company/resend-invitation', { email: uniqueEmail('nadie') }), 404);
  });

  test('a verified login invited to a second company joins only by accepting the e-mailed link, keeping its password', async () => {
    const existing = await registerUser(t, { companyName: 'Propia Ltda' });
    await markVerified(existing.user.id);
    const { admin, companyId } = await adminOf('professional', { companyName: 'Segunda SpA' });

    const res = await admin.client.post('/api/company/invite', { email: existing.email });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ id: existing.user.id, hasPassword: true, invitationPending: true });
    // The admin is told what happened: an invitation, not an addition (and no gendered 'lo agregamos').
    expect(res.body.message).toBe(`${existing.email} ya tiene cuenta en Rendix: le enviamos una invitación por email para unirse a la empresa.`);
    const mail = await t.smtp!.waitFor(existing.email, { subject: /Segunda SpA/ });
    expect(mail.text).toContain('/invitacion?token=');
    expect(mail.text).toContain('no se agregará nada a tu cuenta');

    // Before accepting: no access at all, and the admin cannot act on the person's other data.
    const ms0 = (await existing.client.get('/api/user/memberships')).body;
    expect(ms0.map((m: any) => m.company.name)).toEqual(['Propia Ltda']);
    expectCleanError(await existing.client.post('/api/user/switch-company', { companyId }), 404);
    expectCleanError(await admin.client.post('/api/company/invite', { email: existing.email }), 409, /invitación pendiente/);
    const listed = (await admin.client.get('/api/company/users')).body.find((u: any) => u.id === existing.user.id);
    expect(listed).toMatchObject({ invitationPending: true, isActive: true });

    const token = tokenFrom(mail.text);
    const preview = await t.client().get(`/api/auth/invitation?token=${encodeURIComponent(token)}`);
    expect(preview.body).toEqual({ email: existing.email, firstName: existing.user.firstName, lastName: existing.user.lastName, companyName: 'Segunda SpA', needsPassword: false });
    const accepted = await t.client().post('/api/auth/accept-invitation', { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ id: existing.user.id, currentCompanyId: companyId, role: 'employee' });

    const rows = await t.deps.db.select().from(users).where(eq(users.email, existing.email));
    expect(rows).toHaveLength(1);
    const again = await login(existing.email, existing.password);
    const ms = (await again.get('/api/user/memberships')).body;
    expect(ms.map((m: any) => [m.company.name, m.role]).sort()).toEqual([
      ['Propia Ltda', 'admin'],
      ['Segunda SpA', 'employee'],
    ]);
    expect((await admin.client.get('/api/company/users')).body.find((u: any) => u.id === existing.user.id).invitationPending).toBe(false);
    // The other session of the person was not touched by accepting.
    expect((await existing.client.get('/api/auth/user')).status).toBe(200);
  });

  test('an account whose e-mail was never proven is claimed by whoever opens the invitation: new password, squatter signed out', async () => {
    // Someone registered the address without owning it; the real owner gets the invitation.
    const squatter = await registerUser(t, { companyName: 'Cuenta Ajena' });
    const { admin, companyId } = await adminOf('professional', { companyName: 'Dueña SpA' });
    expect((await admin.client.post('/api/company/invite', { email: squatter.email })).status).toBe(201);
    const token = tokenFrom((await t.smtp!.waitFor(squatter.email, { subject: /Dueña SpA/ })).text);
    expect((await t.client().get(`/api/auth/invitation?token=${encodeURIComponent(token)}`)).body).toMatchObject({ needsPassword: true, firstName: '' });
    // Accepting without choosing a password is refused, and the refusal does not spend the link.
    expectCleanError(await t.client().post('/api/auth/accept-invitation', { token }), 400, /contraseña/);
    expect((await t.client().get(`/api/auth/invitation?token=${encodeURIComponent(token)}`)).status).toBe(200);
    const owner = t.client();
    const res = await owner.post('/api/auth/accept-invitation', { token, firstName: 'Dueña', lastName: 'Real', password: 'propia123', confirmPassword: 'propia123' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ currentCompanyId: companyId, emailVerified: true });
    expectCleanError(await squatter.client.get('/api/auth/user'), 401);
    expectCleanError(await t.client().post('/api/auth/login', { email: squatter.email, password: squatter.password }), 401);
  });

  test('a pending invitee invited by two companies accepts each invitation with its own link', async () => {
    const a = await adminOf('professional', { companyName: 'Alfa SpA' });
    const b = await adminOf('professional', { companyName: 'Beta SpA' });
    const email = uniqueEmail('doble');
    await a.admin.client.post('/api/company/invite', { email });
    await b.admin.client.post('/api/company/invite', { email });
    const tokenA = tokenFrom((await nthMail(email, 1)).text);
    const tokenB = tokenFrom((await nthMail(email, 2)).text);
    const invitee = t.client();
    const res = await invitee.post('/api/auth/accept-invitation', { token: tokenB, password: 'clave123', confirmPassword: 'clave123' });
    expect(res.status).toBe(200);
    expect(res.body.user.currentCompanyId).toBe(b.companyId);
    expect((await invitee.get('/api/user/memberships')).body.map((m: any) => m.company.name)).toEqual(['Beta SpA']);
    // The first link now belongs to a verified login: accepting needs no password and keeps it.
    expect((await t.client().get(`/api/auth/invitation?token=${encodeURIComponent(tokenA)}`)).body.needsPassword).toBe(false);
    expect((await invitee.post('/api/auth/accept-invitation', { token: tokenA })).status).toBe(200);
    expect((await invitee.get('/api/user/memberships')).body.map((m: any) => m.company.name)).toEqual(['Alfa SpA', 'Beta SpA']);
    const inA = (await a.admin.client.get('/api/company/users')).body.find((u: any) => u.email === email);
    expect(inA).toMatchObject({ hasPassword: true, authProvider: 'local', invitationPending: false });
    expect((await login(email, 'clave123')).cookies.size).toBeGreaterThan(0);
  });
});

describe('deactivate and reactivate', () => {
  test("deactivation closes the company to the user without ending their sessions elsewhere; they cannot switch back nor read its expenses", async () => {
    const { admin, companyId } = await adminOf('professional');
    const member = await registerUser(t);
    await inviteExistingAndAccept(admin, member);
    expect((await member.client.get('/api/auth/user')).body.currentCompanyId).toBe(companyId);
    const ids = await catalogIds(member.client);
    const expense = (await fileExpense(member.client, expenseFields(ids), { data: PNG_1X1, name: 'b.png' })).body;
    expect(expense.id).toBeTruthy();

    const res = await admin.client.post(`/api/company/users/${member.user.id}/deactivate`);
    expect(res.status).toBe(200);
    expect((await membershipOf(member.user.id, companyId))!.isActive).toBe(false);
    // Sessions belong to the person, who works in other companies too: they stay, and the next request lands in their own company.
    expect((await sessionRowsOf(t, member.user.id)).length).toBeGreaterThan(0);
    const back = member.client;
    expect((await back.get('/api/auth/user')).body.currentCompanyId).toBe(member.user.currentCompanyId);
    expectCleanError(await back.post('/api/user/switch-company', { companyId }), 404);
    expectCleanError(await back.get(`/api/expenses/${expense.id}`), 404);
    const list = (await back.get('/api/expenses')).body;
    expect(JSON.stringify(list)).not.toContain(expense.id);
    expect((await back.get('/api/user/memberships')).body.map((m: any) => m.companyId)).not.toContain(companyId);

    const listed = (await admin.client.get('/api/company/users')).body.find((u: any) => u.id === member.user.id);
    expect(listed.isActive).toBe(false);
    expect(await auditActions(companyId)).toContain('membership.deactivated');

    expect((await admin.client.post(`/api/company/users/${member.user.id}/reactivate`)).status).toBe(200);
    expect((await back.post('/api/user/switch-company', { companyId })).status).toBe(200);
    expect((await back.get(`/api/expenses/${expense.id}`)).status).toBe(200);
    expect(await auditActions(companyId)).toContain('membership.reactivated');
  });

  test('reactivating over the plan limit is 403', async () => {
    const { admin, companyId } = await adminOf('free');
    const first = await inviteAndAccept(admin);
    expect((await admin.client.post(`/api/company/users/${first.userId}/deactivate`)).status).toBe(200);
    expect((await admin.client.post('/api/company/invite', { email: uniqueEmail('reemplazo') })).status).toBe(201);
    expectCleanError(await admin.client.post(`/api/company/users/${first.userId}/reactivate`), 403, /permite hasta 2 usuarios activos/);
    expect((await membershipOf(first.userId, companyId))!.isActive).toBe(false);
  });

  test('nobody deactivates themselves; the last active admin cannot be deactivated, even by a super admin', async () => {
    const { admin, companyId } = await adminOf('professional');
    expectCleanError(await admin.client.post(`/api/company/users/${admin.user.id}/deactivate`), 409, 'No puedes desactivarte a ti mismo.');
    const support = await registerUser(t);
    await t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, support.user.id));
    expect((await support.client.post('/api/user/switch-company', { companyId })).status).toBe(200);
    expectCleanError(await support.client.post(`/api/company/users/${admin.user.id}/deactivate`), 409, 'No puedes desactivar al único administrador activo de la empresa.');
    // With a second admin the first one can go.
    const second = await inviteAndAccept(admin);
    expect((await admin.client.post('/api/company/change-user-role', { userId: second.userId, role: 'admin' })).status).toBe(200);
    expect((await second.client.post(`/api/company/users/${admin.user.id}/deactivate`)).status).toBe(200);
    expect((await membershipOf(admin.user.id, companyId))!.isActive).toBe(false);
    expectCleanError(await support.client.post(`/api/company/users/${second.userId}/deactivate`), 409);
  });
});

describe('roles', () => {
  test('employee -> admin takes effect at once; invalid role is 400', async () => {
    const { admin, companyId } = await adminOf('professional');
    const emp = await inviteAndAccept(admin);
    expect((await emp.client.get('/api/company/users')).status).toBe(403);
    const res = await admin.client.post('/api/company/change-user-role', { userId: emp.userId, role: 'admin' });
    expect(res.status).toBe(200);
    expect((await emp.client.get('/api/auth/user')).body.role).toBe('admin');
    expect((await emp.client.get('/api/company/users')).status).toBe(200);
    expect(await auditActions(companyId)).toContain('membership.role_changed');
    const bad = await admin.client.post('/api/company/change-user-role', { userId: emp.userId, role: 'owner' });
    expectCleanError(bad, 400);
    expect(bad.body.field).toBe('role');
  });

  test('the last active admin cannot demote themselves (409); with another admin they can', async () => {
    const { admin } = await adminOf('professional');
    const last = await admin.client.post('/api/company/change-user-role', { userId: admin.user.id, role: 'employee' });
    expectCleanError(last, 409, /único administrador activo/);
    expect((await admin.client.get('/api/auth/user')).body.role).toBe('admin');
    const other = await inviteAndAccept(admin);
    await admin.client.post('/api/company/change-user-role', { userId: other.userId, role: 'admin' });
    expect((await admin.client.post('/api/company/change-user-role', { userId: admin.user.id, role: 'employee' })).status).toBe(200);
    expect((await admin.client.get('/api/auth/user')).body.role).toBe('employee');
  });

  // Issue 16 item 7: 'Hacer administrador' is for people who accepted their invitation and are active.
  test('a pending invitee or a deactivated member cannot be made admin (409, nothing changes); once accepted they can', async () => {
    const { admin, companyId } = await adminOf('professional');
    const email = uniqueEmail('pend');
    const invited = await admin.client.post('/api/company/invite', { email });
    expect(invited.status).toBe(201);
    const pendingId = invited.body.user.id as string;
    const res = await admin.client.post('/api/company/change-user-role', { userId: pendingId, role: 'admin' });
    expectCleanError(res, 409, /^La persona aún no acepta la invitación/);
    expect((await membershipOf(pendingId, companyId))!.role).toBe('employee');
    expect(await auditActions(companyId)).not.toContain('membership.role_changed');

    const emp = await inviteAndAccept(admin);
    await admin.client.post(`/api/company/users/${emp.userId}/deactivate`);
    expectCleanError(await admin.client.post('/api/company/change-user-role', { userId: emp.userId, role: 'admin' }), 409, /desactivada/);
    await admin.client.post(`/api/company/users/${emp.userId}/reactivate`);
    expect((await admin.client.post('/api/company/change-user-role', { userId: emp.userId, role: 'admin' })).status).toBe(200);
  });

  test("'Quitar administrador': an admin demotes another admin to employee (audited); the last active admin stays (409)", async () => {
    const { admin, companyId } = await adminOf('professional');
    const other = await inviteAndAccept(admin);
    expect((await admin.client.post('/api/company/change-user-role', { userId: other.userId, role: 'admin' })).status).toBe(200);
    expect((await admin.client.post('/api/company/change-user-role', { userId: other.userId, role: 'employee' })).status).toBe(200);
    expect((await membershipOf(other.userId, companyId))!.role).toBe('employee');
    expect((await other.client.get('/api/company/users')).status).toBe(403);
    const changes = (await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'membership.role_changed')))).map((r) => r.changes);
    expect(changes).toContainEqual({ userId: other.userId, role: { from: 'admin', to: 'employee' } });
    // A super admin visiting the company meets the last-admin rule with its message.
    const support = await registerUser(t);
    await t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, support.user.id));
    await support.client.post('/api/user/switch-company', { companyId });
    expectCleanError(await support.client.post('/api/company/change-user-role', { userId: admin.user.id, role: 'employee' }), 409, 'No se puede quitar el rol al único administrador activo de la empresa.');
  });

  test('make-me-admin: 403 while an admin exists; allowed once the only admin is deactivated; only once', async () => {
    const { admin, companyId } = await adminOf('professional');
    const emp = await inviteAndAccept(admin);
    const emp2 = await inviteAndAccept(admin);
    expectCleanError(
      await emp.client.post('/api/company/make-me-admin'),
      403,
      'Solo puedes convertirte en administrador si la empresa no tiene un administrador activo.',
    );
    expectCleanError(await admin.client.post('/api/company/make-me-admin'), 409);
    // The page offers 'Convertirme en administrador' only when nobody administers the company.
    expect((await emp.client.get('/api/company/current')).body.hasActiveAdmin).toBe(true);

    // The admin left (deactivated outside the company page, e.g. by a super admin).
    await t.deps.db.update(memberships).set({ isActive: false }).where(and(eq(memberships.userId, admin.user.id), eq(memberships.companyId, companyId)));
    expect((await emp.client.get('/api/company/current')).body.hasActiveAdmin).toBe(false);
    const ok = await emp.client.post('/api/company/make-me-admin');
    expect(ok.status).toBe(200);
    expect((await emp.client.get('/api/auth/user')).body.role).toBe('admin');
    expect(await auditActions(companyId)).toContain('membership.self_promoted');
    expectCleanError(await emp2.client.post('/api/company/make-me-admin'), 403);
  });

  test('make-me-admin: two members claiming at once yield exactly one admin', async () => {
    const { admin, companyId } = await adminOf('professional');
    const a = await inviteAndAccept(admin);
    const b = await inviteAndAccept(admin);
    await t.deps.db.update(memberships).set({ isActive: false }).where(and(eq(memberships.userId, admin.user.id), eq(memberships.companyId, companyId)));
    const [ra, rb] = await Promise.all([a.client.post('/api/company/make-me-admin'), b.client.post('/api/company/make-me-admin')]);
    expect([ra.status, rb.status].sort()).toEqual([200, 403]);
  });
});

describe('edit user', () => {
  test('updates names, RUT (normalised) and e-mail (lowercased); the audit keeps before and after', async () => {
    const { admin, companyId } = await adminOf('professional');
    const emp = await inviteAndAccept(admin);
    const newEmail = uniqueEmail('editado');
    const res = await admin.client.post('/api/company/edit-user', {
      userId: emp.userId,
      firstName: ' Josefa ',
      lastName: 'Araya',
      email: newEmail.toUpperCase(),
      taxId: '12.345.678-5',
    });
    expect(res.status).toBe(200);
    const row = (await admin.client.get('/api/company/users')).body.find((u: any) => u.id === emp.userId);
    expect(row).toMatchObject({ firstName: 'Josefa', lastName: 'Araya', email: newEmail, taxId: '12345678-5' });
    await login(newEmail, emp.password);
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'user.updated')));
    expect((entry.changes as any).email).toEqual({ from: emp.email, to: newEmail });
  });

  test('an e-mail another user has is 409; a bad RUT is 400 naming taxId; first name required', async () => {
    const { admin } = await adminOf('professional');
    const emp = await inviteAndAccept(admin);
    const someone = await registerUser(t);
    const base = { userId: emp.userId, firstName: 'Iván', lastName: 'Torres', email: emp.email };
    expectCleanError(await admin.client.post('/api/company/edit-user', { ...base, email: someone.email.toUpperCase() }), 409, 'Ya existe otro usuario con ese email.');
    const rut = await admin.client.post('/api/company/edit-user', { ...base, taxId: '12.345.678-9' });
    expectCleanError(rut, 400, /RUT inválido/);
    expect(rut.body.field).toBe('taxId');
    const name = await admin.client.post('/api/company/edit-user', { ...base, firstName: '  ' });
    expectCleanError(name, 400, 'El nombre es obligatorio');
    expect(name.body.field).toBe('firstName');
    expect((await userRowByEmail(t, emp.email))!.taxId).toBeNull();
  });

  test("the name, RUT and e-mail of someone who also belongs to another company are theirs: 403, nothing changes", async () => {
    const { admin } = await adminOf('professional');
    const outsider = await registerUser(t, { firstName: 'Paula' });
    await inviteExistingAndAccept(admin, outsider);
    const edits = [
      { firstName: 'Otro', email: uniqueEmail('robo') },
      { firstName: 'Camila', lastName: 'Soto Díaz', email: outsider.email },
      { firstName: 'Paula', lastName: outsider.user.lastName, email: outsider.email, taxId: '11.111.111-1' },
    ];
    for (const edit of edits) {
      expectCleanError(await admin.client.post('/api/company/edit-user', { userId: outsider.user.id, ...edit }), 403, /otra empresa/);
    }
    const row = (await userRowByEmail(t, outsider.email))!;
    expect(row).toMatchObject({ id: outsider.user.id, firstName: 'Paula', lastName: outsider.user.lastName, taxId: null });
  });

  test('a member of this company alone can be corrected by the admin; a new e-mail must be proven again', async () => {
    const { admin } = await adminOf('professional');
    const email = uniqueEmail('solo');
    const member = await inviteAndAccept(admin, email);
    const newEmail = uniqueEmail('corregido');
    expect((await admin.client.post('/api/company/edit-user', { userId: member.userId, firstName: 'Iván', lastName: 'Torres Soto', email: newEmail, taxId: '11.111.111-1' })).status).toBe(200);
    expect(await userRowByEmail(t, newEmail)).toMatchObject({ lastName: 'Torres Soto', taxId: '11111111-1', emailVerifiedAt: null });
  });

  test("correcting a pending invitee's e-mail voids the link sent to the old address", async () => {
    const { admin } = await adminOf('professional');
    const email = uniqueEmail('typo');
    const invited = await admin.client.post('/api/company/invite', { email });
    const token = tokenFrom((await t.smtp!.waitFor(email)).text);
    expect((await admin.client.post('/api/company/edit-user', { userId: invited.body.user.id, firstName: 'Luis', email: uniqueEmail('bien') })).status).toBe(200);
    expectCleanError(await t.client().post('/api/auth/accept-invitation', { token, password: 'clave123', confirmPassword: 'clave123' }), 400);
  });
});

describe('permissions and tenant isolation', () => {
  test('an employee gets 403 from every admin endpoint', async () => {
    const { admin, companyId } = await adminOf('professional');
    const emp = await inviteAndAccept(admin);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/company/users'],
      ['PUT', `/api/company/${companyId}`, { name: 'Tomada SpA' }],
      ['POST', '/api/company/invite', { email: uniqueEmail('x') }],
      ['POST', '/api/company/resend-invitation', { email: uniqueEmail('x') }],
      ['POST', '/api/company/change-user-role', { userId: emp.userId, role: 'admin' }],
      ['POST', '/api/company/edit-user', { userId: admin.user.id, firstName: 'X', email: uniqueEmail('x') }],
      ['POST', `/api/company/users/${admin.user.id}/deactivate`],
      ['POST', `/api/company/users/${admin.user.id}/reactivate`],
    ];
    for (const [method, path, body] of calls) expectCleanError(await emp.client.request(method, path, body), 403);
    expect((await emp.client.get('/api/auth/user')).body.role).toBe('employee');
    const [c] = await t.deps.db.select().from(companies).where(eq(companies.id, companyId));
    expect(c.name).not.toBe('Tomada SpA');
  });

  test("the admin of company A acting on company B's user or company gets 404", async () => {
    const a = await adminOf('professional');
    const b = await adminOf('professional');
    const bEmp = await inviteAndAccept(b.admin);
    const pendingEmail = uniqueEmail('pendB');
    await b.admin.client.post('/api/company/invite', { email: pendingEmail });
    const c = a.admin.client;
    expectCleanError(await c.post('/api/company/change-user-role', { userId: bEmp.userId, role: 'admin' }), 404);
    expectCleanError(await c.post('/api/company/edit-user', { userId: bEmp.userId, firstName: 'X', email: bEmp.email }), 404);
    expectCleanError(await c.post(`/api/company/users/${bEmp.userId}/deactivate`), 404);
    expectCleanError(await c.post(`/api/company/users/${bEmp.userId}/reactivate`), 404);
    expectCleanError(await c.post('/api/company/resend-invitation', { email: pendingEmail }), 404);
    expectCleanError(await c.put(`/api/company/${b.companyId}`, { name: 'Tomada SpA' }), 404);
    expect((await membershipOf(bEmp.userId, b.companyId))).toMatchObject({ role: 'employee', isActive: true });
    expect((await bEmp.client.get('/api/auth/user')).status).toBe(200);
  });

  test('401 without a session', async () => {
    expectCleanError(await t.client().post('/api/company/invite', { email: uniqueEmail() }), 401);
    expectCleanError(await t.client().get('/api/company/stats'), 401);
    expectCleanError(await t.client().post('/api/company/create', { name: 'X' }), 401);
  });
});

describe('company record', () => {
  test('PUT /api/company/{id}: RUT normalised, empty fields cleared, audit; bad RUT, public domain, other id', async () => {
    const { admin, companyId } = await adminOf('free');
    const res = await admin.client.put(`/api/company/${companyId}`, { name: ' Andes Ltda ', domain: '@Andes-Test.CL', taxId: '76.123.456-0', address: 'Av. Matta 10, Santiago' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: companyId, name: 'Andes Ltda', domain: 'andes-test.cl', taxId: '76123456-0', address: 'Av. Matta 10, Santiago', userRole: 'admin' });
    const cleared = await admin.client.put(`/api/company/${companyId}`, { name: 'Andes Ltda' });
    expect(cleared.body).toMatchObject({ domain: null, taxId: null, address: null });
    expect(await auditActions(companyId)).toContain('company.updated');

    const rut = await admin.client.put(`/api/company/${companyId}`, { name: 'Andes Ltda', taxId: '76.123.456-1' });
    expectCleanError(rut, 400, /RUT inválido/);
    expect(rut.body.field).toBe('taxId');
    const gmail = await admin.client.put(`/api/company/${companyId}`, { name: 'Andes Ltda', domain: 'gmail.com' });
    expectCleanError(gmail, 400, /dominio de correo público/);
    expect(gmail.body.field).toBe('domain');
    expectCleanError(await admin.client.put(`/api/company/${companyId}`, { name: '  ' }), 400, 'El nombre de la empresa es obligatorio');
    expectCleanError(await admin.client.put('/api/company/00000000-0000-4000-8000-000000000000', { name: 'X' }), 404);
  });

  test('POST /api/company/create: any user becomes admin of a new company with its catalog and switches to it', async () => {
    const { admin } = await adminOf('free');
    const emp = await inviteAndAccept(admin);
    expectCleanError(await emp.client.post('/api/company/create', { name: ' ' }), 400, 'El nombre de la empresa es obligatorio');
    const res = await emp.client.post('/api/company/create', { name: 'Mi Pyme SpA', domain: 'mipyme-test.cl' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Mi Pyme SpA', domain: 'mipyme-test.cl', userRole: 'admin', subscriptionStatus: 'free', userCount: 1 });
    expect((await emp.client.get('/api/auth/user')).body).toMatchObject({ currentCompanyId: res.body.id, role: 'admin' });
    expect((await emp.client.get('/api/categories')).body.length).toBeGreaterThan(0);
    expect((await emp.client.get('/api/user/memberships')).body).toHaveLength(2);
  });

  test("the free plan's '1 empresa': an admin of only free companies cannot create another; a Profesional one can", async () => {
    const { admin, companyId } = await adminOf('free');
    for (let i = 0; i < 3; i++) {
      expectCleanError(await admin.client.post('/api/company/create', { name: `Señuelo ${i} SpA` }), 403, /plan gratuito incluye 1 empresa/);
    }
    const owned = await t.deps.db.select().from(memberships).where(eq(memberships.userId, admin.user.id));
    expect(owned).toHaveLength(1);
    await setPlan(companyId, 'professional');
    const second = await admin.client.post('/api/company/create', { name: 'Filial SpA' });
    expect(second.status).toBe(201);
    // The new company is free, but the Profesional one still allows more.
    expect((await admin.client.post('/api/company/create', { name: 'Otra Filial SpA' })).status).toBe(201);
  });

  test('GET /api/company/stats: company totals for admins, own totals for employees', async () => {
    const { admin, companyId } = await adminOf('professional');
    const emp = await inviteAndAccept(admin);
    const ids = await catalogIds(admin.client);
    await fileExpense(admin.client, expenseFields(ids, { amount: '10000' }));
    await fileExpense(emp.client, expenseFields(ids, { amount: '2500' }));
    const all = await admin.client.get('/api/company/stats');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ totalUsers: 2, totalExpenses: 2, totalAmount: '12500', subscriptionStatus: 'pro', monthlyExpenseCount: 2, scope: 'company' });
    const own = await emp.client.get('/api/company/stats');
    expect(own.body).toMatchObject({ totalUsers: 2, totalExpenses: 1, totalAmount: '2500', monthlyExpenseCount: 2, scope: 'own' });
    expect((await admin.client.get('/api/company/current')).body).toMatchObject({ id: companyId, userCount: 2, expenseCount: 2 });

    // A pending invitation holds a seat but is nobody yet: 'Usuarios · Activos' stays at 2.
    expect((await admin.client.post('/api/company/invite', { email: uniqueEmail('pendiente') })).status).toBe(201);
    expect((await admin.client.get('/api/company/stats')).body.totalUsers).toBe(2);
    expect((await admin.client.get('/api/company/current')).body.userCount).toBe(2);
  });
});

describe('domain auto-join after e-mail verification', () => {
  test('registering with a company domain joins nothing until the e-mailed link is opened (the takeover of issue 13)', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const victim = await adminOf('professional', { companyName: 'Víctima SpA' });
    await t.deps.db.update(companies).set({ domain: `victima-${tag}.cl` }).where(eq(companies.id, victim.companyId));
    const attacker = await registerUser(t, { email: `x.${tag}@victima-${tag}.cl` });
    expect(attacker.user).toMatchObject({ emailVerified: false });
    expect((await attacker.client.get('/api/user/memberships')).body.map((m: any) => m.companyId)).not.toContain(victim.companyId);
    expect(await membershipOf(attacker.user.id, victim.companyId)).toBeNull();
    expectCleanError(await attacker.client.post('/api/user/switch-company', { companyId: victim.companyId }), 404);
    // Without the inbox there is no link: a made-up token and the reset of another flow do not verify.
    expectCleanError(await t.client().post('/api/auth/verify-email', { token: 'inventado' }), 400);
    expect(await membershipOf(attacker.user.id, victim.companyId)).toBeNull();
  });

  test('the link verifies once, joins the domain companies, and can be sent again while unverified', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const open = await adminOf('professional');
    await t.deps.db.update(companies).set({ domain: `verif-${tag}.cl` }).where(eq(companies.id, open.companyId));
    const person = await registerUser(t, { email: `ana.${tag}@verif-${tag}.cl` });
    const first = await t.smtp!.waitFor(person.email, { subject: /Confirma tu email/ });
    expect((await person.client.post('/api/auth/resend-verification')).status).toBe(200);
    const second = await nthMailWith(person.email, /Confirma tu email/, 2);
    const verifyToken = (text: string) => decodeURIComponent(/\/verificar-email\?token=([^\s"<&]+)/.exec(text)![1]);
    // The newer link replaces the older one.
    expectCleanError(await t.client().post('/api/auth/verify-email', { token: verifyToken(first.text) }), 400);
    const ok = await t.client().post('/api/auth/verify-email', { token: verifyToken(second.text) });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/verificado.*empresa/);
    expectCleanError(await t.client().post('/api/auth/verify-email', { token: verifyToken(second.text) }), 400);
    expect(await membershipOf(person.user.id, open.companyId)).toMatchObject({ role: 'employee', isActive: true });
    expect((await person.client.get('/api/auth/user')).body.emailVerified).toBe(true);
    expectCleanError(await person.client.post('/api/auth/resend-verification'), 409);
    // A verification link is not a password-reset link.
    expectCleanError(await t.client().post('/api/auth/reset-password', { token: verifyToken(second.text), password: 'otra1234', confirmPassword: 'otra1234' }), 400);
  });

  test('joins companies of the e-mail domain as employee, skips full plans and public domains', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const open = await adminOf('professional');
    const full = await adminOf('free');
    await t.deps.db.update(companies).set({ domain: `dominio-${tag}.cl` }).where(eq(companies.id, open.companyId));
    await t.deps.db.update(companies).set({ domain: `dominio-${tag}.cl` }).where(eq(companies.id, full.companyId));
    await inviteAndAccept(full.admin); // the free company is now full

    // Verifying the e-mail joins the open company (POST /api/auth/verify-email calls joinCompaniesByDomain).
    const newcomer = await registerUser(t, { email: `juan.${tag}@Dominio-${tag}.cl`.toLowerCase() });
    expect(await membershipOf(newcomer.user.id, open.companyId)).toBeNull();
    const link = (await t.smtp!.waitFor(newcomer.email, { subject: /Confirma tu email/ })).text;
    const token = decodeURIComponent(/\/verificar-email\?token=([^\s"<&]+)/.exec(link)![1]);
    expect((await t.client().post('/api/auth/verify-email', { token })).status).toBe(200);
    const memberships = await newcomer.client.get('/api/user/memberships');
    expect(memberships.body.map((m: any) => m.companyId)).toContain(open.companyId);
    expect(await membershipOf(newcomer.user.id, open.companyId)).toMatchObject({ role: 'employee', isActive: true });
    expect(await membershipOf(newcomer.user.id, full.companyId)).toBeNull();
    expect(await auditActions(open.companyId)).toContain('membership.domain_joined');
    // Idempotent, and webmail never matches.
    expect(await joinCompaniesByDomain(t.deps.db, newcomer.user.id, newcomer.email)).toEqual([]);
    await t.deps.db.update(companies).set({ domain: 'gmail.com' }).where(eq(companies.id, open.companyId));
    const gmailUser = await registerUser(t);
    expect(await joinCompaniesByDomain(t.deps.db, gmailUser.user.id, `x.${tag}@gmail.com`)).toEqual([]);
  });
});
