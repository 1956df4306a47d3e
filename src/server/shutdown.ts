import type { FastifyInstance } from 'fastify';
import { EnvError } from './env.js';
import { describeError, serializeError } from './logging.js';

/**
 * Graceful stop: on the first SIGTERM (orchestrators, `docker stop`) or SIGINT (Ctrl-C), runs `stop` once and exits
 * 0 when it is done (1 if it failed). A second signal exits at once: someone pressing Ctrl-C again means it.
 */
export function onShutdownSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} otra vez: saliendo sin esperar.`);
      process.exit(1);
    }
    stopping = true;
    stop().then(
      () => process.exit(0),
      (err) => {
        console.error('Error al detener Rendix:', describeError(err));
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}

/**
 * Stops accepting connections and lets the requests in flight finish (keep-alive connections close as they go
 * idle); past `timeoutMs` the connections still open are cut, so a stuck client cannot hold the process.
 */
export async function closeHttp(app: FastifyInstance, timeoutMs: number): Promise<void> {
  const timer = setTimeout(() => {
    console.error(`Solicitudes aún en curso tras ${timeoutMs} ms: se cortan sus conexiones.`);
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}

/** Runs a process's start-up; a failure prints one readable message (the env problems, or the scrubbed error) and exits 1. */
export function runProcess(start: () => Promise<void>): void {
  start().catch((err) => {
    if (err instanceof EnvError) console.error(err.message);
    else console.error('No se pudo iniciar Rendix:', serializeError(err).stack || describeError(err));
    process.exit(1);
  });
}
