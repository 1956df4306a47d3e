import type { Currency } from '@shared/expenses.js';
import { fold } from './text.js';

/** Currencies with no minor unit on receipts: amounts are whole units. */
const WHOLE_UNITS: ReadonlySet<Currency> = new Set<Currency>(['CLP', 'COP']);

/**
 * Currency written next to an amount. Order matters: 'US$' before '$'. PEN and COP are also a word and an OCR misreading
 * of an abbreviation ('PEN DRIVE 32GB', 'COD. AUT.' read as 'cop. AUT.'): followed by a period or a word they are not codes.
 */
const SYMBOLS: ReadonlyArray<[RegExp, Currency]> = [
  [/US\$|U\$S|\bUSD\b|\bDOLARES\b|\bDOLLARS?\b/, 'USD'],
  [/€|\bEUR\b|\bEUROS?\b/, 'EUR'],
  [/R\$|\bBRL\b|\bREAIS\b/, 'BRL'],
  [/\bS\/\.?|\bPEN\b(?![ \t]*\.|[ \t]+[A-Z]{2,})|\bSOLES\b/, 'PEN'],
  [/\$U\b|\$U\s|\bUYU\b/, 'UYU'],
  [/\bARS\b/, 'ARS'],
  [/\bCOP\b(?![ \t]*\.|[ \t]+[A-Z]{2,})/, 'COP'],
  [/\bCLP\b/, 'CLP'],
];

/** First explicit currency symbol or code in a piece of text (folded or not). */
export function currencyFromSymbols(text: string): Currency | null {
  const t = fold(text);
  let best: { index: number; currency: Currency } | null = null;
  for (const [re, currency] of SYMBOLS) {
    const m = re.exec(t);
    if (m && (!best || m.index < best.index)) best = { index: m.index, currency };
  }
  return best ? best.currency : null;
}

/**
 * Number as written on a receipt → value. '12.990' → 12990, '1.234,56' → 1234.56, '1,234.56' → 1234.56,
 * '45.20' → 45.2, '23,50' → 23.5. A single separator followed by exactly three digits is a thousands separator.
 * Whole-unit currencies (CLP, COP) are rounded to integers; others to cents.
 */
export function parseAmount(raw: string, currency: Currency): number | null {
  const s = raw.replace(/[^\d.,-]/g, '');
  if (!/\d/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const dec = lastDot > lastComma ? '.' : ',';
    const thousands = dec === '.' ? ',' : '.';
    normalized = s.split(thousands).join('').replace(dec, '.');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const parts = s.split(sep);
    const tail = parts[parts.length - 1];
    const isThousands = parts.length > 2 || tail.length === 3;
    normalized = isThousands ? parts.join('') : `${parts.slice(0, -1).join('')}.${tail}`;
  } else {
    normalized = s;
  }
  const value = Number(normalized);
  if (!Number.isFinite(value)) return null;
  return WHOLE_UNITS.has(currency) ? Math.round(value) : Math.round(value * 100) / 100;
}

const AMOUNT_RE =
  /(US\$|U\$S|R\$|S\/\.?|\$U|\$|€|USD|EUR|CLP|PEN|BRL|ARS|UYU|COP)?\s?(\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?![\d.,]?\d)(\s?(?:€|EUR|USD|CLP|BRL|PEN))?/gi;

/** Things on a line that look like numbers but are not money. */
function stripNonMoney(line: string): string {
  return line
    .replace(/\b\d{1,2}\.?\d{3}\.?\d{3}\s?-\s?[\dkK]\b/g, ' ') // RUT
    .replace(/\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b/g, ' ') // dates
    .replace(/\b\d{1,2}:\d{2}(?::\d{2})?\b/g, ' ') // times
    .replace(/\d+(?:[.,]\d+)?\s?%/g, ' '); // percentages
}

export interface FoundAmount {
  raw: string;
  symbol: string | null;
}

/** Money-like tokens of a line, left to right. */
export function amountsInLine(line: string): FoundAmount[] {
  const out: FoundAmount[] = [];
  for (const m of stripNonMoney(line).matchAll(AMOUNT_RE)) {
    const symbol = (m[1] ?? m[3] ?? '').trim() || null;
    out.push({ raw: m[2], symbol });
  }
  return out;
}

const EXCLUDED =
  /\b(SUB\s?-?\s?TOTAL|PROPINA|TIP|GRATUITY|EFECTIVO|VUELTO|CAMBIO|CASH|CHANGE|TROCO|DESCUENTOS?|AHORRO|DONACION|REDONDEO|PAGO|PAGADO|RECIBIDO)\b|TOTAL\s+(NETO|IVA\b(?!\s+INCL)|ITEMS?|ARTICULOS|PRODUCTOS|UNIDADES|EXENTO|AFECTO|IMPUESTOS?|TAX)/;
const STRONG_TOTAL = /\b(TOTAL\s+A\s+PAGAR|MONTO\s+TOTAL|IMPORTE\s+TOTAL|VALOR\s+TOTAL|GRAND\s+TOTAL|AMOUNT\s+DUE|TOTAL\s+DUE|VALOR\s+A\s+PAGAR)\b/;
const TOTAL = /\bTOTAL\b/;
const NET = /\b(MONTO\s+NETO|NETO|AFECTO|MONTO\s+AFECTO|BASE\s+IMPONIBLE|OP\.?\s+GRAVADAS?|GRAVADO)\b/;
const TAX = /\b(IVA|I\.V\.A\.?|IGV|VAT|TAX|SALES\s+TAX)\b/;
const NOT_MONEY_LINE = /\b(FONO|TEL|TELEFONO|RUT|R\.U\.T|RUC|CUIT|CNPJ|NIT|FOLIO|N[°º]|NRO|FECHA|HORA|CAJA|CAJERO|TERMINAL|AUTORIZACION|COD|CODIGO|LOCAL|SUCURSAL|RESOLUCION|RES\.)\b/;

export interface MoneyFields {
  amount: number | null;
  amountSource: 'label' | 'largest' | null;
  currencySymbol: Currency | null;
  /** The labelled total as written ('45.75', '11.400,13'), before it is read in a currency's convention. */
  totalRaw: string | null;
  netAmount: number | null;
  taxAmount: number | null;
}

/** Value for the line at `i`, or the next line when the label stands alone. */
function valueAt(lines: string[], i: number): FoundAmount | null {
  const own = amountsInLine(lines[i]);
  if (own.length) return own[own.length - 1];
  const next = lines[i + 1];
  if (next && /^[^A-Za-z]*$/.test(fold(next).replace(/US\$|R\$|S\/|USD|EUR|CLP|PEN|BRL/g, ''))) {
    const found = amountsInLine(next);
    if (found.length) return found[found.length - 1];
  }
  return null;
}

/**
 * Total, neto and IVA. `currencyFor` resolves the final currency from the total's symbol and raw text (the caller knows
 * tax ids and context) so that '12.990' is parsed in the right convention.
 */
export function findMoney(lines: string[], currencyFor: (symbol: Currency | null, totalRaw: string | null) => Currency): MoneyFields {
  const folded = lines.map(fold);
  let best: { score: number; found: FoundAmount } | null = null;
  let net: FoundAmount | null = null;
  let tax: FoundAmount | null = null;
  folded.forEach((l, i) => {
    if (EXCLUDED.test(l)) {
      if (!/\bSUB\s?-?\s?TOTAL\s+NETO\b|TOTAL\s+NETO/.test(l)) return;
    }
    const score = STRONG_TOTAL.test(l) ? 3 : TOTAL.test(l) && !NET.test(l) ? 2 : 0;
    if (score) {
      const found = valueAt(lines, i);
      if (found && (!best || score >= best.score)) best = { score, found };
      return;
    }
    if (NET.test(l) && !net) net = valueAt(lines, i);
    else if (TAX.test(l) && !tax) tax = valueAt(lines, i);
  });

  let chosen: FoundAmount | null = best ? (best as { found: FoundAmount }).found : null;
  let amountSource: MoneyFields['amountSource'] = chosen ? 'label' : null;
  const anySymbol = chosen?.symbol ? currencyFromSymbols(chosen.symbol) : null;
  const totalRaw = chosen?.raw ?? null;
  const currency = currencyFor(anySymbol, totalRaw);

  if (!chosen) {
    // No TOTAL label: take the largest amount on a line that is not change, cash, a phone or an id.
    let largest: { value: number; found: FoundAmount } | null = null;
    folded.forEach((l, i) => {
      if (EXCLUDED.test(l) || NOT_MONEY_LINE.test(l) || NET.test(l) || TAX.test(l)) return;
      for (const f of amountsInLine(lines[i])) {
        const digits = f.raw.replace(/\D/g, '');
        if (!f.symbol && !/[.,]/.test(f.raw) && digits.length > 5) continue; // bare long numbers are codes
        const v = parseAmount(f.raw, currency);
        if (v !== null && v > 0 && (!largest || v > largest.value)) largest = { value: v, found: f };
      }
    });
    if (largest) {
      chosen = (largest as { found: FoundAmount }).found;
      amountSource = 'largest';
    }
  }
  const parse = (f: FoundAmount | null) => (f ? parseAmount(f.raw, currency) : null);
  const amount = parse(chosen);
  return {
    amount: amount !== null && amount > 0 ? amount : null,
    amountSource: amount !== null && amount > 0 ? amountSource : null,
    currencySymbol: anySymbol,
    totalRaw,
    netAmount: parse(net),
    taxAmount: parse(tax),
  };
}
