import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../context.js';
import { sandboxBaseUrl } from './connection.js';
import { SANDBOX_PATH, handleSandboxRequest } from './sandbox.js';
import { IDEMPOTENCY_HEADER } from './wire.js';

/**
 * The embedded NiuData sandbox over HTTP ('Modo de prueba'; registered only when niudataMode is 'sandbox', never in
 * production): the wire format of wire.ts at /api/niudata-sandbox/v1, authenticated by the NiuData token (Bearer),
 * never by a Rendix session. Hidden from the OpenAPI document: it is NiuData's API, not Rendix's.
 */
export const sandboxRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const prefix = SANDBOX_PATH.replace(/^\/api/, '');
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0].slice(SANDBOX_PATH.length) || '/';
    const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    const answer = await handleSandboxRequest(deps.db, sandboxBaseUrl(deps.appUrl), {
      method: request.method,
      path,
      authorization: request.headers.authorization,
      idempotencyKey: Array.isArray(header) ? header[0] : header,
      body: request.body,
    });
    return reply.status(answer.status).header('cache-control', 'no-store').header('x-niudata-mode', 'sandbox').send(answer.body);
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({ method, url: `${prefix}/*`, schema: { hide: true }, config: { auth: 'public' }, handler });
  }
};
