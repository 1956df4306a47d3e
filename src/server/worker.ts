import { EnvError, loadEnv } from './env.js';
import { openServices } from './services.js';
import { onShutdownSignal, runProcess } from './shutdown.js';

/**
 * The job process (`npm run worker`): consumes the job groups of JOBS (all by default) from the shared PostgreSQL,
 * with no HTTP server, so receipt reading (OCR) and deliveries scale apart from the web tier. Web processes then run
 * with JOBS=none, or without the groups left here.
 */
async function worker() {
  const env = loadEnv();
  if (!env.DATABASE_URL) {
    throw new EnvError('npm run worker necesita DATABASE_URL (PostgreSQL): la base embebida (PGlite) pertenece a un solo proceso, y npm start ya consume todos los trabajos.');
  }
  if (!env.JOBS.length) throw new EnvError('JOBS=none: este proceso de trabajos no tendría nada que hacer. Indica los grupos que debe consumir, o all.');
  process.env.LOG_LEVEL ??= 'info';
  const services = await openServices(env);
  await services.startJobs(env.JOBS);
  if (env.JOBS.includes('receipts')) services.warmReceipts();
  console.log(`Rendix: proceso de trabajos corriendo (${env.JOBS.join(', ')}), sin servidor HTTP.`);

  onShutdownSignal(async () => {
    console.log('Deteniendo el proceso de trabajos: se terminan los trabajos en curso.');
    await services.close(env.SHUTDOWN_TIMEOUT_MS);
    console.log('Proceso de trabajos detenido.');
  });
}

runProcess(worker);
