import { startAccountingWebhookWorker } from './accounting/webhook-delivery.js';
import { startLoginCodeWorker } from './auth/login-guard.js';
import { startPasswordResetWorker } from './auth/password-reset-job.js';
import { purgeOldAccountingWebhookLogs } from './accounting/webhook.js';
import { purgeExpiredSessions } from './auth/sessions.js';
import { scheduleSubscriptionExpiry } from './billing/plan-state.js';
import { startBillingWebhookWorker } from './billing-webhooks/delivery.js';
import type { AppDeps } from './context.js';
import { openDatabase } from './db/client.js';
import { Mailer } from './email/mailer.js';
import { databaseUrl, type Env, type JobGroup } from './env.js';
import { JobQueue } from './jobs/queue.js';
import { describeError, safeLogObject } from './logging.js';
import { startNiudataWorker } from './niudata/sync.js';
import { startNotificationWorkers } from './notifications/service.js';
import { purgeExpiredRateLimits } from './platform/rate-limit.js';
import { purgeExpiredIdempotencyKeys } from './platform/idempotency.js';
import { startReceiptWorker } from './receipts/jobs.js';
import { createReceiptAnalyzer } from './receipts/service.js';
import { openReceiptStorage } from './storage/open.js';
import { startReceiptSweeper } from './storage/orphans.js';

/** What the web process (main.ts) and the job process (worker.ts) share: the same services, wired once. */
export interface Services extends AppDeps {
  /** Starts the consumers of the given job groups; called once. */
  startJobs(groups: readonly JobGroup[]): Promise<void>;
  /** With RECEIPT_WARM, loads the OCR models in the background, so the first receipt does not wait for them. */
  warmReceipts(): void;
  /** Stops the jobs (running ones get `timeoutMs` to finish), the reader threads, the mailer and the database. */
  close(timeoutMs: number): Promise<void>;
}

/**
 * The `email` group: every job that writes or delivers e-mail (submission and decision notifications, forgot-password,
 * login codes, SMTP delivery). Consumed only where JOBS names it: a JOBS=none web process runs no job at all, so it
 * can be killed without leaving one active (pg-boss would run it again only after its expiry).
 */
export async function startEmailJobs(deps: Pick<AppDeps, 'db' | 'mailer' | 'jobs' | 'appUrl'>): Promise<void> {
  await deps.mailer.startWorker();
  await startNotificationWorkers(deps);
  await startPasswordResetWorker(deps);
  await startLoginCodeWorker(deps);
}

const logError = (what: string) => (err: unknown) => console.error(`${what}:`, describeError(err));

/** Opens the database (migrated), the job queue, the mailer, the receipt storage and the reader. */
export async function openServices(env: Env): Promise<Services> {
  const database = await openDatabase(databaseUrl(env));
  const { db } = database;
  const jobs = new JobQueue(database);
  // Messages only, scrubbed (logging.ts): a failed query's message carries its parameters.
  jobs.onError = logError('Cola de trabajos');
  await jobs.start();
  const mailer = new Mailer(db, { smtpUrl: env.MAIL_DISABLED ? undefined : env.SMTP_URL, from: env.MAIL_FROM, log: { error: (o, m) => console.error(m ?? 'error', safeLogObject(o)) } }, jobs);
  const storage = await openReceiptStorage(env);
  const receipts = createReceiptAnalyzer(env);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const stops: (() => void)[] = [];
  let closing = false;

  const services: Services = {
    env,
    database,
    db,
    jobs,
    mailer,
    storage,
    receipts,
    appUrl,
    async startJobs(groups) {
      const on = new Set(groups);
      if (on.has('email')) await startEmailJobs(services);
      if (on.has('receipts')) await startReceiptWorker(services, jobs);
      if (on.has('webhooks')) {
        await startBillingWebhookWorker(services);
        await startAccountingWebhookWorker(services);
      }
      if (on.has('niudata')) await startNiudataWorker(services);
      if (on.has('periodic')) {
        const hourly = setInterval(() => {
          void purgeExpiredSessions(db).catch(() => undefined);
          void purgeExpiredRateLimits(db).catch(() => undefined);
          void purgeExpiredIdempotencyKeys(db).catch(() => undefined);
          void purgeOldAccountingWebhookLogs(db).catch(() => undefined);
        }, 3600_000);
        hourly.unref();
        stops.push(() => clearInterval(hourly));
        // Ended trials and unpaid periods back to the free plan (limits already read the plan in force; this rewrites the rows).
        stops.push(scheduleSubscriptionExpiry(db, logError('Vencimiento de suscripciones')));
        // Receipt files a crash left without their row (stored, never committed): removed once an hour, by one process.
        stops.push(await startReceiptSweeper(services, jobs, { swept: (n) => console.log(`Comprobantes huérfanos eliminados: ${n}`), error: logError('Limpieza de comprobantes') }));
      }
    },
    warmReceipts() {
      // Off unless RECEIPT_WARM: the threads would hold their models through the first idle minute for nothing.
      if (!env.RECEIPT_WARM) return;
      // Closing while the models load terminates their threads: not an error worth printing.
      void receipts.warm().catch((err) => closing || logError('Lector de recibos')(err));
    },
    async close(timeoutMs) {
      closing = true;
      for (const stop of stops) stop();
      await jobs.stop(timeoutMs);
      await receipts.close();
      mailer.close();
      await database.close();
    },
  };
  return services;
}
