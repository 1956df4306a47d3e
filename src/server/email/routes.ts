import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMAIL_MSG,
  emailStatusSchema,
  outboxMessageDetailSchema,
  outboxPageSchema,
  outboxQuerySchema,
  testEmailResultSchema,
  testEmailSchema,
  type EmailStatus,
  type OutboxMessageDetail,
  type OutboxPage,
  type TestEmailResult,
} from '@shared/email.js';
import { formatDateTime } from '@shared/format.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { AppError } from '../errors.js';
import { errorResponses } from '../openapi.js';
import { enforceRateLimit } from '../platform/rate-limit.js';
import { authorizeSuperAdmin } from '../policies/super-admin.js';
import type { EmailMessage } from './mailer.js';
import { findOutboxMessage, listOutbox } from './outbox.js';

/** Test e-mails a super admin may send per hour: enough to debug SMTP, too few to use Rendix as a mail cannon. */
const TEST_EMAIL_RULE = { name: 'email-test', max: 10, windowMs: 60 * 60 * 1000 };

function testEmail(to: string, appUrl: string): EmailMessage {
  const sentAt = `${formatDateTime(new Date())} hora de Chile`;
  return {
    to,
    subject: 'Email de prueba de Rendix',
    text: `Hola:\n\nEste es un email de prueba enviado desde la configuración de email de Rendix (${sentAt}).\nSi lo recibiste, el envío de invitaciones y enlaces de recuperación de contraseña funciona.\n\n${appUrl}\n\nRendix`,
  };
}

/** Part 2 §2.11 and §7 'Email', plus the outbox viewer: super admin only. */
export const emailRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env, mailer } = deps;
  const tags = ['email'];
  const production = env.NODE_ENV === 'production';

  // After authentication (401) and before the body or query is judged: anyone else is 403 whatever they send.
  app.addHook('preValidation', async (request) => {
    authorizeSuperAdmin(actorOf(requireSession(request)), EMAIL_MSG.superAdminOnly);
  });

  r.get('/email/status', { schema: { tags, summary: 'Estado del envío de email', response: { 200: emailStatusSchema, ...errorResponses(401, 403) } } }, async (): Promise<EmailStatus> => {
    return {
      configured: mailer.smtpConfigured,
      user: mailer.smtpUser,
      mode: env.MAIL_DISABLED ? 'disabled' : mailer.smtpConfigured ? 'smtp' : 'outbox',
    };
  });

  r.post(
    '/test/email',
    { schema: { tags, summary: 'Envía un email de prueba', body: testEmailSchema, response: { 200: testEmailResultSchema, ...errorResponses(400, 401, 403, 429, 502) } } },
    async (request): Promise<TestEmailResult> => {
      // Per super admin (the hook above already checked the flag).
      const userId = requireSession(request).user.id;
      await enforceRateLimit(db, request, TEST_EMAIL_RULE, userId, (wait) => `Demasiados emails de prueba. Intenta nuevamente ${wait}.`);
      const recipient = request.body.email;
      const result = await mailer.sendNow(testEmail(recipient, deps.appUrl));
      if (!result.ok) {
        // The SMTP server's own words (bad login, refused recipient) are what the operator needs to fix it.
        throw new AppError('email_failed', 502, `No se pudo enviar el email de prueba: ${result.error ?? 'el servidor SMTP no respondió'}`);
      }
      return {
        success: true,
        recipient,
        message: mailer.smtpConfigured
          ? `Email de prueba enviado a ${recipient}. Revisa su bandeja de entrada (y la carpeta de spam).`
          : `Sin servidor SMTP: el email de prueba para ${recipient} quedó en la bandeja local. Lo puedes leer en la bandeja de salida.`,
      };
    },
  );

  r.get(
    '/admin/email/outbox',
    { schema: { tags, summary: 'Bandeja de salida (últimos mensajes primero)', querystring: outboxQuerySchema, response: { 200: outboxPageSchema, ...errorResponses(400, 401, 403) } } },
    async (request, reply): Promise<OutboxPage> => {
      reply.header('cache-control', 'no-store');
      return listOutbox(db, request.query);
    },
  );

  r.get(
    '/admin/email/outbox/:id',
    {
      schema: {
        tags,
        summary: 'Un mensaje de la bandeja de salida, con su contenido',
        description: 'En producción, el contenido de un mensaje ya enviado no se entrega (body: null): sus enlaces son de un solo uso y ya llegaron a su destinatario.',
        params: z.object({ id: z.uuid({ error: 'Identificador inválido' }) }),
        response: { 200: outboxMessageDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply): Promise<OutboxMessageDetail> => {
      // Live tokens: never kept by a browser or proxy cache.
      reply.header('cache-control', 'no-store');
      return findOutboxMessage(db, request.params.id, { production });
    },
  );
};
