import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { buildSignedTed, createCafKeyPair } from '../../src/server/receipts/ted.js';
import { TestClient } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/db.js';
import { registration } from '../helpers/factories.js';
import { COPEC_BOLETA_LINES, thermalReceipt } from '../helpers/receipts.js';
import { buildServer, startServerProcess, type ServerBuild, type ServerProcess, type ServerProcessOptions } from '../helpers/server-process.js';
import { startSmtpCapture } from '../helpers/smtp.js';

/*
 * Issue 17 item 6 (and the worker of item 5): the server as production runs it, a compiled bundle started with plain
 * `node` in its own process. Built here into a private folder inside the project (the same build as
 * `npm run build:server`), started as child processes (tests/helpers/server-process.ts), stopped with real signals.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const onPostgres = Boolean(process.env.DATABASE_URL);

let build: ServerBuild;
const started: ServerProcess[] = [];

beforeAll(() => {
  build = buildServer();
});
afterEach(async () => {
  // A failed test must not leave a server holding its database.
  for (const p of started.splice(0)) await p.stop('SIGKILL');
});
afterAll(() => build?.remove());

/** `node <build>/<entry>.js`, tracked for afterEach. */
async function startCompiled(opts: Omit<ServerProcessOptions, 'build'> = {}): Promise<ServerProcess> {
  const p = await startServerProcess({ ...opts, build });
  started.push(p);
  return p;
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/**
 * A request the server is in the middle of: headers sent with `Expect: 100-continue`, resolved once the server
 * answered `100 Continue` (it has parsed the request and waits for the body), body held back until `finish()`.
 */
async function requestInFlight(port: number, path: string, body: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  const continued = new Promise<void>((resolve) =>
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      if (received.includes('100 Continue')) resolve();
    }),
  );
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await continued;
  return {
    finish: () => socket.write(body),
    /** Everything the server sent, once it closed the connection. */
    closed,
  };
}

describe('the compiled server (node dist/server/main.js)', () => {
  test('starts with plain node, finds its migrations, is ready, and reads a receipt in its compiled reader thread', { timeout: 180_000 }, async () => {
    const server = await startCompiled();
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, checks: { database: 'ok', storage: 'ok', queue: 'ok' } });

    const client = new TestClient(server.url);
    expect((await client.post('/api/auth/register', registration())).status).toBe(201);
    const ted = buildSignedTed({ issuerRut: '99520000-7', documentTypeCode: 39, folio: 88123, date: '2025-03-14', total: 35000, firstItem: 'GASOLINA 95' }, createCafKeyPair(512));
    const form = new FormData();
    form.append('receipt', new Blob([new Uint8Array(await thermalReceipt(COPEC_BOLETA_LINES, { ted }))]), 'boleta.jpg');
    // sharp, the ZXing wasm and tesseract's models, loaded from node_modules by dist/server/receipt-thread.js.
    const read = await client.request('POST', '/api/receipts/analyze', form);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data).toMatchObject({ amount: 35000, taxId: '99520000-7', invoiceNumber: '88123' });
    expect(read.body.data.timbre).toMatchObject({ signatureValid: true });

    expect(await server.kill('SIGTERM')).toBe(0);
  });

  test('SIGTERM: no new connections, the request in flight completes with 200, then the process exits 0', { timeout: 120_000 }, async () => {
    const server = await startCompiled();
    const inFlight = await requestInFlight(server.port, '/api/chatbot', JSON.stringify({ message: '¿Cuánto cuesta el plan Básico?' }));

    void server.kill('SIGTERM');
    await server.waitFor(/Deteniendo Rendix/);
    await expect.poll(() => connectionRefused(server.port)).toBe(true);
    expect(server.isRunning()).toBe(true);

    inFlight.finish();
    const answer = await inFlight.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    // The answer ends its keep-alive connection: nothing waits for the shutdown bound.
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n{') + 4)).response).toMatch(/Básico/);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Rendix detenido.');
    expect(server.output()).not.toContain('se cortan sus conexiones');
  });

  test('SIGTERM: a request that never completes is cut after SHUTDOWN_TIMEOUT_MS, and the process still exits 0', { timeout: 120_000 }, async () => {
    const server = await startCompiled({ env: { SHUTDOWN_TIMEOUT_MS: '1000' } });
    const stuck = await requestInFlight(server.port, '/api/chatbot', JSON.stringify({ message: 'hola' }));
    expect(await server.kill('SIGTERM')).toBe(0);
    expect(server.output()).toMatch(/Solicitudes aún en curso tras 1000 ms: se cortan sus conexiones/);
    expect(await stuck.closed).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/);
  });
});

describe('npm run worker (node dist/server/worker.js)', () => {
  test.skipIf(onPostgres)('refuses the embedded database, in Spanish', async () => {
    const worker = await startCompiled({ entry: 'worker', waitUntilReady: false });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toMatch(/npm run worker necesita DATABASE_URL \(PostgreSQL\)/);
  });

  test.skipIf(!onPostgres)(
    'consumes the jobs a JOBS=none web process leaves; both start together on an empty database; SIGTERM exits 0',
    { timeout: 180_000 },
    async () => {
      const smtp = await startSmtpCapture();
      const testDb = await createTestDatabase();
      const db = new pg.Client({ connectionString: testDb.url });
      try {
        // A fresh database: the two processes migrate it at the same moment.
        const [web, firstWorker] = await Promise.all([
          startCompiled({ databaseUrl: testDb.url, env: { SMTP_URL: smtp.url, JOBS: 'none' } }),
          startCompiled({ databaseUrl: testDb.url, entry: 'worker', env: { SMTP_URL: smtp.url } }),
        ]);
        expect(firstWorker.output()).toMatch(/proceso de trabajos corriendo \(receipts, email, webhooks, niudata, periodic\)/);
        expect(await firstWorker.kill('SIGTERM')).toBe(0);
        expect(firstWorker.output()).toContain('Proceso de trabajos detenido.');

        // With no worker running, the web process files the verification e-mail's delivery job and leaves it.
        const data = registration();
        expect((await new TestClient(web.url).post('/api/auth/register', data)).status).toBe(201);
        await db.connect();
        const deliveries = async () => (await db.query<{ state: string }>(`select state from pgboss.job where name = 'email-deliver'`)).rows.map((r) => r.state);
        expect(await deliveries()).toEqual(['created']);
        // Several of the web process's polling intervals (2 s): it would have taken the job by now if it consumed any.
        await new Promise((r) => setTimeout(r, 6000));
        expect(await deliveries()).toEqual(['created']);
        expect(smtp.messages).toEqual([]);

        const worker = await startCompiled({ databaseUrl: testDb.url, entry: 'worker', env: { SMTP_URL: smtp.url, JOBS: 'email' } });
        expect(worker.output()).toMatch(/proceso de trabajos corriendo \(email\)/);
        const mail = await smtp.waitFor(data.email as string, 60_000);
        expect(mail.subject).toMatch(/verifica|confirma/i);
        await expect.poll(deliveries).toEqual(['completed']);
        expect(await worker.kill('SIGTERM')).toBe(0);
      } finally {
        await db.end().catch(() => undefined);
        for (const p of started.splice(0)) await p.stop('SIGKILL');
        await testDb.drop();
        await smtp.close();
      }
    },
  );
});

describe('npm start in production', () => {
  test('never builds: without the compiled server it stops with a clear message', () => {
    // The start script in a project of its own with no dist/ folder.
    const project = mkdtempSync(join(tmpdir(), 'rendix-unbuilt-'));
    try {
      mkdirSync(join(project, 'scripts'));
      copyFileSync(join(ROOT, 'scripts', 'start.mjs'), join(project, 'scripts', 'start.mjs'));
      writeFileSync(join(project, 'package.json'), '{"type":"module"}');
      let failure: { status: number | null; stderr: string } | null = null;
      try {
        execFileSync(process.execPath, ['scripts/start.mjs'], { cwd: project, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' }, stdio: 'pipe' });
      } catch (err) {
        const e = err as { status: number | null; stderr: Buffer };
        failure = { status: e.status, stderr: e.stderr.toString('utf8') };
      }
      expect(failure?.status).toBe(1);
      expect(failure?.stderr).toMatch(/Falta la compilación: no existe dist\/server\/main\.js \(el servidor\)\. En producción npm start no compila: ejecuta npm run build/);
      expect(existsSync(join(project, 'dist'))).toBe(false);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
