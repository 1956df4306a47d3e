import { eq, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FORGOT_RULES } from '../../src/server/auth/routes.js';
import { LOGIN_LIMITS } from '../../src/server/auth/login-guard.js';
import { rateLimits, users } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerUser, registration, uniqueEmail } from '../helpers/factories.js';
import { expectCleanError, sessionRowsOf, setCookie, userRowByEmail } from '../helpers/http.js';

// CSRF origin check, rate limits, unknown routes and error hygiene; HTTPS cookies behind a proxy.
// The app runs as in production behind a load balancer (TRUST_PROXY on); requests that send no
// X-Forwarded-* headers behave exactly as without a proxy.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t?.close());

const EVIL = 'http://evil.example';

describe('CSRF: browser writes must come from our own origin', () => {
  test('a POST with a foreign Origin is 403 { message } and register creates nothing', async () => {
    const data = registration();
    const res = await t.client(EVIL).post('/api/auth/register', data);
    expectCleanError(res, 403, 'Origen de la solicitud no permitido.');
    expect(setCookie(res)).toBeNull();
    expect(await userRowByEmail(t, data.email)).toBeNull();
  });

  test('a foreign-origin write with a valid session cookie changes nothing', async () => {
    const { client, user } = await registerUser(t);
    const attacker = t.client(EVIL);
    attacker.cookies = new Map(client.cookies);

    expectCleanError(await attacker.patch('/api/user/preferences', { darkMode: true }), 403);
    expectCleanError(await attacker.post('/api/auth/logout'), 403);
    expectCleanError(await attacker.post('/api/auth/complete-onboarding'), 403);

    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row.darkMode).toBe(false);
    expect(row.hasCompletedOnboarding).toBe(false);
    expect(await sessionRowsOf(t, user.id)).toHaveLength(1);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  test('the opaque Origin "null" (sandboxed frames, data: URLs) is refused', async () => {
    expectCleanError(await t.client('null').post('/api/auth/register', registration()), 403);
  });

  test('a look-alike origin (other port, other scheme, suffix) is refused', async () => {
    const port = new URL(t.baseUrl).port;
    for (const origin of [`http://127.0.0.1:${Number(port) + 1}`, `https://127.0.0.1:${port}`, `${t.baseUrl}.evil.example`]) {
      expectCleanError(await t.client(origin).post('/api/auth/login', { email: 'a@example.cl', password: 'secreto123' }), 403);
    }
  });

  test('sec-fetch-site: cross-site without Origin is 403', async () => {
    const data = registration();
    const res = await t.client(null).post('/api/auth/register', data, { 'sec-fetch-site': 'cross-site' });
    expectCleanError(res, 403, 'Origen de la solicitud no permitido.');
    expect(await userRowByEmail(t, data.email)).toBeNull();
  });

  test('a POST without Origin and without sec-fetch headers (an API client) is allowed', async () => {
    const { email, password, user } = await registerUser(t);
    const res = await t.client(null).post('/api/auth/login', { email, password });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
  });

  test('same-origin browser requests are allowed (own Origin; sec-fetch-site same-origin without Origin)', async () => {
    const { client, user } = await registerUser(t);
    expect((await client.patch('/api/user/preferences', { darkMode: true })).status).toBe(200);
    const noOrigin = t.client(null);
    noOrigin.cookies = new Map(client.cookies);
    const res = await noOrigin.patch('/api/user/preferences', { darkMode: false }, { 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });

  test('a GET with a foreign Origin is allowed', async () => {
    const { client, user } = await registerUser(t);
    const res = await client.get('/api/auth/user', { origin: EVIL, 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });

  test('a percent-encoded API path does not slip past the origin check', async () => {
    // The router decodes "%61" to "a", so /%61pi/auth/login reaches the login route.
    const { email, password } = await registerUser(t);
    const res = await t.client(EVIL).post('/%61pi/auth/login', { email, password });
    expect(setCookie(res)).toBeNull();
    expectCleanError(res, 403);
  });
});

describe('rate limits', () => {
  test('successful logins do not add up against the account', async () => {
    const { email, password } = await registerUser(t);
    const free = LOGIN_LIMITS.backoff.free;
    expect(free).toBe(5);
    for (let i = 0; i < free - 1; i++) expect((await t.client().post('/api/auth/login', { email, password: 'incorrecta' })).status).toBe(401);
    expect((await t.client().post('/api/auth/login', { email, password })).status).toBe(200);
    // The success cleared the failures: another run of wrong guesses and a right one still get in, with no wait.
    for (let i = 0; i < free - 1; i++) expect((await t.client().post('/api/auth/login', { email, password: 'incorrecta' })).status).toBe(401);
    expect((await t.client().post('/api/auth/login', { email, password })).status).toBe(200);
    // Successes leave every counter as it was: the IP's, the account's, and this IP's back-off for it.
    const counters = async () =>
      Object.fromEntries((await t.deps.db.select().from(rateLimits).where(or(eq(rateLimits.key, 'login-ip:127.0.0.1'), like(rateLimits.key, `login-%${email}%`)))).map((r) => [r.key, r.count]));
    const before = await counters();
    for (let i = 0; i < 3; i++) expect((await t.client().post('/api/auth/login', { email, password })).status).toBe(200);
    const after = await counters();
    expect(after['login-ip:127.0.0.1']).toBe(before['login-ip:127.0.0.1']);
    expect(after[`login-account:${email}`] ?? 0).toBe(before[`login-account:${email}`] ?? 0);
    expect(after[`login-backoff:${email}:127.0.0.1`]).toBeUndefined();
  });

  test(`login: after ${LOGIN_LIMITS.backoff.free} failures from one IP, that IP waits before its next try at the account, even with the right password`, async () => {
    const { email, password } = await registerUser(t);
    const free = LOGIN_LIMITS.backoff.free;
    for (let i = 1; i <= free; i++) {
      const r = await t.client().post('/api/auth/login', { email, password: `incorrecta-${i}` });
      expect(r.status, `attempt ${i}`).toBe(401);
    }
    const blocked = await t.client().post('/api/auth/login', { email, password });
    expectCleanError(blocked, 429, /^Demasiados intentos\. Intenta nuevamente en \d+ minutos?\.$/);
    expect(setCookie(blocked)).toBeNull();
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.backoff.baseDelayMs / 1000);

    // The same account in another case is the same account.
    expect((await t.client().post('/api/auth/login', { email: email.toUpperCase(), password })).status).toBe(429);

    // Another account from the same IP is not affected.
    const other = await registerUser(t);
    expect((await t.client().post('/api/auth/login', { email: other.email, password: other.password })).status).toBe(200);
  });

  test(`forgot-password: the ${FORGOT_RULES.perAccount.max + 1}th request for one e-mail is 429`, async () => {
    const email = uniqueEmail('olvido');
    expect(FORGOT_RULES.perAccount.max).toBe(3);
    for (let i = 1; i <= FORGOT_RULES.perAccount.max; i++) {
      expect((await t.client().post('/api/auth/forgot-password', { email })).status, `request ${i}`).toBe(200);
    }
    const blocked = await t.client().post('/api/auth/forgot-password', { email: ` ${email.toUpperCase()} ` });
    expectCleanError(blocked, 429, /^Demasiados intentos/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await t.client().post('/api/auth/forgot-password', { email: uniqueEmail('otro') })).status).toBe(200);
  });
});

describe('unknown routes and error hygiene', () => {
  test.each([
    ['GET', '/api/no-existe'],
    ['POST', '/api/no-existe'],
    ['DELETE', '/api/auth/user'],
    ['GET', '/api/auth/login'],
  ])('%s %s is 404 JSON { message }', async (method, path) => {
    const res = await t.client().request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
    expectCleanError(res, 404, 'Ruta no encontrada.');
  });

  test('a too-large body is 413 with a Spanish message', async () => {
    const res = await t.client().post('/api/auth/login', JSON.stringify({ email: 'a@example.cl', password: 'x'.repeat(1_100_000) }));
    expectCleanError(res, 413, 'La solicitud es demasiado grande.');
  });

  test('an unsupported content type is 415 with a Spanish message', async () => {
    const res = await t.client().post('/api/auth/login', '<xml/>', { 'content-type': 'application/xml' });
    expectCleanError(res, 415, 'Tipo de contenido no soportado.');
  });

  test('no error body carries a stack trace or internals', async () => {
    const responses = await Promise.all([
      t.client().post('/api/auth/register', '{'),
      t.client().post('/api/auth/login', { email: 'x' }),
      t.client().get('/api/auth/user'),
      t.client().post('/api/user/switch-company', { companyId: 'x' }),
      t.client(EVIL).post('/api/logout'),
    ]);
    for (const r of responses) {
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expectCleanError(r, r.status);
    }
  });
});

describe('behind an HTTPS proxy (TRUST_PROXY)', () => {
  test('the session cookie is Secure when the request came over HTTPS', async () => {
    const httpsOrigin = t.baseUrl.replace('http://', 'https://');
    const res = await t.client(httpsOrigin).post('/api/auth/register', registration(), { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(201);
    const cookie = setCookie(res)!;
    expect(cookie.attrs.has('secure')).toBe(true);
    expect(cookie.attrs.has('httponly')).toBe(true);
    expect(cookie.attrs.get('samesite')?.toLowerCase()).toBe('lax');
  });

  test('the http:// origin of the same host is refused for a request that came over HTTPS', async () => {
    const data = registration();
    const res = await t.client(t.baseUrl).post('/api/auth/register', data, { 'x-forwarded-proto': 'https' });
    expectCleanError(res, 403);
    expect(await userRowByEmail(t, data.email)).toBeNull();
  });

  test('a client cannot dodge the login limit by forging X-Forwarded-For', async () => {
    // What the load balancer forwards when the client itself sent "X-Forwarded-For: 10.0.0.i":
    // the forged entries first, then the address the balancer saw (always the same attacker).
    const { email, password } = await registerUser(t);
    const viaProxy = (i: number) => ({ 'x-forwarded-for': `10.0.${i}.${i}, 203.0.113.7` });
    for (let i = 1; i <= LOGIN_LIMITS.backoff.free; i++) {
      const r = await t.client().post('/api/auth/login', { email, password: `incorrecta-${i}` }, viaProxy(i));
      expect(r.status, `attempt ${i}`).toBe(401);
    }
    const blocked = await t.client().post('/api/auth/login', { email, password }, viaProxy(99));
    expect(setCookie(blocked), 'the next guess must wait').toBeNull();
    expectCleanError(blocked, 429);
  });
});
