import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceFiltersSchema, invoiceListSchema, invoiceSchema, invoiceStatsSchema } from '@shared/integrations.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { errorResponses } from '../openapi.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { getInvoice, invoiceStats, listInvoices } from './service.js';

const ONLY_ADMINS = 'Solo un administrador puede ver los documentos tributarios de la empresa.';
const statsQuery = invoiceFiltersSchema.omit({ page: true, pageSize: true });

/** Part 2 §7 'Invoices': GET /api/invoices, /api/invoices/stats, and one document for the detail overlay. */
export const invoiceRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  function companyOf(request: FastifyRequest): string {
    const actor = actorOf(requireSession(request));
    const companyId = requireCompanyId(actor);
    authorize(can.seeAllCompanyExpenses(actor), ONLY_ADMINS);
    return companyId;
  }

  r.get(
    '/invoices',
    { schema: { tags: ['invoices'], summary: 'Facturas y boletas de la empresa', querystring: invoiceFiltersSchema, response: { 200: invoiceListSchema, ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listInvoices(db, companyOf(request), request.query);
    },
  );

  r.get(
    '/invoices/stats',
    { schema: { tags: ['invoices'], summary: 'Totales de documentos (tarjetas)', querystring: statsQuery, response: { 200: invoiceStatsSchema, ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return invoiceStats(db, companyOf(request), request.query);
    },
  );

  r.get(
    '/invoices/:id',
    { schema: { tags: ['invoices'], summary: 'Un documento (detalle)', params: z.object({ id: z.string().max(64) }), response: { 200: invoiceSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => getInvoice(db, companyOf(request), request.params.id),
  );
};
