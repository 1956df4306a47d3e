import { receiptFlagSchema, timbreSummarySchema } from './receipts.js';
import { z } from 'zod';
import { isValidRut } from './rut';

export const CURRENCIES = ['CLP', 'USD', 'EUR', 'UYU', 'ARS', 'PEN', 'COP', 'BRL'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Labels on the creation form. */
export const CURRENCY_LABELS: Record<Currency, string> = {
  CLP: 'CLP - Peso chileno',
  USD: 'USD - Dólar estadounidense',
  EUR: 'EUR - Euro',
  UYU: 'UYU - Peso uruguayo',
  ARS: 'ARS - Peso argentino',
  PEN: 'PEN - Sol peruano',
  COP: 'COP - Peso colombiano',
  BRL: 'BRL - Real brasileño',
};

/** Default rates to CLP (part 1 §9). */
export const DEFAULT_RATES: Record<Currency, number> = {
  CLP: 1,
  USD: 950,
  EUR: 1050,
  UYU: 25,
  ARS: 1.2,
  PEN: 260,
  COP: 0.24,
  BRL: 180,
};

/** The API accepts COL as an alias of COP (DECISIONS.md). */
export function normalizeCurrency(value: string): Currency | null {
  const v = value.trim().toUpperCase();
  const c = v === 'COL' ? 'COP' : v;
  return (CURRENCIES as readonly string[]).includes(c) ? (c as Currency) : null;
}

/** CLP equals amount times the rate, rounded to whole pesos (part 1 §5). */
export function toClp(amount: number, rate: number): number {
  return Math.round(amount * rate);
}

export const DOCUMENT_TYPES = ['boleta', 'factura', 'recibo', 'ticket'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  boleta: 'Boleta',
  factura: 'Factura',
  recibo: 'Recibo',
  ticket: 'Ticket',
};

export const EXPENSE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const STATUS_LABELS: Record<ExpenseStatus, string> = { pending: 'Pendiente', approved: 'Aprobada', rejected: 'Rechazada' };

export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

export const EXPENSE_MSG = {
  required: 'Por favor completa todos los campos requeridos.',
  facturaFields: 'Para facturas se requiere número de factura y RUT/Tax ID.',
  facturaCategory: "Para documentos tipo factura, la categoría debe ser 'Factura'.",
  rut: 'El RUT no es válido: revisa el dígito verificador.',
  fileTooLarge: 'El archivo debe ser menor a 10MB.',
  fileType: 'Tipo de archivo no válido. Use JPG, PNG, WebP o PDF.',
} as const;

const money = (max: number) =>
  z
    .union([z.string(), z.number()], { error: EXPENSE_MSG.required })
    .transform((v) => (typeof v === 'number' ? v : Number(String(v).trim().replace(',', '.'))))
    .refine((v) => Number.isFinite(v), { message: EXPENSE_MSG.required })
    .refine((v) => v >= 0, { message: 'El monto no puede ser negativo.' })
    .refine((v) => v <= max, { message: 'El monto es demasiado grande.' });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * Expense fields as the form and the API send them (multipart fields are strings).
 * Category rules that need the catalog (factura -> 'Factura') are checked by the server service.
 */
export const expenseInputSchema = z
  .object({
    date: z
      .string({ error: EXPENSE_MSG.required })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}/, { error: 'Fecha inválida' })
      .transform((v) => v.slice(0, 10))
      .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()), { message: 'Fecha inválida' }),
    amount: money(1e11).refine((v) => v > 0, { message: 'El monto debe ser mayor a 0.' }),
    currency: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const c = normalizeCurrency(v || 'CLP');
        if (!c) ctx.addIssue({ code: 'custom', message: 'Moneda no soportada.' });
        return c ?? 'CLP';
      }),
    exchangeRate: z
      .union([z.string(), z.number()])
      .optional()
      .nullable()
      .transform((v) => (v === undefined || v === null || String(v).trim() === '' ? null : Number(String(v).replace(',', '.'))))
      .refine((v) => v === null || (Number.isFinite(v) && v > 0), { message: 'El tipo de cambio debe ser mayor a 0.' }),
    amountCLP: money(1e13).optional(),
    description: z.string({ error: EXPENSE_MSG.required }).trim().min(1, { error: EXPENSE_MSG.required }).max(500, { error: 'Máximo 500 caracteres' }),
    category: z.string({ error: EXPENSE_MSG.required }).trim().min(1, { error: EXPENSE_MSG.required }),
    paymentMethod: z.string({ error: EXPENSE_MSG.required }).trim().min(1, { error: EXPENSE_MSG.required }),
    costCenter: optionalText(100),
    documentType: z.enum(DOCUMENT_TYPES, { error: EXPENSE_MSG.required }),
    invoiceNumber: optionalText(50),
    taxId: optionalText(20),
    address: optionalText(300),
  })
  .superRefine((v, ctx) => {
    if (v.documentType === 'factura') {
      if (!v.invoiceNumber || !v.taxId) {
        ctx.addIssue({ code: 'custom', path: [v.invoiceNumber ? 'taxId' : 'invoiceNumber'], message: EXPENSE_MSG.facturaFields });
      } else if (!isValidRut(v.taxId)) {
        ctx.addIssue({ code: 'custom', path: ['taxId'], message: EXPENSE_MSG.rut });
      }
    } else if (v.taxId && v.currency === 'CLP' && !isValidRut(v.taxId)) {
      ctx.addIssue({ code: 'custom', path: ['taxId'], message: EXPENSE_MSG.rut });
    }
  });
export type ExpenseInput = z.input<typeof expenseInputSchema>;
export type ExpenseData = z.output<typeof expenseInputSchema>;

/** List and export filters (query string). */
export const expenseFiltersSchema = z.object({
  status: z.enum([...EXPENSE_STATUSES, 'all']).optional(),
  category: z.string().trim().max(100).optional(),
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Fecha inválida' }).optional().or(z.literal('')),
  endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Fecha inválida' }).optional().or(z.literal('')),
  userId: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  _t: z.string().optional(),
});
export type ExpenseFilters = z.output<typeof expenseFiltersSchema>;

/** An expense as the API answers it (part 1 §3 Expense); also the response schema of the expense routes. */
export const expenseViewSchema = z.object({
  id: z.string(),
  expenseNumber: z.number(),
  date: z.string(),
  amount: z.string(),
  currency: z.string(),
  exchangeRate: z.string(),
  amountCLP: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  categoryId: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
  costCenter: z.string().nullable(),
  costCenterId: z.string().nullable(),
  documentType: z.string(),
  invoiceNumber: z.string().nullable(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  /** Facturas in CLP: net and IVA (19 %) as numeric strings; null otherwise. */
  netAmount: z.string().nullable(),
  taxAmount: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  receiptMime: z.string().nullable(),
  status: z.enum(EXPENSE_STATUSES),
  approver: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  approvedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), profileImageUrl: z.string().nullable() }),
  /** What reading the receipt found that an admin must see (timbre problems, duplicates). Empty when none. */
  receiptFlags: z.array(receiptFlagSchema),
  /** The SII timbre read from the receipt, when there was one. */
  timbre: timbreSummarySchema.nullable(),
  /** Accounting sync (NiuData voucher) of an approved expense. */
  syncStatus: z.enum(['pending', 'synced', 'error']),
  syncError: z.string().nullable(),
  syncedAt: z.string().nullable(),
});
export type ExpenseView = z.infer<typeof expenseViewSchema>;

export const expenseListSchema = z.object({ items: z.array(expenseViewSchema), total: z.number(), page: z.number(), pageSize: z.number() });
/** POST /api/expenses: the new expense and the Spanish confirmation. */
export const createdExpenseSchema = expenseViewSchema.extend({ message: z.string() });
