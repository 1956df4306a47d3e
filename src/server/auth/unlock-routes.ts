import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgotSchema } from '@shared/auth.js';
import { errorResponses, messageSchema } from '../openapi.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { memberships, users } from '../db/schema/index.js';
import { errors } from '../errors.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { unlockLogin } from './login-guard.js';
import { findUserByEmail } from './service.js';

const userParams = z.object({ id: z.uuid({ error: 'Usuario no encontrado en esta empresa.' }) });
const UNLOCKED = 'Listo: se borraron los intentos fallidos de ingreso de esta cuenta. Ya puede ingresar sin esperas ni código.';

/**
 * Clearing an account's failed-login counters (login-guard.ts): a company admin for the people of their company, the
 * super admin for anyone (by e-mail, as support hears it). Audited.
 */
export const unlockRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.post('/company/users/:id/unlock-login', { schema: { tags: ['company'], params: userParams, response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.manageCompany(actor), 'Solo un administrador puede gestionar la empresa y su equipo.');
    const companyId = requireCompanyId(actor);
    const [target] = await db
      .select({ id: users.id, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, request.params.id)))
      .limit(1);
    if (!target) throw errors.notFound('Usuario no encontrado en esta empresa.');
    await unlockLogin(db, target, { actorUserId: actor.userId, companyId });
    return { message: UNLOCKED };
  });

  r.post('/admin/users/unlock-login', { schema: { tags: ['auth'], body: forgotSchema, response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.superAdmin(actor), 'Solo un super administrador puede desbloquear cuentas de cualquier empresa.');
    const target = await findUserByEmail(db, request.body.email);
    if (!target) throw errors.notFound('No hay una cuenta con ese email.');
    await unlockLogin(db, target, { actorUserId: actor.userId, companyId: target.currentCompanyId });
    return { message: UNLOCKED };
  });
};
