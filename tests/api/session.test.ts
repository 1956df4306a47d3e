import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions, users } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerUser } from '../helpers/factories.js';
import { clientWithSession, expectCleanError, sessionRowsOf, setCookie, sha256 } from '../helpers/http.js';

// The session lookup, logout on both paths, server-side expiry and the user's own settings.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const USER_FIELDS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'profileImageUrl',
  'isSuperAdmin',
  'currentCompanyId',
  'subscriptionStatus',
  'darkMode',
  'emailNotifications',
  'hasCompletedOnboarding',
];

describe('GET /api/auth/user', () => {
  test('401 { message } without a cookie', async () => {
    const res = await t.client().get('/api/auth/user');
    expectCleanError(res, 401, 'No autenticado. Inicia sesión para continuar.');
  });

  test('401 with a garbage cookie, and the cookie is cleared', async () => {
    const res = await clientWithSession(t, 'no-es-una-sesion-valida').get('/api/auth/user');
    expectCleanError(res, 401);
    const cleared = setCookie(res);
    expect(cleared).not.toBeNull();
    expect(cleared!.value).toBe('');
    expect(cleared!.attrs.get('max-age')).toBe('0');
  });

  test('401 with the stored hash used as the cookie (the table keeps only hashes)', async () => {
    const { client, user } = await registerUser(t);
    const [row] = await sessionRowsOf(t, user.id);
    expect(row.idHash).toBe(sha256(client.sessionId!));
    expectCleanError(await clientWithSession(t, row.idHash).get('/api/auth/user'), 401);
  });

  test('200 with every field of the User entity, with the right values and types', async () => {
    const { client, user, email } = await registerUser(t, { firstName: 'Ignacio', lastName: 'Pérez' });
    const res = await client.get('/api/auth/user');
    expect(res.status).toBe(200);
    for (const f of USER_FIELDS) expect(res.body, f).toHaveProperty(f);
    expect(res.body).toMatchObject({
      id: user.id,
      email,
      firstName: 'Ignacio',
      lastName: 'Pérez',
      profileImageUrl: null,
      isSuperAdmin: false,
      currentCompanyId: user.currentCompanyId,
      subscriptionStatus: 'free',
      darkMode: false,
      emailNotifications: true,
      hasCompletedOnboarding: false,
    });
    expect(typeof res.body.currentCompanyId).toBe('string');
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  test('an expired session is 401 and the cookie is cleared', async () => {
    const { client, user } = await registerUser(t);
    await t.deps.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    const res = await client.get('/api/auth/user');
    expectCleanError(res, 401);
    expect(setCookie(res)?.attrs.get('max-age')).toBe('0');
  });

  test('a browser session slides forward on use; it is not cut off at its first expiry', async () => {
    const { client, user } = await registerUser(t);
    const soon = new Date(Date.now() + 30_000);
    await t.deps.db
      .update(sessions)
      .set({ expiresAt: soon, lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const [row] = await sessionRowsOf(t, user.id);
    expect(row.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 3600_000);
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('session hint cookie', () => {
  const HINT = 'rendix_signed_in';

  test('set with the session cookie, same lifetime, readable by scripts, no secret in it; cleared at logout', async () => {
    const { client, email, password } = await registerUser(t);
    for (const rememberMe of [true, false]) {
      const res = await t.client().post('/api/auth/login', { email, password, rememberMe });
      const sid = setCookie(res)!;
      const hint = setCookie(res, HINT)!;
      expect(hint.value).toBe('1');
      expect(hint.attrs.has('httponly')).toBe(false);
      expect(hint.attrs.get('samesite')?.toLowerCase()).toBe('lax');
      expect(hint.attrs.get('path')).toBe('/');
      expect(hint.attrs.get('max-age')).toBe(sid.attrs.get('max-age'));
      expect(hint.attrs.has('max-age')).toBe(rememberMe);
    }
    const res = await client.request('POST', '/api/auth/logout');
    expect(setCookie(res, HINT)?.attrs.get('max-age')).toBe('0');
    expect(client.cookies.has(HINT)).toBe(false);
  });

  test('a valid session without its hint gets it back; a hint without a session, or with an ended one, is cleared', async () => {
    const { client } = await registerUser(t);
    const bare = clientWithSession(t, client.sessionId!);
    const res = await bare.get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(setCookie(res, HINT)?.value).toBe('1');
    // Only once: a request that carries it does not set it again.
    expect(setCookie(await bare.get('/api/auth/user'), HINT)).toBeNull();

    const orphan = t.client();
    orphan.cookies.set(HINT, '1');
    const gone = await orphan.get('/api/auth/user');
    expectCleanError(gone, 401);
    expect(setCookie(gone, HINT)?.attrs.get('max-age')).toBe('0');

    const ended = clientWithSession(t, 'no-es-una-sesion-valida');
    ended.cookies.set(HINT, '1');
    expect(setCookie(await ended.get('/api/auth/user'), HINT)?.attrs.get('max-age')).toBe('0');
  });
});

describe('logout', () => {
  test.each(['/api/auth/logout', '/api/logout'])('POST %s clears the cookie, deletes the session row, the old cookie is 401', async (path) => {
    const { client, user } = await registerUser(t);
    const sid = client.sessionId!;
    expect(await sessionRowsOf(t, user.id)).toHaveLength(1);

    // The shell sends the logout with no body and no content type.
    const res = await client.request('POST', path);
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    const cleared = setCookie(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.attrs.get('max-age')).toBe('0');
    expect(cleared.attrs.get('path')).toBe('/');
    expect(client.sessionId).toBeUndefined();

    expect(await sessionRowsOf(t, user.id)).toHaveLength(0);
    expectCleanError(await clientWithSession(t, sid).get('/api/auth/user'), 401);
  });

  test('logout ends only this browser\'s session, not the user\'s other sessions', async () => {
    const { client, user, email, password } = await registerUser(t);
    const other = t.client();
    expect((await other.post('/api/auth/login', { email, password })).status).toBe(200);
    expect(await sessionRowsOf(t, user.id)).toHaveLength(2);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect(await sessionRowsOf(t, user.id)).toHaveLength(1);
    expect((await other.get('/api/auth/user')).status).toBe(200);
  });

  test('logout without a session still answers 200', async () => {
    const res = await t.client().post('/api/logout');
    expect(res.status).toBe(200);
  });
});

describe('PATCH /api/user/preferences', () => {
  test('{ darkMode: true } persists and returns the updated user', async () => {
    const { client, user } = await registerUser(t);
    const res = await client.patch('/api/user/preferences', { darkMode: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, darkMode: true, emailNotifications: true });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect((await client.get('/api/auth/user')).body.darkMode).toBe(true);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row.darkMode).toBe(true);
    expect(row.emailNotifications).toBe(true);
  });

  test('{ emailNotifications: false } persists and leaves darkMode alone', async () => {
    const { client, user } = await registerUser(t);
    const res = await client.patch('/api/user/preferences', { emailNotifications: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, darkMode: false, emailNotifications: false });
    const me = await client.get('/api/auth/user');
    expect(me.body.emailNotifications).toBe(false);
    expect(me.body.darkMode).toBe(false);
  });

  test('an empty body is 400 and changes nothing', async () => {
    const { client, user } = await registerUser(t);
    const res = await client.patch('/api/user/preferences', {});
    expectCleanError(res, 400);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row.darkMode).toBe(false);
    expect(row.emailNotifications).toBe(true);
  });

  test('unknown fields cannot change other columns', async () => {
    const { client, user } = await registerUser(t);
    const res = await client.patch('/api/user/preferences', { darkMode: true, isSuperAdmin: true, email: 'otro@example.cl' });
    expect(res.status).toBe(200);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row.isSuperAdmin).toBe(false);
    expect(row.email).toBe(user.email);
  });

  test('401 without a session', async () => {
    expectCleanError(await t.client().patch('/api/user/preferences', { darkMode: true }), 401);
  });
});

describe('POST /api/auth/complete-onboarding', () => {
  test('sets hasCompletedOnboarding', async () => {
    const { client, user } = await registerUser(t);
    expect((await client.get('/api/auth/user')).body.hasCompletedOnboarding).toBe(false);
    const res = await client.post('/api/auth/complete-onboarding');
    expect(res.status).toBe(200);
    expect((await client.get('/api/auth/user')).body.hasCompletedOnboarding).toBe(true);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row.hasCompletedOnboarding).toBe(true);
  });

  test('401 without a session', async () => {
    expectCleanError(await t.client().post('/api/auth/complete-onboarding'), 401);
  });
});
