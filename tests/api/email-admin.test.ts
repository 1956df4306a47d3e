import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { emailOutbox, users } from '../../src/server/db/schema/index.js';
import { EMAIL_MSG } from '../../src/shared/email.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { companyWithEmployee, registerUser, uniqueEmail } from '../helpers/factories.js';
import { expectCleanError, expectFieldError } from '../helpers/http.js';

/*
 * Issue 14 item 5: the super admin's e-mail page (status, test e-mail) and the outbox viewer, whose bodies hold live
 * invitation and reset tokens: super admins only, hidden once sent in production, never in the log.
 */

async function superAdmin(app: TestApp): Promise<TestClient> {
  const { client, user } = await registerUser(app);
  await app.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, user.id));
  return client;
}

const invitationToken = (text: string) => decodeURIComponent(/\/invitacion\?token=([^\s"<&]+)/.exec(text)![1]);

type Item = { id: string; recipient: string; subject: string; status: string; attempts: number; lastError: string | null; sentAt: string | null; createdAt: string };

describe('embedded mode (no SMTP): the outbox is where mail goes', () => {
  const logChunks: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (c: Buffer) => logChunks.push(c.toString('utf8')));
  let t: TestApp;
  let root: TestClient;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let employee: TestClient;

  beforeAll(async () => {
    t = await startTestApp({ logStream });
    root = await superAdmin(t);
    admin = await registerUser(t);
    employee = (await companyWithEmployee(t)).employee.client;
  });
  afterAll(async () => t?.close());

  test('every route: 401 without a session, 403 for a company admin or employee', async () => {
    const some = (await t.deps.db.select({ id: emailOutbox.id }).from(emailOutbox).limit(1))[0].id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/email/status'],
      ['POST', '/api/test/email', { email: 'x@example.cl' }],
      ['GET', '/api/admin/email/outbox'],
      ['GET', `/api/admin/email/outbox/${some}`],
    ];
    for (const [method, path, body] of calls) {
      expectCleanError(await t.client().request(method, path, body), 401);
      expectCleanError(await admin.client.request(method, path, body), 403, EMAIL_MSG.superAdminOnly);
      expectCleanError(await employee.request(method, path, body), 403, EMAIL_MSG.superAdminOnly);
    }
    expect(await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'x@example.cl'))).toHaveLength(0);
  });

  test('permission is judged before the body, query or id: an invalid request is still 401 or 403, never a field rule', async () => {
    const invalid: [string, string, unknown?][] = [
      ['POST', '/api/test/email', {}],
      ['POST', '/api/test/email', { email: 'no-es-un-email' }],
      ['GET', '/api/admin/email/outbox?page=x'],
      ['GET', '/api/admin/email/outbox?status=enviado'],
      ['GET', '/api/admin/email/outbox/no-es-un-id'],
    ];
    for (const [method, path, body] of invalid) {
      expectCleanError(await t.client().request(method, path, body), 401);
      expectCleanError(await admin.client.request(method, path, body), 403, EMAIL_MSG.superAdminOnly);
      expectCleanError(await employee.request(method, path, body), 403, EMAIL_MSG.superAdminOnly);
    }
  });

  test('status says how mail goes out and that no SMTP is configured', async () => {
    const res = await root.get('/api/email/status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ configured: false, user: null, mode: 'outbox' });
  });

  test('the test e-mail is validated with the messages of part 2 §5', async () => {
    expectFieldError(await root.post('/api/test/email', {}), 'email', EMAIL_MSG.required);
    expectFieldError(await root.post('/api/test/email', { email: '   ' }), 'email', EMAIL_MSG.required);
    expectFieldError(await root.post('/api/test/email', { email: 'no-es-un-email' }), 'email', 'Email inválido');
  });

  test('the test e-mail lands in the outbox, readable by the super admin', async () => {
    const to = uniqueEmail('prueba');
    const res = await root.post('/api/test/email', { email: `  ${to.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, recipient: to });
    expect(res.body.message).toContain('bandeja local');

    const list = await root.get(`/api/admin/email/outbox?search=${encodeURIComponent(to)}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    const [item] = list.body.items as Item[];
    expect(item).toMatchObject({ recipient: to, subject: 'Email de prueba de Rendix', status: 'outbox', attempts: 0, lastError: null, sentAt: null });
    expect(item).not.toHaveProperty('text');

    const detail = await root.get(`/api/admin/email/outbox/${item.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: item.id, recipient: to, bodyNote: null });
    expect(detail.body.body.text).toContain('Este es un email de prueba');
  });

  test('an invitation is listed newest first, filtered, paged, and its link works from the body', async () => {
    const invitee = uniqueEmail('invitada');
    const invited = await admin.client.post('/api/company/invite', { email: invitee });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);

    const all = await root.get('/api/admin/email/outbox');
    const items = all.body.items as Item[];
    expect(items[0]).toMatchObject({ recipient: invitee, status: 'outbox' });
    expect(items[0].subject).toMatch(/^Te invitaron a /);
    const times = items.map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Search matches recipient or subject, case-insensitively; LIKE wildcards are literal.
    expect((await root.get(`/api/admin/email/outbox?search=${encodeURIComponent(invitee.toUpperCase())}`)).body.total).toBe(1);
    const bySubject = (await root.get('/api/admin/email/outbox?search=invitaron')).body.items as Item[];
    expect(bySubject.map((i) => i.recipient)).toContain(invitee);
    expect((await root.get('/api/admin/email/outbox?search=%25')).body.total).toBe(0);
    expect((await root.get('/api/admin/email/outbox?status=sent')).body.total).toBe(0);
    expect((await root.get('/api/admin/email/outbox?status=outbox')).body.total).toBe(all.body.total);
    expect((await root.get('/api/admin/email/outbox?status=all')).body.total).toBe(all.body.total);

    const second = await root.get('/api/admin/email/outbox?page=2&pageSize=1');
    expect(second.body).toMatchObject({ page: 2, pageSize: 1, total: all.body.total });
    expect(second.body.items).toEqual([items[1]]);

    const detail = await root.get(`/api/admin/email/outbox/${items[0].id}`);
    expect(detail.headers.get('cache-control')).toBe('no-store');
    const token = invitationToken(detail.body.body.text);
    expect(detail.body.body.html).toContain('/invitacion?token=');
    const preview = await t.client().get(`/api/auth/invitation?token=${encodeURIComponent(token)}`);
    expect(preview.status).toBe(200);
    expect(preview.body.email).toBe(invitee);

    // The bodies were sent to the super admin, never written to the log.
    expect(logChunks.join('')).not.toContain(token);
    expect(logChunks.join('')).not.toContain('Este es un email de prueba');
  });

  test('bad filters and ids answer 400, an unknown message 404', async () => {
    expectFieldError(await root.get('/api/admin/email/outbox?status=enviado'), 'status', 'Estado inválido');
    expectFieldError(await root.get('/api/admin/email/outbox?page=0'), 'page', 'Página inválida');
    expectCleanError(await root.get(`/api/admin/email/outbox?search=${'x'.repeat(101)}`), 400, 'Máximo 100 caracteres');
    expectCleanError(await root.get('/api/admin/email/outbox/no-es-un-id'), 400, 'Identificador inválido');
    expectCleanError(await root.get('/api/admin/email/outbox/6f1c2a57-1111-4c3e-9d55-0a1b2c3d4e5f'), 404, 'El mensaje no existe.');
  });

  test('test e-mails are limited to 10 an hour per super admin', async () => {
    const other = await superAdmin(t);
    for (let i = 0; i < 10; i++) expect((await other.post('/api/test/email', { email: uniqueEmail('lote') })).status).toBe(200);
    const over = await other.post('/api/test/email', { email: uniqueEmail('lote') });
    expectCleanError(over, 429, /^Demasiados emails de prueba\. Intenta nuevamente en \d+ minutos\.$/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another super admin has a count of their own.
    expect((await root.post('/api/test/email', { email: uniqueEmail('otro') })).status).toBe(200);
  });
});

describe('with SMTP: the test e-mail is delivered now and its outcome reported', () => {
  let t: TestApp;
  let root: TestClient;
  beforeAll(async () => {
    t = await startTestApp({ smtp: true });
    root = await superAdmin(t);
  });
  afterAll(async () => t?.close());

  test('status is configured (the loopback server has no user); the e-mail reaches the server and is marked sent', async () => {
    expect((await root.get('/api/email/status')).body).toEqual({ configured: true, user: null, mode: 'smtp' });
    const to = uniqueEmail('smtp');
    const res = await root.post('/api/test/email', { email: to });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, recipient: to });
    const mail = await t.smtp!.waitFor(to, { subject: /Email de prueba/ });
    expect(mail.text).toContain('Este es un email de prueba');

    const [item] = (await root.get(`/api/admin/email/outbox?search=${encodeURIComponent(to)}`)).body.items as Item[];
    expect(item).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(item.sentAt).not.toBeNull();
    // Outside production a sent body stays readable (development, tests).
    expect((await root.get(`/api/admin/email/outbox/${item.id}`)).body.body.text).toContain('Este es un email de prueba');
  });
});

describe('SMTP that refuses: the failure reaches the operator, the password never does', () => {
  let t: TestApp;
  let root: TestClient;
  beforeAll(async () => {
    // Nothing listens on port 1: every delivery fails at once.
    t = await startTestApp({ env: { SMTP_URL: 'smtp://rendix.avisos%40gmail.com:clave-de-aplicacion-123@127.0.0.1:1' } });
    root = await superAdmin(t);
  });
  afterAll(async () => t?.close());

  test('status names the user only; a failed test answers 502 with the reason and the row records it', async () => {
    const status = await root.get('/api/email/status');
    expect(status.body).toEqual({ configured: true, user: 'rendix.avisos@gmail.com', mode: 'smtp' });
    expect(JSON.stringify(status.body)).not.toContain('clave-de-aplicacion');

    const to = uniqueEmail('falla');
    const res = await root.post('/api/test/email', { email: to });
    expectCleanError(res, 502, /^No se pudo enviar el email de prueba: /);
    expect(res.body.message).not.toContain('clave-de-aplicacion');
    const [item] = (await root.get(`/api/admin/email/outbox?search=${encodeURIComponent(to)}&status=failed`)).body.items as Item[];
    expect(item).toMatchObject({ recipient: to, status: 'failed', attempts: 1, sentAt: null });
    expect(item.lastError).toBeTruthy();
  });
});

describe('production: a sent body is hidden', () => {
  let t: TestApp;
  let root: TestClient;
  beforeAll(async () => {
    // DATABASE_URL and APP_URL only satisfy production's env rules; the test app opens its own database.
    t = await startTestApp({ smtp: true, env: { NODE_ENV: 'production', DATABASE_URL: 'postgres://sin-uso@127.0.0.1:1/sin-uso', APP_URL: 'https://rendix.example.cl' } });
    root = await superAdmin(t);
  });
  afterAll(async () => t?.close());

  test('once sent, the metadata comes with body null and the note; an unsent message keeps its body', async () => {
    const to = uniqueEmail('prod');
    expect((await root.post('/api/test/email', { email: to })).status).toBe(200);
    await t.smtp!.waitFor(to, { subject: /Email de prueba/ });
    const [sent] = (await root.get(`/api/admin/email/outbox?search=${encodeURIComponent(to)}`)).body.items as Item[];
    expect(sent.status).toBe('sent');
    const detail = await root.get(`/api/admin/email/outbox/${sent.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: sent.id, recipient: to, status: 'sent', body: null, bodyNote: EMAIL_MSG.bodyHidden });
    expect(JSON.stringify(detail.body)).not.toContain('Este es un email de prueba');

    // A message that never left (failed, waiting) is what the operator may need to forward by hand.
    const [failed] = await t.deps.db.insert(emailOutbox).values({ to: 'pendiente@example.cl', subject: 'Restablece tu contraseña de Rendix', text: 'Enlace: https://rendix.example.cl/reset-password?token=abc', status: 'failed', attempts: 4, lastError: 'Conexión rechazada' }).returning();
    const unsent = await root.get(`/api/admin/email/outbox/${failed.id}`);
    expect(unsent.body).toMatchObject({ status: 'failed', attempts: 4, lastError: 'Conexión rechazada', bodyNote: null, body: { text: 'Enlace: https://rendix.example.cl/reset-password?token=abc', html: null } });
  });
});
