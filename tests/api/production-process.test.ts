import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
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
import { startSmtpCapture } from '../helpers/smtp.js';

/*
 * Issue 17 item 6 (and the worker of item 5): the server as production runs it, a compiled bundle started with plain
 * `node` in its own process. Built here into a private folder inside the project (the same build as
 * `npm run build:server`), started as child processes (a minimal spawn of our own), stopped with real signals.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILD = join(ROOT, '.tmp', `server-test-${process.pid}`);
const onPostgres = Boolean(process.env.DATABASE_URL);

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
const dataDir = mkdtempSync(join(tmpdir(), 'rendix-process-'));
const started: ServerProcess[] = [];

beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--outdir', BUILD], { cwd: ROOT, stdio: 'pipe' });
  testDb = await createTestDatabase();
}, 120_000);
afterEach(async () => {
  // A failed test must not leave a server holding the database.
  for (const p of started.splice(0)) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
});
afterAll(async () => {
  await testDb?.drop();
  rmSync(BUILD, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the match once the process printed it (stdout or stderr). */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

/** `node <build>/<entry>.js` with a clean environment: test mode, the test database (or an embedded one), any port. */
function spawnServer(entry: 'main' | 'worker', env: Record<string, string> = {}): ServerProcess {
  const database = onPostgres ? { DATABASE_URL: testDb.url } : {};
  const child = spawn(process.execPath, [join(BUILD, `${entry}.js`)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', RECEIPT_WORKERS: '1', ...database, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const l of listeners) l();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const p: ServerProcess = {
    child,
    output: () => text,
    exited,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = text.match(pattern);
          if (m) {
            listeners.delete(check);
            resolve(m);
          }
        };
        listeners.add(check);
        check();
        void exited.then((code) => {
          if (listeners.delete(check)) reject(new Error(`the process exited (${code}) before printing ${pattern}:\n${text}`));
        });
      }),
  };
  started.push(p);
  return p;
}

async function startWeb(env: Record<string, string> = {}) {
  const server = spawnServer('main', env);
  const [, port] = await server.waitFor(/Rendix está corriendo en http:\/\/localhost:(\d+)/);
  return { server, port: Number(port), baseUrl: `http://127.0.0.1:${port}` };
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
    const { server, baseUrl } = await startWeb();
    const ready = await fetch(`${baseUrl}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, checks: { database: 'ok', storage: 'ok', queue: 'ok' } });

    const client = new TestClient(baseUrl);
    expect((await client.post('/api/auth/register', registration())).status).toBe(201);
    const ted = buildSignedTed({ issuerRut: '99520000-7', documentTypeCode: 39, folio: 88123, date: '2025-03-14', total: 35000, firstItem: 'GASOLINA 95' }, createCafKeyPair(512));
    const form = new FormData();
    form.append('receipt', new Blob([new Uint8Array(await thermalReceipt(COPEC_BOLETA_LINES, { ted }))]), 'boleta.jpg');
    // sharp, the ZXing wasm and tesseract's models, loaded from node_modules by dist/server/receipt-thread.js.
    const read = await client.request('POST', '/api/receipts/analyze', form);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data).toMatchObject({ amount: 35000, taxId: '99520000-7', invoiceNumber: '88123' });
    expect(read.body.data.timbre).toMatchObject({ signatureValid: true });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  test('SIGTERM: no new connections, the request in flight completes with 200, then the process exits 0', { timeout: 120_000 }, async () => {
    const { server, port } = await startWeb();
    const inFlight = await requestInFlight(port, '/api/chatbot', JSON.stringify({ message: '¿Cuánto cuesta el plan Básico?' }));

    server.child.kill('SIGTERM');
    await server.waitFor(/Deteniendo Rendix/);
    await expect.poll(() => connectionRefused(port)).toBe(true);
    expect(server.child.exitCode).toBeNull();

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
    const { server, port } = await startWeb({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const stuck = await requestInFlight(port, '/api/chatbot', JSON.stringify({ message: 'hola' }));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/Solicitudes aún en curso tras 1000 ms: se cortan sus conexiones/);
    expect(await stuck.closed).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/);
  });
});

describe('npm run worker (node dist/server/worker.js)', () => {
  test.skipIf(onPostgres)('refuses the embedded database, in Spanish', async () => {
    const worker = spawnServer('worker');
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toMatch(/npm run worker necesita DATABASE_URL \(PostgreSQL\)/);
  });

  test.skipIf(!onPostgres)(
    'consumes the jobs a JOBS=none web process leaves; both start together on an empty database; SIGTERM exits 0',
    { timeout: 180_000 },
    async () => {
      const smtp = await startSmtpCapture();
      const db = new pg.Client({ connectionString: testDb.url });
      try {
        // A fresh database: the two processes migrate it at the same moment.
        const env = { SMTP_URL: smtp.url, JOBS: 'none' };
        const webStarting = startWeb(env);
        const firstWorker = spawnServer('worker', { SMTP_URL: smtp.url });
        const { baseUrl } = await webStarting;
        await firstWorker.waitFor(/proceso de trabajos corriendo \(receipts, email, webhooks, niudata, periodic\)/);
        firstWorker.child.kill('SIGTERM');
        expect(await firstWorker.exited).toBe(0);
        expect(firstWorker.output()).toContain('Proceso de trabajos detenido.');

        // With no worker running, the web process files the verification e-mail's delivery job and leaves it.
        const data = registration();
        expect((await new TestClient(baseUrl).post('/api/auth/register', data)).status).toBe(201);
        await db.connect();
        const deliveries = async () => (await db.query<{ state: string }>(`select state from pgboss.job where name = 'email-deliver'`)).rows.map((r) => r.state);
        expect(await deliveries()).toEqual(['created']);
        // Several of the web process's polling intervals (2 s): it would have taken the job by now if it consumed any.
        await new Promise((r) => setTimeout(r, 6000));
        expect(await deliveries()).toEqual(['created']);
        expect(smtp.messages).toEqual([]);

        const worker = spawnServer('worker', { SMTP_URL: smtp.url, JOBS: 'email' });
        await worker.waitFor(/proceso de trabajos corriendo \(email\)/);
        const mail = await smtp.waitFor(data.email as string, 60_000);
        expect(mail.subject).toMatch(/verifica|confirma/i);
        await expect.poll(deliveries).toEqual(['completed']);
        worker.child.kill('SIGTERM');
        expect(await worker.exited).toBe(0);
      } finally {
        await db.end().catch(() => undefined);
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
