import type { FieldErrors, Resolver } from 'react-hook-form';
import { categoryKey, type CatalogItem } from '@shared/catalog';
import { EXPENSE_MSG, defaultRate, expenseInputSchema, toClp, type DocumentType } from '@shared/expenses';
import { RATE_MSG } from '@shared/rates';

/** Every field of the creation form as the inputs hold it (strings, like the multipart body). */
export interface ExpenseFormValues {
  date: string;
  documentType: DocumentType | '';
  amount: string;
  /** Any ISO 4217 code. */
  currency: string;
  exchangeRate: string;
  /** The dated rate the server quoted for currency and date ('' while unknown or when there is none); not sent. */
  quotedRate: string;
  amountCLP: string;
  description: string;
  category: string;
  paymentMethod: string;
  costCenter: string;
  invoiceNumber: string;
  taxId: string;
  address: string;
}
export type ExpenseField = keyof ExpenseFormValues;

export const NO_COST_CENTER = 'none';

/** Stable ids so labels, errors and browser tests find each control. */
export const fieldId = (name: ExpenseField | 'receipt') => `expense-${name}`;

/** Today in the user's own time zone (toISOString would give tomorrow in the Chilean evening). */
export function todayLocal(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function defaultValues(): ExpenseFormValues {
  return {
    date: todayLocal(),
    documentType: 'boleta',
    amount: '',
    currency: 'CLP',
    exchangeRate: '',
    quotedRate: '',
    amountCLP: '',
    description: '',
    category: '',
    paymentMethod: '',
    costCenter: NO_COST_CENTER,
    invoiceNumber: '',
    taxId: '',
    address: '',
  };
}

/**
 * The rate that applies: the one typed; when blank, the dated rate the server quoted, else the default (part 1 §5).
 * Null when there is none (a currency without a known rate: the user must type it).
 */
export function effectiveRate(currency: string, exchangeRate: string, quotedRate = ''): number | null {
  if (currency === 'CLP') return 1;
  if (exchangeRate.trim() === '') {
    const quoted = Number(quotedRate);
    return quotedRate.trim() !== '' && Number.isFinite(quoted) && quoted > 0 ? quoted : defaultRate(currency);
  }
  const rate = Number(exchangeRate.replace(',', '.'));
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}

/** CLP amount = round(amount × rate), as text for the input; blank while it cannot be computed. */
export function computeAmountClp(amount: string, currency: string, exchangeRate: string, quotedRate = ''): string {
  if (amount.trim() === '') return '';
  const value = Number(amount.replace(',', '.'));
  const rate = effectiveRate(currency, exchangeRate, quotedRate);
  if (!Number.isFinite(value) || value < 0 || rate === null) return '';
  return String(toClp(value, rate));
}

/** The id of the active category named 'Factura', which a factura must use. */
export function facturaCategoryId(categories: CatalogItem[]): string | null {
  return categories.find((c) => categoryKey(c.name) === 'factura')?.id ?? null;
}

/**
 * What the API receives. Fiscal data is sent only for a factura (the section is hidden otherwise,
 * so hidden leftovers must not block or pollute the expense) and the rate only for foreign currency.
 */
export function toPayload(v: ExpenseFormValues): Record<Exclude<ExpenseField, 'quotedRate'>, string> {
  const factura = v.documentType === 'factura';
  return {
    date: v.date,
    amount: v.amount.trim(),
    currency: v.currency,
    exchangeRate: v.currency === 'CLP' ? '' : v.exchangeRate.trim(),
    amountCLP: computeAmountClp(v.amount, v.currency, v.exchangeRate, v.quotedRate) || v.amountCLP.trim(),
    description: v.description.trim(),
    category: v.category,
    paymentMethod: v.paymentMethod,
    costCenter: v.costCenter || NO_COST_CENTER,
    documentType: v.documentType,
    invoiceNumber: factura ? v.invoiceNumber.trim() : '',
    taxId: factura ? v.taxId.trim() : '',
    address: factura ? v.address.trim() : '',
  };
}

export function toFormData(v: ExpenseFormValues, receipt: File | null): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(toPayload(v))) body.append(key, value);
  if (receipt) body.append('receipt', receipt);
  return body;
}

const REQUIRED: ExpenseField[] = ['date', 'documentType', 'amount', 'amountCLP', 'description', 'category', 'paymentMethod'];
const FIELDS = new Set<string>(Object.keys(defaultValues()));

/**
 * Client validation in the order the user should read it: missing fields, the factura rules
 * (which need the catalog), then the shared schema the server runs too.
 */
export function validateExpense(v: ExpenseFormValues, categories: CatalogItem[]): Partial<Record<ExpenseField, string>> {
  const errors: Partial<Record<ExpenseField, string>> = {};
  // A currency with no known rate: the rate is what is missing (not the CLP amount it would give).
  if (v.currency !== 'CLP' && v.amount.trim() !== '' && effectiveRate(v.currency, v.exchangeRate, v.quotedRate) === null) {
    errors.exchangeRate = v.exchangeRate.trim() === '' ? RATE_MSG.missing(v.currency) : RATE_MSG.invalid;
  }
  for (const name of REQUIRED) if (String(v[name]).trim() === '' && !(name === 'amountCLP' && errors.exchangeRate)) errors[name] = EXPENSE_MSG.required;

  if (v.documentType === 'factura') {
    if (!v.invoiceNumber.trim()) errors.invoiceNumber = EXPENSE_MSG.facturaFields;
    if (!v.taxId.trim()) errors.taxId = EXPENSE_MSG.facturaFields;
    const chosen = categories.find((c) => c.id === v.category);
    if (v.category && !errors.category && (!chosen || categoryKey(chosen.name) !== 'factura')) errors.category = EXPENSE_MSG.facturaCategory;
  }

  const parsed = expenseInputSchema.safeParse(toPayload(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (FIELDS.has(name) && !errors[name as ExpenseField]) errors[name as ExpenseField] = issue.message;
    }
  }
  return errors;
}

/** The one message the error toast shows: the most general problem first. */
export function summaryMessage(errors: FieldErrors<ExpenseFormValues>): string {
  const messages = Object.values(errors).map((e) => (e && typeof e.message === 'string' ? e.message : ''));
  for (const m of [EXPENSE_MSG.required, EXPENSE_MSG.facturaFields, EXPENSE_MSG.facturaCategory]) if (messages.includes(m)) return m;
  return messages.find(Boolean) ?? EXPENSE_MSG.required;
}

export interface ExpenseFormContext {
  categories: CatalogItem[];
}

export const expenseResolver: Resolver<ExpenseFormValues, ExpenseFormContext> = (values, context) => {
  const found = validateExpense(values, context?.categories ?? []);
  const entries = Object.entries(found);
  if (entries.length === 0) return { values, errors: {} };
  const errors: FieldErrors<ExpenseFormValues> = {};
  for (const [name, message] of entries) errors[name as ExpenseField] = { type: 'validate', message };
  return { values: {}, errors };
};
