import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankAccountAnswerSchema,
  bankAccountInputSchema,
  createBatchSchema,
  payoutBatchListSchema,
  payoutBatchSchema,
  pendingReimbursementsSchema,
  reimbursementTotalsQuerySchema,
  reimbursementTotalsSchema,
  type AccountType,
} from '@shared/reimbursements.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { auditLog } from '../db/schema/index.js';
import { errors } from '../errors.js';
import { binaryResponse, errorResponses } from '../openapi.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { bankAccountOf, bankAccountsForPayout, presentBankAccount, saveBankAccount } from './bank-accounts.js';
import { payoutCsv, payoutXlsx, type PayoutLine } from './payout-file.js';
import { createBatch, deleteOpenBatch, getBatch, listBatches, markBatchPaid, pendingReimbursements, reimbursementTotals } from './service.js';

const batchParams = z.object({ id: z.uuid({ error: 'Nómina de pago no encontrada.' }) });
const exportQuery = z.object({ format: z.enum(['xlsx', 'csv'], { error: "El formato debe ser 'xlsx' o 'csv'." }).default('xlsx') });
const ONLY_ADMINS = 'Solo un administrador puede gestionar los reembolsos.';
const payoutFile = binaryResponse('La nómina de pagos (Excel o CSV)', ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv']);

/** Reimbursements of out-of-pocket expenses: the employee's bank details, and the admins' payout batches. */
export const reimbursementRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = deps;

  const admin = (request: Parameters<typeof requireSession>[0]) => {
    const actor = actorOf(requireSession(request));
    authorize(can.manageReimbursements(actor), ONLY_ADMINS);
    return { actor, companyId: requireCompanyId(actor) };
  };

  r.get('/profile/bank-account', { schema: { tags: ['reimbursements'], summary: 'Mis datos bancarios para reembolsos (número enmascarado)', response: { 200: bankAccountAnswerSchema, ...errorResponses(401) } } }, async (request) => {
    const { user } = requireSession(request);
    const row = await bankAccountOf(db, user.id);
    return { account: row ? presentBankAccount(row) : null };
  });

  r.put('/profile/bank-account', { schema: { tags: ['reimbursements'], summary: 'Guarda mis datos bancarios (el número de cuenta se guarda cifrado)', body: bankAccountInputSchema, response: { 200: bankAccountAnswerSchema, ...errorResponses(400, 401) } } }, async (request) => {
    const { user } = requireSession(request);
    const row = await db.transaction(async (tx) => {
      const saved = await saveBankAccount(tx, env, user.id, request.body);
      await tx.insert(auditLog).values({ companyId: null, actorUserId: user.id, entityType: 'bank_account', entityId: user.id, action: 'bank_account.saved', changes: { bank: saved.bank, accountType: saved.accountType, accountLast4: saved.accountLast4 } });
      return saved;
    });
    return { account: presentBankAccount(row) };
  });

  r.get('/reimbursements/pending', { schema: { tags: ['reimbursements'], summary: "Gastos 'Por reembolsar', por empleado (administradores)", response: { 200: pendingReimbursementsSchema, ...errorResponses(401, 403) } } }, async (request) => {
    const { companyId } = admin(request);
    return pendingReimbursements(db, companyId);
  });

  r.get('/reimbursements/totals', { schema: { tags: ['reimbursements'], summary: 'Por reembolsar y reembolsado por empleado en un periodo (administradores)', querystring: reimbursementTotalsQuerySchema, response: { 200: reimbursementTotalsSchema, ...errorResponses(400, 401, 403) } } }, async (request) => {
    const { companyId } = admin(request);
    if (request.query.from && request.query.to && request.query.from > request.query.to) throw errors.badRequest('La fecha inicial debe ser anterior a la final.', 'from');
    return reimbursementTotals(db, companyId, request.query);
  });

  r.get('/reimbursements/batches', { schema: { tags: ['reimbursements'], summary: 'Nóminas de pago de la empresa (administradores)', response: { 200: payoutBatchListSchema, ...errorResponses(401, 403) } } }, async (request) => {
    const { companyId } = admin(request);
    return listBatches(db, companyId);
  });

  r.post('/reimbursements/batches', { config: { idempotent: true }, schema: { tags: ['reimbursements'], summary: 'Agrupa en una nómina de pago los gastos por reembolsar de los empleados elegidos', body: createBatchSchema, response: { 201: payoutBatchSchema, ...errorResponses(400, 401, 403, 409) } } }, async (request, reply) => {
    const { actor, companyId } = admin(request);
    const id = await createBatch(db, actor, companyId, request.body.userIds);
    return reply.status(201).send(await getBatch(db, companyId, id));
  });

  r.get('/reimbursements/batches/:id', { schema: { tags: ['reimbursements'], summary: 'Una nómina de pago', params: batchParams, response: { 200: payoutBatchSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    const { companyId } = admin(request);
    return getBatch(db, companyId, request.params.id);
  });

  r.delete('/reimbursements/batches/:id', { schema: { tags: ['reimbursements'], summary: "Elimina una nómina aún no pagada (sus gastos vuelven a 'Por reembolsar')", params: batchParams, response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    const { actor, companyId } = admin(request);
    await deleteOpenBatch(db, actor, companyId, request.params.id);
    return { message: 'Nómina eliminada: sus gastos vuelven a estar por reembolsar.' };
  });

  r.post('/reimbursements/batches/:id/paid', { schema: { tags: ['reimbursements'], summary: "Marca la nómina como pagada: sus gastos quedan 'Reembolsado'", params: batchParams, response: { 200: payoutBatchSchema, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request) => {
    const { actor, companyId } = admin(request);
    await markBatchPaid(db, actor, companyId, request.params.id);
    return getBatch(db, companyId, request.params.id);
  });

  r.get('/reimbursements/batches/:id/export', { schema: { tags: ['reimbursements'], summary: 'Archivo de transferencias (nómina de pagos) en Excel o CSV', params: batchParams, querystring: exportQuery, response: { 200: payoutFile, ...errorResponses(400, 401, 403, 404) } } }, async (request, reply) => {
    const { actor, companyId } = admin(request);
    const batch = await getBatch(db, companyId, request.params.id);
    const accounts = await bankAccountsForPayout(db, env, batch.lines.map((l) => l.userId));
    const lines: PayoutLine[] = batch.lines.map((l) => {
      const a = accounts.get(l.userId);
      if (!a) throw errors.conflict(`Faltan los datos bancarios de ${l.name}.`);
      return { rut: a.holderRut, name: l.name, bankCode: a.bank, accountType: a.accountType as AccountType, accountNumber: a.accountNumber, amountClp: Number(l.totalClp), email: l.email };
    });
    // The file carries account numbers in clear: who took it is kept.
    await db.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: 'payout_batch', entityId: batch.id, action: 'payout.exported', changes: { format: request.query.format } });
    const name = `nomina_pagos_${batch.batchNumber}`;
    const res = (reply as FastifyReply).header('cache-control', 'no-store');
    if (request.query.format === 'csv') {
      return res.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(payoutCsv(batch, lines));
    }
    return res
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}.xlsx"`)
      .send(await payoutXlsx(batch, lines));
  });
};
