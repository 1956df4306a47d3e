import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { AppDeps } from '../../src/server/context.js';
import { openDatabase, type QueryObserver } from '../../src/server/db/client.js';
import { Mailer } from '../../src/server/email/mailer.js';
import { JobQueue } from '../../src/server/jobs/queue.js';
import { loadEnv } from '../../src/server/env.js';
import { openReceiptStorage } from '../../src/server/storage/open.js';
import { startReceiptWorker } from '../../src/server/receipts/jobs.js';
import { startBillingWebhookWorker } from '../../src/server/billing-webhooks/delivery.js';
import { startAccountingWebhookWorker } from '../../src/server/accounting/webhook-delivery.js';
import { startNiudataWorker } from '../../src/server/niudata/sync.js';
import { createReceiptAnalyzer } from '../../src/server/receipts/service.js';
import { startEmailJobs } from '../../src/server/services.js';
import { rateLimits } from '../../src/server/db/schema/index.js';
import { createTestDatabase } from './db.js';
import { startSmtpCapture } from './smtp.js';

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like client: keeps the session cookie and sends our own Origin on writes. */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(
    public baseUrl: string,
    public origin: string | null = baseUrl,
  ) {}

  get sessionId(): string | undefined {
    return this.cookies.get('rendix_sid');
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.origin && !('origin' in h)) h.origin = this.origin;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* keep text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body ?? {}, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps & { queue: JobQueue };
  baseUrl: string;
  /** The test's own database (a PostgreSQL URL, or PGlite's). */
  databaseUrl: string;
  smtp: Awaited<ReturnType<typeof startSmtpCapture>> | null;
  /** The disk store's folder (unused when `env.STORAGE_URL` names a bucket). */
  storageDir: string;
  client(origin?: string | null): TestClient;
  close(): Promise<void>;
}

/**
 * The real server on a loopback port, over a fresh database (PGlite, or PostgreSQL when
 * DATABASE_URL is set), with a real SMTP server capturing mail when `smtp` is true.
 */
export async function startTestApp(
  opts: { smtp?: boolean; env?: Record<string, string>; logStream?: NodeJS.WritableStream; onQuery?: QueryObserver; clientDir?: string } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const smtp = opts.smtp ? await startSmtpCapture() : null;
  const env = loadEnv({ NODE_ENV: 'test', ...(smtp ? { SMTP_URL: smtp.url } : {}), ...opts.env });
  const database = await openDatabase(testDb.url, { onQuery: opts.onQuery });
  // The real durable queue, polling fast so tests do not wait.
  const queue = new JobQueue(database, { pollingIntervalSeconds: 0.5 });
  queue.onError = (err) => console.error('job queue error:', err.message);
  await queue.start();
  const mailer = new Mailer(database.db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }, queue);
  const storageDir = mkdtempSync(join(tmpdir(), 'rendix-receipts-'));
  // Files under a temporary folder, or the bucket of `env.STORAGE_URL` when a test gives one.
  const storage = await openReceiptStorage(env, storageDir);
  // The real reader (worker threads start only when a test reads a receipt) and its durable job.
  const receipts = createReceiptAnalyzer(env);
  await startReceiptWorker({ db: database.db, storage, receipts }, queue);
  await startBillingWebhookWorker({ db: database.db, jobs: queue, env });
  const deps: AppDeps & { queue: JobQueue } = { env, database, db: database.db, mailer, appUrl: 'http://127.0.0.1', storage, queue, jobs: queue, receipts };
  // Reads deps.appUrl when a job runs, so the receipt links in webhook bodies carry the port chosen below.
  await startAccountingWebhookWorker(deps);
  await startNiudataWorker(deps);
  await startEmailJobs(deps);
  // Silent, unless a test reads the log.
  const app = await buildApp(deps, { logger: Boolean(opts.logStream), logStream: opts.logStream, clientDir: opts.clientDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  deps.appUrl = baseUrl;
  return {
    app,
    deps,
    baseUrl,
    databaseUrl: testDb.url,
    smtp,
    storageDir,
    client: (origin) => new TestClient(baseUrl, origin === undefined ? baseUrl : origin),
    async close() {
      await app.close();
      await queue.stop();
      await receipts.close();
      mailer.close();
      await database.close();
      await smtp?.close();
      await testDb.drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app for the whole test file: started before its tests, closed after them. The object is filled in when the
 * app starts, so the file holds it from the top (`const t = testAppForFile()`). `freshRateLimits` empties the rate-limit
 * counters before each test, for files that create many things from one address (the limits have their own tests).
 */
export function testAppForFile(opts: Parameters<typeof startTestApp>[0] & { freshRateLimits?: boolean } = {}): TestApp {
  const { freshRateLimits, ...start } = opts;
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await startTestApp(start));
  });
  afterAll(async () => t.close?.());
  if (freshRateLimits) {
    beforeEach(async () => {
      await t.deps.db.delete(rateLimits);
    });
  }
  return t;
}
