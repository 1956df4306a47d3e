import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { emailOutbox, passwordResetTokens, users } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerUser, uniqueEmail } from '../helpers/factories.js';
import { clientWithSession, expectCleanError, expectFieldError, sessionRowsOf, sha256 } from '../helpers/http.js';

// Forgot / reset with a real SMTP server capturing the mail.
// Budget: forgot-password and reset-password share one per-IP counter (20 an hour), and all requests
// come from 127.0.0.1; the requests below that reach a handler stay under it. Validation failures
// are rejected before the counter.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ smtp: true });
});
afterAll(async () => t?.close());

const FORGOT_ANSWER = 'Si el email existe, recibirás instrucciones para restablecer tu contraseña.';
const LINK = /(https?:\/\/[^\s"<>]+)\/auth\?view=reset&(?:amp;)?token=([A-Za-z0-9_\-%.~]+)/;

/** Asks for a reset link for `email` and returns the raw token from the captured e-mail. */
async function requestResetToken(email: string): Promise<string> {
  const res = await t.client().post('/api/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  const mail = await t.smtp!.waitFor(email, { subject: /contraseña/i });
  const m = LINK.exec(mail.text);
  expect(m, 'reset link in the e-mail text').not.toBeNull();
  return decodeURIComponent(m![2]);
}

describe('POST /api/auth/forgot-password', () => {
  test('existing and unknown e-mails get the identical answer; only the existing one receives mail', async () => {
    const { email, user } = await registerUser(t, { firstName: 'Valentina' });
    const ghost = uniqueEmail('fantasma');

    const known = await t.client().post('/api/auth/forgot-password', { email });
    const unknown = await t.client().post('/api/auth/forgot-password', { email: ghost });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: FORGOT_ANSWER });
    expect(known.headers.get('set-cookie')).toBeNull();

    const mail = await t.smtp!.waitFor(email, { subject: /contraseña/i });
    expect(t.smtp!.messages.some((m) => m.to.includes(ghost))).toBe(false);
    expect(await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, ghost))).toHaveLength(0);

    // The mail: Spanish, addressed by name, with an absolute link to the reset view of /auth.
    expect(mail.subject).toMatch(/contraseña/i);
    expect(mail.text).toContain('Valentina');
    const m = LINK.exec(mail.text);
    expect(m).not.toBeNull();
    expect(m![1]).toBe(t.baseUrl);
    const token = decodeURIComponent(m![2]);
    expect(token.length).toBeGreaterThanOrEqual(32);
    // The HTML button carries the same link (the & may be entity-encoded).
    expect(mail.html).toMatch(new RegExp(`href="${t.baseUrl}/auth\\?view=reset&(?:amp;|#38;)?token=${m![2]}"`));

    // Stored hashed: the raw token appears nowhere in the table, its SHA-256 does; valid ~1 hour.
    const rows = await t.deps.db.select().from(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.purpose, 'reset')));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].tokenHash).toBe(sha256(token));
    expect(rows[0].usedAt).toBeNull();
    const minutes = (rows[0].expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThanOrEqual(60.5);
  });

  test('the e-mail is matched case-insensitively and trimmed', async () => {
    const { email } = await registerUser(t);
    const res = await t.client().post('/api/auth/forgot-password', { email: `  ${email.toUpperCase()}  ` });
    expect(res.body).toEqual({ message: FORGOT_ANSWER });
    const mail = await t.smtp!.waitFor(email, { subject: /contraseña/i });
    expect(mail.text).toMatch(LINK);
  });

  test('an invalid e-mail is 400 "Email inválido"', async () => {
    expectFieldError(await t.client().post('/api/auth/forgot-password', { email: 'no-es-email' }), 'email', 'Email inválido');
    expectFieldError(await t.client().post('/api/auth/forgot-password', {}), 'email', 'Email inválido');
  });
});

describe('POST /api/auth/reset-password', () => {
  test('the token resets the password: the new one logs in, the old one does not; the token is single use', async () => {
    const { email, password, user } = await registerUser(t);
    const token = await requestResetToken(email);

    const res = await t.client().post('/api/auth/reset-password', { token, password: 'nueva-clave-1', confirmPassword: 'nueva-clave-1' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Tu contraseña ha sido actualizada exitosamente. Ya puedes iniciar sesión.');

    const [row] = await t.deps.db.select().from(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.purpose, 'reset')));
    expect(row.usedAt).not.toBeNull();

    expect((await t.client().post('/api/auth/login', { email, password: 'nueva-clave-1' })).status).toBe(200);
    expectCleanError(await t.client().post('/api/auth/login', { email, password }), 401);

    // Second use of the same token.
    const again = await t.client().post('/api/auth/reset-password', { token, password: 'otra-clave-2', confirmPassword: 'otra-clave-2' });
    expectCleanError(again, 400, /no es válido o ya expiró/);
    expect(again.body.field).toBe('token');
    expect((await t.client().post('/api/auth/login', { email, password: 'nueva-clave-1' })).status).toBe(200);
  });

  test('an expired token is 400 and the password is unchanged', async () => {
    const { email, user } = await registerUser(t);
    const token = await requestResetToken(email);
    const [before] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    await t.deps.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));

    const res = await t.client().post('/api/auth/reset-password', { token, password: 'nueva-clave-1', confirmPassword: 'nueva-clave-1' });
    expectCleanError(res, 400, /no es válido o ya expiró/);
    const [after] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(after.passwordHash).toBe(before.passwordHash);
  });

  test('a made-up token is 400 with the same Spanish message', async () => {
    const res = await t.client().post('/api/auth/reset-password', {
      token: 'x'.repeat(43),
      password: 'nueva-clave-1',
      confirmPassword: 'nueva-clave-1',
    });
    expectCleanError(res, 400, 'El enlace para restablecer la contraseña no es válido o ya expiró. Solicita uno nuevo.');
  });

  test('the hash itself is not a usable token', async () => {
    const { email, user } = await registerUser(t);
    await requestResetToken(email);
    const [row] = await t.deps.db.select().from(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.purpose, 'reset')));
    const res = await t.client().post('/api/auth/reset-password', { token: row.tokenHash, password: 'nueva-clave-1', confirmPassword: 'nueva-clave-1' });
    expectCleanError(res, 400);
  });

  test('a reset ends every existing session of that user, and only theirs', async () => {
    const { client, email, password, user } = await registerUser(t);
    const bystander = await registerUser(t);
    const second = t.client();
    expect((await second.post('/api/auth/login', { email, password, rememberMe: true })).status).toBe(200);
    expect(await sessionRowsOf(t, user.id)).toHaveLength(2);
    const sids = [client.sessionId!, second.sessionId!];

    const token = await requestResetToken(email);
    const res = await t.client().post('/api/auth/reset-password', { token, password: 'nueva-clave-1', confirmPassword: 'nueva-clave-1' });
    expect(res.status).toBe(200);

    expect(await sessionRowsOf(t, user.id)).toHaveLength(0);
    for (const sid of sids) expectCleanError(await clientWithSession(t, sid).get('/api/auth/user'), 401);
    expect((await bystander.client.get('/api/auth/user')).status).toBe(200);
  });

  describe('validation (part 1 §5)', () => {
    const ok = { token: 'abc', password: 'nueva-clave-1', confirmPassword: 'nueva-clave-1' };
    test.each([
      ['token empty', { ...ok, token: '' }, 'token', 'Token requerido'],
      ['token whitespace only', { ...ok, token: '   ' }, 'token', 'Token requerido'],
      ['token missing', { password: ok.password, confirmPassword: ok.confirmPassword }, 'token', 'Token requerido'],
      ['password too short', { ...ok, password: '12345', confirmPassword: '12345' }, 'password', 'Mínimo 6 caracteres'],
      ['confirmation differs', { ...ok, confirmPassword: 'nueva-clave-2' }, 'confirmPassword', 'Las contraseñas no coinciden'],
      ['confirmation missing', { token: 'abc', password: ok.password }, 'confirmPassword', 'Las contraseñas no coinciden'],
    ] as [string, Record<string, unknown>, string, string][])('%s', async (_n, body, field, message) => {
      expectFieldError(await t.client().post('/api/auth/reset-password', body), field, message);
    });
  });
});
