import type { DocumentType } from '@shared/expenses.js';
import { currencyFromSymbols, findMoney } from './amounts.js';
import { currencyFromCountry, isWholeUnit } from './currency.js';
import { findDate } from './dates.js';
import { findDocumentType, findInvoiceNumber, findTaxId } from './ids.js';
import { guessMerchant, paidFor, type ReceiptCategory } from './merchants.js';
import { fold, splitLines } from './text.js';

export type { ReceiptCategory } from './merchants.js';
export type PaymentMethod = 'efectivo' | 'tarjeta_credito' | 'tarjeta_debito' | 'transferencia';
export type FieldSource = 'text' | 'ocr' | 'guess';

export interface ParsedReceipt {
  amount: number | null;
  /** ISO 4217 code. */
  currency: string;
  /** yyyy-mm-dd */
  date: string | null;
  description: string | null;
  category: ReceiptCategory;
  documentType: DocumentType;
  invoiceNumber: string | null;
  /** Chilean RUT normalised (76123456-7) or a foreign id as written. */
  taxId: string | null;
  issuerName: string | null;
  netAmount: number | null;
  taxAmount: number | null;
  address: string | null;
  paymentMethod: PaymentMethod | null;
  /** 0..1, weighted by how many key fields were read rather than guessed. */
  confidence: number;
  /** Where each filled field came from; a field left null has no entry. */
  sources: Record<string, FieldSource>;
  /** Per filled field: how much its value can be trusted (see FieldConfidence). */
  fieldConfidence: Record<string, FieldConfidence>;
  /** How many of the bill's own sums agree with a labelled total (cash less change, neto plus IVA…); 0 otherwise. */
  amountAgreement?: number;
}

/** How far a field read from the text can be trusted: 'high' is right ≥ 98 % of the time on real receipts. */
export type FieldConfidence = 'high' | 'medium' | 'low';

export interface ParseOptions {
  source?: 'text' | 'ocr';
}

const IVA_RATE = 0.19;

/** Lines that are never the issuer's name. */
const NOT_A_NAME =
  /\b(R\.?\s?U\.?\s?T|RUC|CUIT|CNPJ|NIT|BOLETA|FACTURA|RECIBO|TICKET|RECEIPT|INVOICE|ELECTRONICA|S\.?I\.?I\.?|FOLIO|FECHA|HORA|DATE|GIRO|DIRECCION|DIR\.|CASA MATRIZ|SUCURSAL|FONO|TEL|TELEFONO|EMAIL|WWW|HTTP|TOTAL|CAJA|CAJERO|COMUNA|CIUDAD|SANTIAGO|THANK|GRACIAS|BIENVENIDO|TQ|SHOPPING\s+WITH|WELCOME|ORIGINAL|COPIA|CLIENTE|SENOR|VOUCHER|COMPROBANTE|FIRMA)\b|N[°º]|@|\bR[A-Z]?C[A-Z]?B[IL1](?:MOS)?\s*DE|\d\s*DE\s*(?:ENERO|FEBRERO|MARZO|ABRIL|MAYO|JUNIO|JULIO|AGOSTO|SEPTIEMBRE|SETIEMBRE|OCTUBRE|NOVIEMBRE|DICIEMBRE)\b|\bLA\s*(?:CANTIDAD|SUMA)\s*DE|\bPOR\s*CONCEPTO|\bRECIBO(?=DE|N)|^\W*R[A-Z]{1,5}\s?&/;
/** Legal forms that can stand alone on a name's last line: Chilean (S.A., SpA, Ltda., E.I.R.L.) and Malaysian (SDN BHD, S/B). */
const LEGAL_FORMS = String.raw`S\.?\s?A\.?|S\.?P\.?A\.?|SPA|LTDA\.?|LIMITADA|E\.?I\.?R\.?L\.?|SDN\.?\s?B[HN]D\.?|BHD\.?|BERHAD|S\/B|PLT`;
const COMPANY_SUFFIX = new RegExp(String.raw`\b(${LEGAL_FORMS}|S\.?A\.?C\.?|S\.?R\.?L\.?|INC\.?|LLC|S\.?L\.?|ME|EIRELI|ENTERPRISE|TRADING)$`);
/** A line that is only a legal form, the rest of a name printed on the line above ('SDN BHD', 'CO. (M) SDN. BHD.'). */
const LEGAL_FORM_ONLY = new RegExp(String.raw`^((CO|COMPANY)[.,]*\s*)?(\(M\)\s*)?(${LEGAL_FORMS})$`);
/** A company's registration number after its name, as Malaysian receipts print it ('99 SPEED MART S/B (S19537-X)'). */
const REGISTRATION_AFTER_NAME = /\s*\((?:CO\.?\s*(?:REG\.?\s*)?NO\.?\s*:?\s*)?[A-Z]{0,3}\d{3,}[-\s]?[A-Z]\)\s*$/;
const NAME_LABEL = /^(?:RAZON SOCIAL|EMISOR|NOMBRE|COMERCIO|MERCHANT)\s*[:.]\s*(.+)$/;

function findIssuerName(lines: string[]): string | null {
  for (const line of lines.slice(0, 15)) {
    const m = NAME_LABEL.exec(fold(line));
    if (m) return line.slice(line.length - m[1].length).trim();
  }
  const header = lines.slice(0, 8).map((line) => line.replace(REGISTRATION_AFTER_NAME, ''));
  const candidates = header.filter((line) => {
    const l = fold(line);
    const letters = (l.match(/[A-Z]/g) ?? []).length;
    return letters >= 3 && letters / l.replace(/\s/g, '').length > 0.6 && !NOT_A_NAME.test(l) && !/^[-=*_ ]+$/.test(l);
  });
  let withSuffix = candidates.find((line) => COMPANY_SUFFIX.test(fold(line).replace(/[,.]\s*$/, '.')));
  // A name printed over two or three lines: its legal form alone on the last ('POPULAR BOOK' / 'CO. (M) SDN BHD'), or a
  // bracket closed there that opened above ('AIK HUAT HARDWARE' / 'ENTERPRISE (SETIA' / 'ALAM) SDN BHD').
  const unclosed = (text: string) => (text.match(/\)/g) ?? []).length - (text.match(/\(/g) ?? []).length;
  for (let at = withSuffix ? header.indexOf(withSuffix) : -1, joined = 0; withSuffix && at > 0 && joined < 2; at--, joined++) {
    const before = header[at - 1];
    const name = fold(withSuffix).trim();
    if (!candidates.includes(before) || !(LEGAL_FORM_ONLY.test(name) || unclosed(withSuffix) > 0 || /^(ENTERPRISE|TRADING)\b/.test(name))) break;
    withSuffix = `${before.trim()} ${withSuffix.trim()}`;
  }
  return (withSuffix ?? candidates[0] ?? null)?.replace(/^[*\s-]+|[*\s-]+$/g, '') || null;
}

/**
 * A receipt book's form ('Recibí de', 'la cantidad de', 'por concepto de'; or, these labels misread, the amount in words
 * before PESOS), read glued or spaced. Its header is filled by hand with the payer's name; whoever signs issued it.
 */
const RECEIPT_BOOK = /\bRECIBI(?:MOS)?\s*DE|\bLA\s*(?:CANTIDAD|SUMA)\s*DE|\bPOR\s*CONCEPTO\s*DE/;
/** A RUT's line: its label (its U read as L), or its shape. */
const RUT_LINE = /\bR\.?\s?[UL]\.?\s?T|\b\d{1,2}\.?\d{3}\.?\d{3}\s?-\s?[\dK]\b/;

/** The issuer of a receipt book's recibo: the rubber stamp's name, the line above its RUT (null when none is stamped). */
function stampName(lines: string[]): string | null {
  for (let i = lines.length - 1; i > 0; i--) {
    if (!RUT_LINE.test(fold(lines[i]))) continue;
    // Digits after the name are the stamp's ink or its border, read as characters ('JARDINESDELVALLE 723').
    const name = lines[i - 1].replace(/(\s+\S*\d\S*)+\s*$/, '').trim();
    const l = fold(name);
    const letters = (l.match(/[A-Z]/g) ?? []).length;
    return letters >= 4 && letters / l.replace(/\s/g, '').length > 0.8 && !NOT_A_NAME.test(l) ? name : null;
  }
  return null;
}

// CASA MA..Z: OCR reads MATRIZ as MATIZ or MAHIZ on scans.
const ADDRESS_LABEL = /^(?:DIRECCION|DIR\.?|DOMICILIO|CASA\s+MA[A-Z]{1,4}Z|SUCURSAL|ADDRESS|ENDERECO)\s*[:.]?\s*(.+)$/;
const STREET =
  /(?:^|\s)(C\/|AV\.?|AVDA\.?|AVENIDA|CALLE|PASAJE|PJE\.?|CAMINO|RUTA|RUA|JR\.?|JIRON|GRAN VIA|PLAZA|STREET|ST\.|BLVD|BOULEVARD)\s+\S.*\d/;

/** A factura's receiver block starts with SEÑOR(ES) (OCR: 'Señortes)'), CLIENTE or RECEPTOR: the addresses below it are the customer's. */
const CUSTOMER_BLOCK = /^(SENOR|SRES?\b|SR\.?\s?\(?ES\)?|CLIENTE\b|RECEPTOR\b|CUSTOMER\b)/;

function findAddress(lines: string[]): string | null {
  const customerAt = lines.findIndex((line) => CUSTOMER_BLOCK.test(fold(line)));
  const issuerLines = customerAt >= 0 ? lines.slice(0, customerAt) : lines;
  for (const line of issuerLines) {
    const m = ADDRESS_LABEL.exec(fold(line));
    if (m) return line.slice(line.length - m[1].length).trim();
  }
  const isStreet = (line: string) => STREET.test(fold(line)) && !/\b(TOTAL|RUT|FECHA|VALOR|MONTO|PRECIO)\b|\$/.test(fold(line));
  return issuerLines.find(isStreet) ?? lines.find(isStreet) ?? null;
}

/** Words that name a document or a tax line, not how it was paid ('NOTA DE DEBITO', 'IVA CREDITO FISCAL'). */
const NOT_PAYMENT = /\bNOTA(?:S)? DE (?:DEBITO|CREDITO)\b|\bCREDITO FISCAL\b|\bDEBITO FISCAL\b/g;
/** A line that says how the receipt was paid ('FORMA DE PAGO: EFECTIVO', 'MEDIO DE PAGO', 'TIPO PAGO'). */
const PAYMENT_LABEL = /\b(?:FORMA|MEDIO|TIPO|MODO|CONDICION)(?: DE)? PAGO\b|\bPAGO(?: CON)?\s*:/;

function paymentMethodIn(text: string): PaymentMethod | null {
  const t = text.replace(NOT_PAYMENT, ' ');
  if (/\b(DEBITO|DEBIT|REDCOMPRA|MAESTRO|ELECTRON)\b|\bT(?:ARJ(?:ETA)?)?\.?\s*DEB\b/.test(t)) return 'tarjeta_debito';
  if (/\b(CREDITO|CREDIT|VISA|MASTERCARD|MASTER CARD|AMEX|AMERICAN EXPRESS|DINERS|TARJETA|CARD)\b|\bT(?:ARJ(?:ETA)?)?\.?\s*CRED\b/.test(t)) return 'tarjeta_credito';
  if (/\b(TRANSFERENCIA|TRANSFER|PIX|DEPOSITO)\b/.test(t)) return 'transferencia';
  if (/\b(EFECTIVO|CASH|VUELTO|DINHEIRO|CONTADO)\b/.test(t)) return 'efectivo';
  return null;
}

/** The labelled payment line first (a footer may list every card accepted), then the whole receipt. */
function findPaymentMethod(text: string): PaymentMethod | null {
  for (const line of text.split('\n')) {
    if (PAYMENT_LABEL.test(line)) {
      const found = paymentMethodIn(line);
      if (found) return found;
    }
  }
  return paymentMethodIn(text);
}

/** Words only a Chilean document prints. */
const CHILEAN = /\bS\.?\s?I\.?\s?I\.?\s?(?:CL)?\b|\bSII\.CL\b|\bBOLETA\s+ELECTRONICA\b|\bTIMBRE\s+ELECTRONICO\b|\bRES(?:OLUCION)?\.?\s+(?:EX\.?\s+)?(?:N[°º]\s*)?\d+\s+DE\s+\d{4}\b/;
/** Symbols and codes clear enough to override a Chilean context anywhere on the page. */
const STRONG_SYMBOL = /US\$|U\$S|\bUSD\b|\bEUR\b|€\s?\d|(?<![A-Z])R\$|\bBRL\b/;

/** English words typical of US receipts (Uber, hotels abroad) that make a bare '$' mean dollars. */
const ENGLISH = /\b(THANK YOU|TRIP|FARE|RECEIPT|AMOUNT|SUBTOTAL|TAX|TOTAL DUE|PAID WITH|YOU RODE|TIP)\b/;
/** An amount in whole units with its thousands grouped by points (7.400, 1.250.000): pesos, not dollars and cents. */
const WHOLE_GROUPED = /^\d{1,3}(?:\.\d{3})+$/;
/** A total with a decimal point and cents (45.75, 1,234.56): never pesos, where the point groups thousands. */
const DOLLAR_CENTS = /^(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2}$/;

/**
 * Reads a receipt's text (typed, pasted or OCR output) into expense fields. Pure: no I/O.
 * Every field is filled or null; `sources` says which were read from the text and which were guessed.
 */
export function parseReceiptText(text: string, opts: ParseOptions = {}): ParsedReceipt {
  const read: FieldSource = opts.source ?? 'text';
  const lines = splitLines(text ?? '');
  const folded = fold(lines.join('\n'));
  const sources: Record<string, FieldSource> = {};

  const ids = findTaxId(lines);
  const symbolAnywhere = currencyFromSymbols(folded);
  const country = currencyFromCountry(lines.join('\n'));
  const chilean = ids.mentionsRut || ids.invalidRut || CHILEAN.test(folded);

  const money = findMoney(lines, (totalSymbol, totalRaw) => resolveCurrency(totalSymbol, totalRaw).currency);
  function resolveCurrency(totalSymbol: string | null, totalRaw: string | null): { currency: string; source: FieldSource } {
    if (totalSymbol) return { currency: totalSymbol, source: read };
    // A Malaysian receipt (SDN BHD, GST, RM) is in ringgit whatever stray symbol OCR reads elsewhere.
    if (country === 'MYR' && !ids.taxId) return { currency: country, source: read };
    // A Chilean document (a valid RUT, the SII) is in pesos unless its total says otherwise: a stray symbol elsewhere
    // is OCR noise or a note ('US$ 1 = …').
    const foreignId = ids.taxId && ids.taxId.currency !== 'CLP';
    if (ids.taxId?.currency === 'CLP' || (chilean && !symbolAnywhere && !foreignId)) return { currency: 'CLP', source: read };
    // A total printed in whole units grouped by points ('7.400') is no amount of a currency with cents: such a symbol
    // elsewhere on the page ('ES $1.182' glued into 'S$1.18') does not name the total's currency.
    const wholeGrouped = totalRaw !== null && WHOLE_GROUPED.test(totalRaw);
    if (symbolAnywhere && !(chilean && !foreignId && !STRONG_SYMBOL.test(folded)) && !(wholeGrouped && !isWholeUnit(symbolAnywhere)))
      return { currency: symbolAnywhere, source: read };
    if (chilean && !foreignId) return { currency: 'CLP', source: read };
    if (ids.taxId) return { currency: ids.taxId.currency, source: read };
    if (ids.mentionsRut || ids.invalidRut) return { currency: 'CLP', source: read };
    if (country) return { currency: country, source: read };
    // English receipt with dollars and cents, with or without the '$' (US till receipts print none).
    if (ENGLISH.test(folded) && (/\$\s?\d+\.\d{2}\b/.test(folded) || (totalRaw !== null && DOLLAR_CENTS.test(totalRaw))))
      return { currency: 'USD', source: 'guess' };
    return { currency: 'CLP', source: 'guess' };
  }
  const { currency, source: currencySource } = resolveCurrency(money.currencySymbol, money.totalRaw);
  sources.currency = currencySource;

  let amount = money.amount;
  if (amount !== null) sources.amount = money.amountSource === 'label' ? read : 'guess';

  const documentTypeFound = findDocumentType(lines);
  const documentType: DocumentType = documentTypeFound ?? (currency === 'CLP' ? 'boleta' : 'recibo');
  sources.documentType = documentTypeFound ? read : 'guess';

  let netAmount = money.netAmount;
  let taxAmount = money.taxAmount;
  if (netAmount !== null) sources.netAmount = read;
  if (taxAmount !== null) sources.taxAmount = read;
  // A tax amount larger than the total is a misread (e.g. the 19 of "IVA 19%" on its own line).
  if (amount !== null && taxAmount !== null && taxAmount >= amount) {
    taxAmount = null;
    delete sources.taxAmount;
  }
  // So is a net amount larger than the total ('NETO 825270' for $25.270 under a TOTAL of $41.971).
  if (amount !== null && netAmount !== null && netAmount > amount) {
    netAmount = null;
    delete sources.netAmount;
  }
  if (amount !== null && currency === 'CLP') {
    if (netAmount !== null && taxAmount === null && netAmount < amount) {
      taxAmount = amount - netAmount;
      sources.taxAmount = 'guess';
    } else if (taxAmount !== null && netAmount === null) {
      netAmount = amount - taxAmount;
      sources.netAmount = 'guess';
    } else if (netAmount === null && taxAmount === null && documentType === 'factura') {
      netAmount = Math.round(amount / (1 + IVA_RATE));
      taxAmount = amount - netAmount;
      sources.netAmount = 'guess';
      sources.taxAmount = 'guess';
    }
  }
  if (amount === null && netAmount !== null && taxAmount !== null) {
    amount = currency === 'CLP' ? netAmount + taxAmount : Math.round((netAmount + taxAmount) * 100) / 100;
    sources.amount = 'guess';
  }

  const foundDate = findDate(lines, currency === 'USD');
  const date = foundDate?.date ?? null;
  if (date) sources.date = read;

  const invoiceNumber = findInvoiceNumber(lines);
  if (invoiceNumber) sources.invoiceNumber = read;

  const taxId = ids.taxId?.value ?? null;
  if (taxId) sources.taxId = read;

  // A receipt book's form is filled by hand below its title: its issuer is the stamp, or a name printed above the form.
  const formAt = folded.split('\n').findIndex((line) => RECEIPT_BOOK.test(line) || /[A-Z]\s*PESOS\W*$/.test(line));
  const issuerName = formAt >= 0 ? (stampName(lines) ?? findIssuerName(lines.slice(0, formAt))) : findIssuerName(lines);
  if (issuerName) sources.issuerName = read;

  const merchant = guessMerchant(issuerName ? [issuerName, ...lines.slice(0, 4)] : lines.slice(0, 4), lines);
  const category: ReceiptCategory = merchant?.category ?? 'otros';
  sources.category = merchant?.inHeader ? read : 'guess';

  // A receipt book's recibo says what was paid for ('por concepto de Reparación techumbre'): that is its description.
  const who = merchant?.brand ?? issuerName;
  const paid = paidFor(lines);
  const description = paid ?? (who ? `Compra en ${who}` : null);
  if (description) sources.description = read;

  const address = findAddress(lines);
  if (address) sources.address = read;

  const paymentMethod = findPaymentMethod(folded);
  if (paymentMethod) sources.paymentMethod = read;

  // Confidence: key fields read from the text count fully, guessed ones a little; checks that agree add a bonus.
  const weight = (field: string, w: number) => (sources[field] === read ? w : sources[field] === 'guess' ? w * 0.25 : 0);
  let confidence =
    weight('amount', 0.35) +
    weight('date', 0.2) +
    weight('currency', 0.1) +
    weight('documentType', 0.05) +
    weight('issuerName', 0.1) +
    weight('taxId', 0.1) +
    weight('category', 0.05);
  const consistent =
    amount !== null && netAmount !== null && taxAmount !== null && sources.netAmount === read && sources.taxAmount === read &&
    Math.abs(netAmount + taxAmount - amount) <= Math.max(2, amount * 0.01);
  if (consistent) confidence += 0.05;
  if (ids.invalidRut) confidence -= 0.1;
  if (opts.source === 'ocr') confidence *= 0.9;
  confidence = Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100;

  // Per-field confidence: 'high' only where something on the receipt confirms the value (arithmetic that agrees, a
  // check digit, an explicit label and an unambiguous form), 'low' where it was guessed.
  const fieldConfidence: Record<string, FieldConfidence> = {};
  const level = (field: string, high: boolean, low: boolean) => {
    if (sources[field]) fieldConfidence[field] = sources[field] === 'guess' || low ? 'low' : high ? 'high' : 'medium';
  };
  const fromText = read === 'text';
  // The amount is read in its currency's convention ('134,45' is 134 pesos or 134.45 reais): never high on a guessed
  // currency. A peso total cut off at the paper's edge ('$24.3' for $24.390) is not high either, whatever agrees.
  const cutOff = currency === 'CLP' && money.totalRaw !== null && /[.,]\d{0,2}$/.test(money.totalRaw);
  const amountConfirmed = money.amountSource === 'label' && (money.agreement >= 1 || (fromText && money.labelScore >= 3));
  level('amount', amountConfirmed && currencySource !== 'guess' && !cutOff, money.amountSource !== 'label' && money.amountSource !== 'derived');
  level('currency', currencySource !== 'guess' && (money.currencySymbol !== null || !!ids.taxId || country !== null || (currency === 'CLP' && ids.mentionsRut)), false);
  // A labelled date in a form that cannot swap day and month is sure, from OCR too: 221 of 221 such dates right on the
  // development sets, 90 of 90 on three seeds nobody read (bench README, session 37); mergeReadings takes it back when
  // the two recognisers read different days.
  level('date', !!foundDate?.labelled && foundDate.unambiguous, !foundDate?.labelled && !foundDate?.unambiguous);
  // A peso document's printed type (BOLETA, FACTURA, TICKET) read by OCR was right 525 times of 525 on the Chilean
  // development and held-out seeds (bench README, session 37); a foreign one's ('TAX INVOICE') is a guess at the
  // nearest Chilean type, to review.
  level('documentType', documentTypeFound !== null && (fromText || currency === 'CLP'), false);
  // A RUT's check digit confirms what OCR read (a misread digit passes it once in eleven); on a photo, only the
  // issuer's placed RUT (labelled, or by the SII box), read in its own shape and not pieced together, is sure.
  level('taxId', ids.placed && (fromText || (ids.taxId?.currency === 'CLP' && !ids.pieced)), (!ids.placed && !fromText) || !!ids.checkDigitWorkedOut);
  level('invoiceNumber', false, false);
  level('issuerName', false, read === 'ocr');
  level('category', false, sources.category === 'guess');

  return {
    fieldConfidence,
    amount,
    currency,
    date,
    description,
    category,
    documentType,
    invoiceNumber,
    taxId,
    issuerName,
    netAmount,
    taxAmount,
    address,
    paymentMethod,
    confidence,
    sources,
    amountAgreement: money.amountSource === 'label' ? money.agreement : 0,
  };
}

const RANK: Record<FieldConfidence, number> = { high: 3, medium: 2, low: 1 };
/** Fields the parser fills with a default when the paper shows nothing (a boleta, 'otros'): such a guess is no reading. */
const DEFAULTED = new Set(['documentType', 'category']);

/**
 * Two readings of one page (the same pieces read by two recognisers, ocr.ts) merged field by field. The first reading
 * (the recogniser the parser was tuned on) keeps a field it read unless the second is sure of it ('high') and the
 * first is not; a field the first left empty, or only defaulted, takes what the second read. A 'medium' of the second
 * does not replace a 'low' of the first: on the sets measured that swap was wrong as often as right (bench README,
 * session 33). Fields that depend on each other travel together: the amount with its currency (which decides its
 * decimal convention) and its net and tax, the category with the issuer's name and the description made from them.
 */
export function mergeReadings(first: ParsedReceipt, second: ParsedReceipt): ParsedReceipt {
  const merged: ParsedReceipt = { ...first, sources: { ...first.sources }, fieldConfidence: { ...first.fieldConfidence } };
  const rank = (r: ParsedReceipt, field: string) =>
    r.sources[field] && !(r.sources[field] === 'guess' && DEFAULTED.has(field)) ? RANK[r.fieldConfidence[field] ?? 'low'] : 0;
  /** The second reading wins on the first of `deciders` on which the two differ in confidence. */
  const secondSurer = (...deciders: string[]) => {
    for (const field of deciders) {
      const [a, b] = [rank(first, field), rank(second, field)];
      if (a !== b) return b > a && (a === 0 || b === RANK.high);
    }
    return false;
  };
  const take = (fields: (keyof ParsedReceipt & string)[]) => {
    for (const field of fields) {
      (merged as unknown as Record<string, unknown>)[field] = second[field];
      for (const record of ['sources', 'fieldConfidence'] as const) {
        if (second[record][field]) merged[record][field] = second[record][field];
        else delete merged[record][field];
      }
    }
  };
  // A peso sign the first recogniser read as a 5 where the second read it as a sign ('TOTAL A PAGAN 531.760' beside
  // 'TOTAL A PAGAS $31.760'): the second's amount, whatever either's confidence.
  const signReadAs5 = first.currency === 'CLP' && second.currency === 'CLP' && first.amount !== null && second.amount !== null && String(first.amount) === `5${second.amount}`;
  // The first only guessed the largest number where the second read a labelled total that the bill's own sums confirm
  // ('TOTAL $48.060' and a tip of 10 % of it, 'Prop a a $4.806'): the second's. A labelled total alone does not replace
  // the guess (session 39: one mended, one broken).
  const secondConfirmed = first.sources.amount === 'guess' && second.sources.amount !== undefined && second.sources.amount !== 'guess' && (second.amountAgreement ?? 0) > 0 && first.currency === second.currency;
  if (signReadAs5 || secondConfirmed || secondSurer('amount', 'currency')) take(['amount', 'currency', 'netAmount', 'taxAmount', 'amountAgreement']);
  for (const field of ['date', 'documentType', 'invoiceNumber', 'taxId', 'address', 'paymentMethod'] as const) if (secondSurer(field)) take([field]);
  if (secondSurer('category', 'issuerName')) take(['category', 'issuerName', 'description']);
  // Two recognisers that read different days, or different printed types: neither is sure of it.
  if (merged.fieldConfidence.date === 'high' && second.date !== null && first.date !== null && second.date !== first.date) merged.fieldConfidence.date = 'medium';
  const typeRead = (r: ParsedReceipt) => (r.sources.documentType && r.sources.documentType !== 'guess' ? r.documentType : null);
  if (merged.fieldConfidence.documentType === 'high' && typeRead(first) && typeRead(second) && typeRead(first) !== typeRead(second)) merged.fieldConfidence.documentType = 'medium';
  merged.confidence = Math.max(first.confidence, second.confidence);
  return merged;
}
