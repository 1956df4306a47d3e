import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { format?: string }> } }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * What the contract promises for every operation: a security statement (an empty list says "public"), a 2xx answer
 * with a schema, and error answers in the API's one error shape. Returns the problems found, one line each.
 */
export function contractProblems(doc: Document): string[] {
  const problems: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = ops[method];
      if (!op) continue;
      const name = `${method.toUpperCase()} ${path}`;
      if (!Array.isArray(op.security)) problems.push(`${name}: sin declaración de seguridad`);
      else for (const s of op.security) for (const scheme of Object.keys(s)) if (!doc.components?.securitySchemes?.[scheme]) problems.push(`${name}: esquema de seguridad desconocido ${scheme}`);
      const responses = Object.entries(op.responses ?? {});
      const ok = responses.filter(([status]) => /^2\d\d$/.test(status));
      if (!ok.length) problems.push(`${name}: sin respuesta 2xx declarada`);
      for (const [status, res] of ok) {
        const media = Object.values(res.content ?? {});
        if (!media.length || media.some((m) => !m.schema)) problems.push(`${name}: la respuesta ${status} no tiene esquema`);
      }
      for (const [status, res] of responses.filter(([s]) => /^[45]\d\d$/.test(s))) {
        const schema = res.content?.['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
        if (!schema?.properties?.message) problems.push(`${name}: el error ${status} no usa la forma { message }`);
      }
    }
  }
  return problems;
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.client().get('/api/openapi.json')).body as Document;
});
afterAll(async () => t?.close());

describe('the OpenAPI document is the contract', () => {
  test('every operation declares its security, a 2xx schema and the error shape', () => {
    const operations = Object.values(doc.paths).flatMap((ops) => METHODS.filter((m) => ops[m]));
    expect(operations.length).toBeGreaterThan(60);
    expect(contractProblems(doc)).toEqual([]);
  });

  test('the walker catches a route without a response schema or security (it can fail)', () => {
    const broken: Document = {
      components: { securitySchemes: { cookie: {} } },
      paths: {
        '/api/ok': { get: { security: [{ cookie: [] }], responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } } } } },
        '/api/no-schema': { get: { security: [], responses: { '200': { content: { 'application/json': {} } } } } },
        '/api/no-2xx': { post: { security: [], responses: { default: {} } } },
        '/api/no-security': { get: { responses: { '200': { content: { 'application/json': { schema: {} } } } } } },
        '/api/bad-error': { get: { security: [{ apikey: [] }], responses: { '200': { content: { 'text/plain': { schema: {} } } }, '404': { content: { 'application/json': { schema: { type: 'string' } } } } } } },
      },
    };
    expect(contractProblems(broken)).toEqual([
      'GET /api/no-schema: la respuesta 200 no tiene esquema',
      'POST /api/no-2xx: sin respuesta 2xx declarada',
      'GET /api/no-security: sin declaración de seguridad',
      'GET /api/bad-error: esquema de seguridad desconocido apikey',
      'GET /api/bad-error: el error 404 no usa la forma { message }',
    ]);
  });

  test('security tells the truth: the external API is Bearer, the web app is cookie, sign-in is public', () => {
    const security = (method: string, path: string) => doc.paths[path][method].security;
    expect(security('get', '/api/accounting/approved-expenses')).toEqual([{ bearer: [] }]);
    expect(security('get', '/api/expenses')).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(security('post', '/api/tokens')).toEqual([{ cookie: [] }]);
    expect(security('post', '/api/auth/login')).toEqual([]);
    expect(security('post', '/api/mercadopago/webhook')).toEqual([]);
    const bearer = Object.entries(doc.paths).flatMap(([path, ops]) => METHODS.filter((m) => JSON.stringify(ops[m]?.security ?? []).includes('bearer')).map((m) => `${m.toUpperCase()} ${path}`));
    expect(bearer.sort()).toEqual(
      [
        'GET /api/accounting/approved-expenses',
        'GET /api/accounting/expense/{id}',
        'GET /api/accounting/expense/{id}/receipt',
        'GET /api/categories',
        'GET /api/cost-centers',
        // The dated rate an API client's foreign expense will get.
        'GET /api/exchange-rates',
        'GET /api/expenses',
        'GET /api/expenses/{id}',
        'GET /api/expenses/{id}/receipt',
        'GET /api/payment-methods',
        'POST /api/expenses',
      ].sort(),
    );
  });

  test('multipart bodies are described with their file field', () => {
    for (const [method, path] of [
      ['post', '/api/expenses'],
      ['post', '/api/receipts/analyze'],
      ['patch', '/api/expenses/{id}/receipt'],
    ]) {
      const body = doc.paths[path][method].requestBody?.content?.['multipart/form-data']?.schema;
      expect(body?.properties?.receipt?.format, `${method} ${path}`).toBe('binary');
    }
    expect(Object.keys(doc.paths['/api/expenses'].post.requestBody!.content!['multipart/form-data'].schema!.properties!)).toEqual(
      expect.arrayContaining(['date', 'amount', 'currency', 'description', 'category', 'paymentMethod', 'documentType', 'receipt']),
    );
  });
});

describe('/api/docs', () => {
  test('an interactive reference served from our own origin, under a strict CSP', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^\/api\/docs\//);
      const asset = await fetch(t.baseUrl + ref);
      expect(asset.status, ref).toBe(200);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(10);
    }
    const init = await (await fetch(`${t.baseUrl}/api/docs/init.js`)).text();
    expect(init).toContain("'/api/openapi.json'");
    expect(html).not.toMatch(/https?:\/\//);
  });
});
