/**
 * The NiuData connector's contract, shared by server and client (part 2 §2.5–2.7, §2.10, §3, §7 'Accounting service',
 * §8; DECISIONS.md 'Accounting voucher (NiuData)'): token configuration, voucher settings, voucher preview, sync,
 * pending list, history, connection test and diagnostics.
 */
import { z } from 'zod';
import { safeText } from './input.js';

const dateTime = z.string();
const uuid = z.string().describe('UUID');

export const NIUDATA_SERVICE = 'NiuData';
/** The payable account credited by default: what the company owes the employee who paid. */
export const DEFAULT_PAYABLE_ACCOUNT = '2110-01 Cuentas por pagar empleados';

export const NIUDATA_MSG = {
  // Form validation (§5): trimmed, non-empty; the super admin page also needs a company.
  tokenRequired: 'Ingresa el token de NiuData.',
  tokenTooLong: 'El token es demasiado largo (máximo 500 caracteres).',
  tokenChars: 'El token solo puede tener letras, números y símbolos, sin espacios ni acentos.',
  selectCompanyAndToken: 'Selecciona una empresa e ingresa un token válido',
  payableRequired: 'Ingresa la cuenta por pagar.',
  accountTooLong: 'Máximo 100 caracteres',
  // Success toasts (§8).
  tokenConfiguredTitle: 'Token configurado',
  tokenConfigured: 'Token de NiuData configurado exitosamente',
  settingsSaved: 'Configuración de NiuData guardada.',
  // Fallback toasts (§8): the client shows these when the server gives no message.
  configureError: 'Error al configurar token',
  syncError: 'Error de sincronización',
  syncAllError: 'Error en sincronización masiva',
  previewError: 'Error al generar vista previa',
  previewVoucherError: 'Error al generar vista previa del voucher',
  connectionError: 'Error de conexión',
  // Server answers.
  onlyAdmins: 'Solo un administrador puede gestionar la integración con NiuData.',
  companyNotFound: 'Empresa no encontrada.',
  expenseNotFound: 'Rendición no encontrada.',
  notConfigured: 'NiuData no está configurado: ingresa el token de tu cuenta NiuData.',
  unavailable: 'La integración con NiuData no está disponible en este servidor (falta NIUDATA_API_URL).',
  notApproved: 'Solo las rendiciones aprobadas se pueden sincronizar con NiuData.',
  alreadySynced: 'Esta rendición ya está sincronizada con NiuData.',
  syncQueued: 'Sincronización en curso: el voucher se enviará a NiuData en segundo plano.',
  syncAllQueued: (n: number) => (n === 1 ? 'Se envió 1 rendición a sincronizar.' : `Se enviaron ${n} rendiciones a sincronizar.`),
  nothingPending: 'No hay rendiciones aprobadas pendientes de sincronizar.',
  previewReady: 'Vista previa del voucher generada.',
  tokenInvalid: 'Token de NiuData inválido o revocado. Revisa el token en tu cuenta NiuData.',
  // Voucher problems (reported, not sent).
  noCategory: 'La rendición no tiene categoría: asígnale una con código contable.',
  categoryWithoutCode: (name: string) => `La categoría ${name} no tiene código contable`,
  noPaymentMethod: 'La rendición no tiene medio de pago: asígnale uno con código contable.',
  paymentMethodWithoutCode: (name: string) => `El medio de pago ${name} no tiene código contable`,
  zeroAmount: 'La rendición no tiene monto en pesos: no hay nada que contabilizar.',
} as const;

/** The label of the embedded sandbox, as the payment one ('Modo de prueba'). */
export const NIUDATA_SANDBOX_LABEL = 'Modo de prueba';

// ---------------------------------------------------------------- token and settings

/** POST /api/niudata/configure. `companyId`: the super admin page (§2.10) configures any company. */
export const niudataConfigureSchema = z.object({
  token: safeText({ error: NIUDATA_MSG.tokenRequired })
    .trim()
    .min(1, { error: NIUDATA_MSG.tokenRequired })
    .max(500, { error: NIUDATA_MSG.tokenTooLong })
    // It travels in an HTTP header: visible ASCII only.
    .regex(/^[\x21-\x7E]+$/, { error: NIUDATA_MSG.tokenChars }),
  companyId: z.string().max(64).optional(),
});
export type NiudataConfigureInput = z.input<typeof niudataConfigureSchema>;

export const NIUDATA_MODES = ['sandbox', 'live', 'unavailable'] as const;
export type NiudataMode = (typeof NIUDATA_MODES)[number];

/** GET /api/niudata/status: never the token, only whether there is one and its last 4 characters. */
export const niudataStatusSchema = z.object({
  configured: z.boolean(),
  /** '••••ab12', or null without a token. */
  tokenHint: z.string().nullable(),
  /** sandbox: the embedded 'Modo de prueba'; live: NIUDATA_API_URL; unavailable: production without NIUDATA_API_URL. */
  mode: z.enum(NIUDATA_MODES),
  /** 'Modo de prueba' in the sandbox, else null. */
  modeLabel: z.string().nullable(),
  payableAccount: z.string(),
  ivaAccount: z.string().nullable(),
  autoSync: z.boolean(),
  configuredAt: dateTime.nullable(),
});
export type NiudataStatus = z.infer<typeof niudataStatusSchema>;

export const niudataConfigureResponseSchema = z.object({ success: z.literal(true), message: z.string(), status: niudataStatusSchema });
export type NiudataConfigureResponse = z.infer<typeof niudataConfigureResponseSchema>;

const accountCode = (required: string) => safeText({ error: required }).trim().min(1, { error: required }).max(100, { error: NIUDATA_MSG.accountTooLong });

/** PUT /api/niudata/settings. An empty ivaAccount means facturas are booked in two entries (no IVA split). */
export const niudataSettingsInputSchema = z.object({
  payableAccount: accountCode(NIUDATA_MSG.payableRequired),
  ivaAccount: safeText()
    .trim()
    .max(100, { error: NIUDATA_MSG.accountTooLong })
    .nullish()
    .transform((v) => (v ? v : null)),
  autoSync: z.boolean({ error: 'Indica si la sincronización automática está activa.' }),
});
export type NiudataSettingsInput = z.input<typeof niudataSettingsInputSchema>;

// ---------------------------------------------------------------- voucher

/** One voucher line (§3 Voucher preview), amounts in whole CLP. */
export const voucherEntrySchema = z.object({
  account_code: z.string(),
  document_code: z.string().describe('Tipo de documento SII: 33 factura electrónica, 39 boleta electrónica, 0 sin documento tributario'),
  cost_center: z.string().nullable(),
  tax_id: z.string().nullable(),
  folio_number: z.string().nullable(),
  document_date: z.string().describe('AAAA-MM-DD'),
  debit: z.number().int(),
  credit: z.number().int(),
  description: z.string(),
  accounting_date: z.string().describe('AAAA-MM-DD, fecha de aprobación en hora de Chile'),
});
export type VoucherEntry = z.infer<typeof voucherEntrySchema>;

/** What is sent to NiuData for one expense (and shown by the preview). */
export const niudataVoucherSchema = z.object({
  external_id: z.string().describe('El id de la rendición en Rendix'),
  currency: z.literal('CLP'),
  accounting_date: z.string(),
  description: z.string(),
  entries: z.array(voucherEntrySchema),
});
export type NiudataVoucher = z.infer<typeof niudataVoucherSchema>;

/** GET /api/niudata/preview/{id}: success false (voucher null) when the expense cannot be booked, with the reasons. */
export const niudataPreviewSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  problems: z.array(z.string()),
  voucher: z
    .object({
      /** NiuData's link, once the expense is synced. */
      voucher_url: z.string().optional(),
      voucher_id: z.string().optional(),
      entries: z.array(voucherEntrySchema),
      totalDebit: z.number().int(),
      totalCredit: z.number().int(),
    })
    .nullable(),
});
export type NiudataPreview = z.infer<typeof niudataPreviewSchema>;

// ---------------------------------------------------------------- sync

export const SYNC_STATUSES = ['pending', 'synced', 'error'] as const;
export const SYNC_HISTORY_STATUSES = ['pending', 'success', 'error'] as const;
export const SYNC_TYPES = ['auto', 'manual', 'retry'] as const;
export type SyncHistoryStatus = (typeof SYNC_HISTORY_STATUSES)[number];
export type SyncType = (typeof SYNC_TYPES)[number];

/** POST /api/niudata/sync/{id}: accepted (a durable job sends it). */
export const niudataSyncResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  historyId: uuid,
  status: z.enum(SYNC_HISTORY_STATUSES),
});
export type NiudataSyncResponse = z.infer<typeof niudataSyncResponseSchema>;

/** POST /api/niudata/sync-all: synced = accepted (queued); errors = expenses reported, not sent (missing codes). */
export const niudataSyncAllResponseSchema = z.object({
  synced: z.number().int(),
  errors: z.number().int(),
  total: z.number().int(),
  message: z.string(),
  problems: z.array(z.object({ expenseId: uuid, expenseNumber: z.number().int(), message: z.string() })),
});
export type NiudataSyncAllResponse = z.infer<typeof niudataSyncAllResponseSchema>;

/** GET /api/niudata/pending: approved expenses not yet synced (errors included, to retry). */
export const niudataPendingExpenseSchema = z.object({
  id: uuid,
  expenseNumber: z.number().int(),
  date: z.string(),
  description: z.string(),
  amountCLP: z.string().describe('Monto en pesos como texto numérico'),
  documentType: z.string(),
  invoiceNumber: z.string().nullable(),
  employee: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  category: z.object({ name: z.string(), accountingCode: z.string().nullable() }).nullable(),
  paymentMethod: z.object({ name: z.string(), accountingCode: z.string().nullable() }).nullable(),
  approvedAt: dateTime.nullable(),
  syncStatus: z.enum(SYNC_STATUSES),
  syncError: z.string().nullable(),
  /** A sync is queued or running for it. */
  syncing: z.boolean(),
  /** Why it cannot be sent as it is (missing accounting codes); empty when it can. */
  problems: z.array(z.string()),
});
export type NiudataPendingExpense = z.infer<typeof niudataPendingExpenseSchema>;

export const niudataSyncHistoryEntrySchema = z.object({
  id: uuid,
  expenseId: uuid.nullable(),
  expenseNumber: z.number().int(),
  status: z.enum(SYNC_HISTORY_STATUSES),
  syncType: z.enum(SYNC_TYPES),
  voucherId: z.string().nullable(),
  voucherUrl: z.string().nullable(),
  errorMessage: z.string().nullable(),
  attemptCount: z.number().int(),
  voucherData: niudataVoucherSchema.nullable(),
  nextAttemptAt: dateTime.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type NiudataSyncHistoryEntry = z.infer<typeof niudataSyncHistoryEntrySchema>;

export const NIUDATA_HISTORY_PAGE_SIZE = 20;
const pageMsg = 'Página inválida';
export const niudataHistoryQuerySchema = z.object({
  page: z.coerce.number({ error: pageMsg }).int({ error: pageMsg }).min(1, { error: pageMsg }).max(100_000, { error: pageMsg }).default(1),
  pageSize: z.coerce.number({ error: 'Máximo 100 por página' }).int({ error: 'Máximo 100 por página' }).min(1, { error: 'Máximo 100 por página' }).max(100, { error: 'Máximo 100 por página' }).default(NIUDATA_HISTORY_PAGE_SIZE),
  status: z.enum([...SYNC_HISTORY_STATUSES, 'all']).optional(),
  expenseId: z.string().max(64).optional(),
});
export type NiudataHistoryQuery = z.input<typeof niudataHistoryQuerySchema>;

export const niudataSyncHistoryPageSchema = z.object({
  items: z.array(niudataSyncHistoryEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NiudataSyncHistoryPage = z.infer<typeof niudataSyncHistoryPageSchema>;

// ---------------------------------------------------------------- connection test and diagnostics

/** GET /api/niudata/test (§3 Connection test result). */
export const niudataConnectionTestSchema = z.object({
  connected: z.boolean(),
  service: z.string(),
  message: z.string(),
  status: z.enum(['success', 'error', 'warning']),
  mode: z.enum(NIUDATA_MODES),
});
export type NiudataConnectionTest = z.infer<typeof niudataConnectionTestSchema>;

export const niudataDiagnosticCheckSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  message: z.string(),
  durationMs: z.number().int().nullable(),
});

/** POST /api/niudata/diagnostics (§3 Diagnostics result). */
export const niudataDiagnosticsSchema = z.object({
  success: z.boolean(),
  tokenValid: z.boolean(),
  endpointsAccessible: z.boolean(),
  apiResponding: z.boolean(),
  details: z.object({
    mode: z.enum(NIUDATA_MODES),
    service: z.string(),
    /** Where requests go (the sandbox: this server). */
    baseUrl: z.string().nullable(),
    tokenConfigured: z.boolean(),
    tokenHint: z.string().nullable(),
    pendingCount: z.number().int(),
    checks: z.array(niudataDiagnosticCheckSchema),
    checkedAt: dateTime,
  }),
});
export type NiudataDiagnostics = z.infer<typeof niudataDiagnosticsSchema>;
