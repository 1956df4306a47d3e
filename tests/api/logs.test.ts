import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { bearer, createApiToken, registerUser, uniqueEmail } from '../helpers/factories.js';

/*
 * Issue 13: a token copied from the production log set an account's password. The request log must not hold
 * query-string secrets, auth headers or SQL parameters; a proxy we do not trust is reported once.
 */

/** Everything the app logged, as text and as parsed lines. */
function captureLog() {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  return {
    stream,
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, any>),
  };
}

const log = captureLog();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ smtp: true, logStream: log.stream });
});
afterAll(async () => t?.close());

const tokenIn = (text: string, path: string) => {
  const m = new RegExp(`${path.replace(/[?]/g, '\\?')}[^\\s"<]*?token=([^\\s"<&]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(m[1]);
};

/** A GET whose body is read to the end: an unread body keeps its connection busy and app.close() would wait for it. */
async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return res;
}

describe('the request log', () => {
  test('invitation and password-reset tokens never appear, though every request with them is logged', async () => {
    // Invitation: invite -> e-mail -> the app's page -> preview -> accept.
    const admin = await registerUser(t);
    const email = uniqueEmail('inv');
    expect((await admin.client.post('/api/company/invite', { email })).status).toBe(201);
    const invite = tokenIn((await t.smtp!.waitFor(email, { subject: /invit/i })).text, '/invitacion?');
    await get(`${t.baseUrl}/invitacion?token=${encodeURIComponent(invite)}`);
    expect((await t.client().get(`/api/auth/invitation?token=${encodeURIComponent(invite)}`)).status).toBe(200);
    const invitee = t.client();
    const accepted = await invitee.post('/api/auth/accept-invitation', { token: invite, firstName: 'Iván', lastName: 'Torres', password: 'clave-secreta-1', confirmPassword: 'clave-secreta-1' });
    expect(accepted.status).toBe(200);

    // Password reset: ask -> e-mail -> the app's page -> reset.
    const user = await registerUser(t);
    expect((await t.client().post('/api/auth/forgot-password', { email: user.email })).status).toBe(200);
    const reset = tokenIn((await t.smtp!.waitFor(user.email, { subject: /contraseña/i })).text, '/auth?view=reset&');
    await get(`${t.baseUrl}/auth?view=reset&token=${encodeURIComponent(reset)}`);
    await get(`${t.baseUrl}/auth?view=reset&amp%3Btoken=${encodeURIComponent(reset)}`);
    const done = await t.client().post('/api/auth/reset-password', { token: reset, password: 'otra-clave-2', confirmPassword: 'otra-clave-2' });
    expect(done.status).toBe(200);

    // API token and session cookie in headers; other secret-looking query parameters.
    const apiToken = await createApiToken(admin.client);
    await t.client(null).get(`/api/expenses?secret=s3cr3t-value&code=c0de-value&signature=s1g-value&page=2`, bearer(apiToken));

    const text = log.text();
    for (const secret of [invite, encodeURIComponent(invite), reset, encodeURIComponent(reset), apiToken, admin.client.sessionId!, 'clave-secreta-1', 'otra-clave-2', 's3cr3t-value', 'c0de-value', 's1g-value']) {
      expect(text).not.toContain(secret);
    }
    // The requests are there, with the values replaced and the rest of the URL kept.
    const urls = log.lines().map((l) => l.req?.url as string | undefined).filter(Boolean);
    expect(urls).toContain('/invitacion?token=[REDACTED]');
    expect(urls).toContain('/api/auth/invitation?token=[REDACTED]');
    expect(urls).toContain('/auth?view=reset&token=[REDACTED]');
    expect(urls).toContain('/auth?view=reset&amp%3Btoken=[REDACTED]');
    expect(urls).toContain('/api/expenses?secret=[REDACTED]&code=[REDACTED]&signature=[REDACTED]&page=2');
  });

  test('a database error logs its SQL, not its parameters, the database detail or the value in its message', async () => {
    const { users } = await import('../../src/server/db/schema/index.js');
    const victim = await registerUser(t);
    const cases: { run: () => Promise<unknown>; secret: string }[] = [
      // Drizzle: "Failed query: …\nparams: …" with the driver's error as cause.
      { run: () => t.deps.db.execute(sql`select ${'dato-del-usuario-1'}::int`), secret: 'dato-del-usuario-1' },
      // Unique violation: detail "Key (email)=(…) already exists".
      { run: () => t.deps.db.insert(users).values({ email: victim.email, firstName: 'Dato', lastName: 'Usuario', passwordHash: 'x' } as never), secret: victim.email },
      // A data exception quotes the value in the driver's message: invalid input syntax for type uuid: "…".
      { run: () => t.deps.db.execute(sql`select * from ${users} where ${users.id} = ${'dato-del-usuario-3'}`), secret: 'dato-del-usuario-3' },
    ];
    for (const c of cases) {
      const err = await c.run().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      // What the error handler does with an unexpected error (request.log is a child of this logger).
      t.app.log.error({ err }, 'unhandled error');
    }
    const text = log.text();
    for (const c of cases) expect(text).not.toContain(c.secret);
    const logged = log.lines().filter((l) => l.msg === 'unhandled error').slice(-3);
    expect(logged[0].err.message).toContain('select $1::int');
    expect(logged[0].err.message).toContain('params: [REDACTED]');
    expect(logged[0].err.cause.code).toBe('22P02');
    expect(logged[1].err.cause).toMatchObject({ code: '23505' });
    expect(logged[1].err.cause.detail).toBeUndefined();
    expect(JSON.stringify(logged[1].err)).not.toContain('"params"');
    expect(logged[2].err.cause).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: [REDACTED]' });
  });

  test('a failing job reports its error without the query parameters', async () => {
    const reported: string[] = [];
    const before = t.deps.queue.onError;
    t.deps.queue.onError = (err) => reported.push(err.message);
    try {
      await t.deps.queue.work<{ value: string }>('logs-test-failing', async (data) => {
        await t.deps.db.execute(sql`select ${data.value}::int`);
      });
      await t.deps.queue.send('logs-test-failing', { value: 'dato-del-trabajo' }, { retryLimit: 0 });
      await expect.poll(() => reported.length, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      t.deps.queue.onError = before;
    }
    expect(reported[0]).toContain('logs-test-failing');
    expect(reported.join('\n')).not.toContain('dato-del-trabajo');
  });
});

describe('X-Forwarded-For without TRUST_PROXY', () => {
  test('one warning per process, not per request; none for requests without the header', async () => {
    const warnings = () => log.lines().filter((l) => l.level === 40 && /TRUST_PROXY/.test(l.msg));
    await get(`${t.baseUrl}/api/health`);
    expect(warnings()).toHaveLength(0);
    for (let i = 0; i < 3; i++) await get(`${t.baseUrl}/api/health`, { 'x-forwarded-for': '203.0.113.7' });
    await expect.poll(() => warnings().length).toBe(1);
    expect(warnings()[0].msg).toMatch(/IP/);
  });
});
