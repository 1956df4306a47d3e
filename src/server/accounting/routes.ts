import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WEBHOOK_MSG,
  accountingExpenseSchema,
  accountingWebhookInputSchema,
  accountingWebhookLogSchema,
  accountingWebhookSchema,
  approvedExpensesExportSchema,
  approvedExpensesQuerySchema,
} from '@shared/integrations.js';
import { actorOf, requireActor, requireSession, type AppDeps } from '../context.js';
import { errors } from '../errors.js';
import { errorResponses, receiptFileResponse } from '../openapi.js';
import { enforceRateLimit } from '../platform/rate-limit.js';
import { authorize, can, requireCompanyId } from '../policies/index.js';
import { storedFileHeaders } from '../security-headers.js';
import { sniffReceiptType } from '../storage/receipts.js';
import { accountingReceiptKey, exportApprovedExpenses, getAccountingExpense } from './export.js';
import { getAccountingWebhook, listAccountingWebhookLogs, rotateAccountingWebhookSecret, saveAccountingWebhook } from './webhook.js';
import { sendAccountingTestEvent } from './webhook-delivery.js';

const ONLY_ADMINS = 'Solo un administrador puede configurar las integraciones contables.';
const idParams = z.object({ id: z.string().max(64) });

/**
 * Part 2 §7 'Tokens and accounting webhook': the external API (Bearer token only: it is what outside accounting
 * systems call) and the webhook settings (admins, browser session).
 */
export const accountingRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  function adminContext(request: FastifyRequest) {
    const actor = actorOf(requireSession(request));
    const companyId = requireCompanyId(actor);
    authorize(can.manageCompany(actor), ONLY_ADMINS);
    return { actor, companyId };
  }

  // ------------------------------------------------------------ external API (Bearer)

  r.get(
    '/accounting/approved-expenses',
    {
      config: { auth: 'bearer' },
      schema: {
        tags: ['accounting'],
        summary: 'Rendiciones aprobadas de un período (exportación contable)',
        description:
          'Sin fechas: el mes en curso (hora de Chile). `dateField=approvedAt` (por defecto) filtra por fecha de aprobación, lo que sirve para sincronizar de forma incremental; `date` por la fecha del documento. `count` y `totalAmount` cubren todo el período; `expenses` trae una página (hasta `limit`) y `nextCursor` pide la siguiente.',
        querystring: approvedExpensesQuerySchema,
        response: { 200: approvedExpensesExportSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return exportApprovedExpenses(db, requireCompanyId(actor), request.query, deps.appUrl);
    },
  );

  r.get(
    '/accounting/expense/:id',
    {
      config: { auth: 'bearer' },
      schema: { tags: ['accounting'], summary: 'Una rendición con sus códigos contables', params: idParams, response: { 200: accountingExpenseSchema, ...errorResponses(401, 404, 429) } },
    },
    async (request) => {
      const actor = requireActor(request);
      return getAccountingExpense(db, requireCompanyId(actor), request.params.id, deps.appUrl);
    },
  );

  r.get(
    '/accounting/expense/:id/receipt',
    {
      config: { auth: 'bearer' },
      schema: { tags: ['accounting'], summary: 'El comprobante de una rendición (receiptUrl)', params: idParams, response: { 200: receiptFileResponse, ...errorResponses(401, 404, 429) } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const receipt = await accountingReceiptKey(db, requireCompanyId(actor), request.params.id);
      const data = await deps.storage.get(receipt.key!);
      if (!data) throw errors.notFound('Esta rendición no tiene comprobante.');
      // A Buffer goes out as is (no serialisation); the typed reply only knows the documented string schema.
      return storedFileHeaders(reply as FastifyReply, sniffReceiptType(data))
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="comprobante_${receipt.number}"`)
        .send(data);
    },
  );

  // ------------------------------------------------------------ approval webhook settings (admins)

  r.get(
    '/accounting/webhook',
    { schema: { tags: ['accounting-webhook'], summary: 'Webhook de aprobación de la empresa', response: { 200: accountingWebhookSchema, ...errorResponses(401, 403) } } },
    async (request) => getAccountingWebhook(db, adminContext(request).companyId),
  );

  r.post(
    '/accounting/webhook',
    {
      schema: {
        tags: ['accounting-webhook'],
        summary: 'Guarda la URL y el estado del webhook (el secreto se muestra solo al crearlo)',
        body: accountingWebhookInputSchema,
        response: { 200: accountingWebhookSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { actor, companyId } = adminContext(request);
      return saveAccountingWebhook(db, deps.env, actor, companyId, request.body);
    },
  );

  r.post(
    '/accounting/webhook/rotate-secret',
    { schema: { tags: ['accounting-webhook'], summary: 'Regenera el secreto de firma', response: { 200: accountingWebhookSchema, ...errorResponses(401, 403) } } },
    async (request) => {
      const { actor, companyId } = adminContext(request);
      return rotateAccountingWebhookSecret(db, actor, companyId);
    },
  );

  r.post(
    '/accounting/webhook/test',
    {
      schema: {
        tags: ['accounting-webhook'],
        summary: "Envía un evento de prueba ('Probar'); requiere el webhook activo",
        response: { 202: z.object({ message: z.string(), eventId: z.string() }), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { companyId } = adminContext(request);
      await enforceRateLimit(db, request, { name: 'accounting-webhook-test', max: 30, windowMs: 3_600_000 }, companyId);
      const hook = await getAccountingWebhook(db, companyId);
      if (!hook.enabled || !hook.webhookUrl) throw errors.badRequest(WEBHOOK_MSG.disabled, 'enabled');
      const eventId = await sendAccountingTestEvent(deps, companyId);
      return reply.status(202).send({ message: 'Evento de prueba enviado. Revisa el resultado en el historial de entregas.', eventId });
    },
  );

  r.get(
    '/accounting/webhook/logs',
    {
      schema: {
        tags: ['accounting-webhook'],
        summary: 'Últimos 50 intentos de entrega del webhook',
        response: { 200: z.array(accountingWebhookLogSchema), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const { companyId } = adminContext(request);
      reply.header('cache-control', 'no-store');
      return listAccountingWebhookLogs(db, companyId);
    },
  );
};
