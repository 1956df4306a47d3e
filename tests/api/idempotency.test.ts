import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { count, eq, inArray, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import {
  apiTokens,
  billingWebhooks,
  categories,
  companies,
  expenses,
  idempotencyKeys,
  memberships,
  paymentCheckouts,
} from '../../src/server/db/schema/index.js';
import { IDEMPOTENCY_MSG, purgeExpiredIdempotencyKeys } from '../../src/server/platform/idempotency.js';
import { TOKEN_ANSWER_LOST } from '../../src/server/api-tokens/routes.js';
import { testAppForFile, type TestClient, type TestResponse } from '../helpers/app.js';
import { PNG_1X1, bearer, companyWithEmployee, createApiToken, expenseFields, registerSuperAdmin, registerUser, uniqueEmail } from '../helpers/factories.js';
import { expectCleanError, sha256 } from '../helpers/http.js';

// The Idempotency-Key header on the create endpoints a client may retry after losing the answer (issue 17 item 3):
// real server, real database, the rows each route creates counted in the tables.

// Many creations from one IP; the limits have their own tests.
const t = testAppForFile({ freshRateLimits: true });

const REPLAYED = 'idempotent-replayed';
/** A key row whose request never stored its answer (its process died, or is still finishing). */
const UNANSWERED = { completedAt: null, responseStatus: null, responseBody: null };
const withKey = (key: string) => ({ 'idempotency-key': key });
const total = async (q: Promise<{ n: number }[]>) => Number((await q)[0].n);
/** The stored row of `key` (the table keeps only its hash). */
const ofKey = (...keys: string[]) => inArray(idempotencyKeys.keyHash, keys.map(sha256));

/** One principal calling one covered route: two different requests it may send, and what the route created so far. */
interface Subject {
  send(body: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  body(variant: 'a' | 'b'): unknown;
  created(): Promise<number>;
}

interface RouteCase {
  name: string;
  status: number;
  /** Whether the same request sent twice without a key creates twice (the others refuse a duplicate by themselves). */
  duplicatesWithoutKey: boolean;
  subject(): Promise<Subject>;
}

const post = (client: TestClient, path: string) => (body: unknown, headers?: Record<string, string>) => client.post(path, body, headers);
const expensesOf = (companyId: string) => () => total(t.deps.db.select({ n: count() }).from(expenses).where(eq(expenses.companyId, companyId)));
const membersOf = (companyId: string) => () => total(t.deps.db.select({ n: count() }).from(memberships).where(eq(memberships.companyId, companyId)));

async function professionalAdmin() {
  const admin = await registerUser(t);
  const companyId = admin.user.currentCompanyId as string;
  await t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active' }).where(eq(companies.id, companyId));
  return { admin, companyId };
}

/** A fresh admin posting to `path` in their own company; `created` counts the route's rows there. */
function ownCompanyCase(path: string, status: number, duplicatesWithoutKey: boolean, bodies: Record<'a' | 'b', unknown>, created: (companyId: string) => Promise<number>): RouteCase {
  return {
    name: `POST ${path}`,
    status,
    duplicatesWithoutKey,
    async subject() {
      const admin = await registerUser(t);
      const companyId = admin.user.currentCompanyId as string;
      return { send: post(admin.client, path), body: (v) => bodies[v], created: () => created(companyId) };
    },
  };
}

const OTHER_PNG = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#ffffff' } }).png().toBuffer();

/** The form the web client sends: a new FormData, so a new multipart boundary, on every attempt. */
function expenseForm(body: { fields: Record<string, string>; file: Buffer }): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(body.fields)) form.append(k, v);
  form.append('receipt', new Blob([new Uint8Array(body.file)], { type: 'image/png' }), 'boleta.png');
  return form;
}

const CASES: RouteCase[] = [
  {
    name: 'POST /api/expenses (JSON)',
    status: 201,
    duplicatesWithoutKey: true,
    async subject() {
      const { employee, companyId, ids } = await companyWithEmployee(t);
      return {
        send: post(employee.client, '/api/expenses'),
        body: (v) => expenseFields(ids, v === 'a' ? {} : { amount: '5000' }),
        created: expensesOf(companyId),
      };
    },
  },
  {
    name: 'POST /api/expenses (multipart with a receipt)',
    status: 201,
    duplicatesWithoutKey: true,
    async subject() {
      const { employee, companyId, ids } = await companyWithEmployee(t);
      const fields = expenseFields(ids);
      return {
        send: (body, headers) => employee.client.request('POST', '/api/expenses', expenseForm(body as { fields: Record<string, string>; file: Buffer }), headers),
        // Same fields, another file: a different request.
        body: (v) => ({ fields, file: v === 'a' ? PNG_1X1 : OTHER_PNG }),
        created: expensesOf(companyId),
      };
    },
  },
  {
    name: 'POST /api/expenses (API token)',
    status: 201,
    duplicatesWithoutKey: true,
    async subject() {
      const { admin, companyId, ids } = await companyWithEmployee(t);
      const token = await createApiToken(admin.client);
      const api = t.client(null);
      return {
        send: (body, headers) => api.post('/api/expenses', body, { ...bearer(token), ...headers }),
        body: (v) => expenseFields(ids, v === 'a' ? {} : { description: 'Almuerzo con cliente' }),
        created: expensesOf(companyId),
      };
    },
  },
  ownCompanyCase('/api/tokens', 201, true, { a: { name: 'ERP contable' }, b: { name: 'Software de remuneraciones' } }, (companyId) =>
    total(t.deps.db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.companyId, companyId))),
  ),
  {
    name: 'POST /api/company/invite',
    status: 201,
    duplicatesWithoutKey: false,
    async subject() {
      const { admin, companyId } = await professionalAdmin();
      const emails = { a: uniqueEmail('invitada'), b: uniqueEmail('otra') };
      return { send: post(admin.client, '/api/company/invite'), body: (v) => ({ email: emails[v] }), created: membersOf(companyId) };
    },
  },
  {
    name: 'POST /api/admin/company/{id}/invite-user',
    status: 201,
    duplicatesWithoutKey: false,
    async subject() {
      const root = await registerSuperAdmin(t);
      const { companyId } = await professionalAdmin();
      const emails = { a: uniqueEmail('invitada'), b: uniqueEmail('otra') };
      return {
        send: post(root.client, `/api/admin/company/${companyId}/invite-user`),
        body: (v) => ({ email: emails[v], role: 'employee' }),
        created: membersOf(companyId),
      };
    },
  },
  ownCompanyCase('/api/mercadopago/create-subscription', 200, true, { a: { planId: 'professional' }, b: { planId: 'basic' } }, (companyId) =>
    total(t.deps.db.select({ n: count() }).from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId))),
  ),
  {
    name: 'POST /api/company/create',
    status: 201,
    duplicatesWithoutKey: true,
    async subject() {
      // Profesional: an admin may own several companies.
      const { admin: user } = await professionalAdmin();
      return {
        send: post(user.client, '/api/company/create'),
        body: (v) => ({ name: v === 'a' ? 'Andes Norte SpA' : 'Andes Sur SpA' }),
        created: () => total(t.deps.db.select({ n: count() }).from(memberships).where(eq(memberships.userId, user.user.id))),
      };
    },
  },
  {
    name: 'POST /api/webhooks',
    status: 201,
    duplicatesWithoutKey: true,
    async subject() {
      const root = await registerSuperAdmin(t);
      const tag = randomUUID().slice(0, 8);
      return {
        send: post(root.client, '/api/webhooks'),
        body: (v) => ({ name: `ERP ${tag} ${v}`, url: 'http://127.0.0.1:9/pagado', event: 'subscription.paid', headers: '' }),
        created: () => total(t.deps.db.select({ n: count() }).from(billingWebhooks).where(like(billingWebhooks.name, `ERP ${tag}%`))),
      };
    },
  },
  ownCompanyCase('/api/categories', 201, false, { a: { name: 'Peajes' }, b: { name: 'Estacionamientos' } }, (companyId) =>
    total(t.deps.db.select({ n: count() }).from(categories).where(eq(categories.companyId, companyId))),
  ),
];

describe.each(CASES)('$name', (c) => {
  test('the same key twice: one creation, and the first answer again with Idempotent-Replayed', async () => {
    const s = await c.subject();
    const before = await s.created();
    const key = randomUUID();
    const first = await s.send(s.body('a'), withKey(key));
    expect(first.status, JSON.stringify(first.body)).toBe(c.status);
    expect(first.headers.get(REPLAYED)).toBeNull();
    const again = await s.send(s.body('a'), withKey(key));
    expect(again.status).toBe(c.status);
    expect(again.headers.get(REPLAYED)).toBe('true');
    expect(again.headers.get('content-type')).toContain('application/json');
    expect(again.body).toEqual(first.body);
    expect(await s.created()).toBe(before + 1);
  });

  test('the same key with another request: 409, nothing created', async () => {
    const s = await c.subject();
    const key = randomUUID();
    expect((await s.send(s.body('a'), withKey(key))).status).toBe(c.status);
    const before = await s.created();
    const other = await s.send(s.body('b'), withKey(key));
    expectCleanError(other, 409, IDEMPOTENCY_MSG.mismatch);
    expect(other.body.code).toBe('idempotency_key_mismatch');
    expect(await s.created()).toBe(before);
  });

  test('two concurrent requests with one key: exactly one creation', async () => {
    const s = await c.subject();
    const before = await s.created();
    const key = randomUUID();
    const answers = await Promise.all([s.send(s.body('a'), withKey(key)), s.send(s.body('a'), withKey(key))]);
    // The second either found the first running (409, retry later) or already answered (the replay).
    const ok = answers.filter((a) => a.status === c.status);
    const busy = answers.filter((a) => a.status === 409);
    expect(ok.length + busy.length).toBe(2);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const b of busy) expectCleanError(b, 409, IDEMPOTENCY_MSG.inUse);
    expect(ok.filter((a) => a.headers.get(REPLAYED) !== 'true')).toHaveLength(1);
    expect(await s.created()).toBe(before + 1);
  });

  test('another user with the same key: an independent request', async () => {
    const [one, two] = [await c.subject(), await c.subject()];
    const key = randomUUID();
    const first = await one.send(one.body('a'), withKey(key));
    const second = await two.send(two.body('a'), withKey(key));
    expect(first.status).toBe(c.status);
    expect(second.status, JSON.stringify(second.body)).toBe(c.status);
    expect(second.headers.get(REPLAYED)).toBeNull();
    expect(second.body).not.toEqual(first.body);
  });

  test('no key: answered as before, nothing kept', async () => {
    const s = await c.subject();
    const before = await s.created();
    const keysBefore = await total(t.deps.db.select({ n: count() }).from(idempotencyKeys));
    const first = await s.send(s.body('a'));
    const second = await s.send(s.body('a'));
    expect(first.status).toBe(c.status);
    expect(second.headers.get(REPLAYED)).toBeNull();
    if (c.duplicatesWithoutKey) {
      expect(second.status).toBe(c.status);
      expect(await s.created()).toBe(before + 2);
    } else {
      expect(second.status).toBe(409);
      expect(await s.created()).toBe(before + 1);
    }
    expect(await total(t.deps.db.select({ n: count() }).from(idempotencyKeys))).toBe(keysBefore);
  });

  test('after 24 hours the key is forgotten: the same request creates anew', async () => {
    const s = await c.subject();
    const before = await s.created();
    const key = randomUUID();
    expect((await s.send(s.body('a'), withKey(key))).status).toBe(c.status);
    await t.deps.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(ofKey(key));
    const later = await s.send(c.duplicatesWithoutKey ? s.body('a') : s.body('b'), withKey(key));
    expect(later.status).toBe(c.status);
    expect(later.headers.get(REPLAYED)).toBeNull();
    expect(await s.created()).toBe(before + 2);
  });
});

describe('Idempotency-Key rules', () => {
  async function employeeFiling() {
    const { employee, companyId, ids } = await companyWithEmployee(t);
    return { client: employee.client, fields: expenseFields(ids), created: expensesOf(companyId) };
  }

  test('a malformed key is a 400 in Spanish, and nothing is created', async () => {
    const { client, fields, created } = await employeeFiling();
    for (const bad of ['', 'con espacio', 'x'.repeat(256), 'clave\u00f1']) {
      const res = await client.post('/api/expenses', fields, withKey(bad));
      expectCleanError(res, 400, IDEMPOTENCY_MSG.invalid);
      expect(res.body).toMatchObject({ code: 'idempotency_key_invalid', field: 'Idempotency-Key' });
    }
    expect(await created()).toBe(0);
    expect((await client.post('/api/expenses', fields, withKey('x'.repeat(255)))).status).toBe(201);
  });

  test('the draft’s quoted form is the same key', async () => {
    const { client, fields, created } = await employeeFiling();
    const first = await client.post('/api/expenses', fields, withKey('"pedido-123"'));
    const again = await client.post('/api/expenses', fields, withKey('pedido-123'));
    expect(again.headers.get(REPLAYED)).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await created()).toBe(1);
  });

  test('a failed attempt frees its key: the corrected request, or the same one later, runs', async () => {
    const { client, fields, created } = await employeeFiling();
    const key = randomUUID();
    const invalid = await client.post('/api/expenses', { ...fields, amount: '-5' }, withKey(key));
    expect(invalid.status).toBe(400);
    const sameInvalid = await client.post('/api/expenses', { ...fields, amount: '-5' }, withKey(key));
    expect(sameInvalid.status).toBe(400);
    expect(sameInvalid.headers.get(REPLAYED)).toBeNull();
    const corrected = await client.post('/api/expenses', fields, withKey(key));
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get(REPLAYED)).toBeNull();
    expect(await created()).toBe(1);
  });

  test('a key still running before its commit answers 409 with Retry-After; abandoned past its lease, it is taken over', async () => {
    const { client, fields, created } = await employeeFiling();
    const key = randomUUID();
    expect((await client.post('/api/expenses', fields, withKey(key))).status).toBe(201);
    // As if the first request were still running and had committed nothing: the row as the claim leaves it.
    await t.deps.db.update(idempotencyKeys).set({ ...UNANSWERED, resourceType: null, resourceId: null, lockedAt: sql`now()` }).where(ofKey(key));
    const busy = await client.post('/api/expenses', fields, withKey(key));
    expectCleanError(busy, 409, IDEMPOTENCY_MSG.inUse);
    expect(busy.body.code).toBe('idempotency_key_in_use');
    expect(busy.headers.get('retry-after')).toBe('1');
    // Its process died a while ago before committing: the retry runs.
    await t.deps.db.update(idempotencyKeys).set({ lockedAt: sql`now() - interval '2 minutes'` }).where(ofKey(key));
    const retried = await client.post('/api/expenses', fields, withKey(key));
    expect(retried.status).toBe(201);
    expect(retried.headers.get(REPLAYED)).toBeNull();
    expect(await created()).toBe(2);
  });

  test('a filing committed whose answer was never stored is answered from the expense, at once and past the lease, never filed again', async () => {
    const { client, fields, created } = await employeeFiling();
    const key = randomUUID();
    const first = await client.post('/api/expenses', fields, withKey(key));
    expect(first.status).toBe(201);
    // The create's own transaction recorded the expense on the key.
    const [row] = await t.deps.db.select().from(idempotencyKeys).where(ofKey(key));
    expect(row).toMatchObject({ resourceType: 'expense', resourceId: first.body.id });
    // As if the process had died between the commit and storing the answer, a moment ago and then long ago.
    for (const lockedAt of [sql`now()`, sql`now() - interval '2 minutes'`]) {
      await t.deps.db.update(idempotencyKeys).set({ ...UNANSWERED, lockedAt }).where(ofKey(key));
      const retry = await client.post('/api/expenses', fields, withKey(key));
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.headers.get(REPLAYED)).toBe('true');
      expect(retry.headers.get('cache-control')).toBe('no-store');
      expect(retry.body).toEqual(first.body);
    }
    expectCleanError(await client.post('/api/expenses', { ...fields, amount: '777' }, withKey(key)), 409, IDEMPOTENCY_MSG.mismatch);
    expect(await created()).toBe(1);
  });

  test('an invitation committed whose answer was never stored is answered from the membership (company page and super admin)', async () => {
    const { admin, companyId } = await professionalAdmin();
    const root = await registerSuperAdmin(t);
    const routes = [
      { client: admin.client, path: '/api/company/invite', body: { email: uniqueEmail('invitada') } },
      { client: root.client, path: `/api/admin/company/${companyId}/invite-user`, body: { email: uniqueEmail('invitada'), role: 'admin' } },
    ];
    for (const { client, path, body } of routes) {
      const key = randomUUID();
      const first = await client.post(path, body, withKey(key));
      expect(first.status).toBe(201);
      await t.deps.db.update(idempotencyKeys).set({ ...UNANSWERED, lockedAt: sql`now() - interval '2 minutes'` }).where(ofKey(key));
      const retry = await client.post(path, body, withKey(key));
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.headers.get(REPLAYED)).toBe('true');
      expect(retry.body).toEqual(first.body);
    }
    expect(await membersOf(companyId)()).toBe(3);
  });

  test('a token created whose answer was never stored: 409 in use while its request may still store it, then 409 saying the secret is gone; never a second token', async () => {
    const admin = await registerUser(t);
    const companyId = admin.user.currentCompanyId as string;
    const tokens = () => total(t.deps.db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.companyId, companyId)));
    const key = randomUUID();
    const first = await admin.client.post('/api/tokens', { name: 'ERP contable' }, withKey(key));
    expect(first.status).toBe(201);
    const [row] = await t.deps.db.select().from(idempotencyKeys).where(ofKey(key));
    expect(row).toMatchObject({ resourceType: 'api_token', resourceId: first.body.id });

    await t.deps.db.update(idempotencyKeys).set({ ...UNANSWERED, lockedAt: sql`now()` }).where(ofKey(key));
    expectCleanError(await admin.client.post('/api/tokens', { name: 'ERP contable' }, withKey(key)), 409, IDEMPOTENCY_MSG.inUse);
    await t.deps.db.update(idempotencyKeys).set({ lockedAt: sql`now() - interval '2 minutes'` }).where(ofKey(key));
    const lost = await admin.client.post('/api/tokens', { name: 'ERP contable' }, withKey(key));
    expectCleanError(lost, 409, TOKEN_ANSWER_LOST);
    expect(lost.body).toMatchObject({ code: 'idempotency_answer_lost', field: 'Idempotency-Key' });
    expect(JSON.stringify(lost.body)).not.toContain('rdx_live_');
    expect(await tokens()).toBe(1);
  });

  test('a filing whose answer never reached the client is answered on retry, not filed twice', async () => {
    const { client, fields, created } = await employeeFiling();
    const key = randomUUID();
    const payload = JSON.stringify(fields);
    // The client sends the whole request and its connection is cut before any answer.
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${t.baseUrl}/api/expenses`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          origin: t.baseUrl,
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'idempotency-key': key,
        },
      });
      req.on('error', () => undefined);
      req.end(payload, () => {
        req.destroy();
        resolve();
      });
      req.on('response', () => reject(new Error('the answer should not have been read')));
    });
    // The server finishes the filing and records its answer although nobody reads it.
    await expect.poll(async () => (await t.deps.db.select().from(idempotencyKeys).where(ofKey(key)))[0]?.completedAt ?? null).not.toBeNull();
    expect(await created()).toBe(1);
    const retry = await client.post('/api/expenses', fields, withKey(key));
    expect(retry.status).toBe(201);
    expect(retry.headers.get(REPLAYED)).toBe('true');
    expect(retry.body.description).toBe(fields.description);
    expect(await created()).toBe(1);
  });

  test('one user’s key in another company is another request', async () => {
    const { admin } = await professionalAdmin();
    const key = randomUUID();
    const first = await admin.client.post('/api/categories', { name: 'Peajes' }, withKey(key));
    expect(first.status).toBe(201);
    expect((await admin.client.post('/api/company/create', { name: 'Segunda Empresa SpA' })).status).toBe(201);
    const second = await admin.client.post('/api/categories', { name: 'Peajes' }, withKey(key));
    expect(second.status).toBe(201);
    expect(second.headers.get(REPLAYED)).toBeNull();
    expect(second.body.id).not.toBe(first.body.id);
  });

  test('the session and an API token of the same admin never share keys', async () => {
    const { admin, companyId, ids } = await companyWithEmployee(t);
    const token = await createApiToken(admin.client);
    const key = randomUUID();
    const fields = expenseFields(ids);
    expect((await admin.client.post('/api/expenses', fields, withKey(key))).status).toBe(201);
    const viaToken = await t.client(null).post('/api/expenses', fields, { ...bearer(token), ...withKey(key) });
    expect(viaToken.status).toBe(201);
    expect(viaToken.headers.get(REPLAYED)).toBeNull();
    expect(await expensesOf(companyId)()).toBe(2);
  });

  test('the table never holds a key or a created token’s secret in clear', async () => {
    const admin = await registerUser(t);
    const key = `clave-${randomUUID()}`;
    const created = await admin.client.post('/api/tokens', { name: 'ERP contable' }, withKey(key));
    expect(created.status).toBe(201);
    const replay = await admin.client.post('/api/tokens', { name: 'ERP contable' }, withKey(key));
    expect(replay.body.token).toBe(created.body.token);
    expect(replay.headers.get('cache-control')).toBe('no-store');
    const rows = JSON.stringify(await t.deps.db.select().from(idempotencyKeys));
    expect(rows).not.toContain(created.body.token);
    expect(rows).not.toContain(key);
  });

  test('the hourly cleanup removes keys past 24 hours and keeps the others', async () => {
    const admin = await registerUser(t);
    const [oldKey, newKey] = [randomUUID(), randomUUID()];
    await admin.client.post('/api/categories', { name: 'Peajes' }, withKey(oldKey));
    await t.deps.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(ofKey(oldKey));
    await admin.client.post('/api/categories', { name: 'Viáticos' }, withKey(newKey));
    await purgeExpiredIdempotencyKeys(t.deps.db);
    const left = await t.deps.db.select().from(idempotencyKeys).where(ofKey(oldKey, newKey));
    expect(left.map((k) => k.keyHash)).toEqual([sha256(newKey)]);
    expect(await total(t.deps.db.select({ n: count() }).from(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - interval '24 hours'`))).toBe(0);
  });

  test('the OpenAPI document gives every covered operation the header, its 409 and Idempotent-Replayed', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const covered: [string, string][] = [
      ['/api/expenses', 'post'],
      ['/api/tokens', 'post'],
      ['/api/company/invite', 'post'],
      ['/api/admin/company/{id}/invite-user', 'post'],
      ['/api/mercadopago/create-subscription', 'post'],
      ['/api/mercadopago/test-preference', 'post'],
      ['/api/company/create', 'post'],
      ['/api/webhooks', 'post'],
      ['/api/categories', 'post'],
      ['/api/payment-methods', 'post'],
      ['/api/cost-centers', 'post'],
    ];
    for (const [path, method] of covered) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      const header = op.parameters?.find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'Idempotency-Key');
      expect(header, `${method} ${path}`).toMatchObject({ required: false, schema: { type: 'string', maxLength: 255 } });
      expect(op.responses['409'], `${method} ${path}`).toBeDefined();
      const success = Object.keys(op.responses).find((s) => s.startsWith('2'))!;
      expect(op.responses[success].headers?.['Idempotent-Replayed'], `${method} ${path}`).toBeDefined();
    }
    const plain = doc.paths['/api/expenses/{id}'].get;
    expect((plain.parameters ?? []).some((p: { name: string }) => p.name === 'Idempotency-Key')).toBe(false);
  });
});
