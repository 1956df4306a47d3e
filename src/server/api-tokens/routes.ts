import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenSchema, createApiTokenSchema, createdApiTokenSchema } from '@shared/integrations.js';
import { isUuid } from '@shared/input.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { errors } from '../errors.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { errorResponses, messageSchema } from '../openapi.js';
import { recordResource } from '../platform/idempotency.js';
import { createToken, listTokens, revokeToken } from './service.js';

const ONLY_ADMINS = 'Solo un administrador puede gestionar los tokens de API.';
/** A retry whose token was created but whose answer (the secret's only showing) was lost: never a second token. */
export const TOKEN_ANSWER_LOST =
  'Este token ya se creó con esta clave de idempotencia, pero su secreto solo se mostraba en la respuesta que se perdió y no se puede volver a mostrar. Si no lo copiaste, elimínalo de la lista de tokens y crea uno nuevo.';
const idParams = z.object({ id: z.string().max(64) });

/** Part 2 §7 'Tokens': admins of the current company, with a browser session only (a token cannot mint tokens). */
export const apiTokenRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  function adminContext(request: Parameters<typeof requireSession>[0]) {
    const actor = actorOf(requireSession(request));
    const companyId = requireCompanyId(actor);
    authorize(can.manageCompany(actor), ONLY_ADMINS);
    return { actor, companyId };
  }

  r.get(
    '/tokens',
    { schema: { tags: ['tokens'], summary: 'Tokens de API activos de la empresa', response: { 200: z.array(apiTokenSchema), ...errorResponses(401, 403) } } },
    async (request, reply) => {
      const { companyId } = adminContext(request);
      reply.header('cache-control', 'no-store');
      return listTokens(db, companyId);
    },
  );

  r.post(
    '/tokens',
    {
      config: { idempotent: { resource: 'api_token', unrepeatable: TOKEN_ANSWER_LOST } },
      schema: {
        tags: ['tokens'],
        summary: 'Crea un token (el secreto se muestra solo en esta respuesta)',
        body: createApiTokenSchema,
        response: { 201: createdApiTokenSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { actor, companyId } = adminContext(request);
      const created = await createToken(db, actor, companyId, request.body.name, recordResource(request));
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  r.delete(
    '/tokens/:id',
    { schema: { tags: ['tokens'], summary: 'Revoca un token', params: idParams, response: { 200: messageSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      const { actor, companyId } = adminContext(request);
      if (!isUuid(request.params.id)) throw errors.notFound('Token no encontrado.');
      await revokeToken(db, actor, companyId, request.params.id);
      return { message: 'Token eliminado. Las integraciones que lo usaban dejarán de funcionar.' };
    },
  );
};
