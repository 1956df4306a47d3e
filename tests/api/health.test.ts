import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { openDatabase } from '../../src/server/db/client.js';
import { DiskStorage } from '../../src/server/storage/disk.js';
import { createTestDatabase } from '../helpers/db.js';

/*
 * Issue 17 item 6: what load balancers ask. /api/health (liveness) and /api/ready (database, storage, queue, with the
 * failing part named in a 503), and HEAD answered wherever GET is, the SPA fallback and static files included. The
 * server runs on a small built client of our own (startTestApp's clientDir), so this needs no `npm run build`.
 */

const INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div></body></html>';
const clientDir = mkdtempSync(join(tmpdir(), 'rendix-client-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), INDEX_HTML);
writeFileSync(join(clientDir, 'assets', 'app-1a2b3c.js'), `console.log(${JSON.stringify('x'.repeat(2000))});\n`);
writeFileSync(join(clientDir, 'manifest.webmanifest'), '{"name":"Rendix"}');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clientDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const request = (method: string, path: string, headers: Record<string, string> = {}) => fetch(t.baseUrl + path, { method, headers, redirect: 'manual' });

describe('HEAD wherever GET answers', () => {
  test.each([
    ['the landing', '/'],
    ['a deep path of the web app (history fallback)', '/expenses/0b4a7c1e-1111-4222-8333-944445555666'],
    ['a hashed static asset', '/assets/app-1a2b3c.js'],
    ['a static file', '/manifest.webmanifest'],
    ['liveness', '/api/health'],
    ['an API GET', '/api/openapi.json'],
    ['an API GET that needs a session', '/api/auth/user'],
    ['an unknown API path', '/api/no-existe'],
  ])('%s: same status and headers as GET, no body', async (_what, path) => {
    const get = await request('GET', path);
    const getBody = Buffer.from(await get.arrayBuffer());
    const head = await request('HEAD', path);
    expect(head.status).toBe(get.status);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('cache-control')).toBe(get.headers.get('cache-control'));
    expect(head.headers.get('content-length')).toBe(String(getBody.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  test('the pages answer 200 to HEAD (load balancers and link checkers use it)', async () => {
    for (const path of ['/', '/expenses', '/assets/app-1a2b3c.js', '/api/health', '/api/ready']) expect((await request('HEAD', path)).status, path).toBe(200);
  });
});

describe('GET /api/health', () => {
  test('liveness: public, tiny, and never rate limited nor judged by a credential', async () => {
    const res = await request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    // A stale cookie or a wrong token is nobody's business here.
    const odd = await request('GET', '/api/health', { cookie: 'rendix_sid=caducada', authorization: 'Bearer rdx_live_nada' });
    expect(odd.status).toBe(200);
    const many = await Promise.all(Array.from({ length: 120 }, () => request('GET', '/api/health').then((r) => r.status)));
    expect(new Set(many)).toEqual(new Set([200]));
  });
});

describe('GET /api/ready', () => {
  const ready = async () => {
    const res = await request('GET', '/api/ready');
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  test('all parts up: 200 with each check', async () => {
    expect(await ready()).toEqual({ status: 200, body: { ok: true, checks: { database: 'ok', storage: 'ok', queue: 'ok' } } });
  });

  test('receipt storage unreachable: 503 naming it, in the API error shape', async () => {
    const original = t.deps.storage;
    // A real store whose folder cannot exist: its path is a regular file.
    const blocked = join(mkdtempSync(join(tmpdir(), 'rendix-blocked-')), 'receipts');
    writeFileSync(blocked, 'not a folder');
    t.deps.storage = new DiskStorage(blocked);
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body).toEqual({
        message: 'Rendix no está listo: no responde el almacenamiento de comprobantes.',
        code: 'not_ready',
        checks: { database: 'ok', storage: 'error', queue: 'ok' },
      });
    } finally {
      t.deps.storage = original;
    }
    expect((await ready()).status).toBe(200);
  });

  test('database unreachable: 503 naming it', async () => {
    const original = t.deps.database;
    // A real connection to a real database, closed: every query fails as it would with the server gone.
    const spare = await createTestDatabase();
    const closed = await openDatabase(spare.url);
    await closed.close();
    t.deps.database = closed;
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.message).toBe('Rendix no está listo: no responde la base de datos.');
      expect(body.checks).toEqual({ database: 'error', storage: 'ok', queue: 'ok' });
    } finally {
      t.deps.database = original;
      await spare.drop();
    }
  });

  // Last: the queue is not restarted.
  test('job queue stopped: 503 naming it', async () => {
    await t.deps.queue.stop();
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body).toMatchObject({ code: 'not_ready', checks: { database: 'ok', storage: 'ok', queue: 'error' } });
    expect(body.message).toBe('Rendix no está listo: no responde la cola de trabajos.');
  });
});
