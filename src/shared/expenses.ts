import { receiptFlagSchema, timbreSummarySchema } from './receipts.js';
import { z } from 'zod';
import { AMOUNT_MAX, CLP_MAX, INPUT_MSG, MIN_DATE, RATE_MAX, calendarDate, decimal, filterDate, maxExpenseDate, optionalDecimal, safeText } from './input.js';
import { isValidRut } from './rut';
import { isIsoCurrency } from './currencies.js';
import { RATE_MSG, RATE_SOURCES } from './rates.js';
import { REIMBURSEMENT_STATES } from './reimbursements.js';

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

/** The default rate of a currency, when it has one (the eight of the original form). */
export function defaultRate(currency: string): number | null {
  return (DEFAULT_RATES as Record<string, number>)[currency] ?? null;
}

/**
 * Any active ISO 4217 code (src/shared/currencies.ts), upper-cased; the API accepts COL as an alias of COP
 * (DECISIONS.md). Null when it is not a code.
 */
export function normalizeCurrency(value: string): string | null {
  const v = value.trim().toUpperCase();
  const c = v === 'COL' ? 'COP' : v;
  return isIsoCurrency(c) ? c : null;
}

/** Any ISO 4217 code, any case ('usd', 'COL' for COP); absent means CLP; anything else is refused in Spanish. */
export function currencyField() {
  return safeText()
    .max(10, { error: RATE_MSG.currency })
    .optional()
    .transform((v, ctx) => {
      const c = normalizeCurrency(v || 'CLP');
      if (!c) ctx.addIssue({ code: 'custom', message: RATE_MSG.currency });
      return c ?? 'CLP';
    });
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

/** A money amount as the form or the API sends it: fits numeric(14,2), never more than 2 decimals. */
const money = (max: number, min: number) =>
  decimal({
    decimals: 2,
    min,
    max,
    messages: { required: EXPENSE_MSG.required, negative: INPUT_MSG.amountNegative, tooLarge: INPUT_MSG.amountTooLarge, decimals: INPUT_MSG.amountDecimals, min: INPUT_MSG.amountMin },
  });

/** Optional text: '' and absent both mean "not set" (null). */
const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** A catalog reference: its id or its exact name (API clients may send names). */
const catalogRef = safeText({ error: EXPENSE_MSG.required }).trim().min(1, { error: EXPENSE_MSG.required }).max(100, { error: 'Máximo 100 caracteres' });

/** Written as a RUT is ('76.123.456-7', '76123456-7', '7654321K'). */
const RUT_SHAPED = /^\s*\d{1,2}\.?\d{3}\.?\d{3}\s*-?\s*[\dkK]\s*$/;

/**
 * Whether a tax id must pass the RUT's check digit: always on a peso document; on a foreign one (a Malaysian tax
 * invoice, a Peruvian factura) the issuer's id is its country's (GST ID, RUC, CNPJ), checked only when it is written as
 * a RUT is.
 */
export function mustBeRut(taxId: string, currency: string): boolean {
  return currency === 'CLP' || RUT_SHAPED.test(taxId);
}

/** The issuer's id field as the new-expense form and the admin edit label it: a foreign document's may be a Tax ID. */
export function taxIdCopy(currency: string | undefined): { label: string; placeholder: string } {
  return currency && currency !== 'CLP'
    ? { label: 'RUT o Tax ID del emisor *', placeholder: 'Ej.: 76.123.456-7 o GST 000123456789' }
    : { label: 'RUT del emisor *', placeholder: '76.123.456-7' };
}

/**
 * Expense fields as the form and the API send them (multipart fields are strings).
 * Category rules that need the catalog (factura -> 'Factura') are checked by the server service.
 */
export const expenseInputSchema = z
  .object({
    date: calendarDate({ prefix: true, min: MIN_DATE, max: () => maxExpenseDate(), rangeMessage: INPUT_MSG.expenseDateRange, requiredMessage: EXPENSE_MSG.required }),
    amount: money(AMOUNT_MAX, 0.01),
    currency: currencyField(),
    exchangeRate: optionalDecimal({ decimals: 6, min: 0.000001, max: RATE_MAX, messages: { required: INPUT_MSG.rate, negative: INPUT_MSG.rate, tooLarge: INPUT_MSG.rateTooLarge, decimals: INPUT_MSG.rateDecimals } }),
    /** Shown on the form; the server computes its own from the amount and the rate. */
    amountCLP: optionalDecimal({ decimals: 2, min: 0, max: CLP_MAX, messages: { required: EXPENSE_MSG.required, negative: INPUT_MSG.amountNegative, tooLarge: INPUT_MSG.amountTooLarge, decimals: INPUT_MSG.amountDecimals } }),
    description: safeText({ error: EXPENSE_MSG.required }).trim().min(1, { error: EXPENSE_MSG.required }).max(500, { error: 'Máximo 500 caracteres' }),
    category: catalogRef,
    paymentMethod: catalogRef,
    costCenter: optionalText(100),
    documentType: z.enum(DOCUMENT_TYPES, { error: EXPENSE_MSG.required }),
    invoiceNumber: optionalText(50),
    taxId: optionalText(20),
    address: optionalText(300),
  })
  .superRefine((v, ctx) => {
    // The CLP value (bigint column) must fit too.
    // The dated rate is known only to the server; the typed or the default one is checked here.
    const rate = v.currency === 'CLP' ? 1 : (v.exchangeRate ?? defaultRate(v.currency) ?? 0);
    if (toClp(v.amount, rate) > CLP_MAX) ctx.addIssue({ code: 'custom', path: ['amount'], message: INPUT_MSG.amountTooLarge });
    if (v.documentType === 'factura' && (!v.invoiceNumber || !v.taxId)) {
      ctx.addIssue({ code: 'custom', path: [v.invoiceNumber ? 'taxId' : 'invoiceNumber'], message: EXPENSE_MSG.facturaFields });
    } else if (v.taxId && mustBeRut(v.taxId, v.currency) && !isValidRut(v.taxId)) {
      ctx.addIssue({ code: 'custom', path: ['taxId'], message: EXPENSE_MSG.rut });
    }
  });
export type ExpenseInput = z.input<typeof expenseInputSchema>;
export type ExpenseData = z.output<typeof expenseInputSchema>;

/** List and export filters (query string). */
export const expenseFiltersSchema = z.object({
  status: z.enum([...EXPENSE_STATUSES, 'all']).optional(),
  category: safeText().trim().max(100, { error: 'Máximo 100 caracteres' }).optional(),
  startDate: filterDate(),
  endDate: filterDate(),
  userId: safeText().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  /** A page's `nextCursor` or `prevCursor`: the following page by keyset (no OFFSET scan, no recount). */
  cursor: safeText().trim().max(300).optional(),
  _t: safeText().max(40).optional(),
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
  /** Where the rate came from (null: filed before dated rates) and the business day it is from. */
  exchangeRateSource: z.enum(RATE_SOURCES).nullable(),
  exchangeRateDate: z.string().nullable(),
  /** 'Banco Central de Chile (07/03/2025, día hábil anterior)', 'Tasa por defecto'… */
  exchangeRateLabel: z.string(),
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
  /** The step a multi-step approval waits on (issue 20): 'Pendiente · paso 2 de 3 (Ana Pérez)'. Absent or null otherwise. */
  approvalStep: z.object({ position: z.number(), total: z.number(), approverName: z.string().nullable() }).nullable().optional(),
  /** Reimbursement to the employee (out-of-pocket payment methods), separate from the approval status. */
  reimbursement: z.enum(REIMBURSEMENT_STATES),
  reimbursedAt: z.string().nullable(),
});
export type ExpenseView = z.infer<typeof expenseViewSchema>;

/** A page of the list. `nextCursor`/`prevCursor` ask for the neighbouring pages (null at either end). */
export const expenseListSchema = z.object({
  items: z.array(expenseViewSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
});
export type ExpenseList = z.infer<typeof expenseListSchema>;
/** POST /api/expenses: the new expense and the Spanish confirmation. */
export const createdExpenseSchema = expenseViewSchema.extend({ message: z.string() });
