import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdExpenseSchema, expenseFiltersSchema, expenseInputSchema, expenseListSchema, expenseViewSchema } from '@shared/expenses.js';
import { binaryResponse, errorResponses, receiptFileResponse } from '../openapi.js';
import { actorOf, requireActor, requireSession, type AppDeps } from '../context.js';
import { AppError } from '../errors.js';
import { requireCompanyId } from '../policies/index.js';
import { readForm } from '../storage/multipart.js';
import { sniffReceiptType } from '../storage/receipts.js';
import { storedFileHeaders } from '../security-headers.js';
import { fastSerializerCompiler } from '../fast-serializer.js';
import { companyById } from '../companies/service.js';
import { enqueueExpenseSubmitted } from '../notifications/service.js';
import { faultPoint } from '../platform/faults.js';
import { enqueueReceiptCheck } from '../receipts/jobs.js';
import { fileSha256, receiptChecks } from '../receipts/service.js';
import { blockingMessage } from '@shared/approval-flow.js';
import { policyViolations, recordPolicyFlags } from '../approval-flow/policies.js';
import { routeNewExpense } from '../approval-flow/steps.js';
import { streamExpensesXlsx } from './excel.js';
import { comprobanteHtml, comprobanteRows } from './pdf.js';
import { createExpense, filterConditions, getExpense, listExpenses, listExpensesJson } from './service.js';
import { openRateProvider } from '../rates/open.js';
import { rateFor } from '../rates/service.js';

const idParams = z.object({ id: z.string() });
/** The fields as the form sends them (expenseInputSchema adds cross-field rules on top). */
const expenseFieldsDoc = expenseInputSchema;
const comprobanteDataSchema = z.object({
  htmlContent: z.string(),
  expenseData: expenseViewSchema.extend({ companyName: z.string(), rows: z.array(z.tuple([z.string(), z.string()])) }),
});
const FILED = 'Tu rendición ha sido enviada para aprobación.';
const xlsxFile = binaryResponse('El libro Excel', ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);

/** Turns a zod failure on form fields into the API's `{ message, field }` 400. */
export function parseExpenseFields(fields: Record<string, string>) {
  const parsed = expenseInputSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('validation', 400, issue.message, issue.path.join('.'));
  }
  return parsed.data;
}

export const expenseRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const rates = openRateProvider(deps.env);

  /** The filing's answer: the expense as it is now. Also a retry's answer when the first one was lost (Idempotency-Key). */
  async function filedAnswer(request: FastifyRequest, expenseId: string) {
    const actor = requireActor(request);
    const { receiptKey: _k, ...view } = await getExpense(db, actor, requireCompanyId(actor), expenseId);
    return { status: 201 as const, body: { ...view, message: FILED } };
  }

  r.get('/expenses', { schema: { tags: ['expenses'], summary: 'Rendiciones (paginadas; un empleado ve solo las suyas)', querystring: expenseFiltersSchema, response: { 200: expenseListSchema, ...errorResponses(400, 401, 429) } }, serializerCompiler: fastSerializerCompiler, config: { auth: 'either' } }, async (request, reply) => {
    const actor = requireActor(request);
    reply.header('cache-control', 'no-store');
    if (!deps.env.READ_CACHE) return listExpenses(db, actor, requireCompanyId(actor), request.query);
    // Already JSON (written by this route's serializer, or kept from an earlier identical request): sent as it is.
    const json = await listExpensesJson(db, actor, requireCompanyId(actor), request.query, (list) => reply.serialize(list) as string);
    return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
  });

  r.get('/expenses/export/excel', { schema: { tags: ['expenses'], summary: 'Exporta a Excel las rendiciones filtradas', querystring: expenseFiltersSchema, response: { 200: xlsxFile, ...errorResponses(400, 401) } } }, async (request, reply) => {
    const actor = actorOf(requireSession(request));
    const where = filterConditions(actor, requireCompanyId(actor), request.query);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });
    // Files go out as streams or Buffers (never serialised); the typed reply only knows the documented string schema.
    return (reply as FastifyReply)
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="rendiciones_${today}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(streamExpensesXlsx(db, where, request.log));
  });

  r.post('/expenses', { schema: { tags: ['expenses'], summary: 'Crea una rendición (JSON, o multipart con el comprobante en el campo receipt)', consumes: ['multipart/form-data', 'application/json'], response: { 201: createdExpenseSchema, ...errorResponses(400, 401, 403, 413, 422, 429) } }, config: { auth: 'either', idempotent: { resource: 'expense', replay: filedAnswer }, multipart: { fields: expenseFieldsDoc, files: { receipt: 'Comprobante JPG, PNG, WebP o PDF (hasta 10 MB), opcional' } } } }, async (request, reply) => {
    // With a token the expense is filed in the name of the admin who created the token.
    const actor = requireActor(request);
    const companyId = requireCompanyId(actor);
    const { fields, file } = await readForm(request);
    const input = parseExpenseFields(fields);
    // The rate of the expense's date, looked up (and cached) before the filing's transaction.
    const resolvedRate = input.currency === 'CLP' ? null : await rateFor(db, rates, input.currency, input.date, request.log);
    // Usually the receipt was just analysed (cache hit); otherwise a job reads it after the filing, which never waits.
    const analysis = file ? deps.receipts.cached(companyId, fileSha256(file.data)) : null;
    const checks = await receiptChecks(db, companyId, { file, analysis, fields: input });
    // The company's policies (issue 20 item 3): a blocking one refuses the filing, the others travel with it to the approvers.
    const violations = await policyViolations(db, companyId, { ...input, exchangeRate: input.exchangeRate ?? resolvedRate?.rate ?? null, hasReceipt: !!file }, checks.receiptFlags);
    const blocked = blockingMessage(violations);
    if (blocked) throw new AppError('policy_violation', 422, blocked.message, blocked.field);
    // What must follow the filing is committed with it: a crash after the commit loses neither the check nor the e-mails.
    const id = await createExpense(db, deps.storage, actor, companyId, { ...input, resolvedRate }, file, checks, async (tx, expenseId) => {
      if (file && !analysis) await enqueueReceiptCheck(deps.jobs, tx, companyId, expenseId);
      await recordPolicyFlags(tx, companyId, expenseId, violations);
      // Under a multi-step rule the first step's approver hears about it; otherwise the admins, as always.
      if (!(await routeNewExpense(deps.jobs, tx, companyId, expenseId))) await enqueueExpenseSubmitted(deps.jobs, tx, { companyId, expenseId, submitterId: actor.userId });
      await request.idempotency?.bind(tx, expenseId);
    });
    faultPoint('expense.after-commit');
    const { status, body } = await filedAnswer(request, id);
    return reply.status(status).send(body);
  });

  r.get('/expenses/:id', { schema: { tags: ['expenses'], summary: 'Una rendición', params: idParams, response: { 200: expenseViewSchema, ...errorResponses(401, 404, 429) } }, config: { auth: 'either' } }, async (request) => {
    const actor = requireActor(request);
    const { receiptKey: _k, ...view } = await getExpense(db, actor, requireCompanyId(actor), request.params.id);
    return view;
  });

  /** Receipts are never public: company, role and ownership are checked on every read. */
  r.get('/expenses/:id/receipt', { schema: { tags: ['expenses'], summary: 'El comprobante de una rendición', params: idParams, response: { 200: receiptFileResponse, ...errorResponses(401, 404, 429) } }, config: { auth: 'either' } }, async (request, reply) => {
    const actor = requireActor(request);
    const expense = await getExpense(db, actor, requireCompanyId(actor), request.params.id);
    const data = expense.receiptKey ? await deps.storage.get(expense.receiptKey) : null;
    if (!data) throw new AppError('not_found', 404, 'Esta rendición no tiene comprobante.');
    // Type from the bytes as they are now, and a sandbox: the file is shown inline on our origin.
    return storedFileHeaders(reply as FastifyReply, sniffReceiptType(data))
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', `inline; filename="comprobante_${expense.expenseNumber}"`)
      .send(data);
  });

  /** Data for the client-side PDF (part 1 §7): the HTML comprobante and the fields it shows. */
  r.get('/expenses/:id/pdf', { schema: { tags: ['expenses'], summary: 'Datos del comprobante en PDF (se arma en el navegador)', params: idParams, response: { 200: comprobanteDataSchema, ...errorResponses(401, 404) } } }, async (request) => {
    const actor = actorOf(requireSession(request));
    const companyId = requireCompanyId(actor);
    const { receiptKey: _k, ...expense } = await getExpense(db, actor, companyId, request.params.id);
    const company = await companyById(db, companyId);
    return {
      htmlContent: comprobanteHtml(expense, company.name),
      expenseData: { ...expense, expenseNumber: expense.expenseNumber, companyName: company.name, rows: comprobanteRows(expense) },
    };
  });

};
