import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from './db.js';

/*
 * The real server as a child process, for tests that kill it, stop it with real signals or run several at once: a
 * SIGKILL, or a fault point armed with RENDIX_FAULT (src/server/platform/faults.ts), then a restart on the same data.
 *
 *   const server = await startServerProcess({ env: { RENDIX_FAULT: 'expense.after-commit' } });
 *   ... requests to server.url ...; await server.exited;          // the fault killed it
 *   await server.restart();                                         // same port, data and database, no fault
 *   await server.stop();                                            // in afterAll: SIGTERM, drop the database, remove DATA_DIR
 *
 * The compiled bundle runs with plain node, as in production: `build` (buildServer()), or else one bundle the test
 * process compiles on first use (half a second of esbuild; each start then costs about a third less CPU than through
 * tsx, and the crash tests start dozens), removed by the global setup's teardown. `entry: 'worker'` is `npm run worker` (jobs, no HTTP).
 * Each process gets a loopback port, a temporary DATA_DIR and its own database (a new PostgreSQL database when
 * DATABASE_URL is set, else PGlite in DATA_DIR/pglite), unless it is given another's to share. The environment is
 * clean: PATH and HOME, NODE_ENV 'test', no demo seed, one receipt reader thread, and `env`.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const READY: Record<ServerEntry, RegExp> = { main: /Rendix está corriendo en /, worker: /proceso de trabajos corriendo/ };

export type ServerEntry = 'main' | 'worker';

export interface ServerProcess {
  /** http://127.0.0.1:<port>, the same across restarts (a worker has no HTTP server). */
  url: string;
  port: number;
  /** What the process opens: the PostgreSQL URL, or `pglite:<DATA_DIR>/pglite` (open it only while the server is down). */
  databaseUrl: string;
  dataDir: string;
  /** How the current process ended: its exit code, or the signal that killed it. */
  exited: Promise<number | NodeJS.Signals>;
  isRunning(): boolean;
  /** The current process's id (benchmarks read its CPU time from /proc). */
  pid(): number;
  /** Signals the current process (SIGKILL unless told) and resolves once it has exited. */
  kill(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals>;
  /** Kills the current process if it still runs (SIGKILL) and starts a new one on the same data, with `extraEnv` instead of the first run's. */
  restart(extraEnv?: Record<string, string>): Promise<void>;
  /** Everything the current process printed, stdout and stderr (for failure messages). */
  output(): string;
  /** Resolves with the match once the current process printed `pattern`; rejects if it exits first. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  /** Stops the process (SIGTERM, the graceful shutdown, unless told) and removes what it owns: its database and DATA_DIR. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface ServerProcessOptions {
  entry?: ServerEntry;
  /** A compiled server (buildServer()): `node <dir>/<entry>.js`. Default: this test process's own (sharedBuild()). */
  build?: ServerBuild;
  env?: Record<string, string>;
  /** Options for node itself, before the entry (e.g. --cpu-prof, which NODE_OPTIONS does not accept). */
  nodeArgs?: string[];
  /** A PostgreSQL database to share with other processes (never dropped by this one). Default: a fresh one. */
  databaseUrl?: string;
  /** A DATA_DIR to share (never removed by this one). Default: a temporary folder. */
  dataDir?: string;
  /** The port to listen on (chosen beforehand with unusedPort(), e.g. to name it in another process's env). */
  port?: number;
  /** false: resolve as soon as the process is spawned (one expected to stop at start). Default: once it is ready. */
  waitUntilReady?: boolean;
  startTimeoutMs?: number;
}

export interface ServerBuild {
  dir: string;
  remove(): void;
}

/**
 * Compiles the server as `npm run build:server` does, into a private folder inside the project (the bundle finds the
 * project root, its migrations and node_modules from there). Remove it in afterAll.
 */
export function buildServer(prefix = 'server-test'): ServerBuild {
  const dir = join(root, '.tmp', `${prefix}-${process.pid}-${randomBytes(3).toString('hex')}`);
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--outdir', dir], { cwd: root, stdio: 'pipe' });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The test run (its main process's pid), set by the global setup for the test processes it starts. */
export const TEST_RUN_ENV = 'RENDIX_TEST_RUN';

/** Test processes are killed at the run's end, before any exit hook: the global setup's teardown removes these. */
export function sharedBuildPrefix(): string {
  return `server-test-shared-${process.env[TEST_RUN_ENV] ?? 'solo'}`;
}
let shared: ServerBuild | null = null;

/** One compiled server for every process this test process starts. */
function sharedBuild(): ServerBuild {
  shared ??= buildServer(sharedBuildPrefix());
  return shared;
}

/** A port on 127.0.0.1 where nothing listens any more: free to listen on, refused to connect to. */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startServerProcess(opts: ServerProcessOptions = {}): Promise<ServerProcess> {
  const entry = opts.entry ?? 'main';
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'rendix-server-'));
  const ownDb = !opts.databaseUrl && process.env.DATABASE_URL ? await createTestDatabase() : null;
  const postgresUrl = opts.databaseUrl ?? ownDb?.url;
  const port = opts.port ?? (await unusedPort());
  const url = `http://127.0.0.1:${port}`;
  const command = [...(opts.nodeArgs ?? []), join((opts.build ?? sharedBuild()).dir, `${entry}.js`)];
  const baseEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RECEIPT_WORKERS: '1',
    ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
  };
  const timeoutMs = opts.startTimeoutMs ?? 90_000;

  let child: ChildProcess;
  let log = '';
  const listeners = new Set<() => void>();
  const running = () => child.exitCode === null && child.signalCode === null;
  const server: ServerProcess = {
    url,
    port,
    databaseUrl: postgresUrl ?? `pglite:${dataDir}/pglite`,
    dataDir,
    exited: Promise.resolve(0),
    isRunning: running,
    pid: () => child.pid ?? -1,
    async kill(signal = 'SIGKILL') {
      if (running()) child.kill(signal);
      return server.exited;
    },
    async restart(extraEnv = {}) {
      await server.kill('SIGKILL');
      await launchHoldingPort(extraEnv, true).catch(async (err) => {
        await server.kill('SIGKILL');
        throw err;
      });
    },
    output: () => log,
    waitFor(pattern) {
      const exited = server.exited;
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = log.match(pattern);
          if (!m) return;
          listeners.delete(check);
          resolve(m);
        };
        listeners.add(check);
        check();
        void exited.then((how) => {
          if (listeners.delete(check)) reject(new Error(`El proceso terminó (${how}) sin imprimir ${pattern}:\n${log}`));
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      // The graceful shutdown waits for running jobs (10 s at most); past that, a kill.
      const slow = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await server.kill(signal);
      clearTimeout(slow);
      await ownDb?.drop();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };

  async function launch(extraEnv: Record<string, string>, untilReady: boolean) {
    log = '';
    child = spawn(process.execPath, command, { cwd: root, env: { ...baseEnv, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    const onData = (chunk: Buffer) => {
      log += chunk.toString('utf8');
      for (const l of [...listeners]) l();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    server.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code ?? 0)));
    if (!untilReady) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${entry} no arrancó en ${timeoutMs} ms:\n${log}`)), timeoutMs);
    });
    try {
      await Promise.race([server.waitFor(READY[entry]), late]);
    } finally {
      clearTimeout(timer);
    }
  }
  /**
   * The port stays the same across restarts, but while the process was down another one may have taken it for a moment
   * (an outgoing connection's local port comes from the same range): a start refused with EADDRINUSE is tried again.
   */
  async function launchHoldingPort(extraEnv: Record<string, string>, untilReady: boolean) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await launch(extraEnv, untilReady);
      } catch (err) {
        if (attempt >= 10 || !/EADDRINUSE/.test(log)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
  }
  // A process that never got ready is not left running, nor its database and folder behind.
  await launchHoldingPort(opts.env ?? {}, opts.waitUntilReady ?? true).catch(async (err) => {
    await server.stop('SIGKILL');
    throw err;
  });
  return server;
}
