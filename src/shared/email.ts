/**
 * The super admin's e-mail page (part 2 §2.11, §3 'Email status', §7 'Email') and its outbox viewer: request and
 * response schemas shared by the server routes and the client page.
 */
import { z } from 'zod';
import { safeText } from './input.js';

export const EMAIL_MSG = {
  /** Part 2 §5: the test form's title and message when the e-mail is missing. */
  requiredTitle: 'Email requerido',
  required: 'Por favor ingresa un email para enviar la prueba',
  invalid: 'Email inválido',
  superAdminOnly: 'Solo el super admin puede ver la configuración de email y la bandeja de salida.',
  bodyHidden: 'El contenido se oculta una vez enviado',
} as const;

// ---------------------------------------------------------------- status and test e-mail

/**
 * How mail goes out: `smtp` (SMTP_URL set), `outbox` (embedded mode, no SMTP_URL: messages stay in the outbox
 * table), `disabled` (MAIL_DISABLED=true: the same, on purpose).
 */
export const EMAIL_MODES = ['smtp', 'outbox', 'disabled'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export const EMAIL_MODE_LABELS: Record<EmailMode, string> = {
  smtp: 'SMTP',
  outbox: 'Bandeja local (modo embebido)',
  disabled: 'Desactivado (MAIL_DISABLED), queda en la bandeja local',
};

/** GET /api/email/status. Never carries the SMTP password. */
export const emailStatusSchema = z.object({
  configured: z.boolean().describe('true cuando hay un servidor SMTP configurado (SMTP_URL)'),
  user: z.string().nullable().describe('Usuario SMTP, sin contraseña'),
  mode: z.enum(EMAIL_MODES),
});
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** POST /api/test/email {email}: the form and the server share these rules and messages. */
export const testEmailSchema = z.object({
  email: z
    .string({ error: EMAIL_MSG.required })
    .trim()
    .toLowerCase()
    .min(1, { error: EMAIL_MSG.required })
    .pipe(z.email({ error: EMAIL_MSG.invalid }).max(254, { error: EMAIL_MSG.invalid })),
});
export type TestEmailInput = z.input<typeof testEmailSchema>;

export const testEmailResultSchema = z.object({ success: z.boolean(), recipient: z.string(), message: z.string() });
export type TestEmailResult = z.infer<typeof testEmailResultSchema>;

// ---------------------------------------------------------------- outbox

/** queued: waiting for SMTP; sent; failed (last attempt failed); outbox: kept here, no SMTP configured. */
export const OUTBOX_STATUSES = ['queued', 'sent', 'failed', 'outbox'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: 'En cola',
  sent: 'Enviado',
  failed: 'Fallido',
  outbox: 'En bandeja local',
};

export const OUTBOX_PAGE_SIZE = 20;

/** GET /api/admin/email/outbox query: every filter optional; '' and 'all' mean none. */
export const outboxQuerySchema = z.object({
  status: z
    .union([z.enum(OUTBOX_STATUSES), z.literal('all'), z.literal('')], { error: 'Estado inválido' })
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : v)),
  search: safeText().trim().max(100, { error: 'Máximo 100 caracteres' }).optional(),
  page: z.coerce.number({ error: 'Página inválida' }).int({ error: 'Página inválida' }).min(1, { error: 'Página inválida' }).max(10_000, { error: 'Página inválida' }).default(1),
  pageSize: z.coerce.number({ error: 'Tamaño de página inválido' }).int().min(1).max(100, { error: 'Máximo 100 por página' }).default(OUTBOX_PAGE_SIZE),
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

const dateTime = z.string().describe('Fecha y hora ISO 8601 (UTC)');

export const outboxMessageSchema = z.object({
  id: z.string().describe('UUID'),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: dateTime.nullable(),
  createdAt: dateTime,
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = z.object({
  items: z.array(outboxMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

/** GET /api/admin/email/outbox/{id}: the message with its body, or `body: null` and why (sent, in production). */
export const outboxMessageDetailSchema = outboxMessageSchema.extend({
  body: z.object({ text: z.string(), html: z.string().nullable() }).nullable(),
  bodyNote: z.string().nullable(),
});
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetailSchema>;
