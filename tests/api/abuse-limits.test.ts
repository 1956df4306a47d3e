import { crc32, createDeflate } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { LOGIN_LIMITS } from '../../src/server/auth/login-guard.js';
import { PASSWORD_RESET_JOB } from '../../src/server/auth/password-reset-job.js';
import { REGISTER_RULES } from '../../src/server/auth/routes.js';
import { CREATE_COMPANY_RULES } from '../../src/server/companies/routes.js';
import { INVITE_RULES } from '../../src/server/companies/team-routes.js';
import { auditLog, companies, emailOutbox, expenses, memberships, passwordResetTokens, rateLimits, users } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { PNG_1X1, companyWithEmployee, expenseFields, fileExpense, registerUser, registration, uniqueEmail } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';

// Abuse limits (issue 13): decompression bombs at upload, login throttling without lock-outs, spam relays
// (company creation, invitations, registration), forgot-password answering before any per-account work.
// TRUST_PROXY is on, so a test plays many client addresses through X-Forwarded-For.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ smtp: true, env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t?.close());

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A real, valid, black `side`×`side` greyscale PNG: 400 MP in ~400 KB when side is 20 000 (built in under a second). */
async function blackPng(side: number): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // 8-bit greyscale, no interlace
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const rows = 500;
  const block = Buffer.alloc((side + 1) * rows); // each row: filter byte 0, then zeros
  for (let y = 0; y < side; y += rows) {
    if (!deflate.write(y + rows <= side ? block : block.subarray(0, (side + 1) * (side - y)))) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await ended;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Counts what reaches the receipt storage. */
function spyOnStorage() {
  const puts: string[] = [];
  const original = t.deps.storage.put.bind(t.deps.storage);
  t.deps.storage.put = async (key, data, mime) => {
    puts.push(key);
    return original(key, data, mime);
  };
  return { puts, restore: () => (t.deps.storage.put = original) };
}

describe('decompression bombs are refused at upload', () => {
  let bomb: Buffer;
  beforeAll(async () => {
    bomb = await blackPng(20_000);
  });

  test('filing an expense with a 20000×20000 PNG is 422 before anything is stored', async () => {
    expect(bomb.length).toBeLessThan(1_000_000);
    const { employee, ids, companyId } = await companyWithEmployee(t);
    const spy = spyOnStorage();
    try {
      const res = await fileExpense(employee.client, expenseFields(ids), { data: bomb, name: 'boleta.png', type: 'image/png' });
      expectCleanError(res, 422, /demasiado grande \(más de 40 megapíxeles\)/);
      expect(res.body.field).toBe('receipt');
      expect(spy.puts).toEqual([]);
      const [{ n }] = await t.deps.db.select({ n: count() }).from(expenses).where(eq(expenses.companyId, companyId));
      expect(n).toBe(0);
      // An ordinary image still files.
      expect((await fileExpense(employee.client, expenseFields(ids), { data: PNG_1X1, name: 'ok.png' })).status).toBe(201);
      expect(spy.puts).toHaveLength(1);
    } finally {
      spy.restore();
    }
  });

  test('replacing a receipt with the bomb is 422 and the old receipt stays', async () => {
    const { admin, employee, ids } = await companyWithEmployee(t);
    const filed = await fileExpense(employee.client, expenseFields(ids), { data: PNG_1X1, name: 'b.png' });
    expect(filed.status).toBe(201);
    const spy = spyOnStorage();
    try {
      const form = new FormData();
      form.append('receipt', new Blob([new Uint8Array(bomb)], { type: 'image/png' }), 'bomba.png');
      const res = await admin.client.request('PATCH', `/api/expenses/${filed.body.id}/receipt`, form);
      expectCleanError(res, 422, /demasiado grande/);
      expect(spy.puts).toEqual([]);
      const receipt = await admin.client.request('GET', filed.body.receiptUrl);
      expect(receipt.status).toBe(200);
      expect(receipt.headers.get('content-type')).toBe('image/png');
    } finally {
      spy.restore();
    }
  });
});

/** The first captured mail to `to` whose subject matches (registration may have sent another one first). */
async function mailTo(to: string, subject: RegExp, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = t.smtp!.messages.find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('forgot-password answers before any per-account work', () => {
  test('the answer comes while the lookup, token and e-mail are still a held job; released, the link arrives', async () => {
    const { email, user } = await registerUser(t);
    const ghost = uniqueEmail('fantasma');
    // Hold the jobs this request enqueues: whatever the answer waited for has happened by the time it arrives.
    const queue = t.deps.queue;
    const send = queue.send.bind(queue);
    const held: { name: string; data: object }[] = [];
    queue.send = async (name, data, options) => {
      if (name === PASSWORD_RESET_JOB) {
        held.push({ name, data });
        return null;
      }
      return send(name, data, options);
    };
    try {
      const known = await t.client().post('/api/auth/forgot-password', { email }, { 'x-forwarded-for': '198.51.100.40' });
      const unknown = await t.client().post('/api/auth/forgot-password', { email: ghost }, { 'x-forwarded-for': '198.51.100.40' });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      // Same work for both: one job each, carrying only the address; nothing done for the account yet.
      expect(held.map((j) => j.data)).toEqual([{ email }, { email: ghost }]);
      const tokens = await t.deps.db.select().from(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.purpose, 'reset')));
      expect(tokens).toHaveLength(0);
      expect(await t.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, '%contraseña%')))).toHaveLength(0);
    } finally {
      queue.send = send;
    }
    for (const job of held) await send(job.name, job.data);
    const mail = await mailTo(email, /contraseña/i);
    expect(mail.text).toMatch(/\/auth\?view=reset&token=/);
    await expect
      .poll(async () => (await t.deps.db.select().from(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.purpose, 'reset')))).length)
      .toBe(1);
    expect(t.smtp!.messages.some((m) => m.to.includes(ghost))).toBe(false);
  });
});

const login = (email: string, password: string, ip: string, code?: string) =>
  t.client().post('/api/auth/login', { email, password, ...(code ? { code } : {}) }, { 'x-forwarded-for': ip });

/** Distinct documentation-range addresses per test, so the per-IP counters of one test never reach another. */
let ipSeq = 0;
const freshIp = () => {
  ipSeq++;
  return `198.18.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
};

async function codeFromMail(email: string): Promise<string> {
  const mail = await mailTo(email, /código/i);
  const m = /\b(\d{6})\b/.exec(mail.text);
  expect(m, 'a 6-digit code in the e-mail').not.toBeNull();
  return m![1];
}

describe('login throttling slows attackers and never locks the owner out', () => {
  test('50 wrong passwords from rotating IPs: the owner still signs in (known IP at once, a new IP with the e-mailed code); the attacker gets nowhere', async () => {
    const { email, password, user } = await registerUser(t);
    const home = freshIp();
    expect((await login(email, password, home)).status).toBe(200);

    // The outside test's attack: 50 guesses, each from another address, in parallel batches.
    const answers: { status: number; code?: string; message: string }[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => login(email, `adivina-${batch}-${i}`, freshIp())));
      answers.push(...rs.map((r) => ({ status: r.status, code: r.body.code, message: r.body.message })));
    }
    expect(answers.every((a) => a.status === 401), JSON.stringify(answers.filter((a) => a.status !== 401))).toBe(true);
    // The first 10 are ordinary failures; from then on a new IP must bring the e-mailed code, right password or not.
    expect(answers.filter((a) => a.code === 'unauthorized')).toHaveLength(LOGIN_LIMITS.account.max);
    expect(answers.filter((a) => a.code === 'login_code_required')).toHaveLength(50 - LOGIN_LIMITS.account.max);
    const attackerWithPassword = await login(email, password, freshIp());
    expectCleanError(attackerWithPassword, 401, /^Te enviamos un código a tu email/);
    expect(attackerWithPassword.body.code).toBe('login_code_required');
    expect(attackerWithPassword.headers.getSetCookie()).toEqual([]);
    // Guessing the code too gets the same answer whether the password was right or not.
    const wrongBoth = await login(email, 'adivina', freshIp(), '000000');
    const rightPasswordWrongCode = await login(email, password, freshIp(), '000000');
    expect(wrongBoth.status).toBe(401);
    expect(rightPasswordWrongCode.body).toEqual(wrongBoth.body);

    // The owner, where they signed in before: no wait, no code.
    expect((await login(email, password, home)).status).toBe(200);

    // The owner somewhere new: told about the code, which is in their inbox; it signs them in once.
    const away = freshIp();
    const asked = await login(email, password, away);
    expect(asked.status).toBe(401);
    expect(asked.body.code).toBe('login_code_required');
    const code = await codeFromMail(email);
    const signedIn = await login(email, password, away, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(user.id);
    // Single use, hashed at rest.
    expect((await login(email, password, freshIp(), code)).status).toBe(401);
    const rows = await t.deps.db.select().from(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.purpose, 'login-code')));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    for (const row of rows) expect((row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000).toBeLessThanOrEqual(10.01);
    // The new place is now known: no code next time.
    expect((await login(email, password, away)).status).toBe(200);
  });

  test('one IP guessing one account waits longer after each failure; a success clears it', async () => {
    const { email, password } = await registerUser(t);
    const ip = freshIp();
    const { free, baseDelayMs } = LOGIN_LIMITS.backoff;
    for (let i = 0; i < free; i++) expect((await login(email, `mala-${i}`, ip)).status).toBe(401);
    const first = await login(email, password, ip);
    expectCleanError(first, 429, /^Demasiados intentos/);
    expect(Number(first.headers.get('retry-after'))).toBeLessThanOrEqual(baseDelayMs / 1000);
    // Meanwhile the owner elsewhere is not held up.
    expect((await login(email, password, freshIp())).status).toBe(200);

    // The wait passes (the clock of the counter moves back), one more failure: now it is twice as long.
    const key = `login-backoff:${email}:${ip}`;
    const rewind = (ms: number) => t.deps.db.execute(sql`update rate_limits set reset_at = reset_at - make_interval(secs => ${ms / 1000}) where key = ${key}`);
    await rewind(baseDelayMs + 1000);
    expect((await login(email, 'mala-otra', ip)).status).toBe(401);
    const second = await login(email, password, ip);
    expect(second.status).toBe(429);
    const retry = Number(second.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(baseDelayMs / 1000);
    expect(retry).toBeLessThanOrEqual((2 * baseDelayMs) / 1000);

    // After that wait the right password gets in and the count starts over.
    await rewind(2 * baseDelayMs + 1000);
    expect((await login(email, password, ip)).status).toBe(200);
    expect(await t.deps.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([]);
  });

  test(`one IP trying many accounts: ${LOGIN_LIMITS.perIp.max} failures, then 429 for that IP only`, async () => {
    const ip = freshIp();
    const max = LOGIN_LIMITS.perIp.max;
    for (let batch = 0; batch < max / 10; batch++) {
      const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => login(uniqueEmail(`relleno${batch}x${i}`), 'secreto123', ip)));
      expect(rs.map((r) => r.status)).toEqual(Array(10).fill(401));
    }
    const { email, password } = await registerUser(t);
    const blocked = await login(email, password, ip);
    expectCleanError(blocked, 429, /^Demasiados intentos/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(email, password, freshIp())).status).toBe(200);
  });
});

describe('the e-mailed code cannot be guessed or burnt by someone without the password', () => {
  test('wrong codes with a wrong password leave the owner\'s code alone; 5 wrong codes with the right password void it', async () => {
    const { email, password } = await registerUser(t);
    for (let i = 0; i < LOGIN_LIMITS.account.max; i++) expect((await login(email, `incorrecta-${i}`, freshIp())).status).toBe(401);
    expect((await login(email, password, freshIp())).body.code).toBe('login_code_required');
    const code = await codeFromMail(email);
    const other = code === '111111' ? '222222' : '111111';
    // An attacker without the password: as many wrong codes as the limits let through change nothing.
    for (let i = 0; i < LOGIN_LIMITS.code.maxWrong + 2; i++) expect((await login(email, 'adivina-clave', freshIp(), other)).status).toBe(401);
    // Even the right code with a wrong password is refused, and not spent.
    expectCleanError(await login(email, 'adivina-clave', freshIp(), code), 401, 'Email, contraseña o código incorrectos.');
    expect((await login(email, password, freshIp(), code)).status).toBe(200);

    // Someone with the password but not the inbox: 5 wrong codes and the live one is void.
    expect((await login(email, password, freshIp())).body.code).toBe('login_code_required');
    await expect.poll(async () => t.smtp!.messages.filter((m) => m.to.includes(email) && /código/i.test(m.subject)).length, { timeout: 30_000 }).toBe(2);
    const second = /\b(\d{6})\b/.exec(t.smtp!.messages.filter((m) => m.to.includes(email) && /código/i.test(m.subject))[1].text)![1];
    const wrong = second === '111111' ? '222222' : '111111';
    for (let i = 0; i < LOGIN_LIMITS.code.maxWrong; i++) expect((await login(email, password, freshIp(), wrong)).status).toBe(401);
    expect((await login(email, password, freshIp(), second)).status).toBe(401);
  }, 120_000);
});

describe('an admin clears an account\'s failed logins', () => {
  /** Pushes an account past the threshold from rotating IPs, so a new IP needs the code. */
  async function attack(email: string) {
    for (let i = 0; i < LOGIN_LIMITS.account.max; i++) expect((await login(email, `incorrecta-${i}`, freshIp())).status).toBe(401);
  }

  test('a company admin unlocks a member (audited); an employee may not (403); another company\'s user is not found (404)', async () => {
    const { admin, employee, companyId } = await companyWithEmployee(t);
    await attack(employee.email);
    expect((await login(employee.email, employee.password, freshIp())).body.code).toBe('login_code_required');

    const stranger = await registerUser(t);
    expectCleanError(await admin.client.post(`/api/company/users/${stranger.user.id}/unlock-login`), 404);
    expectCleanError(await employee.client.post(`/api/company/users/${admin.user.id}/unlock-login`), 403);

    const res = await admin.client.post(`/api/company/users/${employee.user.id}/unlock-login`);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/intentos fallidos/);
    expect((await login(employee.email, employee.password, freshIp())).status).toBe(200);
    const [entry] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, employee.user.id), eq(auditLog.action, 'user.login_unlocked')));
    expect(entry).toMatchObject({ companyId, actorUserId: admin.user.id });
  });

  test('the super admin unlocks anyone by e-mail; nobody else may', async () => {
    const victim = await registerUser(t);
    const operator = await registerUser(t);
    await attack(victim.email);
    expect((await login(victim.email, victim.password, freshIp())).body.code).toBe('login_code_required');
    expectCleanError(await operator.client.post('/api/admin/users/unlock-login', { email: victim.email }), 403);
    await t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, operator.user.id));
    expectCleanError(await operator.client.post('/api/admin/users/unlock-login', { email: uniqueEmail('nadie') }), 404);
    expect((await operator.client.post('/api/admin/users/unlock-login', { email: victim.email.toUpperCase() })).status).toBe(200);
    expect((await login(victim.email, victim.password, freshIp())).status).toBe(200);
    const [entry] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, victim.user.id), eq(auditLog.action, 'user.login_unlocked')));
    expect(entry.actorUserId).toBe(operator.user.id);
  });
});

/** An admin whose company is on a paid plan in force (several companies allowed, 10 seats). */
async function paidAdmin(plan: 'professional' | 'enterprise' = 'enterprise') {
  const admin = await registerUser(t);
  await t.deps.db.update(companies).set({ plan, subscriptionStatus: 'active' }).where(eq(companies.id, admin.user.currentCompanyId));
  return admin;
}

describe('the product is not a spam relay', () => {
  test(`company creation: ${CREATE_COMPANY_RULES.perUser.max} a day per user (a burst of 10 makes 3), ${CREATE_COMPANY_RULES.perIp.max} per IP`, async () => {
    const admin = await paidAdmin();
    const ip = freshIp();
    const create = (client: TestClient, i: number) => client.post('/api/company/create', { name: `Banco Seguridad Cuenta ${i}` }, { 'x-forwarded-for': ip });
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => create(admin.client, i)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(CREATE_COMPANY_RULES.perUser.max);
    const refused = burst.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(10 - CREATE_COMPANY_RULES.perUser.max).fill(429));
    expectCleanError(refused[0], 429, /^Creaste demasiadas empresas en poco tiempo\. Podrás crear otra en \d+ (minutos|horas)\.$/);
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(20 * 3600);
    const [{ n }] = await t.deps.db.select({ n: count() }).from(memberships).where(and(eq(memberships.userId, admin.user.id), eq(memberships.role, 'admin')));
    expect(n).toBe(1 + CREATE_COMPANY_RULES.perUser.max);

    // Other accounts from the same IP share its cap.
    let made = CREATE_COMPANY_RULES.perUser.max;
    while (made < CREATE_COMPANY_RULES.perIp.max) {
      const other = await paidAdmin();
      for (let i = 0; i < CREATE_COMPANY_RULES.perUser.max && made < CREATE_COMPANY_RULES.perIp.max; i++, made++) expect((await create(other.client, i)).status).toBe(201);
    }
    const last = await paidAdmin();
    expect((await create(last.client, 0)).status).toBe(429);
    expect((await last.client.post('/api/company/create', { name: 'Otra IP SpA' }, { 'x-forwarded-for': freshIp() })).status).toBe(201);
  });

  test('invitations: the same outside address gets at most 3 a day, whichever company or admin sends them', async () => {
    const victim = uniqueEmail('victima');
    const first = await paidAdmin();
    expect((await first.client.post('/api/company/invite', { email: victim })).status).toBe(201);
    expect((await first.client.post('/api/company/resend-invitation', { email: victim })).status).toBe(200);
    expect((await first.client.post('/api/company/resend-invitation', { email: victim })).status).toBe(200);
    const again = await first.client.post('/api/company/resend-invitation', { email: victim });
    expectCleanError(again, 429, /^Este email ya recibió varias invitaciones de Rendix hoy\./);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another company of another admin: still no more mail to that address.
    const second = await paidAdmin();
    expectCleanError(await second.client.post('/api/company/invite', { email: victim }), 429, /ya recibió varias invitaciones/);
    // The outside test's burst (many companies, one address) therefore sends 3 e-mails in all.
    expect(await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.to, victim))).toHaveLength(3);
    // Other addresses are not affected.
    expect((await second.client.post('/api/company/invite', { email: uniqueEmail('colega') })).status).toBe(201);
  });

  test('invitations: an inviter has 20 an hour and 100 a day across all their companies; refused ones do not count', async () => {
    const admin = await paidAdmin();
    // A 409 (already a member) sends nothing and costs nothing.
    for (let i = 0; i < 3; i++) expect((await admin.client.post('/api/company/invite', { email: admin.email })).status).toBe(409);
    const hour = await t.deps.db.select().from(rateLimits).where(eq(rateLimits.key, `invite-inviter-hour:${admin.user.id}`));
    expect(hour.map((r) => r.count)).toEqual(hour.length ? [0] : []);
    // An inviter who already sent 20 this hour (elsewhere): the next is refused, here too.
    await t.deps.db.insert(rateLimits).values({ key: `invite-inviter-hour:${admin.user.id}`, count: INVITE_RULES.perInviterHour.max, resetAt: new Date(Date.now() + 3600_000) }).onConflictDoUpdate({ target: rateLimits.key, set: { count: INVITE_RULES.perInviterHour.max, resetAt: new Date(Date.now() + 3600_000) } });
    const refused = await admin.client.post('/api/company/invite', { email: uniqueEmail('uno-mas') });
    expectCleanError(refused, 429, /^Enviaste demasiadas invitaciones en poco tiempo\. Podrás enviar más en \d+ minutos?\.$/);
    expect(INVITE_RULES.perInviterDay.max).toBe(100);
  });

  test(`registration: ${REGISTER_RULES.perIpHour.max} an hour per IP, then 429 and nothing created`, async () => {
    const ip = freshIp();
    for (let i = 0; i < REGISTER_RULES.perIpHour.max; i++) {
      expect((await t.client().post('/api/auth/register', registration(), { 'x-forwarded-for': ip })).status, `registration ${i + 1}`).toBe(201);
    }
    const data = registration();
    const blocked = await t.client().post('/api/auth/register', data, { 'x-forwarded-for': ip });
    expectCleanError(blocked, 429, /^Demasiados intentos/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.deps.db.select().from(users).where(eq(users.email, data.email))).toHaveLength(0);
    // Forging X-Forwarded-For does not help: the balancer's own entry comes last.
    expect((await t.client().post('/api/auth/register', registration(), { 'x-forwarded-for': `10.9.9.9, ${ip}` })).status).toBe(429);
  });
});
