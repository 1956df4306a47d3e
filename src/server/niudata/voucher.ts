import { NIUDATA_MSG, type NiudataVoucher, type VoucherEntry } from '@shared/niudata.js';

/*
 * An approved expense → one NiuData voucher (DECISIONS.md 'Accounting voucher (NiuData)'), in whole CLP:
 *   debit  the category's accounting code       amountCLP
 *   credit the company's payable account          amountCLP   (what the company owes the employee who paid)
 * A factura is split when the company sets an IVA account: debit the category with the net, debit the IVA account
 * with the IVA, credit the payable with the total (three lines, still balanced). Every line carries cost center, tax
 * id, folio, document code and dates. The payment method's code is required too (it names how the employee paid, on
 * the credit line) so that what reaches NiuData is complete; an expense missing a code is reported, never sent.
 * Pure: no database, no clock.
 */

export const ACCOUNTING_TIME_ZONE = 'America/Santiago';
export const IVA_RATE = 0.19;

export interface VoucherSource {
  id: string;
  expenseNumber: number;
  /** Document date, YYYY-MM-DD. */
  date: string;
  description: string;
  amountClp: number;
  documentType: string;
  invoiceNumber: string | null;
  taxId: string | null;
  netAmount: number | null;
  taxAmount: number | null;
  approvedAt: Date | null;
  employeeName: string;
  category: { name: string; accountingCode: string | null } | null;
  paymentMethod: { name: string; accountingCode: string | null } | null;
  costCenter: { code: string } | null;
}

export interface VoucherSettings {
  payableAccount: string;
  ivaAccount: string | null;
}

export type VoucherBuild = { ok: true; voucher: NiudataVoucher } | { ok: false; problems: string[] };

/** SII document type codes: 33 factura electrónica, 39 boleta electrónica; 0 without a tax document. */
export function documentCode(documentType: string): string {
  return documentType === 'factura' ? '33' : documentType === 'boleta' ? '39' : '0';
}

/** The calendar day of an instant in Chile (YYYY-MM-DD). */
export function chileDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ACCOUNTING_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const code = (c: string | null | undefined) => (c ?? '').trim();

/** Why the expense cannot be booked as it is (empty when it can). */
export function voucherProblems(src: VoucherSource): string[] {
  const problems: string[] = [];
  if (!src.category) problems.push(NIUDATA_MSG.noCategory);
  else if (!code(src.category.accountingCode)) problems.push(NIUDATA_MSG.categoryWithoutCode(src.category.name));
  if (!src.paymentMethod) problems.push(NIUDATA_MSG.noPaymentMethod);
  else if (!code(src.paymentMethod.accountingCode)) problems.push(NIUDATA_MSG.paymentMethodWithoutCode(src.paymentMethod.name));
  if (!Number.isSafeInteger(src.amountClp) || src.amountClp <= 0) problems.push(NIUDATA_MSG.zeroAmount);
  return problems;
}

/** Net and IVA of a factura in whole pesos: the stored split when it adds up to the total, else 19 % taken out of it. */
export function splitIva(total: number, net: number | null, tax: number | null): { net: number; iva: number } {
  if (net !== null && tax !== null && net >= 0 && tax >= 0 && net + tax === total) return { net, iva: tax };
  const n = Math.round(total / (1 + IVA_RATE));
  return { net: n, iva: total - n };
}

export function buildVoucher(src: VoucherSource, settings: VoucherSettings): VoucherBuild {
  const problems = voucherProblems(src);
  if (problems.length) return { ok: false, problems };
  const category = src.category!;
  const paymentMethod = src.paymentMethod!;
  const accountingDate = src.approvedAt ? chileDate(src.approvedAt) : src.date;
  const description = clip(`Rendición N° ${src.expenseNumber} · ${src.employeeName} · ${src.description}`, 250);
  const line = (account: string, debit: number, credit: number, text: string): VoucherEntry => ({
    account_code: account,
    document_code: documentCode(src.documentType),
    cost_center: src.costCenter?.code ?? null,
    tax_id: src.taxId,
    folio_number: src.invoiceNumber,
    document_date: src.date,
    debit,
    credit,
    description: clip(text, 250),
    accounting_date: accountingDate,
  });
  const total = src.amountClp;
  const entries: VoucherEntry[] = [];
  const ivaAccount = code(settings.ivaAccount);
  const split = src.documentType === 'factura' && ivaAccount ? splitIva(total, src.netAmount, src.taxAmount) : null;
  if (split && split.iva > 0 && split.net > 0) {
    entries.push(line(code(category.accountingCode), split.net, 0, `${category.name} (neto) · ${src.description}`));
    entries.push(line(ivaAccount, split.iva, 0, `IVA crédito fiscal · Factura ${src.invoiceNumber ?? ''}`.trim()));
  } else {
    entries.push(line(code(category.accountingCode), total, 0, `${category.name} · ${src.description}`));
  }
  entries.push(line(code(settings.payableAccount), 0, total, `Por pagar a ${src.employeeName} · ${paymentMethod.name} (${code(paymentMethod.accountingCode)})`));
  return { ok: true, voucher: { external_id: src.id, currency: 'CLP', accounting_date: accountingDate, description, entries } };
}

export function voucherTotals(v: NiudataVoucher): { debit: number; credit: number } {
  return v.entries.reduce((t, e) => ({ debit: t.debit + e.debit, credit: t.credit + e.credit }), { debit: 0, credit: 0 });
}
