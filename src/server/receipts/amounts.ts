import { currencyFromSymbols, isWholeUnit } from './currency.js';
import { fold } from './text.js';

export { currencyFromSymbols } from './currency.js';

/**
 * Number as written on a receipt → value. '12.990' → 12990, '1.234,56' → 1234.56, '1,234.56' → 1234.56,
 * '45.20' → 45.2, '23,50' → 23.5. A single separator followed by exactly three digits is a thousands separator.
 * Whole-unit currencies (CLP, COP) are rounded to integers; others to cents.
 */
export function parseAmount(raw: string, currency: string): number | null {
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
    // In a cents currency two digits after the last of several points are the cents ('R$ 1.823.77': a comma read as a
    // point); in pesos every point groups thousands.
    const isThousands = tail.length === 3 || (parts.length > 2 && (isWholeUnit(currency) || tail.length !== 2));
    normalized = isThousands ? parts.join('') : `${parts.slice(0, -1).join('')}.${tail}`;
  } else {
    normalized = s;
  }
  const value = Number(normalized);
  if (!Number.isFinite(value)) return null;
  return isWholeUnit(currency) ? Math.round(value) : Math.round(value * 100) / 100;
}

const AMOUNT_RE =
  /(US\$|U\$S|(?<![A-Za-z])R\$|S\/\.?|\$U|\$|€|£|¥|(?<![A-Za-z])(?:RM|USD|EUR|CLP|PEN|BRL|ARS|UYU|COP|MYR|GBP|MXN|CNY|JPY))?\s?((?:(?<=^|[\s:(=])-)?(?:\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?))(?![\d.,]?\d)(\s?(?:€|(?:EUR|USD|CLP|BRL|PEN|MYR|GBP|MXN)(?![A-Za-z])))?/gi;

/** Things on a line that look like numbers but are not money. */
function stripNonMoney(line: string): string {
  return line
    .replace(/\b\d{1,2}\.?\d{3}\.?\d{3}\s?-\s?[\dkK]\b/g, ' ') // RUT
    .replace(/\b\d{1,3}(?:\.\d{3}){1,2}-[\dkK]\b/g, ' ') // the end of a RUT cut at the paper's edge ('163.318-8')
    .replace(/\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b/g, ' ') // dates
    .replace(/\b\d{1,2}:\d{2}(?::\d{2})?\b/g, ' ') // times
    .replace(/\b(?:LEY|LEI)(?:\s+FEDERAL)?\b\.?\s*(?:N[°º]?\s*)?\d{1,2}\.\d{3}(?:\/\d{2,4})?/gi, ' ') // laws ('Ley 21.636', 'Lei Federal 12.741')
    .replace(/\d+(?:[.,]\d+)?\s?%/g, ' ') // percentages
    .replace(/[*xX#]{3,}\s?\d{4}\b/g, ' '); // a card's masked number ('Visa****1623')
}

export interface FoundAmount {
  raw: string;
  symbol: string | null;
}

/** Money-like tokens of a line, left to right. */
/** A peso sign read as an S or s before a grouped amount ('TOTAL S321.288', 'S45.881', 's270.000', '-s10.000'). */
const PESO_READ_AS_S = /(^|[\s:-])[Ss](?=\d{1,3}(?:\.\d{3})+(?![\d.,]?\d))/g;

export function amountsInLine(line: string): FoundAmount[] {
  const out: FoundAmount[] = [];
  // OCR splits cents off after the separator ('RM152. 00', '66. 04').
  // A peso sign read as an S ('TOTAL S321.288') is dropped: the S glued to the digits would make them a code.
  const text = stripNonMoney(line)
    // An O among an amount's digits is a 0 ('32.0o0').
    .replace(/(\d)[oO](?=\d)/g, '$10')
    // A phone's country code ('+56 987654321') is no money.
    .replace(/\+\d{1,3}[\s-]?\d(?:[\s-]?\d){7,}/g, ' ')
    // A peso sign read as an S between a money label and its colon ('Valor S: 8.0 00.-').
    .replace(/\b(VALOR|MONTO|TARIFA|TOTAL)\s?S(?=\s*:)/gi, '$1 $')
    .replace(/(\d[.,]) (\d{2})(?![\d.,])/g, '$1$2')
    .replace(PESO_READ_AS_S, '$1 ')
    // A line holding only a peso amount after a peso sign read as S ('S 72.0 00', a receipt book's figure): thousands
    // grouped by points ('S 12.00' is no peso amount).
    .replace(/^\s*[Ss]\s?(?=\d{1,3}(?:\.(?:\d\s?){2}\d)+\s*[=.-]*\s*$)/, '$ ')
    // A 1 read as an L or I, a 2 as a Z, between a peso sign read as S and a thousands point ('TARIFA: SL.900',
    // 'TARIFA:SZ.400').
    .replace(/(^|[\s:])[S$]\s?([LIZ])(?=[.,]\d{3}(?![\d.,]?\d))/g, (_, head: string, c: string) => `${head}$ ${c === 'Z' ? '2' : '1'}`)
    // A thousands point read as a colon right after a peso sign ('$7:420'); a time never follows a '$'.
    .replace(/(\$\s?\d{1,3}):(\d{3})(?![\d:])/g, '$1.$2')
    // Or read as a space ('$12 290'), or a handwritten amount's thousands split by spaces ('$: 25.0 00.-', '25.00 0',
    // '$: 4.5 0 0.-').
    .replace(/(\$\W{0,2}\d{1,3}) (\d{3})(?![\d.,]?\d)/g, '$1.$2')
    .replace(/(\$\W{0,2}\d{1,3}\.)(\d ?\d ?\d)(?![\d.,]?\d)/g, (_, head: string, thousands: string) => head + thousands.replace(/ /g, ''));
  for (const m of text.matchAll(AMOUNT_RE)) {
    const symbol = (m[1] ?? m[3] ?? '').trim() || null;
    // Digits glued to letters are codes ('X65T', 'A4'), not money.
    const start = (m.index ?? 0) + m[0].indexOf(m[2]);
    const end = start + m[2].length;
    if ((!m[1] && /[A-Za-z]/.test(text[start - 1] ?? '')) || (!m[3] && /[A-Za-z]/.test(text[end] ?? ''))) continue;
    // Nor is the tail of a number broken by a letter ('TOTAL 54L.060' is no 60).
    if (!m[1] && /[.,]/.test(text[start - 1] ?? '') && /[A-Za-z\d]/.test(text[start - 2] ?? '')) continue;
    out.push({ raw: m[2], symbol });
  }
  return out;
}


/** What a labelled line says its amount is. */
export type MoneyRole = 'strong' | 'total' | 'weak' | 'subtotal' | 'net' | 'tax' | 'service' | 'rounding' | 'cash' | 'change' | 'tip' | 'tipTotal' | 'discount' | 'balance' | 'words';

/** Counts of things (TOTAL QTY 4, TOTAL ITEMS, total de ítems): never money. */
const COUNT_LINE = /\b(TOTAL\s*(QTY|QUANTITY|ITEMS?|ITEM\(S\)|ARTICULOS|PRODUCTOS|UNIDADES|PIEZAS|PZAS|DE\s+ITENS|DE\s+ITEMS|PUNTOS|POINTS|PTS|TENDER)|QTY|CANT\.?\s*TOTAL|NO\.?\s+OF\s+ITEMS|QTD\.?\s+TOTAL)\b/;
/**
 * Also glued to the next word by a line recogniser ('PROPINASUGERIDA15%', 'PROPINASUGERICA'), or with a letter lost
 * before SUGERIDA ('PROINA SUGERIDA').
 */
// PROPINA as a recogniser spells it: letters lost before SUGERIDA, or split after its PROP at the line's start
// ('Prop a a $4.806').
const TIP = /\b(PROPINA|TIPS?|GRATUITY|GORJETA)(\b|(?=SUGER))|\b(PROINA|PROPNA|PRPINA|ROPINA|PROPIA)\s?(?=SUGERID)|^\W*PROP(\s+[A-Z]){1,3}\s+(?=\$|\d)/;
const BALANCE = /\b(SALDO|BALANCE\s+DUE\s+0|SALDO\s+PENDIENTE)\b/;
const CHANGE = /\b(VUELTO|CAMBIO|CHANGE(\s+DUE)?|TROCO)\b/;
const CASH = /\b(EFECTIVO|CASH|RECEIVED|PAID\s+AMOUNT|AMOUNT\s+PAID|TENDERED|TENDER|DINHEIRO|RECIBIDO|PAGA\s+CON|PAGO\s+CON|PAGADO|VALOR\s+PAGO|PAGAMENTO|CARTAO|TARJETA|VISA|MASTERCARD|DEBITO|CREDITO|REDCO[MN]PRA|CREDIT|CARD|PAID|ACCEPTED)\b|\b(DEBITO|CREDITO)(?=\d)/;
/**
 * A ride app's fare in parts ('Tarifa base $5.500', 'Tarifa dinámica $1.230', 'Tarifadeservicio $490', 'Tarifa del viaje'
 * beside its 'Total'): a part, not the total a toll's bare TARIFA is.
 */
const FARE_PART = /\bTARIFA\s*(BASE|DINAMICA|DEL?\s*VIAJE|DE\s*SERVICIO|MINIMA|POR\s+(KM|KILOMETRO|MINUTO))/;
const ROUNDING = /\b(ROUNDING|ROUND(ING)?\s+ADJ\w*|REDONDEO|ARREDONDAMENTO|ADJUSTMENT)\b/;
const DISCOUNT = /\b(DESCUENTOS?|DCTO\.?|DSCTO\.?|DISCOUNT|DESCONTOS?|AHORRO|AHORRASTE|DONACION)\b/;
const SUBTOTAL = /\b(SUB\s?-?\s?TOTAL|TOTAL\s*\(?\s*(EXCL|EXCLUDING|BEFORE|SIN\s+IVA)|EXCL(UDING|\.)?\s+(OF\s+)?(GST|SST|TAX|VAT)|AMT\.?\s+EXCL|TOTAL\s+SALES\s*\(?\s*EXCL|CONSUMO\s+TOTAL|TOTAL\s+CONSUMO|^CONSUMO|TOTAL\s+\d+\s?%\s+SUPPLIES|SUPPLIES|VALOR\s+TOTAL\s+DOS\s+PRODUTOS|TOTAL\s+BRUTO)\b/;
const NET = /\b(MONTO\s+NETO|NETO|AFECTO|MONTO\s+AFECTO|BASE\s+IMPONIBLE|OP\.?\s+GRAVADAS?|GRAVADO|TOTAL\s+NETO)\b/;
/**
 * 'TOTAL INCL. GST', 'Total (Inclusive of GST)': the total; 'TOTAL INCLUDES 6% GST 0.48', 'TOTAL GST': the tax. A
 * recogniser without accents reads an I as an l or a 1 ('lnclusive', 'INCLUSLVE') and spells a tax's letters apart ('G S T').
 */
const TOTAL_WITH_TAX = /\bTOTAL\b.*\b[IL1]NCL(\.|US[IL1]VE|UD[IL1]NG|UYE)?\b(?!.*\bINCLUDES\b)|\b[IL1]NCLUS[IL1]VE\s+OF\s+(GST|SST|TAX|VAT)\b|\bIVA\s+INCL/;
/** A restaurant's service charge ('10% SRV CHG 8.78', 'Service Charge 10%'): part of the bill, unlike a suggested tip. */
const SERVICE_CHARGE = /\b(SERVICE\s+CHA?R?GE?|SERV\.?\s+CHR?G|SRV\.?\s+CHR?G|SVC\.?\s+CHR?G|SVC\.?\s+CHARGE|S\/CHARGE)\b/;
/** A tax line that says the tax is in the amounts already: 'INC 6% GST', 'INCL. GST', 'GST 6% INCLUDED', 'GST(INCLUDED)'. */
const INCLUDED_TAX = /^\W*[IL1]NC(L|LUDED|LUSIVE)?\b|\bINCLUDED\b|\b[IL1]NCLUS[IL1]VE\b/;
const TAX = /\b(IVA|I\.V\.A\.?|IGV|VAT|GST|SST|G\sS\sT|S\sS\sT|TAX|TAZ|SALES\s+TAX|ICMS|TRIBUTOS|IMPUESTOS?)\b/;
const STRONG_TOTAL =
  /\b(TOTAL\s*A\s*PAGAR|MONTO\s*A\s*PAGAR|VALOR\s*A\s*PAGAR|IMPORTE\s*A\s*PAGAR|A\s*PAGAR|MONTO\s+TOTAL|IMPORTE\s+TOTAL|VALOR\s+TOTAL|GRAND\s+TOTAL|AMOUNT\s+DUE|AMT\.?\s+DUE|TOTAL\s+DUE|TOTAL\s+(AMT\.?\s+)?PAYABLE|(NETT?\s+)?AMOUNT\s+PAYABLE|(AMOUNT|AMT\.?|TOTAL)\s+TO\s+(BE\s+PAID|PAY)|NETT?\s+TOTAL|TOTAL\s+ROUNDED|ROUNDED\s+TOTAL|TOTAL\s+GENERAL|TOTAL\s+CARGOS|TARIFA|TOTAL\s+PAGADO|TOTAL\s+DEL\s+VIAJE|TOTAL\s+VIAJE)\b/;
const TOTAL = /\bTOTAL\b/;
/** An English till's 'NET AMT' / 'NETT AMOUNT' is what is paid, tax included (a Spanish NETO is before the IVA). */
const NET_AMOUNT = /\bNETT?\s+(AMT|AMOUNT)\b/;
/** An English till's short labels: 'DUE 7.50' is the total, 'PAY 20.00' and 'PAYMENT : 50.00' what was handed over. */
const DUE_LINE = /^[*\s]*DUE\b/;
const PAYMENT_LINE = /^[*\s]*(PAY|PAYMENT)\b(?!\s+(BY|METHOD|MODE|TYPE)\b)/;
/**
 * A label that starts a line and names the amount without saying total: parking and toll tickets ('VALOR $2.500',
 * '*AMT RM' above '1.00').
 */
const WEAK_TOTAL = /^[*#\s]*(VALOR|MONTO|IMPORTE|PRECIO|AMOUNT|AMT|COBRO|PAGO|PAGAR|TARIFA|FARE|VALOR\s+COBRADO|MONTO\s+COBRADO)\b/;
/** Lines whose numbers are not money (ids, phones, documents' numbers, laws), a RUT glued to its label too ('RUT6129.814-2'). */
const NOT_MONEY_LINE = /\b(LEI|LEY|RECIBO|FACTURA|FONO|TEL|TELEFONO|RUT|R\.U\.T|RUC|CUIT|CNPJ|CPF|NIT|FOLIO|N[°º]|NRO|FECHA|HORA|CAJA|CAJERO|TERMINAL|AUTORIZACION|COD|CODIGO|LOCAL|SUCURSAL|RESOLUCION|RES\.|PATENTE|BOLETA|TICKET)\b|\bR\.?U\.?T(?=\d)/;

/** Role of a line from its words (folded), or null when it names no money. */
/** Registration numbers next to a tax's name ('GST No. : 000584089600', 'GST ID', 'SST REG'). */
const TAX_REGISTRATION = /\b(GST|SST|TAX|VAT|IVA)\s*(\/\s*TA[XZ]\s*)?(REG\w*|ID|NO\b|NO\.|NUMBER|#|1D)|\bCO\.?\s*REG|\bCOMPANY\s+REG/;

/** A document's number under a title that starts with CASH ('CASH SALES NO. : CS-19204', 'CASH BILL NO'): no tender. */
const CASH_DOCUMENT = /\bCASH\s+(SALES?|BILL|INV(OICE)?|RECEIPT|MEMO)\s*(NO\b|NO\.|#|NUM)/;
/**
 * A tax summary's heading ('GST SUMMARY AMOUNT(RM) TAX(RM)') names no amount of its own, and its rows ('SR:INCLUSIVE OF
 * GST @6% 23.58 1.42': a rate, the amount taxed, then the tax) end in the tax.
 */
const TAX_SUMMARY_HEADING = /\b(GST|SST|TAX|VAT)\s+SUMMARY\b/;
const TAX_SUMMARY_ROW = /@\s*\d+(\.\d+)?\s*%.*\d[.,]\d{2}\s+-?\d+[.,]\d{2}\s*$/;

export function moneyRole(l: string): MoneyRole | null {
  if (COUNT_LINE.test(l) && !STRONG_TOTAL.test(l)) return null;
  if (TAX_REGISTRATION.test(l) || CASH_DOCUMENT.test(l) || TAX_SUMMARY_HEADING.test(l) || FARE_PART.test(l)) return null;
  if (TAX_SUMMARY_ROW.test(l) && TAX.test(l)) return 'tax';
  if (TIP.test(l)) return TOTAL.test(l) || /\bCON\b|\+/.test(l) ? 'tipTotal' : 'tip';
  // A bill's total with the tip, its PROPINA garbled ('TOTAL CON POPA $52.864').
  if (/\bTOTAL\s*CON\s*P[A-Z]{2,}/.test(l)) return 'tipTotal';
  if (BALANCE.test(l)) return 'balance';
  if (CHANGE.test(l) && !/\bCAMBIO\s+DE\b/.test(l)) return 'change';
  if (ROUNDING.test(l) && !/\bTOTAL\s+ROUNDED|ROUNDED\s+TOTAL/.test(l)) return 'rounding';
  if (DISCOUNT.test(l)) return 'discount';
  if (SUBTOTAL.test(l)) return 'subtotal';
  if (STRONG_TOTAL.test(l) || TOTAL_WITH_TAX.test(l)) return 'strong';
  if (CASH.test(l) || PAYMENT_LINE.test(l)) return 'cash';
  if (NET.test(l)) return 'net';
  if (SERVICE_CHARGE.test(l) && !TOTAL.test(l)) return 'service';
  if (TAX.test(l) && !/\bTAX\s+INVOICE\b/.test(l)) return 'tax';
  if (TOTAL.test(l) || DUE_LINE.test(l) || NET_AMOUNT.test(l)) return 'total';
  if (WEAK_TOTAL.test(l)) return 'weak';
  return null;
}

const UNITS: Record<string, number> = {
  CERO: 0, UN: 1, UNO: 1, UNA: 1, DOS: 2, TRES: 3, CUATRO: 4, CINCO: 5, SEIS: 6, SIETE: 7, OCHO: 8, NUEVE: 9, DIEZ: 10,
  ONCE: 11, DOCE: 12, TRECE: 13, CATORCE: 14, QUINCE: 15, DIECISEIS: 16, DIECISIETE: 17, DIECIOCHO: 18, DIECINUEVE: 19,
  VEINTE: 20, VEINTIUN: 21, VEINTIUNO: 21, VEINTIUNA: 21, VEINTIDOS: 22, VEINTITRES: 23, VEINTICUATRO: 24,
  VEINTICINCO: 25, VEINTISEIS: 26, VEINTISIETE: 27, VEINTIOCHO: 28, VEINTINUEVE: 29, TREINTA: 30, CUARENTA: 40,
  CINCUENTA: 50, SESENTA: 60, SETENTA: 70, OCHENTA: 80, NOVENTA: 90, CIEN: 100, CIENTO: 100, DOSCIENTOS: 200,
  DOSCIENTAS: 200, TRESCIENTOS: 300, TRESCIENTAS: 300, CUATROCIENTOS: 400, CUATROCIENTAS: 400, QUINIENTOS: 500,
  QUINIENTAS: 500, SEISCIENTOS: 600, SEISCIENTAS: 600, SETECIENTOS: 700, SETECIENTAS: 700, OCHOCIENTOS: 800,
  OCHOCIENTAS: 800, NOVECIENTOS: 900, NOVECIENTAS: 900,
};

const MULTIPLIERS = new Set(['MIL', 'MILLON', 'MILLONES']);
const VOCABULARY = [...Object.keys(UNITS), ...MULTIPLIERS, 'Y', 'DE'];

/** Levenshtein distance between two short words. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/** A word of five letters or more may have one letter wrong, lost or added; shorter ones must be exact. */
const tolerance = (word: string) => (word.length >= 5 ? 1 : 0);

/**
 * The number words that spell `letters` run together from each position to the end, with the fewest letters wrong (each
 * word within its tolerance): `wordsFrom(i)` answers them, or null when the letters from i cannot be read as such.
 */
function spelled(letters: string): (from: number) => string[] | null {
  const n = letters.length;
  const cost: number[] = Array(n + 1).fill(Infinity);
  const choice: Array<{ word: string; length: number } | null> = Array(n + 1).fill(null);
  cost[n] = 0;
  for (let i = n - 1; i >= 0; i--) {
    for (const word of VOCABULARY) {
      const tol = tolerance(word);
      for (let length = Math.max(1, word.length - tol); length <= word.length + tol && i + length <= n; length++) {
        if (cost[i + length] === Infinity) continue;
        const d = length === word.length && letters.startsWith(word, i) ? 0 : tol ? editDistance(letters.slice(i, i + length), word) : Infinity;
        if (d > tol || d + cost[i + length] >= cost[i]) continue;
        cost[i] = d + cost[i + length];
        choice[i] = { word, length };
      }
    }
  }
  return (from) => {
    if (cost[from] === Infinity) return null;
    const words: string[] = [];
    for (let i = from; i < n; i += choice[i]!.length) words.push(choice[i]!.word);
    return words;
  };
}

/** The value of number words, or null when they are not in the order Spanish writes them ('un doce' is none). */
function valueOfWords(words: string[]): number | null {
  const order = (v: number) => (v >= 100 ? 3 : v >= 10 ? 2 : 1);
  let total = 0;
  let current = 0;
  let last = 4;
  let afterY = false;
  let any = false;
  for (const [i, w] of words.entries()) {
    if (w === 'DE') {
      if (words[i - 1] !== 'MILLON' && words[i - 1] !== 'MILLONES') return null;
      continue;
    }
    if (w === 'Y') {
      // 'treinta y dos': only between tens and a unit.
      if (!(current % 100 >= 30 && current % 10 === 0) || afterY) return null;
      afterY = true;
      continue;
    }
    if (MULTIPLIERS.has(w)) {
      if (afterY) return null;
      total = w === 'MIL' ? total + (current || 1) * 1000 : (total + (current || 1)) * 1_000_000;
      current = 0;
      last = 4;
      any = true;
      continue;
    }
    const v = UNITS[w];
    if (order(v) >= last || (afterY && order(v) !== 1)) return null;
    current += v;
    last = v >= 10 && v < 30 ? 1 : order(v);
    afterY = false;
    any = true;
  }
  if (afterY) return null;
  const value = total + current;
  return any && value > 0 ? value : null;
}

/**
 * An amount written in Spanish words ('son: doce mil quinientos pesos', 'la suma de treinta y dos mil pesos') → 12500,
 * 32000; null when the text holds no such phrase. Only a run of number words that ends in PESOS counts. A hand's words
 * as a line recogniser reads them are split, glued and a letter off ('Ciento nowentay cua tro milpesos'): the letters
 * before PESOS (on its line and the line above) are read as number words run together, each word of five letters or
 * more allowed one letter wrong, from the earliest start of a word where they all read, in the order Spanish writes
 * numbers.
 */
export function amountInWords(text: string): number | null {
  const lines = fold(text).split('\n');
  for (const [i, line] of lines.entries()) {
    for (const m of line.matchAll(/PESOS\b/g)) {
      const before = `${lines[i - 1] ?? ''} ${line.slice(0, m.index)}`.slice(-120);
      const letters = before.replace(/[^A-Z]/g, '');
      // Where a word begins in the text: after anything that is not a letter.
      const starts = new Set<number>();
      let k = 0;
      for (const [j, ch] of [...before].entries()) {
        if (!/[A-Z]/.test(ch)) continue;
        if (j === 0 || !/[A-Z]/.test(before[j - 1])) starts.add(k);
        k++;
      }
      const wordsFrom = spelled(letters);
      for (let at = 0; at < letters.length; at++) {
        if (!starts.has(at)) continue;
        const words = wordsFrom(at);
        if (!words || words[0] === 'Y' || words[0] === 'DE') continue;
        const value = valueOfWords(words);
        if (value !== null) return value;
      }
    }
  }
  return null;
}

export interface MoneyFields {
  amount: number | null;
  /** The currency the amounts were read in (`currencyFor`'s answer). */
  currency: string;
  amountSource: 'label' | 'derived' | 'largest' | null;
  currencySymbol: string | null;
  /** The labelled total as written ('45.75', '11.400,13'), before it is read in a currency's convention. */
  totalRaw: string | null;
  netAmount: number | null;
  taxAmount: number | null;
  /**
   * How many independent checks agree with the chosen total (items of arithmetic: subtotal + tax, cash − change,
   * net × 1.19, the items' sum, the amount in words, the same total printed twice): 0 when the total stands alone.
   */
  agreement: number;
  /** The total was not printed as such but worked out from the other amounts (cash − change, subtotal + tax). */
  derived: boolean;
  /** How strongly the chosen total's line names it: 3 TOTAL A PAGAR and the like, 2 TOTAL, 1 VALOR/TARIFA, 0 derived. */
  labelScore: number;
}

/** A line that holds only an amount: symbols and codes aside, and a peso sign read as an S ('S45.881'). */
function amountOnly(line: string | undefined): boolean {
  const bare = fold(line ?? '').replace(/US\$|R\$|S\/|USD|EUR|CLP|PEN|BRL|RM|MYR/g, '').replace(PESO_READ_AS_S, '$1');
  return line !== undefined && /^[^A-Za-z]*\d[^A-Za-z]*$/.test(bare);
}

/** What a label line's own text says, with an S glued before the only digits read as the peso sign ('PROPINA 15% S603'). */
function ownValue(line: string): FoundAmount | null {
  const own = amountsInLine(line);
  if (own.length) return own[own.length - 1];
  const signed = amountsInLine(line.replace(/(^|[\s:])S(?=\d{2,}(?![\d.,]?\d)(?!.*\d))/, '$1$'));
  return signed.length ? signed[signed.length - 1] : null;
}

/**
 * Whether the recogniser returned a column of amounts each above its label ('$26.214' / 'IVA 19%' / '$164.184' /
 * 'TOTAL'): more label lines without an amount of their own have an amount-only line above them only than below them
 * only.
 */
function amountsAboveLabels(lines: string[], folded: string[]): boolean {
  let above = 0;
  let below = 0;
  folded.forEach((l, i) => {
    if (!moneyRole(l) || ownValue(lines[i])) return;
    const before = amountOnly(lines[i - 1]);
    const after = amountOnly(lines[i + 1]);
    if (before && !after) above++;
    if (after && !before) below++;
  });
  return above > below;
}

/**
 * Value for the line at `i`, or the next line when the label stands alone (the line above where the page's amounts
 * stand above their labels).
 */
function valueAt(lines: string[], i: number, above = false): FoundAmount | null {
  const own = ownValue(lines[i]);
  if (own) return own;
  const near = (line: string | undefined) => {
    if (line === undefined || !amountOnly(line)) return null;
    // A handwritten amount alone on its line, its thousands split by a space ('12.0 00').
    const found = amountsInLine(/^\s*\d{1,3}(?:[.,]\s?\d(?:\s?\d){2})+\s*$/.test(line) ? line.replace(/\s/g, '') : line);
    return found.length ? found[found.length - 1] : null;
  };
  // A label whose own amount the print broke ('TOTAL 54L.060') does not take the next line's number.
  if (/\d[.,]?[A-Za-z]?[.,]\d{3}\s*$/.test(lines[i])) return null;
  // The amount on the line above, where the page's amounts stand above their labels.
  if (above) return near(lines[i - 1]);
  // The next line holds only the amount ('Total' / 'S45.881'); or a label that waits for its amount ('Valor $:') is
  // under a line holding only a handwritten one, which the recogniser returned first.
  return near(lines[i + 1]) ?? (/[:$]\s*$/.test(lines[i]) ? near(lines[i - 1]) : null);
}

/**
 * A payment table's heading ('FORMA PAGAMENTO  VALOR PAGO R$', 'FORMA DE PAGO  MONTO') with no amount of its own: what
 * was paid is on the next line, after the means of payment ('PIX  949,37', 'Cartao de Credito 50,00').
 */
function paidBelow(lines: string[], folded: string[], i: number): FoundAmount | null {
  const next = folded[i + 1];
  if (next === undefined || moneyRole(next) || !/^[A-Z][A-Z ./-]{1,30}\s[^A-Z]*$/.test(next)) return null;
  const found = amountsInLine(lines[i + 1]);
  return found.length === 1 ? found[0] : null;
}

interface Labelled {
  role: MoneyRole;
  index: number;
  found: FoundAmount;
  value: number;
}

const LABEL_SCORE: Partial<Record<MoneyRole, number>> = { strong: 3, total: 2, weak: 1, words: 1 };

/** Two values the same to the cent (whole units: to the unit). */
function same(a: number, b: number, whole: boolean): boolean {
  return Math.abs(a - b) < (whole ? 0.5 : 0.005);
}

/**
 * A car park's charge by the minute (Chile bills parking by the minute): the rate ('VALOR MINUTO $29') times the time
 * parked ('TIEMPO: 3 h 15 min'), in pesos; null unless both are printed. OCR's 0 for O and S for $ are read through.
 */
export function parkingCharge(folded: string[]): number | null {
  let rate: number | null = null;
  let minutes: number | null = null;
  for (const l of folded) {
    const r = l.match(/\bVAL[O0]R\W{0,2}MINUT[O0]S?\W{0,3}[S$]?\s*(\d{1,3})(?![\d.,])/) ?? l.match(/\b(?:POR|X)\s+MINUT[O0]\W{0,3}[S$]?\s*(\d{1,3})(?![\d.,])/);
    if (r && rate === null) rate = Number(r[1]);
    // TIEMPO, its I perhaps lost, the minutes perhaps without MIN or with its M read as 1 ('TEMP0.2h55', '2 h 38 1n').
    // A minutes' 0 read as O ('1 h 5O min').
    const t = /\bTI?EMP/.test(l) ? l.replace(/(?<=\d)O|O(?=\d)/g, '0').match(/(\d{1,2})\s*H(?:RS?|ORAS?)?\W{0,2}(\d{1,2})\s*(?:M|1?N\b|IN\b|$)/) : null;
    if (t && minutes === null && Number(t[2]) < 60) minutes = Number(t[1]) * 60 + Number(t[2]);
  }
  return rate && minutes ? rate * minutes : null;
}

/** The share a tip line prints of what was consumed ('PROPINA SUGERIDA 10%', 'Propina (10)', 'P D 15'), in percent. */
function tipShare(line: string, raw: string): number | null {
  // The % may be read as an H ('PROPINA SUGERIDA 10H').
  const m = line.replace(raw, ' ').match(/(?:^|[\s(])(5|10|12|15|18|20|25)\s*(?=[%H]|\)|\s|$)/);
  return m ? Number(m[1]) : null;
}

/** The tip is the share its line prints of `base`, rounded to the peso (or the cent). */
function fitsShare(tip: Labelled, base: number, lines: string[], whole: boolean): boolean {
  const share = tipShare(lines[tip.index], tip.found.raw);
  return share !== null && base > 0 && Math.abs((base * share) / 100 - tip.value) <= (whole ? 1 : 0.01);
}

/** b is a one-digit misreading of a (same number of digits, one differs): '28.70' for '28.90'. */
function oneDigitApart(a: number, b: number): boolean {
  const x = a.toFixed(2);
  const y = b.toFixed(2);
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) diff++;
  return diff === 1;
}

/** The printed amount is v with its peso sign read as a digit before it ('A PAGAR 34.580' for $4.580). */
function signReadAsDigit(raw: string, v: number): boolean {
  const digits = raw.replace(/\D/g, '');
  return digits.length >= 4 && Number(digits.slice(1)) === v;
}

/** The printed amount is v less its first digit, read as a letter and dropped ('TOTAL SA.437' for $8.437). */
function leadingDigitLost(raw: string, v: number): boolean {
  const digits = raw.replace(/\D/g, '');
  const whole = String(v);
  return digits.length >= 3 && whole.length === digits.length + 1 && whole.endsWith(digits);
}

/** 'qty x price' at the start of an item line ('2 x 1.110 2.220', '1UNX8,24 8,24', '3 UN X 6,25 18,75'). */
const QUANTITY_TIMES = /^\s*(\d{1,3})\s*(?:UN|UND|UNID|PCS?)?\s*[X×*]\s*/i;

/**
 * The sum of the items, or null when the item lines cannot be added up with confidence. Items are the lines above the
 * first subtotal or total that name no money and no document data (RUT, FECHA, FOLIO…), each counted by its last
 * amount. Only amounts written as money count: a symbol, or the currency's own form (a thousands point for pesos,
 * two decimals otherwise), so that product codes and quantities stay out. A line 'qty x price amount' whose product
 * does not match its amount was misread somewhere: nothing is added up then. At least two items.
 */
export function itemsSum(lines: string[], folded: string[], currency: string): number | null {
  const whole = isWholeUnit(currency);
  const roles = folded.map(moneyRole);
  const end = roles.findIndex((r) => r === 'strong' || r === 'total' || r === 'subtotal' || r === 'net');
  if (end < 0) return null;
  const moneyShaped = (f: FoundAmount) => !f.raw.startsWith('-') && (f.symbol !== null || (whole ? /^\d{1,3}(?:\.\d{3})+$/.test(f.raw) : /[.,]\d{2}$/.test(f.raw)));
  let sum = 0;
  let count = 0;
  for (let i = 0; i < end; i++) {
    if (roles[i] || NOT_MONEY_LINE.test(folded[i])) continue;
    const found = amountsInLine(lines[i]);
    const last = found[found.length - 1];
    if (!last || !moneyShaped(last)) continue;
    const value = parseAmount(last.raw, currency);
    if (value === null || value <= 0) continue;
    const quantity = QUANTITY_TIMES.exec(lines[i]);
    if (quantity && found.length >= 2) {
      const price = parseAmount(found[found.length - 2].raw, currency);
      if (price === null || !same(Number(quantity[1]) * price, value, whole)) return null;
    }
    sum += value;
    count++;
  }
  return count >= 2 ? Math.round(sum * 100) / 100 : null;
}

/**
 * Total, neto and tax. The total is the candidate that agrees with the rest of the receipt: each labelled amount
 * (TOTAL A PAGAR, TOTAL, TARIFA, VALOR…) scores by its label, then gains for every check that holds — subtotal + tax
 * (+ rounding) = total, subtotal − discount = total, cash − change = total, net × 1.19 = total (Chile), the items'
 * sum, the amount in words, the same total printed twice. Amounts the arithmetic gives but no line prints as a total
 * (cash − change with a total OCR could not read) compete too, and win only with the checks on their side.
 * `currencyFor` resolves the currency from the total's symbol and raw text (the caller knows tax ids and context) so
 * that '12.990' is read in the right convention.
 */
export function findMoney(lines: string[], currencyFor: (symbol: string | null, totalRaw: string | null) => string): MoneyFields {
  const asRead = moneyByLayout(lines, currencyFor);
  // Thermal print's '$' read as a 5 ('TOTAL 527.940' for '$27.940', 'IVA 54461'), often on every amount. On a peso
  // receipt the amounts read again without that 5 are a second hypothesis, taken only when its arithmetic holds better
  // than the first's.
  if (asRead.currency !== 'CLP') return asRead;
  const unsigned = lines.map((line) => line.replace(SIGN_READ_AS_5, '$1'));
  if (unsigned.every((line, i) => line === lines[i])) return asRead;
  const signRead = moneyByLayout(unsigned, currencyFor);
  return signRead.amount !== null && holdsBetter(signRead, asRead) ? signRead : asRead;
}

/**
 * Better arithmetic, or as good and printed as a total where the first reading only worked its total out. A total the
 * second reading only works out, with one check on its side (a card payment equal to it), does not overturn a printed
 * total ('MONTO TOTAL 10.900', 'REDCOMPRA 510.000' read again as 10.000).
 */
function holdsBetter(second: MoneyFields, first: MoneyFields): boolean {
  const weak = second.derived && second.agreement <= 1 && first.labelScore > 0 && !first.derived;
  return (second.agreement > first.agreement && !weak) || (second.agreement === first.agreement && second.agreement > 0 && first.derived && !second.derived);
}

/**
 * The money read with each label's amount on its line or the next, or, where the recogniser seems to have returned the
 * amounts above their labels ('$26.214' / 'IVA 19%' / '$164.184' / 'TOTAL'), on the line above: that second reading
 * only when its arithmetic holds better ('4.400' above 'MONTO TOTAL' is an item's amount when nothing confirms it).
 */
function moneyByLayout(lines: string[], currencyFor: (symbol: string | null, totalRaw: string | null) => string): MoneyFields {
  const folded = lines.map((l) => readLabels(fold(l)));
  const below = moneyIn(lines, folded, currencyFor, false);
  if (!amountsAboveLabels(lines, folded)) return below;
  const above = moneyIn(lines, folded, currencyFor, true);
  return above.amount !== null && holdsBetter(above, below) ? above : below;
}

/** A 5 standing where the '$' was: before a grouped peso amount or a bare one of four or five digits, not after a '$'. */
const SIGN_READ_AS_5 = /(^|[\s:-])(?<!\$\s)5(?=[1-9]\d{0,2}(?:\.\d{3})+(?![\d.,]?\d)|[1-9]\d{3,4}(?![\d.,]))/g;

/**
 * TOTAL as a thin-stroked font comes out of OCR: its T read as I, 1 or 7 and its O as U, 0, D or G ('IUIAL', 'SUBIUIAL', 'MONTOTGTAL'),
 * the C of CASH as an L ('LASH'). Only these shapes, on the money lines' labels.
 */
function readLabels(l: string): string {
  return l
    .replace(/\b(SUB\s?-?\s?|MONTO\s?)?[T17I][O0UDQG][T17I][A4][L1I]\b/g, (_, sub: string | undefined) => `${sub?.startsWith('MONTO') ? 'MONTO ' : (sub ?? '')}TOTAL`)
    .replace(/^LASH\b/, 'CASH')
    // SUBTOTAL with its B read as E or 8 ('SUETOTAL $46.800').
    .replace(/\bSU[E8]\s?TOTAL\b/g, 'SUBTOTAL')
    // A peso sign glued to the label before its colon ('ValorS: 32000').
    .replace(/^(VALOR|MONTO|TARIFA)S(?=\s*:)/, '$1 $');
}

/** The money of `lines` (`folded`: the same lines folded, their labels read through OCR's faults). */
function moneyIn(lines: string[], folded: string[], currencyFor: (symbol: string | null, totalRaw: string | null) => string, above: boolean): MoneyFields {
  const roles: Array<{ role: MoneyRole; index: number; found: FoundAmount }> = [];
  folded.forEach((l, i) => {
    const role = moneyRole(l);
    if (!role) return;
    const found = valueAt(lines, i, above) ?? (role === 'cash' && !above ? paidBelow(lines, folded, i) : null);
    if (found) roles.push({ role, index: i, found });
  });
  // The currency is settled with the best-labelled total's symbol before any amount is read.
  const labelledTotals = roles.filter((r) => LABEL_SCORE[r.role] && r.role !== 'weak');
  const first = labelledTotals.find((r) => r.role === 'strong') ?? labelledTotals[labelledTotals.length - 1] ?? roles.find((r) => r.role === 'weak') ?? null;
  const anySymbol = labelledTotals.map((r) => (r.found.symbol ? currencyFromSymbols(r.found.symbol) : null)).find((c) => c) ?? null;
  const totalRaw = first?.found.raw ?? null;
  const currency = currencyFor(anySymbol, totalRaw);
  const whole = isWholeUnit(currency);

  // A cents currency whose amounts mostly show their cents: a total printed as bare digits lost its point in OCR.
  const withCents = roles.filter((r) => /[.,]\d{2}$/.test(r.found.raw)).length;
  const lostPoint = !whole && withCents >= 3 && withCents >= roles.length * 0.6;
  const all: Labelled[] = [];
  for (const r of roles) {
    // A number with leading zeros, or of seven bare digits where amounts show cents, is an id ('GST : 002008047616').
    if (/^0\d{3,}$/.test(r.found.raw) || (!whole && /^\d{7,}$/.test(r.found.raw))) continue;
    // Cents printed without their zero ('Rounding Adjustment RM .01', 'CHANGE .00') are read as bare digits.
    const centsOnly = !whole && /^\d{2}$/.test(r.found.raw) && new RegExp(`(?<![\\d.,])[.,]${r.found.raw}(?![\\d.,])`).test(lines[r.index]);
    const value = centsOnly ? Number(r.found.raw) / 100 : lostPoint && /^\d{3,5}$/.test(r.found.raw) ? Number(r.found.raw) / 100 : parseAmount(r.found.raw, currency);
    if (value !== null) all.push({ ...r, value });
  }
  const of = (role: MoneyRole) => all.filter((r) => r.role === role);
  const positive = (xs: Labelled[]) => xs.filter((x) => x.value > 0);
  const subtotals = positive([...of('subtotal'), ...of('net')]);
  const taxes = positive(of('tax'));
  // A tax the till says is already in the amounts ('INC 6% GST 1.62' under 'SUBTOTAL 28.70', 'GST 6% INCLUDED') adds
  // nothing to them: no subtotal + tax is worked out from it.
  const addedTaxes = taxes.filter((t) => !INCLUDED_TAX.test(folded[t.index]));
  const roundings = of('rounding').filter((r) => Math.abs(r.value) < (whole ? 50 : 1) && r.value !== 0);
  // Some tills print the cash handed over as a negative tender ('CASH -30.70').
  const cash = positive(of('cash').map((x) => ({ ...x, value: Math.abs(x.value) })));
  const changes = of('change').filter((r) => r.value >= 0);
  const discounts = positive(of('discount')).map((d) => ({ ...d, value: Math.abs(d.value) }));
  const tips = positive(of('tip'));
  const services = positive(of('service'));
  // What a service charge adds to a subtotal (nothing where the receipt prints none).
  const serviceAdds = services.length ? services.map((x) => x.value) : [0];
  // A rounding whose label is not printed: an amount alone on its line between two totals, their difference
  // ('TOTAL: 102.39' / '0.01' / 'TOTAL 102.40').
  if (!whole) {
    const totals = all.filter((r) => LABEL_SCORE[r.role] && r.role !== 'weak');
    for (const [k, a] of totals.entries()) {
      const b = totals[k + 1];
      if (!b || b.index - a.index > 3 || same(a.value, b.value, whole)) continue;
      for (let i = a.index + 1; i < b.index; i++) {
        if (moneyRole(folded[i]) || !amountOnly(lines[i])) continue;
        const found = amountsInLine(lines[i]).at(-1);
        const value = found ? parseAmount(found.raw, currency) : null;
        if (found && value !== null && value > 0 && value < 0.05 && same(a.value + value, b.value, whole)) roundings.push({ role: 'rounding', index: i, found, value });
      }
    }
  }
  // A tip line whose label OCR garbled ('P D 15 54.901' for 'PROPINA 15% $4.901'): on a peso receipt, an unlabelled
  // amount between two printed totals that is exactly their difference and the share printed on its line of the first.
  if (currency === 'CLP') {
    const before = all.filter((r) => LABEL_SCORE[r.role] || r.role === 'subtotal');
    const after = all.filter((r) => LABEL_SCORE[r.role]);
    folded.forEach((l, i) => {
      if (moneyRole(l) || NOT_MONEY_LINE.test(l)) return;
      const found = valueAt(lines, i, above);
      const value = found ? parseAmount(found.raw, currency) : null;
      if (!found || !value) return;
      const tip: Labelled = { role: 'tip', index: i, found, value };
      const isTip = before.some((a) => a.index < i && fitsShare(tip, a.value, lines, true) && after.some((b) => b.index > i && same(a.value + value, b.value, true)));
      if (isTip) tips.push(tip);
    });
  }
  const words = amountInWords(lines.join('\n'));
  const items = itemsSum(lines, folded, currency);

  // Candidates: every labelled total, and what the arithmetic gives.
  const candidates = new Map<string, { value: number; base: number; index: number; derivedFrom: number; found: FoundAmount | null }>();
  const key = (v: number) => (whole ? Math.round(v) : Math.round(v * 100)).toString();
  const add = (value: number, base: number, index: number, found: FoundAmount | null, derived: boolean) => {
    if (!(value > 0)) return;
    const k = key(value);
    const c = candidates.get(k);
    if (!c) candidates.set(k, { value, base, index, derivedFrom: derived ? 1 : 0, found });
    else {
      if (base > c.base || (base === c.base && !derived && index > c.index)) {
        c.base = base;
        c.index = index;
        c.found = found ?? c.found;
      }
      if (derived) c.derivedFrom++;
    }
  };
  for (const r of all) {
    const base = LABEL_SCORE[r.role];
    // A total printed after the rounding line is the rounded one, the amount paid.
    if (base) add(r.value, base + (roundings.some((x) => x.index < r.index) && r.role !== 'weak' ? 0.5 : 0), r.index, r.found, false);
    // So is an amount too large to be an adjustment under a rounding label after one ('Rounding Adjustment .01', then
    // 'Rounding RM 45.35').
    else if (r.role === 'rounding' && !roundings.includes(r) && roundings.some((x) => x.index < r.index)) add(r.value, (LABEL_SCORE.total ?? 0) + 0.5, r.index, r.found, false);
  }
  for (const c of cash) for (const k of changes) if (k.value > 0 && k.index > c.index - 3) add(c.value - k.value, 0, k.index, null, true);
  // A pre-bill's total less its suggested tip, when that amount is printed somewhere (under a label OCR garbled).
  // Written as money (a symbol or a thousands point), on a line that is no address, phone or id: 'AV. PAJARITOS 1800' is not.
  const printedAnywhere = lines
    .filter((line, i) => !NOT_MONEY_LINE.test(folded[i]) && !/\b(AV|AVDA|AVENIDA|CALLE|PASAJE)\b/.test(folded[i]))
    .flatMap((line) => amountsInLine(line).filter((f) => f.symbol || /[.,]\d/.test(f.raw)))
    .map((f) => parseAmount(f.raw, currency) ?? NaN);
  const printedLess = (v: number, tip: Labelled) => printedAnywhere.some((p) => same(p, v - tip.value, whole));
  const consumed = (v: number) => tips.some((t) => printedLess(v, t));
  // Or when the tip is the share its line prints of what is left ('Propina (10) $4.171' under 'Total $45.881': $41.710
  // consumed, whatever OCR made of the consumption's own line).
  const tipOf = (v: number) => tips.some((t) => fitsShare(t, v - t.value, lines, whole));
  // A tip line whose amount is unreadable ('PROPINA SUGERIDA 10H J4.600') still prints its share: a printed total that
  // is a subtotal plus that share of it (its '$' perhaps read as a 5) is the pre-bill's grand total, and the subtotal
  // what was consumed.
  const shares = folded.flatMap((l, i) => (moneyRole(l) === 'tip' ? [tipShare(lines[i], valueAt(lines, i, above)?.raw ?? '')] : [])).filter((x) => x !== null);
  const grandTotal = (x: Labelled, consumed: number) =>
    shares.some((p) => {
      const g = whole ? Math.round((consumed * (100 + p)) / 100) : Math.round(consumed * (100 + p)) / 100;
      return same(x.value, g, whole) || (whole && signReadAsDigit(x.found.raw, g));
    });
  for (const x of all.filter((r) => LABEL_SCORE[r.role])) for (const t of tips) if (printedLess(x.value, t) || fitsShare(t, x.value - t.value, lines, whole)) add(x.value - t.value, 0, t.index, null, true);
  for (const s of subtotals) {
    for (const t of addedTaxes) {
      add(s.value + t.value, 0, t.index, null, true);
      for (const r of roundings) add(s.value + t.value + r.value, 0, r.index, null, true);
      // A service charge comes before the tax: subtotal + service + tax (+ rounding).
      for (const v of services) {
        add(s.value + v.value + t.value, 0, Math.max(t.index, v.index), null, true);
        for (const r of roundings) add(s.value + v.value + t.value + r.value, 0, r.index, null, true);
      }
    }
    for (const v of services) add(s.value + v.value, 0, v.index, null, true);
    for (const d of discounts) add(s.value - d.value, 0, d.index, null, true);
  }
  // Rounding lines: OCR often drops the minus, so both ways; the rounded total is what was paid.
  const rounded = (w: number, r: Labelled) => (/-/.test(r.found.raw) ? [w + r.value] : [w + r.value, w - r.value]);
  const printed = all.filter((r) => LABEL_SCORE[r.role]);
  for (const t of printed) for (const r of roundings) for (const v of rounded(t.value, r)) add(v, 0, Math.max(r.index, t.index), null, true);
  // Malaysian tax invoices list supplies per rate ('Total 0% supplies', 'Total 6% supplies (Inc. GST)'): they add up.
  for (let i = 0; i < subtotals.length; i++) for (let j = i + 1; j < subtotals.length; j++) add(subtotals[i].value + subtotals[j].value, 0, subtotals[j].index, null, true);
  // A car park's minutes times its rate, to the ten pesos cash is rounded to (either way).
  const parking = currency === 'CLP' ? parkingCharge(folded) : null;
  if (parking !== null) add(parking % 10 ? Math.round(parking / 10) * 10 : parking, 0, -1, null, true);
  // Nothing printed as a total: the subtotal or the amount paid, when something agrees with it.
  for (const x of [...subtotals, ...cash]) add(x.value, 0, x.index, null, true);
  // A factura's neto with its IVA line unreadable: the neto and its 19 % ('NETO $7.090' under a garbled 'IVA 19%').
  if (currency === 'CLP' && !taxes.length) for (const n of positive(of('net'))) add(Math.round(n.value * 1.19), 0, n.index, null, true);
  // A cents currency read without its point ('TOTAL 685' for 6.85, '5143' for 51.43).
  if (!whole) for (const t of printed) if (/^\d{3,5}$/.test(t.found.raw)) add(Number(t.found.raw) / 100, 0, t.index, null, true);
  // The amount in words is a candidate only when digits somewhere say the same (it confirms them, it does not replace them),
  // or all but one of the same number of digits: a hand's digit misread ('191.000.-' under 'ciento noventa y cuatro mil
  // pesos'), where the words are what the recibo says. A handwritten amount's digits split by a space ('$ 11 5.000=')
  // are read joined too.
  const nearly = (v: number, w: number) => same(v, w, whole) || (whole && Number.isFinite(v) && oneDigitApart(v, w));
  const digitsAgree =
    words !== null &&
    lines.some((line) => [line, line.replace(/(\d) (?=\d)/g, '$1')].some((l) => amountsInLine(l).some((f) => nearly(parseAmount(f.raw, currency) ?? NaN, words))));
  if (words !== null && digitsAgree) add(words, 1, -1, null, false);

  const withTax = items === null ? [] : [items, ...addedTaxes.map((t) => items + t.value)].flatMap((x) => serviceAdds.map((sv) => x + sv));
  const discounted = folded.some((l) => moneyRole(l) === 'discount');
  const itemsGive = discounted ? withTax.flatMap((x) => discounts.map((d) => x - d.value)) : withTax;

  // A total rounded to the 5 cents cash is paid in, its rounding line not printed ('TOTAL 269.40' for 269.41).
  const cashRounding = (exact: number, v: number) => !whole && Math.round(v * 100) % 5 === 0 && Math.abs(exact - v) < 0.025 && !same(exact, v, whole);
  let best: { value: number; score: number; index: number; found: FoundAmount | null; agreement: number; derived: boolean; base: number } | null = null;
  const totalsPrinted = all.filter((r) => LABEL_SCORE[r.role]);
  for (const c of candidates.values()) {
    const v = c.value;
    let agreement = 0;
    if (cash.some((x) => changes.some((k) => k.value > 0 && same(x.value - k.value, v, whole)))) agreement++;
    else if (cash.some((x) => same(x.value, v, whole)) && !changes.some((k) => k.value > 0)) agreement++;
    if (subtotals.some((s) => addedTaxes.some((t) => serviceAdds.some((sv) => same(s.value + sv + t.value, v, whole) || (c.base > 0 && cashRounding(s.value + sv + t.value, v)) || roundings.some((r) => same(s.value + sv + t.value + r.value, v, whole)))))) agreement++;
    if (subtotals.some((s) => discounts.some((d) => same(s.value - d.value, v, whole)))) agreement++;
    if (currency === 'CLP' && subtotals.some((s) => Math.abs(Math.round(s.value * 1.19) - v) <= 1) && !taxes.length) agreement++;
    if (words !== null && digitsAgree && same(words, v, whole)) agreement++;
    // The same amount under two different labels (TOTAL and TOTAL ROUNDED, SUB TOTAL (Inc GST) and TOTAL).
    const labels = new Set(all.filter((r) => ['strong', 'total', 'subtotal'].includes(r.role) && same(r.value, v, whole)).map((r) => folded[r.index].replace(/[^A-Z]/g, '')));
    if (labels.size >= 2 && !taxes.some((t) => subtotals.some((s) => same(s.value + t.value, v, whole)))) agreement++;
    if (subtotals.some((a, i) => subtotals.some((b, j) => j > i && same(a.value + b.value, v, whole)))) agreement++;
    // A total printed before a discount ('Valor total', then 'Desconto'), less the discount.
    if (totalsPrinted.some((x) => discounts.some((d) => d.index > x.index && same(x.value - d.value, v, whole)))) agreement++;
    if (parking !== null && Math.abs(v - parking) <= 5) agreement++;
    // The items add up to it, or to what it is before its tax (a factura lists its items net), its discount (the items
    // are listed at full price; a discount line whose amount is unreadable leaves nothing to check) or its rounding.
    if (items !== null && itemsGive.some((x) => (roundings.length ? roundings.some((r) => rounded(x, r).some((y) => same(y, v, whole))) : same(x, v, whole)))) agreement++;
    // What was consumed: a printed total is this plus the suggested tip, or the share the tip's line prints.
    if (tips.some((t) => totalsPrinted.some((x) => same(v + t.value, x.value, whole)))) agreement++;
    else if (subtotals.some((s) => same(s.value, v, whole)) && totalsPrinted.some((x) => grandTotal(x, v))) agreement++;
    // Or a Chilean tip line that prints no share, 10 % of it to the peso: the share the law suggests ('Prop a a $4.806'
    // under 'TOTAL $48.060').
    else if (currency === 'CLP' && tips.some((t) => tipShare(lines[t.index], t.found.raw) === null && Math.abs(Math.round(v / 10) - t.value) <= 1)) agreement++;
    // A subtotal that already includes the tax, equal to a total something else confirms.
    if (agreement > 0 && subtotals.some((x) => same(x.value, v, whole))) agreement++;
    // The rounded total: a printed total plus the rounding line gives it (it is printed after the rounding, or not at all).
    const roundedFrom = printed.some((w) => !same(w.value, v, whole) && roundings.some((r) => (c.base === 0 || c.index > r.index) && rounded(w.value, r).some((x) => same(x, v, whole))));
    // Worked out only from a printed total and a rounding line, a candidate has nothing independent on its side.
    if (c.base === 0 && agreement === 0) continue;
    // Printed after its rounding line, it is the till's last word ('TOTAL SALES INCL GST 88.97', 'ROUNDING ADJ -0.02',
    // 'TOTAL AFTER ADJ INCL GST 88.95'): it outweighs the same sum printed twice before the rounding.
    if (roundedFrom) agreement += c.base > 0 && roundings.some((r) => r.index < c.index) ? 2 : 1;
    // Or the cash rounding of a printed total with no rounding line ('TOTAL : 46.89', 'CASH 56.90', 'CHANGE DUE 10.00').
    else if (c.base === 0 && cash.some((x) => changes.some((k) => same(x.value - k.value, v, whole))) && printed.some((w) => cashRounding(w.value, v))) agreement++;
    // A total that equals a subtotal plus a suggested tip is the pre-bill's grand total, not what was consumed.
    const withTip =
      consumed(v) ||
      tipOf(v) ||
      tips.some((t) => subtotals.some((s) => same(s.value + t.value, v, whole)) || totalsPrinted.some((x) => !same(x.value, v, whole) && same(x.value + t.value, v, whole))) ||
      totalsPrinted.some((x) => same(x.value, v, whole) && subtotals.some((s) => grandTotal(x, s.value)));
    let score = c.base + 1.5 * agreement - (withTip ? 3 : 0);
    if (c.base === 0) {
      // Derived only: it needs checks on its side, and beats a printed total only when OCR misread that one.
      if (agreement < 1 || c.derivedFrom < 1) continue;
      // Not where that total is its rounding to the 5 cents cash is paid in, nor where it is that total less a rounding
      // line printed without a minus (the sign guessed the other way: 'TOTAL 42.88', 'ROUNDING 0.02' is no 42.86).
      const roundingOf = (r: Labelled) => cashRounding(v, r.value) || roundings.some((x) => !/-/.test(x.found.raw) && same(v, r.value - x.value, whole));
      if (totalsPrinted.some((r) => (oneDigitApart(v, r.value) && !roundingOf(r)) || (whole && (signReadAsDigit(r.found.raw, v) || leadingDigitLost(r.found.raw, v))) || (!whole && /^\d{3,5}$/.test(r.found.raw) && same(Number(r.found.raw) / 100, v, whole)))) score += 1.6;
    }
    // Equal scores: the larger amount (a tax or a subtotal labelled TOTAL is smaller than the total), or the printed
    // total with its rounding line, which is what was paid ('TOTAL INCL. OF GST 30.68', 'ROUNDING ADJ 0.02', 'CASH 30.70').
    const roundsBest = (b: NonNullable<typeof best>) => c.base === 0 && !b.derived && roundings.some((r) => rounded(b.value, r).some((x) => same(x, v, whole)));
    if (!best || score > best.score || (score === best.score && ((c.base > 0 && v > best.value) || roundsBest(best)))) {
      best = { value: v, score, index: c.index, found: c.found, agreement, derived: c.base === 0, base: c.base };
    }
  }

  let amount: number | null = best?.value ?? null;
  let amountSource: MoneyFields['amountSource'] = best ? (best.derived ? 'derived' : 'label') : null;
  const agreement = best?.agreement ?? 0;
  const derived = best?.derived ?? false;
  // No total read, a subtotal printed ('SUBTOTAL 25.00' over a 'NET TOTAL 25. 0' the print broke): the subtotal, a
  // better guess than the largest amount, which is the cash handed over as often as not.
  const lastSubtotal = subtotals.filter((x) => !/EXCL|NETO/.test(folded[x.index])).at(-1);
  if (amount === null && lastSubtotal) {
    amount = lastSubtotal.value;
    amountSource = 'largest';
  }
  if (amount === null) {
    // No TOTAL label: take the largest amount on a line that is not change, cash, a phone or an id. Where the page
    // prints cents, a bare whole number is a postcode, a count or a code ('51200 KL.'), not money.
    let largest: number | null = null;
    const centsPrinted = !whole && lines.some((line) => amountsInLine(line).some((f) => /[.,]\d{2}$/.test(f.raw)));
    folded.forEach((l, i) => {
      const role = moneyRole(l);
      if (role || NOT_MONEY_LINE.test(l)) return;
      for (const f of amountsInLine(lines[i])) {
        const digits = f.raw.replace(/\D/g, '');
        if (!f.symbol && !/[.,]/.test(f.raw) && (digits.length > 5 || centsPrinted)) continue; // bare long numbers are codes
        // A bare number glued to a slash is a date or a code ('3004/251027': 30/04/25 10:27), not money.
        if (!f.symbol && (lines[i].includes(`${f.raw}/`) || lines[i].includes(`/${f.raw}`))) continue;
        const v = parseAmount(f.raw, currency);
        if (v !== null && v > 0 && (largest === null || v > largest)) largest = v;
      }
    });
    if (largest !== null) {
      amount = largest;
      amountSource = 'largest';
    }
  }
  const net = of('net')[0] ?? of('subtotal').find((s) => /NETO|EXCL/.test(folded[s.index])) ?? null;
  const tax = taxes.find((t) => amount === null || t.value < amount) ?? null;
  return {
    // Sums of cents carry the float's noise (231.06 + 23.10 + 15.25 = 269.40999999999997).
    amount: amount !== null && amount > 0 ? (whole ? Math.round(amount) : Math.round(amount * 100) / 100) : null,
    amountSource: amount !== null && amount > 0 ? amountSource : null,
    currency,
    currencySymbol: anySymbol,
    totalRaw,
    netAmount: net?.value ?? null,
    taxAmount: tax?.value ?? null,
    agreement,
    derived,
    labelScore: best?.base ?? 0,
  };
}
