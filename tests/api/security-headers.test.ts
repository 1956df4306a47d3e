import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PNG_1X1, bearer, companyWithEmployee, createApiToken, expenseFields, fileExpense, registerUser } from '../helpers/factories.js';

/*
 * Issue 13: every answer carries the security headers; the web app's CSP allows its one inline script by hash only;
 * a stored file is sandboxed; HSTS only over HTTPS. The server is started on a small built client of our own
 * (startTestApp's clientDir), so this runs without `npm run build`.
 */

const INLINE = "\n      if (location.pathname !== '/') document.documentElement.setAttribute('data-x', '');\n    ";
const INDEX_HTML = `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;
/** Computed here independently of the server. */
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

const clientDir = mkdtempSync(join(tmpdir(), 'rendix-client-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), INDEX_HTML);
writeFileSync(join(clientDir, 'assets', 'app.js'), 'console.log(1);\n');

let t: TestApp;
let proxied: TestApp;
/** The trusted-proxy app's log (tests/api/logs.test.ts has the untrusted case). */
const proxiedLog = new PassThrough();
const proxiedLines: Record<string, any>[] = [];
proxiedLog.on('data', (c: Buffer) => proxiedLines.push(...c.toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>)));
beforeAll(async () => {
  t = await startTestApp({ clientDir });
  proxied = await startTestApp({ env: { TRUST_PROXY: 'true' }, logStream: proxiedLog, clientDir });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The CSP split into its directives. */
function directives(csp: string | null): Map<string, string[]> {
  expect(csp).toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

/** The headers every answer carries, whatever it is. */
function expectBaseHeaders(h: Headers) {
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('x-frame-options')).toBe('DENY');
  expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(h.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(h.get('cross-origin-embedder-policy')).toBeNull();
  const permissions = h.get('permissions-policy') ?? '';
  expect(permissions).toContain('camera=(self)');
  for (const feature of ['microphone', 'geolocation', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
  expect(h.get('strict-transport-security')).toBeNull();
  expect(h.get('x-powered-by')).toBeNull();
}

/** The web app's policy: hashed inline script, nothing else inline or eval'd; no framing; own origin only. */
function expectAppCsp(h: Headers) {
  const d = directives(h.get('content-security-policy'));
  expect(d.get('script-src')).toEqual(["'self'", INLINE_HASH]);
  expect(d.get('default-src')).toEqual(["'self'"]);
  expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('base-uri')).toEqual(["'self'"]);
  expect(d.get('form-action')).toEqual(["'self'"]);
  expect(d.get('connect-src')).toEqual(["'self'"]);
  expect(d.get('worker-src')).toEqual(["'self'"]);
  expect(d.get('manifest-src')).toEqual(["'self'"]);
  expect(d.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  for (const [name, values] of d) {
    if (name.startsWith('script-src') || name === 'default-src') {
      expect(values).not.toContain("'unsafe-inline'");
      expect(values).not.toContain("'unsafe-eval'");
    }
  }
}

/** A GET whose body is read to the end: an unread body keeps its connection busy and app.close() would wait for it. */
async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return res;
}

describe('security headers', () => {
  test('the web app (history fallback and /index.html) allows its inline script by hash only', async () => {
    for (const path of ['/', '/gastos/nuevo', '/index.html']) {
      const res = await fetch(t.baseUrl + path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('data-x');
      expectBaseHeaders(res.headers);
      expectAppCsp(res.headers);
    }
  });

  test('a static asset, an API answer, an API error and the OpenAPI document carry them too', async () => {
    for (const path of ['/assets/app.js', '/api/health', '/api/expenses', '/api/no-existe', '/api/openapi.json']) {
      const res = await get(t.baseUrl + path);
      expect([200, 401, 404], path).toContain(res.status);
      expectBaseHeaders(res.headers);
      expectAppCsp(res.headers);
    }
  });

  test('/api/docs keeps its own policy (Swagger UI) and the rest of the headers', async () => {
    const res = await get(`${t.baseUrl}/api/docs`);
    expect(res.status).toBe(200);
    expectBaseHeaders(res.headers);
    const d = directives(res.headers.get('content-security-policy'));
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('default-src')).toEqual(["'none'"]);
  });

  test("the sandbox checkout page ('Modo de prueba') keeps its own policy: no script at all, its form posts back here", async () => {
    const admin = await registerUser(t);
    const res = await admin.client.post('/api/mercadopago/create-subscription', { planId: 'professional' });
    expect(res.status).toBe(200);
    const page = await admin.client.get(new URL(res.body.initPoint as string).pathname);
    expect(page.status).toBe(200);
    expectBaseHeaders(page.headers);
    const d = directives(page.headers.get('content-security-policy'));
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.has('script-src')).toBe(false);
  });

  test('HSTS: over HTTPS through a trusted proxy; never on plain http; never from an untrusted X-Forwarded-Proto', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const viaProxy = await get(`${proxied.baseUrl}/api/health`, https);
    expect(viaProxy.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await get(`${proxied.baseUrl}/`, https)).headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    expect((await get(`${proxied.baseUrl}/api/health`)).headers.get('strict-transport-security')).toBeNull();
    // A trusted proxy's X-Forwarded-For is no reason to warn (no request of this file sends one to the untrusted app).
    // (Not /api/health: load balancers' probes stay out of the request log.)
    await get(`${proxied.baseUrl}/api/openapi.json`, { 'x-forwarded-for': '203.0.113.7' });
    await expect.poll(() => proxiedLines.filter((l) => l.req?.url === '/api/openapi.json').length).toBeGreaterThan(0);
    expect(proxiedLines.filter((l) => /TRUST_PROXY/.test(l.msg ?? ''))).toEqual([]);
    // Without TRUST_PROXY anyone can send the header: it is not believed.
    expect((await get(`${t.baseUrl}/api/health`, https)).headers.get('strict-transport-security')).toBeNull();
  });

  test('HSTS: production on an https APP_URL (TLS ends at a proxy we were not told to trust)', async () => {
    const { env } = t.deps;
    const before = { nodeEnv: env.NODE_ENV, appUrl: t.deps.appUrl };
    try {
      env.NODE_ENV = 'production';
      t.deps.appUrl = 'https://rendix.example.cl';
      expect((await get(`${t.baseUrl}/api/health`)).headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
      t.deps.appUrl = 'http://intranet.example.cl';
      expect((await get(`${t.baseUrl}/api/health`)).headers.get('strict-transport-security')).toBeNull();
    } finally {
      env.NODE_ENV = before.nodeEnv;
      t.deps.appUrl = before.appUrl;
    }
  });
});

describe('stored files served inline', () => {
  const SANDBOX = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
  const HTML = Buffer.from('<html><body><script>fetch("/api/auth/me").then(r=>r.text()).then(alert)</script></body></html>');
  const polyglots = [
    { name: 'html-behind-pdf.pdf', data: Buffer.concat([Buffer.from('%PDF-1.4\n'), HTML]), type: 'application/pdf' },
    { name: 'html-behind-png.png', data: Buffer.concat([PNG_1X1.subarray(0, 8), HTML]), type: 'image/png' },
  ];

  test('HTML behind PDF or PNG magic bytes is served with its detected type, nosniff and the sandbox policy', async () => {
    const c = await companyWithEmployee(t);
    for (const p of polyglots) {
      // The browser's declared type is ignored: text/html here.
      const filed = await fileExpense(c.employee.client, expenseFields(c.ids), { data: p.data, name: p.name, type: 'text/html' });
      expect(filed.status, JSON.stringify(filed.body)).toBe(201);
      const res = await c.employee.client.get(`/api/expenses/${filed.body.id}/receipt`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(p.type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe(SANDBOX);
      expect(directives(res.headers.get('content-security-policy')).has('sandbox')).toBe(true);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  test('the receipt by API token too', async () => {
    const c = await companyWithEmployee(t);
    const filed = await fileExpense(c.employee.client, expenseFields(c.ids), { data: polyglots[0].data, name: 'f.pdf', type: 'application/pdf' });
    expect(filed.status).toBe(201);
    expect((await c.admin.client.patch(`/api/admin/expenses/${filed.body.id}/status`, { status: 'approved' })).status).toBe(200);
    const token = await createApiToken(c.admin.client);
    const res = await t.client(null).get(`/api/accounting/expense/${filed.body.id}/receipt`, bearer(token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe(SANDBOX);
  });
});
