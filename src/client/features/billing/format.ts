import { INVOICE_STATUS_LABELS, splitIva, type PlanChangeQuote } from '@shared/billing';
import { formatCLP, formatDate } from '@shared/format';
import { findPlan } from '@shared/plans';

/** Pure display rules of the billing screens (part 1 §9, part 2 §9). */

type BadgeVariant = 'success' | 'warning' | 'destructive' | 'secondary' | 'outline';

/** '$15.000'; null is a sales contact ('Contactar'); 0 is '$0' or the given label (part 2 §9: 'Gratis'). */
export function formatPlanPrice(price: number | null, zeroLabel = '$0'): string {
  if (price === null) return 'Contactar';
  if (price === 0) return zeroLabel;
  return formatCLP(price);
}

/** The net and IVA lines of a price that already includes IVA. */
export function priceBreakdown(total: number): { net: string; tax: string; total: string } {
  const { net, tax } = splitIva(total);
  return { net: formatCLP(net), tax: formatCLP(tax), total: formatCLP(total) };
}

/** '01/05/2025 - 31/05/2025'; one open end reads 'Desde …' / 'Hasta …'; none is '-'. */
export function formatBillingPeriod(start: string | null | undefined, end: string | null | undefined): string {
  const s = start ? formatDate(start) : '-';
  const e = end ? formatDate(end) : '-';
  if (s === '-' && e === '-') return '-';
  if (e === '-') return `Desde ${s}`;
  if (s === '-') return `Hasta ${e}`;
  return `${s} - ${e}`;
}

/** Part 1 §9: the tax line shows only when the rate is above 0. */
export function showsTax(taxRate: number | string | null | undefined): boolean {
  const n = Number(taxRate);
  return Number.isFinite(n) && n > 0;
}

/** 19 -> '19%', 19.5 -> '19,5%'. */
export function formatTaxRate(taxRate: number | string): string {
  const n = Number(taxRate);
  return `${new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 }).format(Number.isFinite(n) ? n : 0)}%`;
}

const INVOICE_STATUS_VARIANTS: Record<string, BadgeVariant> = {
  paid: 'success',
  pending: 'warning',
  failed: 'destructive',
  cancelled: 'secondary',
};

/** Part 1 §4 Invoice status: known values get their label and colour, anything else shows as it is. */
export function invoiceStatusView(status: string): { label: string; variant: BadgeVariant } {
  return { label: INVOICE_STATUS_LABELS[status] ?? status, variant: INVOICE_STATUS_VARIANTS[status] ?? 'outline' };
}

export type TestStatus = 'success' | 'error' | 'warning' | 'unknown';

const TEST_STATUS: Record<TestStatus, { label: string; variant: BadgeVariant }> = {
  success: { label: 'Éxito', variant: 'success' },
  error: { label: 'Error', variant: 'destructive' },
  warning: { label: 'Advertencia', variant: 'warning' },
  unknown: { label: 'Desconocido', variant: 'secondary' },
};

/** Part 2 §4 Test result states: success, error, warning, and anything else is unknown. */
export function toTestStatus(status: unknown): TestStatus {
  return status === 'success' || status === 'error' || status === 'warning' ? status : 'unknown';
}

export function testStatusView(status: unknown): { status: TestStatus; label: string; variant: BadgeVariant } {
  const s = toTestStatus(status);
  return { status: s, ...TEST_STATUS[s] };
}

/** An invoice's plan: the plan's name when the value is a plan id (or alias), else the value itself. */
export function planName(idOrName: string | null | undefined): string {
  if (!idOrName) return '-';
  return findPlan(idOrName)?.name ?? idOrName;
}

const PAYMENT_METHODS: Record<string, string> = {
  credit_card: 'Tarjeta de crédito',
  debit_card: 'Tarjeta de débito',
  prepaid_card: 'Tarjeta de prepago',
  account_money: 'Dinero en cuenta MercadoPago',
  bank_transfer: 'Transferencia bancaria',
  ticket: 'Efectivo',
  atm: 'Cajero automático',
  digital_wallet: 'Billetera digital',
  sandbox: 'Modo de prueba',
  visa: 'Visa',
  master: 'Mastercard',
  amex: 'American Express',
  redcompra: 'Redcompra',
  webpay: 'Webpay',
};

/** MercadoPago's payment type or method ids in Spanish; unknown values show as they are, empty as '-'. */
export function paymentMethodLabel(method: string | null | undefined): string {
  if (!method) return '-';
  return PAYMENT_METHODS[method.toLowerCase()] ?? method;
}

/** 'en 1 segundo' / 'en 10 segundos'. */
export function secondsText(n: number): string {
  return `${n} ${n === 1 ? 'segundo' : 'segundos'}`;
}

/** Contact addresses of the billing screens. */
export const SALES_EMAIL = 'ventas@rendix.cl';
export const SUPPORT_EMAIL = 'soporte@rendix.cl';

export function mailto(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

/** A result's `details` / `testData` as readable text: strings as they are, objects as indented JSON, nothing as null. */
export function formatDetails(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

/**
 * The plan-change rule in the confirmation dialog, before paying (README 'Plans and payments'): when the new plan
 * starts, until when the current one runs, and what is charged now. Dates are Chile's; period ends are exclusive
 * (a month from 30/11 20:46 runs until 30/12 20:46), so 'hasta el 30/12' is the last day it runs.
 */
export function quoteSummary(q: PlanChangeQuote): string {
  const start = formatDate(q.periodStart);
  const end = formatDate(q.periodEnd);
  const charge = formatCLP(q.amount);
  switch (q.kind) {
    case 'scheduled':
      return `Tu plan ${q.currentPlanName} sigue hasta el ${formatDate(q.currentPeriodEnd)}; ${q.planName} empieza el ${start} (hasta el ${end}) y se cobra ${charge} ahora. No pagas dos planes por los mismos días.`;
    case 'upgrade':
      return q.credit > 0
        ? `${q.planName} empieza ahora y dura hasta el ${end}. Se descuentan ${formatCLP(q.credit)} por los días no usados de tu plan ${q.currentPlanName}: pagas ${charge}.`
        : `${q.planName} empieza ahora y dura hasta el ${end}. Se cobra ${charge}.`;
    case 'renewal':
      return `Tu plan ${q.planName} sigue hasta el ${formatDate(q.currentPeriodEnd)}; el mes que pagas ahora va del ${start} al ${end}. Se cobra ${charge}.`;
    default:
      return `El plan ${q.planName} va del ${start} al ${end}. Se cobra ${charge}.`;
  }
}
