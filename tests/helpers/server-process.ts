import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from './db.js';

/*
 * The real server as a child process (`node --import tsx src/server/main.ts`), for tests that kill it: a SIGKILL, or
 * a fault point armed with RENDIX_FAULT (src/server/platform/faults.ts), then a restart on the same data.
 *
 *   const server = await startServerProcess({ env: { RENDIX_FAULT: 'expense.after-commit' } });
 *   ... requests to server.url ...; await server.exited;          // the fault killed it
 *   await server.restart();                                         // same port, data and database, no fault
 *   await server.stop();                                            // in afterAll: kill, drop the database, remove DATA_DIR
 *
 * Each server gets a free loopback port, a temporary DATA_DIR and its own database: a new PostgreSQL database when
 * DATABASE_URL is set (as in the other tests), else PGlite in DATA_DIR/pglite. NODE_ENV is 'test', no demo seed.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const READY_LINE = 'Rendix está corriendo';

export interface ServerProcess {
  /** http://127.0.0.1:<port>, the same across restarts. */
  url: string;
  /** What main.ts opens: the PostgreSQL URL, or `pglite:<DATA_DIR>/pglite` (open it only while the server is down). */
  databaseUrl: string;
  dataDir: string;
  /** How the current process ended: its exit code, or the signal that killed it. */
  exited: Promise<number | NodeJS.Signals>;
  /** Signals the current process (SIGKILL unless told) and resolves once it has exited. */
  kill(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals>;
  /** Kills the current process if it still runs (SIGKILL) and starts a new one on the same data, with `extraEnv` instead of the first run's. */
  restart(extraEnv?: Record<string, string>): Promise<void>;
  /** Everything the current process printed (for failure messages). */
  output(): string;
  /** Stops the process (SIGTERM, the graceful shutdown) and removes its data: the database and DATA_DIR. */
  stop(): Promise<void>;
}

/** A port on 127.0.0.1 where nothing listens any more: free to listen on, refused to connect to. */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startServerProcess(opts: { env?: Record<string, string>; startTimeoutMs?: number } = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rendix-server-'));
  const db = process.env.DATABASE_URL ? await createTestDatabase() : null;
  const port = await unusedPort();
  const url = `http://127.0.0.1:${port}`;
  // The parent's environment minus what would point the child elsewhere (vitest's own DATABASE_URL, a fault).
  const { DATABASE_URL: _db, RENDIX_FAULT: _fault, ...inherited } = process.env;
  const baseEnv: Record<string, string> = {
    ...(inherited as Record<string, string>),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RECEIPT_WORKERS: '1',
    ...(db ? { DATABASE_URL: db.url } : {}),
  };

  let child: ChildProcess;
  let log = '';
  const server: ServerProcess = {
    url,
    databaseUrl: db?.url ?? `pglite:${dataDir}/pglite`,
    dataDir,
    exited: Promise.resolve(0),
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return server.exited;
    },
    async restart(extraEnv = {}) {
      await server.kill('SIGKILL');
      await launch(extraEnv);
    },
    output: () => log,
    async stop() {
      // The graceful shutdown waits for running jobs (10 s at most); past that, a kill.
      const slow = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await server.kill('SIGTERM');
      clearTimeout(slow);
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  async function launch(extraEnv: Record<string, string>) {
    log = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env: { ...baseEnv, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    server.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code ?? 0)));
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`El servidor no arrancó en ${timeoutMs} ms:\n${log}`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes(READY_LINE)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      void server.exited.then((how) => {
        clearTimeout(timer);
        reject(new Error(`El servidor terminó (${how}) antes de arrancar:\n${log}`));
      });
    });
    await ready;
  }
  const timeoutMs = opts.startTimeoutMs ?? 90_000;
  await launch(opts.env ?? {});
  return server;
}
