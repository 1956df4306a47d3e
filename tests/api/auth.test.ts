import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, companies, memberships, users } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerUser, registration, uniqueEmail, verifyEmailByLink } from '../helpers/factories.js';
import { expectCleanError, expectFieldError, sessionRowsOf, setCookie, sha256, userRowByEmail } from '../helpers/http.js';

// Register, partner register and login: answers, cookies and every validation message of part 1 §5.
// Budget: REGISTER_RULE allows 30 registrations per IP and hour, and every request here comes from
// 127.0.0.1, so this file stays well below that (validation failures never reach the counter).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const companyOf = async (companyId: string) => (await t.deps.db.select().from(companies).where(eq(companies.id, companyId)))[0];

describe('POST /api/auth/register', () => {
  test('201 creates user, company on the free plan and an admin membership, and signs in with a browser-session cookie', async () => {
    const client = t.client();
    const data = registration({ firstName: '  Camila ', companyName: '  Comercial Andes SpA  ' });
    const res = await client.post('/api/auth/register', data);

    expect(res.status).toBe(201);
    const user = res.body.user;
    expect(user).toMatchObject({
      email: data.email,
      firstName: 'Camila',
      lastName: 'Soto',
      isSuperAdmin: false,
      subscriptionStatus: 'free',
      darkMode: false,
      emailNotifications: true,
      hasCompletedOnboarding: false,
      profileImageUrl: null,
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.currentCompanyId).toMatch(/^[0-9a-f-]{36}$/);

    // The password never comes back, in any form.
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/password/i);
    expect(text).not.toContain(data.password);
    expect(text).not.toContain('scrypt$');

    // Session cookie: HttpOnly, SameSite=Lax, no Max-Age/Expires (ends with the browser), not Secure over http.
    const cookie = setCookie(res);
    expect(cookie).not.toBeNull();
    expect(cookie!.value.length).toBeGreaterThanOrEqual(32);
    expect(cookie!.attrs.has('httponly')).toBe(true);
    expect(cookie!.attrs.get('samesite')?.toLowerCase()).toBe('lax');
    expect(cookie!.attrs.get('path')).toBe('/');
    expect(cookie!.attrs.has('max-age')).toBe(false);
    expect(cookie!.attrs.has('expires')).toBe(false);
    expect(cookie!.attrs.has('secure')).toBe(false);

    // Database: user (hashed password), company on plan free, admin membership, session row (hashed id).
    const row = await userRowByEmail(t, data.email);
    expect(row).not.toBeNull();
    expect(row!.id).toBe(user.id);
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(data.password);
    expect(row!.currentCompanyId).toBe(user.currentCompanyId);

    const company = await companyOf(user.currentCompanyId);
    expect(company.name).toBe('Comercial Andes SpA');
    expect(company.plan).toBe('free');
    expect(company.subscriptionStatus).toBe('free');

    const ms = await t.deps.db.select().from(memberships).where(eq(memberships.userId, user.id));
    expect(ms).toHaveLength(1);
    expect(ms[0]).toMatchObject({ companyId: company.id, role: 'admin', isActive: true });

    const rows = await sessionRowsOf(t, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].idHash).toBe(sha256(cookie!.value));
    expect(rows[0].persistent).toBe(false);

    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(audit.map((a) => a.action)).toContain('user.registered');

    // And the cookie signs the browser in.
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  test('e-mail is stored trimmed and lower-cased', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await t.client().post('/api/auth/register', registration({ email: `  ${email.toUpperCase()}  ` }));
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(email.toLowerCase());
    expect((await userRowByEmail(t, email))!.email).toBe(email.toLowerCase());
  });

  test('duplicate e-mail, in other case and with spaces, is 409 with a Spanish message and creates nothing', async () => {
    const { email } = await registerUser(t);
    const before = await t.deps.db.select({ id: companies.id }).from(companies);
    const res = await t.client().post('/api/auth/register', registration({ email: `  ${email.toUpperCase()} `, companyName: 'Otra Empresa' }));
    expectCleanError(res, 409, /Ya existe una cuenta con ese email/);
    expect(setCookie(res)).toBeNull();
    const after = await t.deps.db.select({ id: companies.id }).from(companies);
    expect(after).toHaveLength(before.length);
  });

  test('two simultaneous registrations with one e-mail: one 201, one 409, never a 500', async () => {
    const data = registration();
    const [a, b] = await Promise.all([t.client().post('/api/auth/register', data), t.client().post('/api/auth/register', data)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const rows = await t.deps.db.select().from(users).where(eq(users.email, data.email));
    expect(rows).toHaveLength(1);
  });

  describe('validation (part 1 §5): 400 { message, field }', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['firstName too short', { firstName: 'A' }, 'firstName', 'Mínimo 2 caracteres'],
      ['firstName whitespace only', { firstName: '     ' }, 'firstName', 'Mínimo 2 caracteres'],
      ['firstName padded single letter', { firstName: ' A ' }, 'firstName', 'Mínimo 2 caracteres'],
      ['firstName missing', { firstName: undefined }, 'firstName', 'Mínimo 2 caracteres'],
      ['lastName too short', { lastName: 'B' }, 'lastName', 'Mínimo 2 caracteres'],
      ['lastName whitespace only', { lastName: '  \t ' }, 'lastName', 'Mínimo 2 caracteres'],
      ['companyName too short', { companyName: 'C' }, 'companyName', 'Mínimo 2 caracteres'],
      ['companyName whitespace only', { companyName: '    ' }, 'companyName', 'Mínimo 2 caracteres'],
      ['email malformed', { email: 'no-es-un-email' }, 'email', 'Email inválido'],
      ['email without domain', { email: 'camila@' }, 'email', 'Email inválido'],
      ['email empty', { email: '' }, 'email', 'Email inválido'],
      ['email not a string', { email: 42 }, 'email', 'Email inválido'],
      ['password too short', { password: '12345', confirmPassword: '12345' }, 'password', 'Mínimo 6 caracteres'],
      ['password missing', { password: undefined }, 'password', 'Mínimo 6 caracteres'],
      ['confirmPassword differs', { confirmPassword: 'otra-clave' }, 'confirmPassword', 'Las contraseñas no coinciden'],
    ];
    test.each(cases)('%s', async (_name, override, field, message) => {
      const data = registration(override);
      const res = await t.client().post('/api/auth/register', data);
      expectFieldError(res, field, message);
      expect(setCookie(res)).toBeNull();
      if (typeof data.email === 'string' && data.email.includes('@example.cl')) {
        expect(await userRowByEmail(t, data.email)).toBeNull();
      }
    });

    test('partner registration validates with the same messages', async () => {
      const res = await t.client().post('/api/auth/register-niudata', registration({ confirmPassword: 'distinta' }));
      expectFieldError(res, 'confirmPassword', 'Las contraseñas no coinciden');
      const res2 = await t.client().post('/api/auth/register-niudata', registration({ companyName: ' ' }));
      expectFieldError(res2, 'companyName', 'Mínimo 2 caracteres');
    });
  });

  test('malformed JSON body is 400 with a Spanish message, not 500', async () => {
    const res = await t.client().post('/api/auth/register', '{"firstName": "Camila", "email": ');
    expectCleanError(res, 400, 'El cuerpo de la solicitud no es JSON válido.');
  });

  test('a body that is not an object is 400 with a Spanish message', async () => {
    const res = await t.client().post('/api/auth/register', '[1,2,3]');
    expect(res.status).toBe(400);
    // zod's default English text ("Invalid input: expected object, received array") must not reach the user.
    expect(res.body.message).not.toMatch(/Invalid input|expected|received/i);
    expectCleanError(res, 400);
  });
});

describe('POST /api/auth/register-niudata', () => {
  test('the partner plan applies once the e-mail is verified (before: the free plan, so nobody gets it with an address they do not own)', async () => {
    const client = t.client();
    const data = registration({ companyName: 'Contadores NiuData Ltda' });
    const res = await client.post('/api/auth/register-niudata', data);
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ subscriptionStatus: 'free', emailVerified: false });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect(setCookie(res)?.attrs.has('httponly')).toBe(true);
    expect(await companyOf(res.body.user.currentCompanyId)).toMatchObject({ plan: 'free', pendingPlan: 'niudata-free' });
    expect((await client.get('/api/company/current')).body).toMatchObject({ subscriptionPlan: 'free', subscriptionStatus: 'free' });

    await verifyEmailByLink(t, data.email as string);
    expect((await client.get('/api/auth/user')).body).toMatchObject({ subscriptionStatus: 'pro', emailVerified: true });
    const company = await companyOf(res.body.user.currentCompanyId);
    expect(company).toMatchObject({ plan: 'niudata-free', pendingPlan: null });
    expect(company.name).toBe('Contadores NiuData Ltda');

    const current = await client.get('/api/company/current');
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ subscriptionPlan: 'niudata-free', subscriptionStatus: 'pro', userRole: 'admin' });
  });
});

describe('POST /api/auth/login', () => {
  let email: string;
  let password: string;
  let userId: string;
  beforeAll(async () => {
    const r = await registerUser(t);
    ({ email, password } = r);
    userId = r.user.id;
  });

  test('success returns the user and sets an HttpOnly browser-session cookie', async () => {
    const client = t.client();
    const res = await client.post('/api/auth/login', { email, password });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: userId, email, subscriptionStatus: 'free' });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    const cookie = setCookie(res)!;
    expect(cookie.attrs.has('httponly')).toBe(true);
    expect(cookie.attrs.get('samesite')?.toLowerCase()).toBe('lax');
    expect(cookie.attrs.has('max-age')).toBe(false);
    expect(cookie.attrs.has('expires')).toBe(false);
    const [row] = (await sessionRowsOf(t, userId)).filter((s) => s.idHash === sha256(cookie.value));
    expect(row.persistent).toBe(false);
    expect((await client.get('/api/auth/user')).body.id).toBe(userId);
  });

  test('e-mail in another case and with spaces still logs in', async () => {
    const res = await t.client().post('/api/auth/login', { email: `  ${email.toUpperCase()} `, password });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(userId);
  });

  test('wrong password and unknown e-mail are both 401 with the same message and no cookie', async () => {
    const wrong = await t.client().post('/api/auth/login', { email, password: 'no-es-la-clave' });
    const unknown = await t.client().post('/api/auth/login', { email: uniqueEmail('nadie'), password });
    expectCleanError(wrong, 401, 'Email o contraseña incorrectos.');
    expectCleanError(unknown, 401, 'Email o contraseña incorrectos.');
    expect(unknown.body).toEqual(wrong.body);
    expect(setCookie(wrong)).toBeNull();
    expect(setCookie(unknown)).toBeNull();
  });

  test('rememberMe true: cookie Max-Age 30 days and a persistent session row expiring in ~30 days', async () => {
    const res = await t.client().post('/api/auth/login', { email, password, rememberMe: true });
    expect(res.status).toBe(200);
    const cookie = setCookie(res)!;
    expect(cookie.attrs.get('max-age')).toBe('2592000');
    expect(cookie.attrs.has('httponly')).toBe(true);
    const [row] = (await sessionRowsOf(t, userId)).filter((s) => s.idHash === sha256(cookie.value));
    expect(row.persistent).toBe(true);
    const days = (row.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30.01);
  });

  test('rememberMe false: no Max-Age and a non-persistent session that ends well before 30 days', async () => {
    const res = await t.client().post('/api/auth/login', { email, password, rememberMe: false });
    expect(res.status).toBe(200);
    const cookie = setCookie(res)!;
    expect(cookie.attrs.has('max-age')).toBe(false);
    expect(cookie.attrs.has('expires')).toBe(false);
    const [row] = (await sessionRowsOf(t, userId)).filter((s) => s.idHash === sha256(cookie.value));
    expect(row.persistent).toBe(false);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThan(86_400_000);
  });

  test('session id rotates on login: new cookie value, the old id no longer authenticates', async () => {
    const { client, user } = await registerUser(t);
    const oldSid = client.sessionId!;
    expect(oldSid).toBeTruthy();
    expect((await client.get('/api/auth/user')).status).toBe(200);

    const res = await client.post('/api/auth/login', { email: user.email, password: 'secreto123' });
    expect(res.status).toBe(200);
    const newSid = setCookie(res)!.value;
    expect(newSid).not.toBe(oldSid);
    expect(client.sessionId).toBe(newSid);

    const stale = t.client();
    stale.cookies.set('rendix_sid', oldSid);
    expectCleanError(await stale.get('/api/auth/user'), 401);
    expect((await client.get('/api/auth/user')).body.id).toBe(user.id);

    const rows = await sessionRowsOf(t, user.id);
    expect(rows.map((r) => r.idHash)).toEqual([sha256(newSid)]);
  });

  describe('validation (part 1 §5)', () => {
    test.each([
      ['email malformed', { email: 'camila.example.cl', password: 'secreto123' }, 'email', 'Email inválido'],
      ['email missing', { password: 'secreto123' }, 'email', 'Email inválido'],
      ['password too short', { email: 'a@example.cl', password: '12345' }, 'password', 'Mínimo 6 caracteres'],
      ['password missing', { email: 'a@example.cl' }, 'password', 'Mínimo 6 caracteres'],
    ] as [string, Record<string, unknown>, string, string][])('%s', async (_n, body, field, message) => {
      expectFieldError(await t.client().post('/api/auth/login', body), field, message);
    });

    test('a non-boolean rememberMe is rejected with a Spanish message naming the field', async () => {
      const res = await t.client().post('/api/auth/login', { email, password, rememberMe: 'sí' });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('rememberMe');
      // zod's default English text ("Invalid input: expected boolean, received string") must not reach the user.
      expect(res.body.message).not.toMatch(/Invalid input|expected|received/i);
      expectCleanError(res, 400);
    });
  });
});
