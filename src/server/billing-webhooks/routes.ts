import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingWebhookCreateSchema,
  billingWebhookLogViewSchema,
  billingWebhookUpdateSchema,
  billingWebhookViewSchema,
  webhookTestResultSchema,
  type BillingWebhookLogView,
  type BillingWebhookView,
  type WebhookTestResult,
} from '@shared/billing.js';
import { errorResponses } from '../openapi.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { errors } from '../errors.js';
import { authorize, can } from '../policies/index.js';
import { sendTestEvent } from './events.js';
import { createWebhook, deleteWebhook, findWebhook, listLogs, listWebhooks, updateWebhook } from './service.js';

const idParams = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });
/** POST /api/webhooks/{id}/test {testData?}: fields merged over the sample event data. */
export const webhookTestSchema = z.object({
  testData: z.record(z.string(), z.unknown(), { error: 'testData debe ser un objeto JSON.' }).optional(),
});


function requireSuperAdmin(request: FastifyRequest): void {
  const actor = actorOf(requireSession(request));
  authorize(can.superAdmin(actor), 'Solo un super administrador puede gestionar los webhooks de facturación.');
}

/** Part 2 §2.8 and §7 'Billing webhooks': super admin only, platform-wide. */
export const billingWebhookRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = deps;
  const tags = ['billing-webhooks'];

  r.get('/webhooks', { schema: { tags, response: { 200: z.array(billingWebhookViewSchema), ...errorResponses(401, 403) } } }, async (request): Promise<BillingWebhookView[]> => {
    requireSuperAdmin(request);
    return listWebhooks(db);
  });

  r.get('/webhooks/logs', { schema: { tags, response: { 200: z.array(billingWebhookLogViewSchema), ...errorResponses(401, 403) } } }, async (request): Promise<BillingWebhookLogView[]> => {
    requireSuperAdmin(request);
    return listLogs(db);
  });

  r.post('/webhooks', { config: { idempotent: true }, schema: { tags, body: billingWebhookCreateSchema, response: { 201: billingWebhookViewSchema, ...errorResponses(400, 401, 403) } } }, async (request, reply) => {
    requireSuperAdmin(request);
    return reply.status(201).send(await createWebhook(db, env, request.body));
  });

  r.put('/webhooks/:id', { schema: { tags, params: idParams, body: billingWebhookUpdateSchema, response: { 200: billingWebhookViewSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request): Promise<BillingWebhookView> => {
    requireSuperAdmin(request);
    return updateWebhook(db, env, request.params.id, request.body);
  });

  r.delete('/webhooks/:id', { schema: { tags, params: idParams, response: { 200: z.object({ deleted: z.boolean(), message: z.string() }), ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    requireSuperAdmin(request);
    await deleteWebhook(db, request.params.id);
    return { deleted: true, message: 'Webhook eliminado.' };
  });

  /** Sends the test event and answers how the first attempt really went (bounded by WEBHOOK_TEST_MAX_SECONDS). */
  r.post('/webhooks/:id/test', { schema: { tags, summary: 'Envía un evento de prueba y responde el resultado real del intento', params: idParams, body: webhookTestSchema.optional(), response: { 200: webhookTestResultSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request): Promise<WebhookTestResult> => {
    requireSuperAdmin(request);
    const hook = await findWebhook(db, request.params.id);
    if (!hook.isActive) throw errors.badRequest('El webhook está inactivo. Actívalo para poder probarlo.');
    return sendTestEvent(deps, hook.id, request.body?.testData);
  });
};
