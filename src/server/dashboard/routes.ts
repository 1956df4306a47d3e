import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { can, requireCompanyId } from '../policies/index.js';
import { dashboardStats } from './service.js';

export const dashboardRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/dashboard/stats', { schema: { tags: ['dashboard'] } }, async (request) => {
    const ctx = requireSession(request);
    const actor = actorOf(ctx);
    const companyId = requireCompanyId(actor);
    const stats = await dashboardStats(db, companyId, ctx.view.planId ?? 'free', can.seeAllCompanyExpenses(actor) ? null : actor.userId);
    return { ...stats, subscriptionStatus: ctx.view.subscriptionStatus };
  });
};
