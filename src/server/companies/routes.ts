import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { switchCompanySchema } from '@shared/auth.js';
import { asc } from 'drizzle-orm';
import { expenses, memberships, users as usersTable } from '../db/schema/index.js';
import { actorOf } from '../context.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { requireSession, type AppDeps } from '../context.js';
import { companyById, listMemberships, switchCompany } from './service.js';

export const companyRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/user/memberships', { schema: { tags: ['user'] } }, async (request) => {
    const ctx = requireSession(request);
    return listMemberships(db, ctx.user.id);
  });

  r.post('/user/switch-company', { schema: { tags: ['user'], body: switchCompanySchema } }, async (request) => {
    const ctx = requireSession(request);
    await switchCompany(db, ctx.user, request.body.companyId);
    return { message: 'Has cambiado de empresa exitosamente', companyId: request.body.companyId };
  });

  r.get('/company/current', { schema: { tags: ['company'] } }, async (request) => {
    const ctx = requireSession(request);
    if (!ctx.companyId) return null;
    const company = await companyById(db, ctx.companyId);
    const [users] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(and(eq(memberships.companyId, company.id), eq(memberships.isActive, true)));
    const [docs] = await db.select({ n: sql<number>`count(*)::int` }).from(expenses).where(eq(expenses.companyId, company.id));
    const counts = { userCount: users.n, expenseCount: docs.n };
    return {
      id: company.id,
      name: company.name,
      domain: company.domain,
      taxId: company.taxId,
      address: company.address,
      companyCode: company.companyCode,
      subscriptionStatus: ctx.view.subscriptionStatus,
      subscriptionPlan: company.plan,
      userRole: ctx.role,
      userCount: counts.userCount,
      expenseCount: counts.expenseCount,
      createdAt: company.createdAt.toISOString(),
    };
  });

  /** The company's people (admins only): the expense list's user filter and the company page. */
  r.get('/company/users', { schema: { tags: ['company'] } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.manageCompany(actor));
    const companyId = requireCompanyId(actor);
    const rows = await db
      .select({
        id: usersTable.id,
        firstName: usersTable.firstName,
        lastName: usersTable.lastName,
        email: usersTable.email,
        taxId: usersTable.taxId,
        role: memberships.role,
        isActive: memberships.isActive,
        authProvider: usersTable.authProvider,
        hasPassword: sql<boolean>`${usersTable.passwordHash} is not null`,
        joinedAt: memberships.joinedAt,
      })
      .from(memberships)
      .innerJoin(usersTable, eq(usersTable.id, memberships.userId))
      .where(eq(memberships.companyId, companyId))
      .orderBy(asc(usersTable.firstName), asc(usersTable.lastName));
    return rows.map((u) => ({ ...u, joinedAt: u.joinedAt.toISOString() }));
  });
};
