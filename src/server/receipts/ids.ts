import type { DocumentType } from '@shared/expenses.js';
import { normalizeRut, rutCheckDigit } from '@shared/rut.js';
import { CNPJ_SHAPE, isValidCnpj } from './check-digits.js';
import { fold } from './text.js';

export interface TaxId {
  value: string;
  currency: string;
}

/** Lines about the customer, not the issuer: their ids are skipped. */
const CUSTOMER_LINE = /\b(CLIENTE|SENOR(ES)?|SR\.?\(?ES\)?|RECEPTOR|COMPRADOR|ADQUIRENTE|DESTINATARIO|CUSTOMER|CONSUMIDOR|CPF)\b/;

/** Foreign tax ids by their label; `validOnly`: taken only when its check digits hold as read (an unlabelled CNPJ). */
const FOREIGN: ReadonlyArray<{ re: RegExp; currency: string; validOnly?: boolean }> = [
  { re: /\bC\.?U\.?I\.?T\.?\s*(?:N(?:[°ºO]|RO)\.?)?\s*[:.]?\s*(\d{2}-?\d{8}-?\d)\b/, currency: 'ARS' },
  // 'CNPJ:…-68IE:…' glued to the next label; the label's J read as 3 or I, its P as R, a doubled colon.
  { re: new RegExp(`\\bCN[PR][JI13]\\s*[:.;]*\\s*(${CNPJ_SHAPE.source})`), currency: 'BRL' },
  // Its leading zero lost ('CNP3: 4.717.900/0091-05' for 04.717.900/0001-05): the check digits decide.
  { re: /\bCN[PR][JI13]\s*[:.;]*\s*(\d[.,:]\s?\d{3}[.,:]\d{3}\/\d{4}-\d{2})(?!\d)/, currency: 'BRL' },
  // Its label unreadable ('C 1: 34.432.458/0001-31'): the shape, slash and dash in place, and only with its check digits
  // holding as read.
  { re: /(?<![\d.,/])(\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2})(?![\d.,/-])/, currency: 'BRL', validOnly: true },
  { re: /\bR\.?U\.?C\.?\s*(?:N(?:[°ºO]|RO)\.?)?\s*[:.]?\s*(\d{11})\b/, currency: 'PEN' },
  { re: /\bN\.?I\.?T\.?\s*[:.]?\s*(\d{3}\.?\d{3}\.?\d{3}(?:\s?-\s?\d)?)\b/, currency: 'COP' },
  // Spanish NIF/CIF: a letter, 7 digits and a control character (B65547473), or 8 digits and a letter (persons).
  { re: /\b(?:N\.?I\.?F|C\.?I\.?F)\.?\s*(?:N[°º]\.?)?\s*[:.]?\s*([A-HJ-NP-SUVWXYZ]-?\d{7}-?[0-9A-J]|\d{8}-?[A-Z])\b/, currency: 'EUR' },
  // Uruguayan RUT: 12 digits, unlike the Chilean one.
  { re: /\bR\.?U\.?T\.?\s*(?:N(?:[°ºO]|RO)\.?)?\s*[:.]?\s*(\d{12})\b/, currency: 'UYU' },
];

// OCR sometimes puts a space after a thousands dot (76.399. 189-K), reads a dot as a comma (76.871,515-7) or the dash
// as a dot (76.871.515.7): the check digit tells a real RUT from a misreading.
// A RUT glued to the next word ('76.676.038-4Giro') ends at its check digit; one glued to a misread label before it
// ('FUT10.085.611-5') starts at its first digit, and so does one after a misread label's last dot ('LU.T.77.053.802-5').
// Only with its dash: digits glued to letters and ending '.4' are more often another number ('CPF8.552.791.4B9-97').
const CL_RUT = /(?:(?<![\d.,])|(?<=[A-Z]\.))(\d{1,2}(?:[.,]\s?)?\d{3}(?:[.,]\s?)?\d{3}\s?-\s?[\dK])(?!\d)|\b(\d{1,2}[.,]\d{3}[.,]\d{3}\.[\dK])(?!\d)/g;
const RUT_LABEL = /\bR\.?\s?U\.?\s?T\.?/;

/** A CNPJ as Brazil writes it (11.222.333/0001-81), whatever punctuation OCR left. */
function cnpj(value: string): string {
  return value.replace(/\D/g, '').replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
}

/** Digits a blurred thermal print turns into each other ('77.042.102-8' for -0, '76.195.414 6' for -8). */
const LOOK_ALIKE_DIGITS = new Set(['08', '68', '38', '56', '06', '17', '98']);

/**
 * A head office's CNPJ whose check digits fail, with one digit of the company's number or of the check digits read as
 * its look-alike ('64.208.612/0001-99' for 64.208.012, '…/0001-81' for -01): the reading with that digit put back,
 * when exactly one such change makes both check digits hold. Two check digits leave about one chance in a hundred
 * that a wrong change passes, so the establishment's number is left alone and must read as a head office's (0001);
 * null otherwise.
 */
function lookAlikeCnpj(value: string): string | null {
  const d = value.replace(/\D/g, '');
  if (d.length !== 14 || d.slice(8, 12) !== '0001') return null;
  const valid = new Set<string>();
  for (const i of [0, 1, 2, 3, 4, 5, 6, 7, 12, 13])
    for (const pair of LOOK_ALIKE_DIGITS) {
      if (!pair.includes(d[i])) continue;
      const other = pair[0] === d[i] ? pair[1] : pair[0];
      const reading = d.slice(0, i) + other + d.slice(i + 1);
      if (isValidCnpj(reading)) valid.add(reading);
    }
  return valid.size === 1 ? cnpj([...valid][0]) : null;
}

/**
 * A CNPJ whose check digits fail, read again as its company's head office: the four digits after the slash number the
 * establishment, and a shop's receipt mostly bears 0001, whose zeros a blurred print turns into 6s and 8s
 * ('75.821.889/0861-77'). Taken only when both check digits then hold; null otherwise.
 */
function headOffice(value: string): string | null {
  const d = value.replace(/\D/g, '');
  if (d.length !== 14 || d.slice(8, 12) === '0001') return null;
  const head = `${d.slice(0, 8)}0001${d.slice(12)}`;
  return isValidCnpj(head) ? cnpj(head) : null;
}

/**
 * RUT as a label, and as OCR misreads it: its T read as 1 ('R.U.1.77.079.728-4'), and when a number is glued to it
 * ('RLI776606.841-3': U read as LI, the T as 7).
 */
const FUZZY_RUT_LABEL = String.raw`\b(?:R\.?\s?U\.?\s?T\.?|R\.U\.1\.|R[LU][I1]|RU7)`;

/** The RUT after a RUT label with its punctuation damaged; null unless exactly one reading has a valid check digit. */
function labelledRut(l: string): string | null {
  const m = new RegExp(`${FUZZY_RUT_LABEL}(?:\\s+EMISOR)?\\s*[:.,;]?\\s*([\\d\\s.,:;-]{8,16}[\\dK])(?!\\d)`).exec(l);
  if (!m) return null;
  // A number after the RUT ('RUT77-449.414-6 733') is no part of it.
  const captured = m[1].trim();
  const ends = captured.replace(/\s+[\dK]+$/, '') === captured ? [captured] : [captured, captured.replace(/\s+[\dK]+$/, '')];
  // A group of the body with a digit too few ('76.00.285-1') lost one: whatever passes modulo 11 then is chance.
  if (/^\d{1,2}[.,]\d{1,2}[.,]\d{3}\b|^\d{1,2}[.,]\d{3}[.,]\d{1,2}\b(?![.,]?\d)/.test(captured)) return null;
  const readings = ends.flatMap((text) => {
    const digits = text.replace(/[^\dK]/g, '');
    // Without its first digit only when that one is too many ('1768762384' from ':176.876.238-4'): a RUT grouped as
    // one ('77.829.865-0') has none to spare.
    const grouped = /^\d{1,2}\.\d{3}\.\d{3}\s?-\s?[\dK]$/.test(text);
    return (grouped ? [digits] : [digits, digits.slice(1)]).filter((d) => d.length >= 8 && d.length <= 9).map((d) => `${d.slice(0, -1)}-${d.slice(-1)}`);
  });
  const valid = [...new Set(readings.filter((r) => normalizeRut(r)))];
  return valid.length === 1 ? valid[0] : null;
}

/** Where a factura's receptor block starts ('Señor(es):', 'CLIENTE', 'RECEPTOR', 'Razón social receptor'). */
const RECEPTOR_START = /^(SENOR|SRES?\b|SR\.?\s?\(?ES\)?|CLIENTE\b|RECEPTOR\b|CUSTOMER\b|COMPRADOR\b|DATOS\s+DEL\s+(CLIENTE|RECEPTOR)|FACTURAR\s+A\b)|\bSENOR\s?\(?ES\)?|\bRAZON\s+SOCIAL\s+(DEL\s+)?RECEPTOR/;
/** What ends it: the items, the payment terms. */
const RECEPTOR_END = /\b(DETALLE|DESCRIPCION|CANTIDAD|CANT\.|ITEMS?|PRODUCTOS?|CODIGO|PRECIO|CONDICION(ES)?\s+DE\s+(VENTA|PAGO)|FORMA\s+DE\s+PAGO|TOTAL)\b/;
/** The issuer's side: the SII's red box (R.U.T. / FACTURA ELECTRONICA / N° / S.I.I.) or the timbre's foot. */
const ISSUER_BOX = /\b(FACTURA|BOLETA|GUIA|NOTA\s+DE\s+CREDITO|S\.?\s?I\.?\s?I\.?|TIMBRE|EMISOR|GIRO)\b/;

/** A RUT label and a body grouped as a RUT is ('R.U.T. 76.384.522'), then what follows the body. */
const GROUPED_BODY = String.raw`\bR\.?\s?U\.?\s?T\.?\s*[:.]?\s*(\d{1,2})\.(\d{3})\.(\d{3})\s?`;
const LOST_CHECK_DIGIT = new RegExp(`${GROUPED_BODY}(?:-$|[-.]\\s*(?=[A-Z]{2}))`);
const MISREAD_CHECK_DIGIT = new RegExp(`${GROUPED_BODY}[-\\s]\\s?(\\d)(?![\\dA-Z])`);

/**
 * A labelled RUT whose check digit was lost at the paper's edge ('R.U.T. 76.384.522-' ending the line) or under the
 * next word ('Rut:77.122.635.Giro'): the body is whole (grouped as a RUT is), so its check digit is worked out. Only as
 * a last resort, and never confirmed.
 */
function rutMissingItsDigit(l: string): string | null {
  const m = LOST_CHECK_DIGIT.exec(l);
  if (!m) return null;
  const body = `${m[1]}${m[2]}${m[3]}`;
  return `${body}-${rutCheckDigit(body)}`;
}


/**
 * A labelled RUT, grouped as a RUT is, whose printed check digit fails where the digit it should be looks like it:
 * the check digit is the likelier misreading, so it is worked out. Only as a last resort, and never confirmed.
 */
function rutWithMisreadDigit(l: string): string | null {
  const m = MISREAD_CHECK_DIGIT.exec(l);
  if (!m) return null;
  const body = `${m[1]}${m[2]}${m[3]}`;
  const digit = rutCheckDigit(body);
  const pair = [m[4], digit].sort().join('');
  return LOOK_ALIKE_DIGITS.has(pair) ? `${body}-${digit}` : null;
}

// A blurred or handwritten 9 reads as g ('76.717.644-g'), a 2 as Z; an S is a 5 or an 8.
const LETTER_FOR_DIGIT: Record<string, string[]> = { S: ['5', '8'], O: ['0'], B: ['8'], G: ['9'], Z: ['2'] };

/** Letters OCR reads for digits inside a RUT's body ('77.767.B01-9', '11.020.33C-6', '76.87Z.465-K'). */
const BODY_DIGIT_FOR: Record<string, string[]> = { B: ['8'], O: ['0'], C: ['0'], S: ['5'], I: ['1'], L: ['1'], Z: ['2', '7'] };

/** Every reading of a RUT's body with its letters put back as the digits they look like. */
function bodyReadings(body: string): string[] {
  const i = body.search(/[A-Z]/);
  if (i < 0) return [body];
  return BODY_DIGIT_FOR[body[i]].flatMap((d) => bodyReadings(body.slice(0, i) + d + body.slice(i + 1)));
}

/**
 * A RUT's check digit read as a letter ('77.554.477-S', '-g'), or a digit of its body ('77.767.B01-9'): the digit it
 * looks like, when the check digit then holds, and only one such reading does.
 */
function rutLettersAsDigits(l: string): string {
  return l
    .replace(/(?:(?<![\dA-Z])|(?<=\bRUT))(\d{1,2}[.,]?[\dBOCSILZ]{3}[.,]?[\dBOCSILZ]{3})(\s?-\s?[\dK])(?![A-Z\d])/g, (all, body: string, digit: string) => {
      if (!/[A-Z]/.test(body)) return all;
      const valid = bodyReadings(body).filter((read) => normalizeRut(read.replace(/,/g, '.') + digit.replace(/\s/g, '')));
      return valid.length === 1 ? valid[0] + digit : all;
    })
    .replace(/(\d{1,2}[.,]?\d{3}[.,]?\d{3}\s?-\s?)([SOBGZ])(?![A-Z\d])/g, (all, body: string, c: string) => {
      const valid = LETTER_FOR_DIGIT[c].filter((d) => normalizeRut(body.replace(/,/g, '.') + d));
      return valid.length === 1 ? body + valid[0] : all;
    });
}

export interface TaxIdResult {
  taxId: TaxId | null;
  /** A Chilean RUT was written but its check digit is wrong: the text is Chilean, the id unusable. */
  invalidRut: boolean;
  /** The text names a RUT (any) — a hint that the receipt is Chilean. */
  mentionsRut: boolean;
  /** The chosen RUT is labelled or sits by the SII box, and the receptor's block was told apart. */
  placed: boolean;
  /**
   * The RUT was pieced together from digits whose punctuation OCR broke ('RUT76.86.268-0'): a dropped digit can pass
   * the check digit too, so it is never sure.
   */
  pieced?: boolean;
  /** The check digit was not printed legibly and was worked out from the body: the RUT is a guess to confirm. */
  checkDigitWorkedOut?: boolean;
}

/**
 * Issuer tax id: a valid Chilean RUT (normalised) or a foreign id as written. The receptor's RUT never: lines that name
 * the customer and the block under 'Señor(es)' are skipped. Of the issuer's, the one by the SII box or the document's
 * name wins, then the first.
 */
export function findTaxId(lines: string[]): TaxIdResult {
  let invalidRut = false;
  let mentionsRut = false;
  let foreign: TaxId | null = null;
  const ruts: Array<{ rut: string; index: number; score: number; pieced: boolean }> = [];
  const folded = lines.map(fold);
  let receptorUntil = -1;
  let lostDigit: string | null = null;
  let misreadDigit: string | null = null;
  let foreignWorkedOut = false;
  folded.forEach((line, i) => {
    const l = rutLettersAsDigits(line);
    if (RECEPTOR_START.test(l)) {
      receptorUntil = i + 5;
      for (let j = i + 1; j <= Math.min(i + 5, folded.length - 1); j++) {
        if (RECEPTOR_END.test(folded[j])) {
          receptorUntil = j - 1;
          break;
        }
      }
    }
    if (RUT_LABEL.test(l)) mentionsRut = true;
    const customer = CUSTOMER_LINE.test(l) || i <= receptorUntil;
    for (const f of FOREIGN) {
      const m = f.re.exec(l);
      if (!m || customer || foreign) continue;
      if (f.validOnly) {
        if (isValidCnpj(m[1])) foreign = { value: cnpj(m[1]), currency: 'BRL' };
        continue;
      }
      if (f.currency !== 'BRL') {
        foreign = { value: m[1].replace(/\s/g, ''), currency: f.currency };
        continue;
      }
      const digits = m[1].replace(/\D/g, '');
      const read = digits.length === 13 ? `0${digits}` : m[1];
      // A CNPJ carries two check digits: one OCR misread is caught, and a blank is better than another company's id.
      if (isValidCnpj(read)) foreign = { value: cnpj(read), currency: 'BRL' };
      else {
        const head = headOffice(read) ?? lookAlikeCnpj(read);
        if (head) foreign = { value: head, currency: 'BRL' };
        foreignWorkedOut = !!head;
      }
    }
    let pieced: string | null = null;
    const matches = [...l.matchAll(CL_RUT)].map((m) => m[1] ?? m[2]);
    // OCR breaks a labelled RUT's punctuation ('76 374.215 6', '76.100.0608', '76.111.961:3', ':176.876.238-4'):
    // after the label, digits and a final K are the RUT when the check digit holds.
    if (!matches.some((m) => normalizeRut(m.replace(/,/g, '.').replace(/\.([\dK])$/, '-$1')))) {
      const fuzzy = labelledRut(l);
      if (fuzzy) matches.push(fuzzy);
      pieced = fuzzy;
    }
    if (!matches.length && !customer) lostDigit ??= rutMissingItsDigit(l);
    if (!customer) misreadDigit ??= rutWithMisreadDigit(l);
    for (const m of matches.map((raw) => [raw, raw] as const)) {
      const raw = m[1].replace(/,/g, '.').replace(/\.([\dK])$/, '-$1');
      const rut = normalizeRut(raw);
      if (!rut) {
        // Only count as a broken RUT when it is labelled or formatted like one (76.086.428-5).
        if (RUT_LABEL.test(l) || /\./.test(m[1])) invalidRut = true;
        continue;
      }
      mentionsRut = true;
      if (customer) {
        // The receptor has one RUT: the block ends with it (the SII box's R.U.T. may follow on the next line).
        if (i <= receptorUntil) receptorUntil = i;
        continue;
      }
      const near = folded.slice(Math.max(0, i - 2), i + 3).some((x) => ISSUER_BOX.test(x));
      // One thousands point of two ('77183.892-8') is punctuation OCR broke: a digit may be wrong too, so never sure.
      const halfGrouped = /^\d{4,5}[.,]\d{3}\s?-|^\d{1,2}[.,]\d{6}\s?-/.test(m[1]);
      ruts.push({ rut, index: i, score: (near ? 2 : 0) + (RUT_LABEL.test(l) ? 1 : 0), pieced: m[1] === pieced || halfGrouped });
    }
  });
  if (foreign && !ruts.length) return { taxId: foreign, invalidRut, mentionsRut, placed: true, checkDigitWorkedOut: foreignWorkedOut };
  if (!ruts.length) {
    const worked = lostDigit ?? misreadDigit;
    return { taxId: worked ? { value: worked, currency: 'CLP' } : null, invalidRut, mentionsRut: mentionsRut || !!worked, placed: false, checkDigitWorkedOut: !!worked };
  }
  const best = ruts.reduce((a, b) => (b.score > a.score ? b : a));
  // A foreign id printed before any RUT wins (a Peruvian RUC with a Chilean customer's RUT far below).
  if (foreign) return { taxId: foreign, invalidRut, mentionsRut, placed: true, checkDigitWorkedOut: foreignWorkedOut };
  return { taxId: { value: best.rut, currency: 'CLP' }, invalidRut, mentionsRut, placed: best.score >= 1, pieced: best.pieced };
}

/** SII document type codes (DTE). */
const SII_CODES: Record<string, DocumentType> = {
  '29': 'factura', '30': 'factura', '32': 'factura', '33': 'factura', '34': 'factura', '45': 'factura', '46': 'factura',
  '55': 'factura', '56': 'factura', '60': 'factura', '61': 'factura',
  '35': 'boleta', '38': 'boleta', '39': 'boleta', '41': 'boleta',
};

const DOC_WORDS: ReadonlyArray<[RegExp, DocumentType]> = [
  // A Brazilian NFC-e (nota fiscal de consumidor) is the consumer's receipt, a boleta; an NF-e is a factura.
  // OCR may glue 'DANFENFC' or lose the title's start ('otaFiscat de Consumidor Eletronich').
  [/\bNFC-?E\b|\bNOTA\s+FISCAL\s+(DE\s+)?CONSUMIDOR\b|\bDANFE\s*NFC|\bCONSUMIDOR\s+ELETRONIC/, 'boleta'],
  // The title glued to a misspelt ELECTRONICA ('FACTURAELECTRONOCA') names the document all the same.
  [/\b(FACTURA|INVOICE|NOTA\s+DE\s+CREDITO|NOTA\s+DE\s+DEBITO|NOTA\s+FISCAL)\b|\bFACTURA\s*ELE[CG]/, 'factura'],
  [/\bBOLETA\b|\bBOLETA\s*ELE[CG]/, 'boleta'],
  [/\b(RECIBO|RECEIPT|RECIBO\s+DE\s+PAGO)\b/, 'recibo'],
  // A receipt book's sentence ('Recibí de … la cantidad de … por concepto de'), a ride app's receipt: no SII document.
  [/\bRECIBI(MOS)?\s+DE\b|\bLA\s+(SUMA|CANTIDAD)\s+DE\b|\bPOR\s+CONCEPTO\s+DE\b|\bGRACIAS\s*POR\s*VIAJAR\b|\bTU\s+VIAJE\b|\bTOTAL\s+(DEL\s+)?VIAJE\b/, 'recibo'],
  // TICKET with its I read as 1 or L and its K as E or X ('T1CEET 4934743', 'TICXET' on a toll's blurred photo), or
  // glued to the N° of its number, its K read as 1 or I ('TICKETN°146525', "TIC1ETN'394396").
  [/\b(TICKET|VOUCHER|COMPROBANTE|CUPOM|TIQUETE|TIQUE|PRE\s*-?\s*CUENTA)\b|\bT[I1L]C[KEXI1]ET(?:\b|(?=N?[°º'".:*]?\s*\d))/, 'ticket'],
];

/**
 * A word as a recogniser may space it or glue it ('valido co mo', 'Estedocumentono esvalidocomoboletani factura'); a dot
 * stands for any one letter ('vilido').
 */
const spaced = (word: string) => [...word].map((c) => (c === '.' ? '[A-Z]' : c)).join(String.raw`\s*`);
const NOT_A_TAX_DOCUMENT = new RegExp(
  `${spaced('NO')}\\s*(${spaced('ES')}\\s*)?${spaced('V.LIDO')}\\s*${spaced('COMO')}\\s*(${spaced('BOLETA')}|${spaced('FACTURA')})(\\s*${spaced('NI')}\\s*(${spaced('BOLETA')}|${spaced('FACTURA')}))?`,
  'g',
);

export function findDocumentType(lines: string[]): DocumentType | null {
  let notTaxDocument = false;
  let toll = false;
  for (const line of lines) {
    const l = fold(line);
    const code = /\b(?:TIPO\s+(?:DE\s+)?(?:DTE|DOCUMENTO|DOC\.?)|DTE|T\.?\s?D\.?)\s*(?:N[°º]\s*)?[:.]?\s*(\d{2})\b/.exec(l);
    if (code && SII_CODES[code[1]]) return SII_CODES[code[1]];
    // "El IVA de esta boleta" and similar sentences come after the header, so the first word found wins. A pre-bill's
    // or a folio's "no válido como boleta (ni factura)" names what the paper is not: a ticket, unless named otherwise.
    const named = l.replace(NOT_A_TAX_DOCUMENT, ' ');
    notTaxDocument ||= named !== l;
    toll ||= /\bPEAJE\b/.test(l);
    for (const [re, type] of DOC_WORDS) if (re.test(named)) return type;
  }
  // A toll plaza's slip that names no tax document is the plaza's own ticket.
  return notTaxDocument || toll ? 'ticket' : null;
}

const NUMBER_LABEL = /(?:\bFOLIO|\bN[°º]|\bNO\.|\bNRO\.?|\bNUM\.?|\bNUMERO|#)\s*[:.]?\s*([A-Z]?\d{1,4}-\d{3,10}|[A-Z]{0,4}\d{1,12})\b/;
const DOC_LINE = /\b(FOLIO|FACTURA|BOLETA|TICKET|RECIBO|COMPROBANTE|INVOICE|RECEIPT|DOCUMENTO|ELECTRONICA|BOLETO)\b/;
const OTHER_NUMBER = /\b(OPERACION|TRANSACCION|TARJETA|CUOTAS?|AUTORIZACION|CAJA|TERMINAL|PEDIDO|ORDEN|MESA|RESOLUCION|RES\.)\b/;

/** A number labelled N° at the end of a line: where a side column (the SII box of a scanned factura) puts the folio. */
const NUMBER_AT_END = /(?:^|\s)N[°º]\s*[:.]?\s*(\d{1,12})$/;

/**
 * Folio / invoice number: a number labelled N°/FOLIO on a document line, or alone on the line after it, or (scans whose
 * columns OCR merges into one line) ending one of the two lines after a FACTURA/BOLETA heading.
 */
export function findInvoiceNumber(lines: string[]): string | null {
  // OCR reads the degree sign of N° as *, ?, ', `, º, a middle dot, e or a letter O; a bare N before a number on a document
  // line is N° too.
  const folded = lines.map((line) =>
    fold(line)
      // The title glued to its N° ('BOLETAELECTRONICAN°716388', 'TICKETN318846') or a folio's label to its number
      // ('ESTADODECUENTA-FOLIO775497').
      .replace(/(ELECTR[A-Z]{0,4}CA|TICKET|BOLETA|FACTURA|RECIBO)N(?=[\s°º*?'"`´.:·]*\d)/g, '$1 N')
      // A title's N glued to a shorter number ('RECIBO N1928').
      .replace(/\b(RECIBO|TICKET|BOLETA|FACTURA|ELECTRONICA)\s+N(?=\d{3,}\b)/g, '$1 N° ')
      .replace(/\b(BOLETA|FACTURA)(?=ELE[CG]TR)/g, '$1 ')
      .replace(/\bFOLIO(?=\d)/g, 'FOLIO ')
      // A guest folio's label ('Folio huesped: 910967').
      .replace(/\bFOLIO\s*HUESPED\b/g, 'FOLIO')
      .replace(/\bN(?=\d{5,}\b)/g, 'N° ')
      .replace(/\bN\s?[*?'"`´°º·](?=\s*[:.]?\s*\d)/g, 'N°')
      .replace(/\bN[O0](?=\s+\d)/g, 'N°')
      .replace(/\bNE(?=\s*[:.]?\s*\d)/g, 'N°')
      .replace(/\bN(?=\s+\d{3,}\b)/g, 'N°'),
  );
  for (let i = 0; i < folded.length; i++) {
    const l = folded[i];
    if (OTHER_NUMBER.test(l)) continue;
    const isDocLine = DOC_LINE.test(l) || (i > 0 && DOC_LINE.test(folded[i - 1]) && /^(N[°º]|NRO|NO\.|FOLIO|#)/.test(l));
    if (!isDocLine) continue;
    const m = NUMBER_LABEL.exec(l);
    if (m) return m[1];
    // Peruvian series F001-00012345 / B001-123, Argentine 0001-00001234
    const series = /\b([FB][A-Z0-9]\d{2}-\d{1,8}|\d{4,5}-\d{8})\b/.exec(l);
    if (series) return series[1];
    if (!/FACTURA|BOLETA|FOLIO/.test(l)) continue;
    const next = folded[i + 1];
    const alone = next ? /^(?:N[°º]|NRO\.?|FOLIO)?\s*[:.]?\s*(\d{1,12})$/.exec(next) : null;
    if (alone) return alone[1];
    if (!/FACTURA|BOLETA/.test(l)) continue;
    for (const below of folded.slice(i + 1, i + 3)) {
      const end = OTHER_NUMBER.test(below) ? null : NUMBER_AT_END.exec(below);
      if (end) return end[1];
    }
  }
  // A Peruvian series on its own line (B001-00004567) is distinctive enough without a label.
  for (const l of folded) {
    const series = /^([FB][A-Z0-9]\d{2}-\d{1,8})$/.exec(l);
    if (series) return series[1];
  }
  return null;
}
