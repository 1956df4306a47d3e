import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expenseViewSchema, normalizeCurrency, toClp } from '@shared/expenses.js';
import { isUuid } from '@shared/input.js';
import { RATE_MSG, rateOverrideSchema, rateQuerySchema, rateQuoteSchema } from '@shared/rates.js';
import { actorOf, requireActor, requireSession, type AppDeps } from '../context.js';
import { auditLog, expenses, niudataSyncHistory, payoutItems } from '../db/schema/index.js';
import { rerouteEditedExpense } from '../approval-flow/steps.js';
import { errors } from '../errors.js';
import { errorResponses } from '../openapi.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { getExpense } from '../expenses/service.js';
import { openRateProvider } from './open.js';
import { presentQuote, rateFor } from './service.js';

const idParams = z.object({ id: z.string() });

/** Dated exchange rates: the form's quote, and an admin's correction of an expense's rate. */
export const rateRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const provider = openRateProvider(deps.env);

  r.get('/exchange-rates', { schema: { tags: ['expenses'], summary: 'Tipo de cambio a CLP de una moneda en una fecha (día hábil anterior en fines de semana y feriados)', querystring: rateQuerySchema, response: { 200: rateQuoteSchema, ...errorResponses(400, 401, 429) } }, config: { auth: 'either' } }, async (request) => {
    requireActor(request);
    const currency = normalizeCurrency(request.query.currency);
    if (!currency) throw errors.badRequest(RATE_MSG.currency, 'currency');
    const resolved = await rateFor(db, provider, currency, request.query.date, request.log);
    return presentQuote(currency, request.query.date, resolved, RATE_MSG.missing(currency));
  });

  r.post('/expenses/:id/exchange-rate', { schema: { tags: ['expenses'], summary: 'Corrige el tipo de cambio de una rendición (administradores; con motivo, queda en la auditoría)', params: idParams, body: rateOverrideSchema, response: { 200: expenseViewSchema, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    authorize(can.overrideExchangeRate(actor), 'Solo un administrador puede corregir el tipo de cambio.');
    const companyId = requireCompanyId(actor);
    const id = request.params.id;
    if (!isUuid(id)) throw errors.notFound('Rendición no encontrada.');
    const { exchangeRate, reason } = request.body;
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(expenses).where(and(eq(expenses.id, id), eq(expenses.companyId, companyId))).for('update');
      if (!row) throw errors.notFound('Rendición no encontrada.');
      if (row.currency === 'CLP') throw errors.badRequest('Una rendición en pesos chilenos no tiene tipo de cambio.', 'exchangeRate');
      const [paidOut] = await tx.select({ id: payoutItems.expenseId }).from(payoutItems).where(eq(payoutItems.expenseId, id)).limit(1);
      if (row.status === 'rejected' || paidOut) throw errors.conflict(RATE_MSG.onlyPending);
      // A booked voucher keeps the pesos it was sent with (NiuData has no way to amend one): the books and Rendix would disagree.
      if (row.syncStatus === 'synced') throw errors.conflict(RATE_MSG.alreadyBooked(row.syncVoucherId));
      const [sending] = await tx.select({ id: niudataSyncHistory.id }).from(niudataSyncHistory).where(and(eq(niudataSyncHistory.expenseId, id), eq(niudataSyncHistory.status, 'pending'))).limit(1);
      if (sending) throw errors.conflict(RATE_MSG.beingBooked);
      const amountClp = toClp(Number(row.amount), exchangeRate);
      if (!Number.isSafeInteger(amountClp)) throw errors.badRequest('El monto en CLP resultante es demasiado grande.', 'exchangeRate');
      await tx.update(expenses).set({ exchangeRate: exchangeRate.toFixed(6), exchangeRateSource: 'override', exchangeRateDate: null, amountClp, updatedAt: new Date() }).where(eq(expenses.id, id));
      await tx.insert(auditLog).values({
        companyId,
        actorUserId: actor.userId,
        entityType: 'expense',
        entityId: id,
        action: 'expense.rate_overridden',
        changes: {
          exchangeRate: { from: row.exchangeRate, to: exchangeRate.toFixed(6) },
          exchangeRateSource: { from: row.exchangeRateSource, to: 'override' },
          amountClp: { from: row.amountClp, to: amountClp },
          reason,
        },
      });
      // New pesos on a pending expense may call for other approval steps.
      if (row.status === 'pending') await rerouteEditedExpense(deps.jobs, tx, actor, companyId, id, { amountClp: row.amountClp, categoryId: row.categoryId, costCenterId: row.costCenterId, submitterId: row.userId });
    });
    const { receiptKey: _k, ...view } = await getExpense(db, actor, companyId, id);
    return view;
  });
};
