import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema/index.js';
import { createSession } from '../../src/server/auth/sessions.js';
import { SESSION_COOKIE } from '../helpers/http.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { PNG_1X1, bearer, companyWithEmployee, createApiToken, expenseFields, fileExpense, uniqueEmail } from '../helpers/factories.js';

/*
 * OpenAPI-driven fuzzing: every operation of /api/openapi.json (so a new route is fuzzed without touching this
 * file) gets hostile path parameters, query strings and bodies derived from its own schemas, plus raw hostile
 * bodies, as a super admin who is also an admin of a company with data, with a session or an API token as the
 * operation's security asks. Seeded, bounded; the one assertion: the server never answers 5xx.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Seeded requests per operation on top of the fixed ones and the raw bodies; a cap on the total. */
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 30);
const TOTAL_MAX = 6000;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  default?: unknown;
  minimum?: number;
  pattern?: string;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    shuffle: <T>(list: T[]): T[] => {
      for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [list[i], list[j]] = [list[j], list[i]];
      }
      return list;
    },
  };
}

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** Text that has broken something somewhere: NUL, lone surrogates, LIKE and escape characters, impossible dates, huge numbers. */
const HOSTILE_TEXT: string[] = [
  '\u0000',
  'Transporte\u0000',
  '\ud800',
  'x\udc00y',
  '\udbff',
  'Transporte\\',
  // LIKE fails only once the text matched up to the trailing escape.
  'Transp\\',
  '\\',
  '%',
  '_',
  '%_%',
  "'; drop table users; --",
  '😀🇨🇱 emoji',
  '\u202eRTL \u05d0\u05d1 عربى',
  '\u200b',
  ' ',
  '',
  '2024-02-30',
  '2023-02-29',
  '0000-01-01',
  '9999-12-31',
  '2024-02-30T25:61:00Z',
  '-1',
  '-0',
  '0',
  '0.001',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '100000000',
  '99999999999',
  '00000000-0000-0000-0000-000000000000',
  '------------------------------------',
  'ffffffff-ffff-ffff-ffff-fffffffffffff',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  'null',
  'a'.repeat(5000),
];
const CANONICAL_TEXT = ['\u0000', '\ud800', '-'.repeat(36), '2024-02-30', 'Transp\\', '%'];
/** Only in bodies (a URL cannot carry them). */
const HOSTILE_BODY_TEXT = ['x'.repeat(200_000), 'ñ'.repeat(70_000)];
const HOSTILE_JSON: unknown[] = [null, true, false, 0, -1, -0, 1e308, -1e308, 0.1 + 0.2, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, 1.23456789, [], {}, ['a', 'b'], { a: { b: 'c' } }, JSON.parse(deepArray(30))];
/** Whole bodies, sent raw. */
const RAW_BODIES: string[] = [
  deepArray(5000),
  '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
  `{"name":${deepArray(40)}}`,
  '[]',
  '"text"',
  '123',
  'null',
  '{',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"isAdmin":true}}',
  `{"description":"${'y'.repeat(900_000)}"}`,
];

interface Context {
  companyId: string;
  employeeId: string;
  expenseId: string;
  categoryId: string;
  paymentMethodId: string;
  costCenterId: string;
  tokenId: string;
}

/** A plausible value for a field, by its name first and its schema second, so the hostile one is the only thing wrong. */
function sample(name: string, schema: Schema | undefined, ctx: Context): unknown {
  const n = name.toLowerCase();
  if (/date$/.test(n) || n === 'date') return new Date().toISOString().slice(0, 10);
  if (n === 'amount' || n === 'amountclp') return '1000';
  if (n === 'exchangerate') return '';
  if (n === 'category') return ctx.categoryId;
  if (n === 'paymentmethod') return ctx.paymentMethodId;
  if (n === 'costcenter') return ctx.costCenterId;
  if (n === 'currency') return 'CLP';
  if (n === 'companyid') return ctx.companyId;
  if (n === 'userid') return ctx.employeeId;
  if (n.includes('email')) return uniqueEmail('fuzz');
  if (n.includes('password')) return 'secreto123';
  if (n.includes('url')) return 'http://127.0.0.1:9/fuzz';
  if (n === 'headers') return '{}';
  if (n === 'taxid') return '76.086.428-5';
  if (!schema) return 'texto';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return sample(name, variants.find((v) => v.type !== 'null') ?? variants[0], ctx);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(k, v, ctx)]));
    case 'array':
      return [sample(name, schema.items, ctx)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'uuid') return ctx.expenseId;
      if (schema.format === 'email') return uniqueEmail('fuzz');
      return 'Fuzz válido';
  }
}

/** A real id for a path parameter, by the path it is in. */
function realId(path: string, ctx: Context): string {
  if (path.includes('/categories')) return ctx.categoryId;
  if (path.includes('/payment-methods')) return ctx.paymentMethodId;
  if (path.includes('/cost-centers')) return ctx.costCenterId;
  if (path.includes('/company/users')) return ctx.employeeId;
  if (path.includes('/company/')) return ctx.companyId;
  if (path.includes('/tokens')) return ctx.tokenId;
  return ctx.expenseId;
}

interface Attempt {
  operation: string;
  url: string;
  body?: string | FormData;
  contentType?: string;
  describe: string;
}

const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a careless client would.
    return v.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^\w%.-]/g, (c) => encodeURIComponent(c));
  }
};

/** The requests for one operation: each path, query and body field in turn set to a hostile value, then raw bodies. */
function attemptsFor(path: string, method: string, op: Operation, ctx: Context, r: ReturnType<typeof rng>, budget: number): Attempt[] {
  const name = `${method.toUpperCase()} ${path}`;
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const media = op.requestBody?.content ?? {};
  const jsonSchema = media['application/json']?.schema;
  const formSchema = media['multipart/form-data']?.schema;
  const bodySchema = jsonSchema ?? formSchema;
  const baseBody = bodySchema ? (sample('', bodySchema, ctx) as Record<string, unknown>) : undefined;
  const basePath: Record<string, string> = Object.fromEntries(pathParams.map((p) => [p.name, realId(path, ctx)]));
  const baseQuery: Record<string, string> = {};

  const build = (pathValues: Record<string, string>, query: Record<string, string>, body: unknown, describe: string, asForm = false): Attempt => {
    const url = '/api' + path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_, k: string) => encode(pathValues[k] ?? ''));
    const qs = Object.entries(query)
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .join('&');
    const attempt: Attempt = { operation: name, url: qs ? `${url}?${qs}` : url, describe };
    if (body !== undefined) {
      if (asForm && body && typeof body === 'object' && !Array.isArray(body)) {
        const form = new FormData();
        for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
        attempt.body = form;
      } else {
        attempt.body = JSON.stringify(body);
        attempt.contentType = 'application/json';
      }
    }
    return attempt;
  };

  const out: Attempt[] = [];
  const candidates: Array<() => Attempt> = [];
  // Always sent, whatever the seed picks: the values that broke the most routes.
  for (const p of pathParams) for (const v of CANONICAL_TEXT) out.push(build({ ...basePath, [p.name]: v }, baseQuery, baseBody, `path ${p.name}=${JSON.stringify(v)}`));
  for (const q of queryParams) for (const v of CANONICAL_TEXT) out.push(build(basePath, { ...baseQuery, [q.name]: v }, baseBody, `query ${q.name}=${JSON.stringify(v)}`));
  for (const p of pathParams) {
    for (const v of HOSTILE_TEXT) candidates.push(() => build({ ...basePath, [p.name]: v }, baseQuery, baseBody, `path ${p.name}=${JSON.stringify(v.slice(0, 40))}`));
  }
  for (const q of queryParams) {
    for (const v of HOSTILE_TEXT) candidates.push(() => build(basePath, { ...baseQuery, [q.name]: v }, baseBody, `query ${q.name}=${JSON.stringify(v.slice(0, 40))}`));
  }
  // Undeclared query parameters are checked too.
  candidates.push(() => build(basePath, { search: '\u0000' }, baseBody, 'query search=NUL (undeclared)'));
  if (baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
    const fields = Object.keys(bodySchema?.properties ?? {});
    for (const f of fields) {
      for (const v of [...HOSTILE_TEXT, ...HOSTILE_BODY_TEXT]) candidates.push(() => build(basePath, baseQuery, { ...baseBody, [f]: v }, `body ${f}=${JSON.stringify(v.slice(0, 40))}`, !jsonSchema));
      if (jsonSchema) for (const v of HOSTILE_JSON) candidates.push(() => build(basePath, baseQuery, { ...baseBody, [f]: v }, `body ${f}=${JSON.stringify(v)?.slice(0, 60)}`));
    }
    for (const f of fields) for (const v of CANONICAL_TEXT) out.push(build(basePath, baseQuery, { ...baseBody, [f]: v }, `body ${f}=${JSON.stringify(v)}`, !jsonSchema));
    // Every field hostile at once, and the plausible body itself.
    candidates.push(() => build(basePath, baseQuery, Object.fromEntries(fields.map((f) => [f, r.pick(HOSTILE_TEXT)])), 'body: every field hostile', !jsonSchema));
    out.push(build(basePath, baseQuery, baseBody, 'plausible body', !jsonSchema));
  }
  const rawBodies = method === 'get' ? [] : RAW_BODIES;
  out.push(...r.shuffle(candidates).slice(0, budget).map((make) => make()));
  for (const raw of rawBodies) out.push({ ...build(basePath, baseQuery, undefined, `raw body ${JSON.stringify(raw.slice(0, 40))}… (${raw.length} chars)`), body: raw, contentType: 'application/json' });
  // A multipart route also gets a receipt with hostile fields.
  if (formSchema) {
    const form = new FormData();
    for (const [k, v] of Object.entries(baseBody ?? {})) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    form.set('description', '\u0000');
    form.append('receipt', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'r.png');
    out.push({ ...build(basePath, baseQuery, undefined, 'multipart with receipt and NUL description'), body: form });
  }
  return out;
}

/** Routes that end the session or switch the company: fuzzed last, with a disposable session. */
const DISRUPTIVE = /logout|\/user\/switch-company|\/company\/create|\/auth\/login|\/auth\/register|\/change-user-role|\/edit-user|deactivate/;

let t: TestApp;
let admin: TestClient;
let api: TestClient;
let ctx: Context;
let adminId: string;
let doc: Document;
beforeAll(async () => {
  t = await startTestApp();
  const cast = await companyWithEmployee(t);
  admin = cast.admin.client;
  adminId = cast.admin.user.id as string;
  // Also a super admin: the platform routes are fuzzed past their authorization too.
  await t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, cast.admin.user.id));
  const token = await createApiToken(admin);
  api = t.client(null);
  const authHeader = bearer(token);
  const originalRequest = api.request.bind(api);
  api.request = (method, path, body, headers = {}) => originalRequest(method, path, body, { ...authHeader, ...headers });
  const filed = await fileExpense(cast.employee.client, expenseFields(cast.ids, { description: 'Almuerzo' }), { data: PNG_1X1, name: 'b.png' });
  await fileExpense(admin, expenseFields(cast.ids, { documentType: 'factura', category: cast.ids.category('Factura'), invoiceNumber: '123', taxId: '76.086.428-5' }));
  const cc = await admin.post('/api/cost-centers', { code: 'CC-01', description: 'Ventas' });
  // The fuzzed DELETE /api/tokens/{id} revokes this one, not the token the bearer routes use.
  const spare = (await admin.post('/api/tokens', { name: 'Repuesto' })).body as { id: string };
  ctx = {
    companyId: cast.companyId,
    employeeId: cast.employee.user.id,
    expenseId: filed.body.id,
    categoryId: cast.ids.category(),
    paymentMethodId: cast.ids.paymentMethod(),
    costCenterId: cc.body.id,
    tokenId: spare.id,
  };
  doc = (await admin.get('/api/openapi.json')).body as Document;
}, 120_000);
afterAll(async () => t?.close());

describe('OpenAPI-driven fuzzing', () => {
  test('no operation answers 5xx to hostile path parameters, query strings or bodies', async () => {
    const r = rng(SEED);
    const operations: Array<{ path: string; method: string; op: Operation }> = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) if (ops[method]) operations.push({ path, method, op: ops[method] });
    }
    // Deletions and session or company changes last, so the rest runs against the company and its data.
    const rank = (o: { path: string; method: string }) => (DISRUPTIVE.test(o.path) ? 2 : o.method === 'delete' ? 1 : 0);
    operations.sort((a, b) => rank(a) - rank(b));
    expect(operations.length).toBeGreaterThan(50);

    // The seeded requests per operation, so that every operation fits in the cap (the fixed ones and the raw bodies
    // come on top): with 137 operations, 30 each would stop before the disruptive ones, which run last.
    const budget = Math.max(8, Math.min(PER_OPERATION, Math.floor(TOTAL_MAX / operations.length) - RAW_BODIES.length - 6));
    const failures: string[] = [];
    const covered = new Set<string>();
    const authenticated = new Set<string>();
    let sent = 0;
    const started = Date.now();
    for (const { path, method, op } of operations) {
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      const bearerOnly = schemes.length > 0 && schemes.every((s) => s === 'bearer');
      const disruptive = DISRUPTIVE.test(path);
      // A disposable session for routes that end or move it; the token for bearer-only routes.
      const client = bearerOnly ? api : disruptive ? t.client() : admin;
      if (disruptive && !bearerOnly) client.cookies.set(SESSION_COOKIE, (await createSession(t.deps.db, adminId, false, {})).id);
      for (const attempt of attemptsFor(path, method, op, ctx, r, budget)) {
        if (sent >= TOTAL_MAX) break;
        const headers: Record<string, string> = attempt.contentType ? { 'content-type': attempt.contentType } : {};
        let status: number;
        let text: string;
        try {
          const res = await client.request(method.toUpperCase(), attempt.url, attempt.body, headers);
          status = res.status;
          text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
        } catch (err) {
          status = 599;
          text = String(err);
        }
        sent++;
        covered.add(attempt.operation);
        if (status !== 401) authenticated.add(attempt.operation);
        if (process.env.FUZZ_DEBUG) console.log(`${status} ${attempt.operation} [${attempt.describe}] ${text.slice(0, 100)}`);
        if (status >= 500) failures.push(`${attempt.operation} [${attempt.describe}] ${attempt.url.slice(0, 120)} → ${status} ${text.slice(0, 200)}`);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`fuzz: ${sent} requests over ${operations.length} operations in ${seconds.toFixed(1)} s (seed ${SEED}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
    if (failures.length) console.log(`fuzz failures:\n${failures.join('\n')}`);
    // Every operation of the document was exercised.
    expect([...covered].sort()).toEqual(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort());
    // ...past authentication: the session or token held for every one of them (a fuzzer that is refused everywhere finds nothing).
    expect(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).filter((o) => !authenticated.has(o))).toEqual([]);
    expect(failures).toEqual([]);
    // The app still serves a signed-in user afterwards (the fuzzed routes may legitimately have ended the admin's sessions).
    const after = t.client();
    after.cookies.set(SESSION_COOKIE, (await createSession(t.deps.db, adminId, false, {})).id);
    expect((await after.get('/api/auth/user')).status).toBe(200);
  }, 240_000);
});
