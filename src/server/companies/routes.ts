import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { membershipSchema, switchCompanySchema } from '@shared/auth.js';
import { errorResponses } from '../openapi.js';
import { companyStatsSchema, companyUserSchema, companyViewSchema, createCompanySchema, updateCompanySchema } from '@shared/company.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { AppError, errors } from '../errors.js';
import { enforceRateLimit, refundRateLimit } from '../platform/rate-limit.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { listCompanyUsers } from './team.js';
import { ONLY_ADMINS, teamRoutes } from './team-routes.js';
import {
  companyById,
  companyStats,
  createCompanyFor,
  leaveSuperAdminView,
  listMemberships,
  presentCompany,
  resolveCurrentCompany,
  switchCompany,
  updateCompany,
} from './service.js';

const idParams = z.object({ id: z.string() });

/**
 * Companies are what invitation e-mails speak for: one account made 100 in a second to send lures from them. A person
 * sets up a handful in a lifetime; an office shares an IP. Super admins (the platform's operators) are not limited.
 */
export const CREATE_COMPANY_RULES = {
  perUser: { name: 'company-create-user', max: 3, windowMs: 24 * 60 * 60_000 },
  perIp: { name: 'company-create-ip', max: 10, windowMs: 24 * 60 * 60_000 },
};
const tooManyCompanies = (wait: string) => `Creaste demasiadas empresas en poco tiempo. Podrás crear otra ${wait}.`;

export const companyRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  /** Counts a creation against the user and the IP; one that fails (plan rule, validation) is given back. */
  async function withCreationLimits<T>(request: FastifyRequest, user: { id: string; isSuperAdmin: boolean }, create: () => Promise<T>): Promise<T> {
    if (user.isSuperAdmin) return create();
    const { perUser, perIp } = CREATE_COMPANY_RULES;
    await enforceRateLimit(db, request, perUser, user.id, tooManyCompanies);
    try {
      await enforceRateLimit(db, request, perIp, request.ip, tooManyCompanies);
      return await create();
    } catch (err) {
      await refundRateLimit(db, perUser, user.id);
      if (!(err instanceof AppError && err.status === 429)) await refundRateLimit(db, perIp, request.ip);
      throw err;
    }
  }

  r.get('/user/memberships', { schema: { tags: ['user'], response: { 200: z.array(membershipSchema), ...errorResponses(401) } } }, async (request) => {
    const ctx = requireSession(request);
    return listMemberships(db, ctx.user.id);
  });

  r.post('/user/switch-company', { schema: { tags: ['user'], body: switchCompanySchema, response: { 200: z.object({ message: z.string(), companyId: z.string() }), ...errorResponses(400, 401, 404) } } }, async (request) => {
    const ctx = requireSession(request);
    await switchCompany(db, ctx.user, request.body.companyId, ctx.companyId);
    return { message: 'Has cambiado de empresa exitosamente', companyId: request.body.companyId };
  });

  /** 'Salir' of the top bar's 'Viendo Empresa X como super admin': back to the super admin's own company, or none. */
  r.post(
    '/user/exit-company-view',
    { schema: { tags: ['user'], response: { 200: z.object({ message: z.string(), companyId: z.string().nullable() }), ...errorResponses(401, 409) } } },
    async (request) => {
      const ctx = requireSession(request);
      if (!ctx.view.viewingAsSuperAdmin || !ctx.companyId) throw errors.conflict('No estás viendo ninguna empresa como super admin.');
      await leaveSuperAdminView(db, ctx.user, ctx.companyId);
      const next = await resolveCurrentCompany(db, { ...ctx.user, currentCompanyId: null });
      return { message: `Saliste de ${ctx.view.currentCompanyName ?? 'la empresa'}`, companyId: next?.company.id ?? null };
    },
  );

  r.get('/company/current', { schema: { tags: ['company'], response: { 200: companyViewSchema.nullable(), ...errorResponses(401) } } }, async (request) => {
    const ctx = requireSession(request);
    if (!ctx.companyId) return null;
    return presentCompany(db, await companyById(db, ctx.companyId), ctx.role);
  });

  /** Stat cards of the company page; an employee's expense totals are their own (as on the dashboard). */
  r.get('/company/stats', { schema: { tags: ['company'], response: { 200: companyStatsSchema, ...errorResponses(400, 401) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    const company = await companyById(db, requireCompanyId(actor));
    return companyStats(db, company, can.seeAllCompanyExpenses(actor) ? null : actor.userId);
  });

  /** Any signed-in user may create a company: they become its admin and it becomes their current company. */
  // The key is the user's, not the company's: creating switches the current company, and a retry must still find it.
  r.post('/company/create', { config: { idempotent: 'principal' }, schema: { tags: ['company'], body: createCompanySchema, response: { 201: companyViewSchema, ...errorResponses(400, 401, 403, 409, 429) } } }, async (request, reply) => {
    const ctx = requireSession(request);
    const company = await withCreationLimits(request, ctx.user, () => createCompanyFor(db, ctx.user, { name: request.body.name, domain: request.body.domain }));
    return reply.status(201).send(await presentCompany(db, company, 'admin'));
  });

  r.put('/company/:id', { schema: { tags: ['company'], params: idParams, body: updateCompanySchema, response: { 200: companyViewSchema, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    const ctx = requireSession(request);
    const actor = actorOf(ctx);
    authorize(can.manageCompany(actor), ONLY_ADMINS);
    const companyId = requireCompanyId(actor);
    // Only the session's current company: any other id is not found.
    if (request.params.id !== companyId) throw errors.notFound('Empresa no encontrada.');
    const company = await updateCompany(db, actor, companyId, request.body);
    return presentCompany(db, company, ctx.role);
  });

  /** The company's people (admins only): the expense list's user filter and the company page. */
  r.get('/company/users', { schema: { tags: ['company'], response: { 200: z.array(companyUserSchema), ...errorResponses(400, 401, 403) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.manageCompany(actor), ONLY_ADMINS);
    return listCompanyUsers(db, requireCompanyId(actor));
  });

  await app.register(teamRoutes, deps);
};
