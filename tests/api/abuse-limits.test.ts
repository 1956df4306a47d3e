import { crc32, createDeflate } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import { PASSWORD_RESET_JOB } from '../../src/server/auth/password-reset-job.js';
import { emailOutbox, expenses, passwordResetTokens } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PNG_1X1, companyWithEmployee, expenseFields, fileExpense, registerUser, uniqueEmail } from '../helpers/factories.js';
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
async function mailTo(to: string, subject: RegExp, timeoutMs = 10_000) {
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
    await t.deps.mailer.drain();
    expect(t.smtp!.messages.some((m) => m.to.includes(ghost))).toBe(false);
  });
});
