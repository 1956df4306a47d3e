import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { describeError } from '../logging.js';

/**
 * A UUID-shaped job id derived from a key: sending the same key twice inserts nothing, as pg-boss ignores a duplicate
 * id. Makes "the same event notified twice" or "a worker re-running after a crash" send nothing more.
 */
export function jobIdFrom(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export type JobHandler<T> = (data: T) => Promise<void>;

/** Retries with exponential back-off: 30 s, 60 s, 120 s, ... */
const DEFAULT_RETRY = { retryLimit: 6, retryDelay: 30, retryBackoff: true } as const;

/**
 * The durable background queue (pg-boss on the app's own PostgreSQL or PGlite): jobs are rows, so
 * they survive restarts, and several app instances share them safely (SKIP LOCKED).
 */
export class JobQueue {
  private boss: PgBoss;
  private started = false;

  constructor(private readonly database: Database, opts: { pollingIntervalSeconds?: number; retryDelaySeconds?: number } = {}) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.exec(text, values) },
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
    // pg-boss creates its schema on first start, and two processes doing so at once can fail (db/client.ts).
    await this.database.exclusive(() => this.boss.start());
    this.started = true;
  }

  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<string | null> {
    await this.boss.createQueue(name).catch(() => undefined);
    return this.boss.send(name, data, { ...this.retry, ...options });
  }

  /** Processes jobs one at a time; a thrown error fails the job and pg-boss retries it. */
  async work<T extends object>(name: string, handler: JobHandler<T>): Promise<void> {
    await this.boss.createQueue(name).catch(() => undefined);
    await this.boss.work<T>(name, { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
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
  }
}
