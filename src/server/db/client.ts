import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { projectPath } from '../platform/paths.js';
import { CHANGES_CHANNEL, ChangeFeed, attachChangeFeed } from './change-feed.js';

export type Schema = typeof schema;
/** The one database type the app uses, whether PGlite or node-postgres is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A function that accepts either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** Runs `fn` in the caller's open transaction when there is one, else in a transaction of its own. */
export function inTransaction<T>(db: Db, tx: DbOrTx | undefined, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return tx ? fn(tx) : db.transaction(fn);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Raw SQL runner, used by migrations and the job queue. Without params it may hold several statements. */
  exec(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Runs `fn` while no other process runs its own `exclusive` on this database: the schema set-up at start (our
   * migrations, pg-boss's tables). Several processes start at once on one database (app instances, the worker);
   * unserialised, they create the same tables and all but one fail.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** What changed in the cached tables, from the database's own notifications (change-feed.ts). */
  changes: ChangeFeed;
}

const migrationsFolder = projectPath('drizzle');
/** The session advisory lock of `exclusive` (any constant unlikely to collide with another application's). */
const SETUP_LOCK = 72_616_401;

/** Sees every statement the ORM sends (the query-count test, the benchmark's bare-SQL timing). */
export type QueryObserver = (sql: string, params: unknown[]) => void;

/** `url` = a postgres:// URL, or `pglite:<dir>` / `pglite:memory`. */
export async function openDatabase(url: string, opts: { onQuery?: QueryObserver } = {}): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: opts.onQuery } : undefined;
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const changes = new ChangeFeed();
    // The backends of this process's pooled connections: each notification is delivered once, by the connection that
    // wrote it (its own), or else by the dedicated listener (another process's). Every connection hears every
    // notification; before this, a write was delivered by each of them (up to the pool's size, plus one).
    const ownBackends = new Set<number>();
    const pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      // Every pooled connection listens, so a write's own notifications arrive before its promise resolves.
      onConnect: async (client) => {
        const backend = (client as unknown as { processID: number }).processID;
        ownBackends.add(backend);
        client.on('end', () => ownBackends.delete(backend));
        client.on('notification', (n) => n.processId === backend && n.payload !== undefined && changes.deliver(n.payload));
        await client.query(`listen ${CHANGES_CHANNEL}`);
      },
    });
    // A connection the server closes (restart, failover, a terminated backend) must not crash the process: node-postgres
    // emits 'error' on the pool for idle clients and on the client itself while it is being ended.
    const lost = (err: Error) => console.error('PostgreSQL: conexión perdida:', err.message);
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const db = drizzle(pool, { schema, logger }) as unknown as Db;
    const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => undefined);
        client.release();
      }
    };
    await exclusive(() => migrate(drizzle(pool), { migrationsFolder }));
    const listener = listenForChanges(pg, url, changes, lost, (backend) => !ownBackends.has(backend));
    await listener.ready;
    attachChangeFeed(db, changes);
    return {
      db,
      kind: 'postgres',
      changes,
      // Background pollers (the job queue) may still have a query in flight: let it finish before ending the pool, so
      // that no connection outlives close().
      close: async () => {
        await listener.stop();
        const deadline = Date.now() + 5000;
        while (pool.totalCount > pool.idleCount && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        await pool.end();
      },
      exec: async (text, params) => {
        const r = await pool.query(text, params as unknown[]);
        return { rows: r.rows };
      },
      exclusive,
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  if (url.startsWith('pglite-snapshot:')) {
    // An in-memory database started from a data-directory dump (the tests' migrated template).
    const { readFile } = await import('node:fs/promises');
    client = new PGlite({ loadDataDir: new Blob([await readFile(url.slice('pglite-snapshot:'.length))]) });
  } else {
    const dir = url.replace(/^pglite:/, '');
    if (dir !== 'memory') mkdirSync(dir, { recursive: true });
    client = dir === 'memory' ? new PGlite() : new PGlite(dir);
  }
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder });
  const db = drizzle(client, { schema, logger }) as unknown as Db;
  // One connection, in this process: every write is heard, before its promise resolves.
  const changes = new ChangeFeed();
  await client.listen(CHANGES_CHANNEL, (payload) => changes.deliver(payload));
  changes.setLive(true);
  attachChangeFeed(db, changes);
  return {
    db,
    kind: 'pglite',
    changes,
    close: () => client.close(),
    exec: async (text, params) => {
      if (params?.length) return { rows: (await client.query<Record<string, unknown>>(text, params)).rows };
      // Several statements in one string (pg-boss's migrations): PGlite runs them with exec().
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    // One process owns an embedded database.
    exclusive: (fn) => fn(),
  };
}

/**
 * The connection that hears other processes' writes: while it is down the feed is not live (caches answer nothing),
 * and it reconnects with a growing pause (0.5 s to 30 s). Writes of this process are heard on the pooled connections.
 */
function listenForChanges(pg: typeof import('pg').default, url: string, changes: ChangeFeed, lost: (err: Error) => void, notOurs: (backend: number) => boolean) {
  let client: InstanceType<typeof pg.Client> | null = null;
  let stopped = false;
  let pause = 500;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    const down = () => {
      if (client !== c) return;
      client = null;
      changes.setLive(false);
      if (!stopped) timer = setTimeout(() => void connect(), pause).unref();
      pause = Math.min(pause * 2, 30_000);
    };
    c.on('error', (err) => {
      lost(err);
      down();
    });
    c.on('end', down);
    // This process's own writes were delivered by the connection that made them.
    c.on('notification', (n) => notOurs(n.processId) && n.payload !== undefined && changes.deliver(n.payload));
    try {
      await c.connect();
      await c.query(`listen ${CHANGES_CHANNEL}`);
      if (client !== c || stopped) return void c.end().catch(() => undefined);
      pause = 500;
      changes.setLive(true);
    } catch (err) {
      lost(err as Error);
      void c.end().catch(() => undefined);
      down();
    }
  };
  const ready = connect();
  return {
    ready,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      changes.setLive(false);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
