import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../context.js';
import { errorSchema } from '../openapi.js';

/** A probe slower than this counts as failed: a load balancer must not wait on a hung database. */
const CHECK_TIMEOUT_MS = 2000;

const PARTS = { database: 'la base de datos', storage: 'el almacenamiento de comprobantes', queue: 'la cola de trabajos' } as const;
type Part = keyof typeof PARTS;

const checksSchema = z.object({ database: z.enum(['ok', 'error']), storage: z.enum(['ok', 'error']), queue: z.enum(['ok', 'error']) });

async function passes(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and orchestrators: public, never rate limited, tiny, and quiet in the request log (they ask
 * every few seconds). `/health` is liveness (the process answers; no I/O); `/ready` is readiness (the database
 * answers `select 1`, receipt storage is reachable, the job queue runs) and names what failed in its 503.
 */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const probe = { config: { auth: 'public' as const }, logLevel: 'warn' as const };

  app.get('/health', { ...probe, schema: { hide: true, response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => ({ ok: true as const }));

  app.get(
    '/ready',
    { ...probe, schema: { hide: true, response: { 200: z.object({ ok: z.literal(true), checks: checksSchema }), 503: errorSchema.extend({ checks: checksSchema }) } } },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([passes(() => deps.database.exec('select 1')), passes(async () => deps.storage.check?.())]);
      const results: Record<Part, boolean> = { database, storage, queue: deps.jobs.running };
      const checks = Object.fromEntries(Object.entries(results).map(([part, ok]) => [part, ok ? 'ok' : 'error'])) as z.infer<typeof checksSchema>;
      const failed = (Object.keys(PARTS) as Part[]).filter((part) => !results[part]);
      if (!failed.length) return { ok: true as const, checks };
      return reply.status(503).send({ message: `Rendix no está listo: no responde ${failed.map((p) => PARTS[p]).join(', ')}.`, code: 'not_ready', checks });
    },
  );
};
