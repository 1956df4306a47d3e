import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { findUserByEmail } from './auth/service.js';
import { sendPasswordResetLink } from './auth/password-reset-job.js';
import { JOB_GROUPS, loadEnv } from './env.js';
import { ensureSuperAdmin } from './platform/super-admin.js';
import { DEMO_LOGINS, seedDemo } from './seed/demo.js';
import { openServices } from './services.js';
import { describeStorage } from './storage/open.js';
import { closeHttp, onShutdownSignal, runProcess } from './shutdown.js';

/** The web process: API and web app, plus the job groups of JOBS (all of them by default; `npm run worker` runs the rest). */
async function main() {
  const dev = process.argv.includes('--dev');
  const env = loadEnv();
  const embedded = !env.DATABASE_URL;
  // A newcomer's terminal shows the URL and logins, not a JSON line per request.
  process.env.LOG_LEVEL ??= embedded ? 'warn' : 'info';
  const services = await openServices(env);
  const { db, mailer } = services;

  const seeded = (env.SEED_DEMO ?? embedded) && env.NODE_ENV !== 'production' ? await seedDemo(db) : false;

  const superAdminEmail = env.SUPER_ADMIN_EMAIL;
  // Every app instance starts with the same variable: one creates the account and e-mails the link, the rest find it.
  if (superAdminEmail) {
    await services.database.exclusive(async () => {
      const result = await ensureSuperAdmin(db, superAdminEmail, null);
      const user = await findUserByEmail(db, superAdminEmail);
      if (result === 'created' && user) {
        await sendPasswordResetLink({ db, mailer, appUrl: services.appUrl }, user.email);
        console.log(`Super admin ${user.email} creado: se envió un enlace para definir su contraseña (válido 1 hora).`);
      }
    });
  }

  await services.startJobs(env.JOBS);
  const app = await buildApp(services, { logger: env.NODE_ENV !== 'test', allowedOrigins: dev ? ['http://localhost:5173'] : [] });
  await app.listen({ port: env.PORT, host: env.HOST });
  // PORT=0 takes a free port: links and the printed URL carry the real one.
  if (!env.APP_URL) services.appUrl = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  // The web process reads receipts too (POST /api/receipts/analyze, before filing).
  services.warmReceipts();

  const url = dev ? 'http://localhost:5173' : services.appUrl;
  const lines = [
    '',
    `Rendix está corriendo en ${url}`,
    embedded ? `Base de datos embebida (PGlite) en ${env.DATA_DIR}/pglite` : 'Base de datos: PostgreSQL (DATABASE_URL)',
    describeStorage(env),
    env.MAIL_DISABLED ? 'Correo: desactivado (MAIL_DISABLED=true), queda en la bandeja de salida interna' : env.SMTP_URL ? 'Correo: SMTP (SMTP_URL)' : 'Correo: bandeja de salida interna (sin SMTP_URL)',
  ];
  if (env.JOBS.length < JOB_GROUPS.length) lines.push(`Trabajos en segundo plano de este proceso: ${env.JOBS.join(', ') || 'ninguno'} (JOBS); el resto, npm run worker`);
  if (embedded && env.NODE_ENV !== 'production') {
    lines.push(seeded ? 'Datos de demostración creados. Accesos:' : 'Accesos de demostración (si no los cambiaste):');
    for (const l of DEMO_LOGINS) lines.push(`  ${l.email}  ${l.password}  ${l.role}`);
  }
  console.log(lines.join('\n') + '\n');

  onShutdownSignal(async () => {
    console.log('Deteniendo Rendix: no se aceptan conexiones nuevas; se terminan las solicitudes en curso.');
    // HTTP first: a request in flight may still queue a job.
    await closeHttp(app, env.SHUTDOWN_TIMEOUT_MS);
    await services.close(env.SHUTDOWN_TIMEOUT_MS);
    console.log('Rendix detenido.');
  });
}

runProcess(main);
