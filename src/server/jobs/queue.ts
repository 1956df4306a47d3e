import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.js';
import { describeError } from '../logging.js';
import { faultPoint } from '../platform/faults.js';

const declaredQueues = new Set<string>();

/**
 * Names a queue of the app. Every declared queue is created when the queue starts: a job sent inside a caller's
 * transaction cannot create its queue there (on PGlite that second connection would wait for the transaction).
 */
export function declareQueue<N extends string>(name: N): N {
  declaredQueues.add(name);
  return name;
}

/**
 * pg-boss's `db` option over a Drizzle database or open transaction: its statements ($1, $2... placeholders) run on
 * that connection, so a job inserted this way commits or rolls back with the caller's writes. Works on node-postgres
 * and PGlite alike (drizzle's execute, each placeholder bound as a parameter).
 */
export function sqlExecutor(db: DbOrTx): { executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      // split() with a capture group alternates text, placeholder number, text, ...
      parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

/**
 * A UUID-shaped job id derived from a key: sending the same key twice inserts nothing, as pg-boss ignores a duplicate
 * id. Makes "the same event notified twice" or "a worker re-running after a crash" send nothing more.
 */
export function jobIdFrom(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export type JobHandler<T> = (data: T) => Promise<void>;

/** pg-boss's options, plus `tx`: the caller's transaction, which the job joins (inserted only if it commits). */
export type SendOptions = Omit<PgBoss.SendOptions, 'db'> & { tx?: DbOrTx };

/** Retries with exponential back-off: 30 s, 60 s, 120 s, ... */
const DEFAULT_RETRY = { retryLimit: 6, retryDelay: 30, retryBackoff: true } as const;

/**
 * The durable background queue (pg-boss on the app's own PostgreSQL or PGlite): jobs are rows, so
 * they survive restarts, and several app instances share them safely (SKIP LOCKED).
 */
export class JobQueue {
  private boss: PgBoss;
  private started = false;
  /** Set once stop() has returned: late writes of pg-boss's own bookkeeping are then dropped. */
  private stopped = false;
  /** Queues known to exist: sending to them needs no createQueue. */
  private ready = new Set<string>();

  constructor(private readonly database: Database, opts: { pollingIntervalSeconds?: number; retryDelaySeconds?: number } = {}) {
    this.boss = new PgBoss({
      db: {
        executeSql: async (text, values) => {
          try {
            return await database.exec(text, values);
          } catch (err) {
            // A handler still running when stop() gave up finishes later, and pg-boss records its outcome without
            // awaiting it: after the database closed that would be an unhandled rejection. The job, left active,
            // expires and runs again, which is what a crash would do. (pg-boss reads a missing result as 0 rows
            // affected; only completion and failure writes can come this late, every poller has stopped.)
            if (this.stopped) return undefined as unknown as { rows: [] };
            throw err;
          }
        },
      },
      schema: 'pgboss',
      schedule: false,
      supervise: true,
      migrate: true,
      ...DEFAULT_RETRY,
    });
    this.retry = { ...DEFAULT_RETRY, retryDelay: opts.retryDelaySeconds ?? DEFAULT_RETRY.retryDelay };
    this.pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 2;
    this.boss.on('error', (err) => this.onError?.(new Error(describeError(err))));
  }

  private pollingIntervalSeconds: number;
  private retry: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
  onError?: (err: Error) => void;

  /** Started and not stopped: what /api/ready reports. */
  get running(): boolean {
    return this.started;
  }

  async start(): Promise<void> {
    if (this.started) return;
    // pg-boss creates its schema on first start, and two processes doing so at once can fail (db/client.ts). Creating
    // a queue adds a partition to pg-boss's job table: two processes creating the queues at once deadlock, and one of
    // them dies at start. So the queues are created under the same lock.
    await this.database.exclusive(async () => {
      await this.boss.start();
      for (const name of declaredQueues) await this.ensureQueue(name);
    });
    this.started = true;
  }

  /**
   * Queues a job. With `tx` the job row is written by that transaction: it exists if and only if the caller's writes
   * committed (the transactional outbox). The queue must have been created at start (declareQueue).
   */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const { tx, ...rest } = options;
    if (tx) {
      if (!this.ready.has(name)) throw new Error(`La cola ${name} no fue declarada con declareQueue antes de iniciar la cola de trabajos.`);
      return this.boss.send(name, data, { ...this.retry, ...rest, db: sqlExecutor(tx) });
    }
    await this.ensureQueue(name);
    return this.boss.send(name, data, { ...this.retry, ...rest });
  }

  private async ensureQueue(name: string): Promise<void> {
    if (this.ready.has(name)) return;
    // Several instances may create the same queue at once: one wins, the others find it there.
    await this.boss.createQueue(name).catch(async (err: unknown) => {
      if (!(await this.boss.getQueue(name))) throw err;
    });
    this.ready.add(name);
  }

  /** Processes jobs one at a time; a thrown error fails the job and pg-boss retries it. */
  async work<T extends object>(name: string, handler: JobHandler<T>): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.work<T>(name, { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
      // Tests arm it in a process that must never run a job (a JOBS=none web process).
      faultPoint('job.taken');
      try {
        await handler(job.data);
      } catch (err) {
        // Reported, then rethrown so that pg-boss schedules the retry.
        // Scrubbed: a failed query's message carries its parameters (user data).
        this.onError?.(new Error(`${name}: ${describeError(err)}`));
        throw err;
      }
    });
  }

  /** Stops taking jobs and waits up to `timeoutMs` for the running ones to finish. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    this.stopped = true;
  }
}
