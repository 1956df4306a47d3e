/**
 * Accounting handoff contract shared by server and client: API tokens, the external REST API's export payload,
 * the approval webhook and issued invoices (part 2 §2.4, §2.5, §3, §5, §7).
 */
import { z } from 'zod';
import { DOCUMENT_TYPES, EXPENSE_STATUSES } from './expenses.js';
import { receiptFlagSchema, timbreSummarySchema } from './receipts.js';
import { INPUT_MSG, calendarDate, filterDate, safeText } from './input.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Fecha inválida (usa AAAA-MM-DD).' });
/** A period bound of the external API: a real day from 2000 to 2100. */
const periodDate = calendarDate({ rangeMessage: INPUT_MSG.filterDateRange });
const dateTime = z.string();
const moneyString = z.string().describe('Monto como texto numérico');
const uuid = z.string().describe('UUID');

// ---------------------------------------------------------------- API tokens

/** Every secret starts with this, so a leaked one is recognisable (and secret scanners can find it). */
export const API_TOKEN_PREFIX = 'rdx_live_';
export const API_TOKEN_MSG = {
  nameRequired: 'El nombre del token es obligatorio.',
  invalid: 'Token de API inválido o revocado.',
  notAccepted: 'Esta ruta no acepta tokens de API: inicia sesión en Rendix.',
  bearerOnly: 'Esta ruta es para sistemas externos: envía un token de API en el encabezado Authorization: Bearer.',
} as const;

export const createApiTokenSchema = z.object({
  name: safeText({ error: API_TOKEN_MSG.nameRequired })
    .trim()
    .min(1, { error: API_TOKEN_MSG.nameRequired })
    .max(100, { error: 'Máximo 100 caracteres' }),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

const personSchema = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() });

export const apiTokenSchema = z.object({
  id: uuid,
  name: z.string(),
  /** The start of the secret ('rdx_live_ab12'), enough to recognise it, useless to use it. */
  prefix: z.string(),
  createdAt: dateTime,
  lastUsedAt: dateTime.nullable(),
  createdBy: personSchema.nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenSchema>;

/** POST /api/tokens: the only answer that ever carries the secret. */
export const createdApiTokenSchema = apiTokenSchema.extend({
  token: z.string().describe('El secreto completo; se muestra solo esta vez.'),
  message: z.string(),
});
export type CreatedApiTokenView = z.infer<typeof createdApiTokenSchema>;

// ---------------------------------------------------------------- approval webhook

export const ACCOUNTING_WEBHOOK_EVENT = 'expense.approved';
export const WEBHOOK_MSG = {
  urlRequired: 'Ingresa la URL del webhook para activarlo.',
  urlInvalid: 'La URL del webhook no es válida (usa http:// o https://).',
  disabled: 'Activa el webhook antes de probarlo.',
} as const;

/** http(s), a host, no credentials in the URL. */
function isWebhookUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}

export const accountingWebhookInputSchema = z
  .object({
    webhookUrl: safeText()
      .trim()
      .max(2000, { error: 'Máximo 2000 caracteres' })
      .nullish()
      .transform((v) => v || ''),
    enabled: z.boolean({ error: 'Indica si el webhook está activo.' }),
  })
  .superRefine((v, ctx) => {
    if (v.enabled && !v.webhookUrl) {
      ctx.addIssue({ code: 'custom', path: ['webhookUrl'], message: WEBHOOK_MSG.urlRequired });
      return;
    }
    if (v.webhookUrl) {
      if (!isWebhookUrl(v.webhookUrl)) ctx.addIssue({ code: 'custom', path: ['webhookUrl'], message: WEBHOOK_MSG.urlInvalid });
    }
  });
export type AccountingWebhookInput = z.input<typeof accountingWebhookInputSchema>;

export const accountingWebhookSchema = z.object({
  webhookUrl: z.string().nullable(),
  enabled: z.boolean(),
  /** True once a secret exists (always after the first save). */
  hasSecret: z.boolean(),
  /** Only in the answer that created or rotated it. */
  secret: z.string().optional(),
  lastTriggered: dateTime.nullable(),
  message: z.string().optional(),
});
export type AccountingWebhookView = z.infer<typeof accountingWebhookSchema>;

export const accountingWebhookLogSchema = z.object({
  id: uuid,
  eventType: z.string(),
  eventId: z.string(),
  expenseId: uuid.nullable(),
  expenseNumber: z.number().nullable(),
  url: z.string(),
  test: z.boolean(),
  attempt: z.number(),
  /** pending while in flight or scheduled, then succeeded or failed. */
  status: z.enum(['pending', 'succeeded', 'failed']),
  responseStatus: z.number().nullable(),
  errorMessage: z.string().nullable(),
  nextAttemptAt: dateTime.nullable(),
  createdAt: dateTime,
  succeededAt: dateTime.nullable(),
  failedAt: dateTime.nullable(),
});
export type AccountingWebhookLogView = z.infer<typeof accountingWebhookLogSchema>;

// ---------------------------------------------------------------- export payload (external REST API)

const catalogRefSchema = z.object({ id: uuid, name: z.string(), accountingCode: z.string().nullable() });

/** One approved expense as outside accounting systems get it (part 2 §3 'Documented export payload'). */
export const accountingExpenseSchema = z.object({
  id: uuid,
  expenseNumber: z.number(),
  date: isoDate,
  description: z.string(),
  amount: moneyString,
  currency: z.string(),
  exchangeRate: moneyString,
  amountCLP: moneyString,
  /** Facturas: net and IVA (19 %) in CLP; null for other documents. */
  netAmount: moneyString.nullable(),
  taxAmount: moneyString.nullable(),
  documentType: z.string(),
  invoiceNumber: z.string().nullable(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  status: z.enum(EXPENSE_STATUSES),
  employee: z.object({ id: uuid, firstName: z.string(), lastName: z.string(), email: z.string() }),
  category: catalogRefSchema.nullable(),
  paymentMethod: catalogRefSchema.nullable(),
  costCenter: z.object({ id: uuid, code: z.string(), description: z.string().nullable() }).nullable(),
  /** Absolute link to the receipt; send the same Bearer token to download it. */
  receiptUrl: z.string().nullable(),
  approvedBy: personSchema.nullable(),
  approvedAt: dateTime.nullable(),
  syncStatus: z.enum(['pending', 'synced', 'error']),
  createdAt: dateTime,
});
export type AccountingExpense = z.infer<typeof accountingExpenseSchema>;

export const ACCOUNTING_PAGE_MAX = 1000;

export const approvedExpensesQuerySchema = z
  .object({
    startDate: periodDate.optional(),
    endDate: periodDate.optional(),
    /** approvedAt (default): when it was approved, what an incremental sync wants; date: the document's date. */
    dateField: z.enum(['approvedAt', 'date']).default('approvedAt'),
    limit: z.coerce.number().int().min(1, { error: 'limit debe ser al menos 1.' }).max(ACCOUNTING_PAGE_MAX, { error: `limit no puede superar ${ACCOUNTING_PAGE_MAX}.` }).default(500),
    cursor: safeText().trim().max(200, { error: 'Cursor inválido.' }).optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { path: ['endDate'], message: 'La fecha final no puede ser anterior a la inicial.' });
export type ApprovedExpensesQuery = z.output<typeof approvedExpensesQuerySchema>;

export const approvedExpensesExportSchema = z.object({
  company: z.object({ id: uuid, name: z.string(), taxId: z.string().nullable() }),
  period: z.object({ startDate: isoDate, endDate: isoDate, dateField: z.enum(['approvedAt', 'date']), timeZone: z.string() }),
  /** This page of the period, oldest approval first. */
  expenses: z.array(accountingExpenseSchema),
  /** CLP total and number of approved expenses in the whole period (all pages). */
  totalAmount: moneyString,
  count: z.number(),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  exportedAt: dateTime,
});
export type ApprovedExpensesExport = z.infer<typeof approvedExpensesExportSchema>;

/** Body of the approval webhook (part 2 §3 'Outgoing approval webhook body'). */
export const approvalWebhookBodySchema = z.object({
  id: z.string().describe('Id del evento; igual en cada reintento'),
  event: z.literal(ACCOUNTING_WEBHOOK_EVENT),
  timestamp: dateTime,
  test: z.boolean().optional(),
  expense: accountingExpenseSchema,
});
export type ApprovalWebhookBody = z.infer<typeof approvalWebhookBodySchema>;

// ---------------------------------------------------------------- issued invoices (expense documents)

export const INVOICE_DOCUMENT_TYPES = ['factura', 'boleta'] as const satisfies readonly (typeof DOCUMENT_TYPES)[number][];
export const SYNC_STATUSES = ['pending', 'synced', 'error'] as const;
export const SYNC_STATUS_LABELS: Record<(typeof SYNC_STATUSES)[number], string> = {
  pending: 'Pendiente',
  synced: 'Sincronizada',
  error: 'Error',
};

export const invoiceFiltersSchema = z.object({
  status: z.enum([...EXPENSE_STATUSES, 'all']).optional(),
  documentType: z.enum([...INVOICE_DOCUMENT_TYPES, 'all']).optional(),
  syncStatus: z.enum([...SYNC_STATUSES, 'all']).optional(),
  /** Folio, RUT, description or employee. */
  search: safeText().trim().max(100, { error: 'Máximo 100 caracteres' }).optional(),
  startDate: filterDate(),
  endDate: filterDate(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type InvoiceFilters = z.output<typeof invoiceFiltersSchema>;

/** Part 2 §3 Invoice (an expense document). */
export const invoiceSchema = z.object({
  id: uuid,
  renditionFolio: z.number(),
  documentType: z.enum(INVOICE_DOCUMENT_TYPES),
  invoiceNumber: z.string().nullable(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  description: z.string(),
  date: isoDate,
  amount: moneyString,
  currency: z.string(),
  amountCLP: moneyString,
  netAmount: moneyString.nullable(),
  taxAmount: moneyString.nullable(),
  status: z.enum(EXPENSE_STATUSES),
  receiptUrl: z.string().nullable(),
  user: personSchema,
  approver: personSchema.nullable(),
  approvedAt: dateTime.nullable(),
  rejectedAt: dateTime.nullable(),
  rejectionReason: z.string().nullable(),
  category: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  syncStatus: z.enum(SYNC_STATUSES),
  syncError: z.string().nullable(),
  syncedAt: dateTime.nullable(),
  timbre: timbreSummarySchema.nullable(),
  receiptFlags: z.array(receiptFlagSchema),
});
export type InvoiceView = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({
  items: z.array(invoiceSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const invoiceStatsSchema = z.object({
  totalInvoices: z.number(),
  /** CLP, as a numeric string. */
  totalAmount: moneyString,
  pendingInvoices: z.number(),
  approvedInvoices: z.number(),
});
export type InvoiceStats = z.infer<typeof invoiceStatsSchema>;
