import { categoryKey, type CatalogItem } from '@shared/catalog';
import { DOCUMENT_TYPES, defaultRate, normalizeCurrency, type DocumentType } from '@shared/expenses';
import { formatRut, isValidRut } from '@shared/rut';
import type { ReceiptFlag, TimbreSummary } from '@shared/receipts';
import { normalizeFlags, normalizeTimbre, timbreSourcedFields } from '@client/components/expenses/receiptChecks';
import type { ExpenseField, ExpenseFormValues } from './expenseForm';

/** POST /api/receipts/analyze answers `{ data }` with these fields (part 1 §3 Receipt analysis result). */
export interface ReceiptAnalysis {
  amount?: number | string | null;
  currency?: string | null;
  exchangeRate?: number | string | null;
  amountCLP?: number | string | null;
  date?: string | null;
  description?: string | null;
  category?: string | null;
  paymentMethod?: string | null;
  address?: string | null;
  documentType?: string | null;
  invoiceNumber?: string | number | null;
  taxId?: string | null;
  confidence?: number | string | null;
  /** Rendix additions (ReceiptAnalysisResult in @shared/receipts), read tolerantly. */
  issuerName?: string | null;
  sources?: unknown;
  /** Per-field confidence ('high' | 'medium' | 'low'); absent in older answers. */
  fieldConfidence?: unknown;
  timbre?: unknown;
  flags?: unknown;
  /** The photo's print was too small to read reliably; absent in older answers. */
  smallPrint?: unknown;
  method?: string | null;
  elapsedMs?: number | null;
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

function positiveNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : Number(text(value).replace(',', '.'));
  return text(value) !== '' && Number.isFinite(n) && n > 0 ? n : null;
}

/** Accepts yyyy-mm-dd (with or without a time) and Chilean dd/mm/yyyy or dd-mm-yyyy. */
export function toIsoDate(value: unknown): string {
  const s = text(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  const cl = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : cl ? [cl[3], cl[2].padStart(2, '0'), cl[1].padStart(2, '0')] : [];
  if (!y) return '';
  const date = new Date(`${y}-${m}-${d}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(d) ? '' : `${y}-${m}-${d}`;
}

/** The analyser may answer an id or a name ('alimentacion', 'Alimentación'): find the catalog entry. */
export function matchCatalog(items: CatalogItem[], ref: unknown): string {
  const s = text(ref);
  if (!s) return '';
  const byId = items.find((i) => i.id === s);
  if (byId) return byId.id;
  const key = categoryKey(s);
  return items.find((i) => categoryKey(i.name) === key)?.id ?? '';
}

type PaymentKind = 'debito' | 'credito' | 'efectivo' | 'transferencia';

/** Words that say which kind of payment a text or a catalog name means; débito is checked before crédito. */
const PAYMENT_KINDS: [PaymentKind, RegExp][] = [
  ['debito', /\b(debito|debit|redcompra|maestro|electron)\b|\bt(?:arj(?:eta)?)? ?deb\b/],
  ['credito', /\b(credito|credit|visa|mastercard|amex|american express|diners)\b|\bt(?:arj(?:eta)?)? ?cred\b/],
  ['efectivo', /\b(efectivo|cash|contado|dinheiro)\b/],
  ['transferencia', /\b(transferencia|transfer|deposito|pix)\b/],
];

/** 'TARJETA DEBITO', 'tarjeta_debito', 'Tarjeta de Débito', 'Redcompra' → 'debito'; null when it names none or is unclear. */
export function paymentKind(value: unknown): PaymentKind | null {
  const words = categoryKey(text(value)).replace(/[^a-z0-9]+/g, ' ').trim();
  if (!words) return null;
  return PAYMENT_KINDS.find(([, pattern]) => pattern.test(words))?.[0] ?? null;
}

/**
 * The company's payment method for what the receipt says it was paid with: its id or exact name first, then the one
 * entry of the same kind (débito/Redcompra → 'Tarjeta de Débito', crédito → 'Tarjeta de Crédito'...). Two entries of
 * the kind (a company card and a personal one) are a choice for the user: nothing is picked.
 */
export function matchPaymentMethod(items: CatalogItem[], ref: unknown): string {
  const exact = matchCatalog(items, ref);
  if (exact) return exact;
  const kind = paymentKind(ref);
  if (!kind) return '';
  const same = items.filter((i) => paymentKind(i.name) === kind);
  return same.length === 1 ? same[0].id : '';
}

/** Confidence 0..1 as a whole percentage (a 0..100 answer is tolerated). */
export function confidencePercent(value: unknown): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(100, Math.round(n <= 1 ? n * 100 : n));
}

/** The form values an analysis fills; fields it did not read are left out, so the user's input stays. */
export function analysisToValues(
  data: ReceiptAnalysis,
  lists: { categories: CatalogItem[]; paymentMethods: CatalogItem[] },
): Partial<ExpenseFormValues> {
  const out: Partial<ExpenseFormValues> = {};
  const currency = normalizeCurrency(text(data.currency));
  if (currency) out.currency = currency;
  const effectiveCurrency = currency ?? 'CLP';

  const amount = positiveNumber(data.amount);
  const amountClp = positiveNumber(data.amountCLP);
  if (amount !== null) out.amount = String(Math.round(amount * 100) / 100);
  else if (amountClp !== null && effectiveCurrency === 'CLP') out.amount = String(Math.round(amountClp));

  const rate = positiveNumber(data.exchangeRate);
  // The reader's fallback is the default rate: leaving the field blank files the dated rate of the receipt's date instead.
  if (effectiveCurrency !== 'CLP') out.exchangeRate = rate !== null && rate !== defaultRate(effectiveCurrency) ? String(rate) : '';

  const date = toIsoDate(data.date);
  if (date) out.date = date;
  const description = text(data.description);
  if (description) out.description = description.slice(0, 500);
  const category = matchCatalog(lists.categories, data.category);
  if (category) out.category = category;
  const paymentMethod = matchPaymentMethod(lists.paymentMethods, data.paymentMethod);
  if (paymentMethod) out.paymentMethod = paymentMethod;

  const documentType = text(data.documentType).toLowerCase();
  if ((DOCUMENT_TYPES as readonly string[]).includes(documentType)) out.documentType = documentType as DocumentType;
  const invoiceNumber = text(data.invoiceNumber);
  if (invoiceNumber) out.invoiceNumber = invoiceNumber.slice(0, 50);
  const taxId = text(data.taxId);
  if (taxId) out.taxId = isValidRut(taxId) ? formatRut(taxId) : taxId.slice(0, 20);
  const address = text(data.address);
  if (address) out.address = address.slice(0, 300);
  return out;
}

/**
 * A payment method the user picked stays: the analysis only fills it while it is empty or still holds what an earlier
 * analysis put there (`lastFromAnalysis`).
 */
export function keepChosenPaymentMethod(values: Partial<ExpenseFormValues>, current: string, lastFromAnalysis: string | null): Partial<ExpenseFormValues> {
  if (!values.paymentMethod || !current || current === lastFromAnalysis) return values;
  const { paymentMethod: _ignored, ...rest } = values;
  return rest;
}

/** Fields that show a 'Timbre SII' hint next to their label when their value came from the timbre. */
export const TIMBRE_HINT_FIELDS = ['amount', 'date', 'taxId', 'invoiceNumber', 'documentType'] as const satisfies readonly ExpenseField[];
export type TimbreHintField = (typeof TIMBRE_HINT_FIELDS)[number];

/** Fields that show 'Revisa este dato' when the analysis filled them without high confidence. */
export const REVIEW_HINT_FIELDS = ['amount', 'currency', 'date', 'documentType', 'invoiceNumber', 'taxId'] as const satisfies readonly ExpenseField[];
export type ReviewHintField = (typeof REVIEW_HINT_FIELDS)[number];

/** The fields an analysis marked below 'high' (an answer without per-field confidence marks none). */
export function unsureFields(fieldConfidence: unknown): Set<string> {
  const out = new Set<string>();
  if (!fieldConfidence || typeof fieldConfidence !== 'object') return out;
  for (const [field, level] of Object.entries(fieldConfidence as Record<string, unknown>)) if (level === 'medium' || level === 'low') out.add(field);
  return out;
}

/** What the result panel under the upload shows; cleared with the file. */
export interface AnalysisFindings {
  /** Whole percentage. */
  confidence: number;
  timbre: TimbreSummary | null;
  flags: ReceiptFlag[];
  /** The values the analysis put in timbre-sourced fields; the hint shows while the field still holds it. */
  timbreValues: Partial<Pick<ExpenseFormValues, TimbreHintField>>;
  /** The values the analysis put in fields it was unsure of; 'Revisa este dato' shows while the field still holds it. */
  reviewValues: Partial<Pick<ExpenseFormValues, ReviewHintField>>;
  /** The photo's print was too small to read reliably: the panel asks for a closer photo. */
  smallPrint: boolean;
}

/**
 * `kept`: form values the analysis left as they were. A date the reader did not find leaves the form's date (today,
 * by default) in place: that one is marked for review too, since nothing on the receipt confirmed it.
 */
export function analysisFindings(data: ReceiptAnalysis, applied: Partial<ExpenseFormValues>, kept: Partial<Pick<ExpenseFormValues, 'date'>> = {}): AnalysisFindings {
  const fromTimbre = new Set(timbreSourcedFields(data.sources));
  const timbreValues: AnalysisFindings['timbreValues'] = {};
  for (const field of TIMBRE_HINT_FIELDS) {
    const value = applied[field];
    if (fromTimbre.has(field) && value !== undefined && value !== '') (timbreValues as Record<string, string>)[field] = value;
  }
  const unsure = unsureFields(data.fieldConfidence);
  const reviewValues: AnalysisFindings['reviewValues'] = {};
  for (const field of REVIEW_HINT_FIELDS) {
    const value = applied[field];
    if (unsure.has(field) && !fromTimbre.has(field) && value !== undefined && value !== '') (reviewValues as Record<string, string>)[field] = value;
  }
  if (!data.date && applied.date === undefined && kept.date) reviewValues.date = kept.date;
  return { confidence: confidencePercent(data.confidence), timbre: normalizeTimbre(data.timbre), flags: normalizeFlags(data.flags), timbreValues, reviewValues, smallPrint: data.smallPrint === true };
}
