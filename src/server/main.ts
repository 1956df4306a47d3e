import { buildApp } from './app.js';
import { purgeExpiredSessions } from './auth/sessions.js';
import { findUserByEmail } from './auth/service.js';
import { sendPasswordResetLink } from './auth/password-reset-job.js';
import { openDatabase } from './db/client.js';
import { Mailer } from './email/mailer.js';
import { JobQueue } from './jobs/queue.js';
import { DiskStorage } from './storage/receipts.js';
import { startReceiptWorker } from './receipts/jobs.js';
import { startBillingWebhookWorker } from './billing-webhooks/delivery.js';
import { startAccountingWebhookWorker } from './accounting/webhook-delivery.js';
import { startNiudataWorker } from './niudata/sync.js';
import { purgeOldAccountingWebhookLogs } from './accounting/webhook.js';
import { createReceiptAnalyzer } from './receipts/service.js';
import { EnvError, databaseUrl, loadEnv } from './env.js';
import { describeError, safeLogObject, serializeError } from './logging.js';
import { purgeExpiredRateLimits } from './platform/rate-limit.js';
import { scheduleSubscriptionExpiry } from './billing/plan-state.js';
import { ensureSuperAdmin } from './platform/super-admin.js';
import { DEMO_LOGINS, seedDemo } from './seed/demo.js';

async function main() {
  const dev = process.argv.includes('--dev');
  const env = loadEnv();
  const embedded = !env.DATABASE_URL;
  // A newcomer's terminal shows the URL and logins, not a JSON line per request.
  process.env.LOG_LEVEL ??= embedded ? 'warn' : 'info';
  const database = await openDatabase(databaseUrl(env));
  const { db } = database;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const queue = new JobQueue(database);
  // Messages only, scrubbed (logging.ts): a failed query's message carries its parameters.
  queue.onError = (err) => console.error('Cola de trabajos:', describeError(err));
  await queue.start();
  const mailer = new Mailer(db, { smtpUrl: env.MAIL_DISABLED ? undefined : env.SMTP_URL, from: env.MAIL_FROM, log: { error: (o, m) => console.error(m ?? 'error', safeLogObject(o)) } }, queue);
  await mailer.startWorker();

  const seeded = (env.SEED_DEMO ?? embedded) && env.NODE_ENV !== 'production' ? await seedDemo(db) : false;

  if (env.SUPER_ADMIN_EMAIL) {
    const result = await ensureSuperAdmin(db, env.SUPER_ADMIN_EMAIL, null);
    const user = await findUserByEmail(db, env.SUPER_ADMIN_EMAIL);
    if (result === 'created' && user) {
      await sendPasswordResetLink({ db, mailer, appUrl }, user.email);
      console.log(`Super admin ${user.email} creado: se envió un enlace para definir su contraseña (válido 1 hora).`);
    }
  }

  const storage = new DiskStorage(`${env.DATA_DIR}/receipts`);
  const receipts = createReceiptAnalyzer(env);
  await startReceiptWorker({ db, storage, receipts }, queue);
  await startBillingWebhookWorker({ db, jobs: queue, env });
  await startAccountingWebhookWorker({ db, jobs: queue, env, appUrl });
  await startNiudataWorker({ db, jobs: queue, env, appUrl });
  const app = await buildApp(
    { env, database, db, mailer, appUrl, storage, jobs: queue, receipts },
    { logger: env.NODE_ENV !== 'test', allowedOrigins: dev ? ['http://localhost:5173'] : [] },
  );
  await app.listen({ port: env.PORT, host: env.HOST });
  // The OCR models load in the background: the first receipt of the day should not wait for them.
  void receipts.warm().catch((err) => console.error('Lector de recibos:', describeError(err)));

  const cleanup = setInterval(() => {
    void purgeExpiredSessions(db).catch(() => undefined);
    void purgeExpiredRateLimits(db).catch(() => undefined);
    void purgeOldAccountingWebhookLogs(db).catch(() => undefined);
  }, 3600_000);
  cleanup.unref();
  // Ended trials and unpaid periods back to the free plan (limits already read the plan in force; this rewrites the rows).
  const stopExpiry = scheduleSubscriptionExpiry(db, (err) => console.error('Vencimiento de suscripciones:', describeError(err)));

  const url = dev ? 'http://localhost:5173' : appUrl;
  const lines = [
    '',
    `Rendix está corriendo en ${url}`,
    embedded ? `Base de datos embebida (PGlite) en ${env.DATA_DIR}/pglite` : 'Base de datos: PostgreSQL (DATABASE_URL)',
    env.MAIL_DISABLED ? 'Correo: desactivado (MAIL_DISABLED=true), queda en la bandeja de salida interna' : env.SMTP_URL ? 'Correo: SMTP (SMTP_URL)' : 'Correo: bandeja de salida interna (sin SMTP_URL)',
  ];
  if (embedded && env.NODE_ENV !== 'production') {
    lines.push(seeded ? 'Datos de demostración creados. Accesos:' : 'Accesos de demostración (si no los cambiaste):');
    for (const l of DEMO_LOGINS) lines.push(`  ${l.email}  ${l.password}  ${l.role}`);
  }
  console.log(lines.join('\n') + '\n');

  const shutdown = async () => {
    clearInterval(cleanup);
    stopExpiry();
    await app.close();
    await queue.stop();
    await receipts.close();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  if (err instanceof EnvError) {
    console.error(err.message);
  } else {
    console.error('No se pudo iniciar Rendix:', serializeError(err).stack || describeError(err));
  }
  process.exit(1);
});
