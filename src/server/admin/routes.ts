import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminChangeUserRoleSchema,
  adminCompanyPageSchema,
  adminCompanyParamsSchema,
  adminCompanyUserParamsSchema,
  adminCompanyUsersSchema,
  adminInviteResultSchema,
  adminInviteUserSchema,
  adminListQuerySchema,
  adminUserPageSchema,
  assignPlanResultSchema,
  assignPlanSchema,
  initializeCatalogSchema,
  initializeCategoriesResultSchema,
  initializePaymentMethodsResultSchema,
  subscriptionStatsSchema,
} from '@shared/admin.js';
import type { CompanyUser } from '@shared/company.js';
import { errorResponses, messageSchema } from '../openapi.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { companyById } from '../companies/service.js';
import { inviteUser } from '../companies/invitations.js';
import { changeUserRole, companyUser, listCompanyUsers } from '../companies/team.js';
import { INVITE_RULES } from '../companies/team-routes.js';
import { recordResource } from '../platform/idempotency.js';
import { enforceRateLimit, refundRateLimit } from '../platform/rate-limit.js';
import { authorizeSuperAdmin } from '../policies/super-admin.js';
import { listCompanies, listUsers, subscriptionStats } from './directory.js';
import { assignPlan } from './plan-assignment.js';
import { initializeCategories, initializePaymentMethods, removeMember } from './service.js';

/** Part 2 §7 'Super admin': the platform operator's API. Every route: a session with the super admin flag. */
export const adminRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['admin'];
  const config = { auth: 'session' as const };

  // After authentication (401) and before the body is judged: anyone else is 403 whatever they send.
  app.addHook('preValidation', async (request) => {
    authorizeSuperAdmin(actorOf(requireSession(request)));
  });

  /** The super admin behind the request (the hook above already checked the flag). */
  function operator(request: Parameters<typeof requireSession>[0]) {
    const ctx = requireSession(request);
    return { actor: actorOf(ctx), name: `${ctx.user.firstName} ${ctx.user.lastName}`.trim() || ctx.user.email };
  }

  r.get('/admin/companies', { config, schema: { tags, querystring: adminListQuerySchema, response: { 200: adminCompanyPageSchema, ...errorResponses(400, 401, 403) } } }, async (request) =>
    listCompanies(db, request.query),
  );

  r.get('/admin/users', { config, schema: { tags, querystring: adminListQuerySchema, response: { 200: adminUserPageSchema, ...errorResponses(400, 401, 403) } } }, async (request) =>
    listUsers(db, request.query),
  );

  r.get('/admin/subscription-stats', { config, schema: { tags, response: { 200: subscriptionStatsSchema, ...errorResponses(401, 403) } } }, async () => subscriptionStats(db));

  r.get('/admin/company/:id/users', { config, schema: { tags, params: adminCompanyParamsSchema, response: { 200: adminCompanyUsersSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    await companyById(db, request.params.id);
    return listCompanyUsers(db, request.params.id);
  });

  /** An invitation's answer; also a retry's, from the membership, when the first answer was lost (Idempotency-Key). */
  const invitedAnswer = (user: CompanyUser) => ({ status: 201 as const, body: { message: `Enviamos una invitación a ${user.email}.`, user } });
  const replayInvitation = async (request: FastifyRequest, userId: string) =>
    invitedAnswer(await companyUser(db, adminCompanyParamsSchema.parse(request.params).id, userId));

  /** The company page's invitation (pending until accepted, seats, e-mail ownership), with the role chosen here. */
  r.post(
    '/admin/company/:id/invite-user',
    { config: { ...config, idempotent: { resource: 'invitation', replay: replayInvitation } }, schema: { tags, params: adminCompanyParamsSchema, body: adminInviteUserSchema, response: { 201: adminInviteResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) } } },
    async (request, reply) => {
      const { actor, name } = operator(request);
      const { email, role } = request.body;
      // The super admin is not a spam relay either: the per-recipient cap of every invitation applies.
      await enforceRateLimit(db, request, INVITE_RULES.perRecipient, email, (wait) => `Este email ya recibió varias invitaciones de Rendix hoy. Podrás invitarlo de nuevo ${wait}.`);
      let user;
      try {
        user = await inviteUser(deps, actor, request.params.id, email, name, role, recordResource(request));
      } catch (err) {
        await refundRateLimit(db, INVITE_RULES.perRecipient, email);
        throw err;
      }
      const { status, body } = invitedAnswer(user);
      return reply.status(status).send(body);
    },
  );

  r.post(
    '/admin/company/:id/change-user-role',
    { config, schema: { tags, params: adminCompanyParamsSchema, body: adminChangeUserRoleSchema, response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request) => {
      const { actor } = operator(request);
      await changeUserRole(db, actor, request.params.id, request.body.userId, request.body.role);
      return { message: 'Rol actualizado' };
    },
  );

  r.delete('/admin/company/:id/users/:userId', { config, schema: { tags, params: adminCompanyUserParamsSchema, response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    const { actor } = operator(request);
    const { email } = await removeMember(db, actor, request.params.id, request.params.userId);
    return { message: `${email} ya no pertenece a la empresa.` };
  });

  r.post(
    '/admin/companies/:id/assign-plan',
    { config, schema: { tags, params: adminCompanyParamsSchema, body: assignPlanSchema, response: { 200: assignPlanResultSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => assignPlan(db, operator(request).actor, request.params.id, request.body.planId),
  );

  r.post(
    '/admin/initialize-categories',
    { config, schema: { tags, body: initializeCatalogSchema, response: { 201: initializeCategoriesResultSchema, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      const counts = await initializeCategories(db, operator(request).actor, request.body.companyId);
      return reply.status(201).send({ message: 'Categorías y métodos de pago inicializados', ...counts });
    },
  );

  r.post(
    '/admin/initialize-payment-methods',
    { config, schema: { tags, body: initializeCatalogSchema, response: { 201: initializePaymentMethodsResultSchema, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      const count = await initializePaymentMethods(db, operator(request).actor, request.body.companyId);
      return reply.status(201).send({ message: 'Métodos de pago inicializados', count });
    },
  );
};
