import type { FastifyPluginAsync } from 'fastify';
import { categorySummarySchema, dashboardStatsSchema, monthlySpendingSchema, recentExpensesSchema } from '@shared/dashboard.js';
import { errorResponses } from '../openapi.js';
import { fastSerializerCompiler } from '../fast-serializer.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { can, requireCompanyId } from '../policies/index.js';
import { recentExpenses } from '../expenses/service.js';
import { categoriesThisMonth, dashboardStats, monthlySpending, type DashboardScope } from './service.js';

export const dashboardRoutes: FastifyPluginAsync<AppDeps> = async (app, { db, env }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/dashboard/stats', { schema: { tags: ['dashboard'], response: { 200: dashboardStatsSchema, ...errorResponses(400, 401) }, serializerCompiler: fastSerializerCompiler } }, async (request) => {
    const ctx = requireSession(request);
    const actor = actorOf(ctx);
    const companyId = requireCompanyId(actor);
    const stats = await dashboardStats(db, { companyId, ownerId: can.seeAllCompanyExpenses(actor) ? null : actor.userId }, ctx.view.planId ?? 'free', env.READ_CACHE);
    return { ...stats, subscriptionStatus: ctx.view.subscriptionStatus };
  });

  /** Company-wide for admins, own expenses for everyone else. */
  function scopeOf(request: Parameters<typeof requireSession>[0]): { scope: DashboardScope; actor: ReturnType<typeof actorOf>; companyId: string } {
    const actor = actorOf(requireSession(request));
    const companyId = requireCompanyId(actor);
    return { scope: { companyId, ownerId: can.seeAllCompanyExpenses(actor) ? null : actor.userId }, actor, companyId };
  }

  r.get('/dashboard/categories', { schema: { tags: ['dashboard'], response: { 200: categorySummarySchema, ...errorResponses(400, 401) }, serializerCompiler: fastSerializerCompiler } }, async (request) => categoriesThisMonth(db, scopeOf(request).scope, env.READ_CACHE));

  r.get('/dashboard/recent', { schema: { tags: ['dashboard'], response: { 200: recentExpensesSchema, ...errorResponses(400, 401) }, serializerCompiler: fastSerializerCompiler } }, async (request) => {
    const { actor, companyId } = scopeOf(request);
    return recentExpenses(db, actor, companyId, 5);
  });

  r.get('/dashboard/monthly', { schema: { tags: ['dashboard'], response: { 200: monthlySpendingSchema, ...errorResponses(400, 401) }, serializerCompiler: fastSerializerCompiler } }, async (request) => monthlySpending(db, scopeOf(request).scope, env.READ_CACHE));
};
