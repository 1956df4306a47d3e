/** Text helpers shared by the receipt parser modules. */

/** Uppercase without accents, so 'Electrónica' and 'ELECTRONICA' match the same patterns. Keeps string length for ASCII-ish text. */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
}

/** Full-width forms ('：', '（', '１') that a recogniser trained on Chinese text answers for ASCII punctuation and digits. */
function halfWidth(value: string): string {
  return value.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/**
 * Words the parser looks for, for putting back the spaces a line recogniser drops between them ('FACTURAELECTRONICA',
 * 'MONTOTOTAL', 'PROPINASUGERIDA', 'CONDICIONDEVENTA'). Only a run of letters made entirely of these words is split.
 */
const KEYWORDS = new Set(
  (
    'A DE DEL EL LA LAS LOS CON SIN POR AL EN Y NO NI ES COMO VALIDO ' +
    'FACTURA BOLETA ELECTRONICA ELECTRONICO EXENTA EXENTO AFECTA NOTA CREDITO DEBITO GUIA DESPACHO DOCUMENTO TRIBUTARIO ' +
    'RECIBO DINERO TICKET COMPROBANTE VOUCHER TOTAL SUBTOTAL MONTO NETO IVA PROPINA SUGERIDA SUGERIDO PAGAR PAGADO PAGO VALOR ' +
    'IMPORTE EFECTIVO VUELTO TARJETA DESCUENTO SALDO FECHA EMISION HORA CAJA CAJERO FOLIO NRO NUMERO SENOR SENORES ' +
    'CLIENTE RECEPTOR GIRO RUT DIRECCION COMUNA CIUDAD CONDICION VENTA VENCIMIENTO CANTIDAD PRECIO UNITARIO DESCRIPCION ' +
    'CODIGO PEAJE ESTACIONAMIENTO TARIFA ENTRADA SALIDA TIMBRE RESOLUCION SUCURSAL CASA MATRIZ CUENTA PRE EMISOR ' +
    'GRAND AMOUNT DUE CASH CHANGE ROUNDING TAX INVOICE SALES INCLUSIVE EXCLUDING OF GST SST DATE RECEIPT'
  ).split(' '),
);

/** 'FACTURAELECTRONICA' → 'FACTURA ELECTRONICA' when the run is made of KEYWORDS, two of them 3 letters or more. */
function splitKeywords(run: string): string {
  const folded = fold(run);
  if (folded.length !== run.length || KEYWORDS.has(folded)) return run;
  // cuts[i]: the fewest words that make up folded[0, i), and where the last one starts.
  const cuts: Array<{ words: number; from: number } | null> = [{ words: 0, from: 0 }];
  for (let end = 1; end <= folded.length; end++) {
    cuts[end] = null;
    for (let start = Math.max(0, end - 15); start < end; start++) {
      const before = cuts[start];
      if (before && KEYWORDS.has(folded.slice(start, end)) && (!cuts[end] || before.words + 1 < cuts[end]!.words)) cuts[end] = { words: before.words + 1, from: start };
    }
  }
  if (!cuts[folded.length] || cuts[folded.length]!.words < 2) return run;
  const words: string[] = [];
  for (let end = folded.length; end > 0; end = cuts[end]!.from) words.unshift(run.slice(cuts[end]!.from, end));
  // Two real words at least: 'CONDE' is not 'CON DE', 'PAGARA' not 'PAGAR A'.
  return words.filter((w) => w.length >= 3).length >= 2 ? words.join(' ') : run;
}

/**
 * Non-empty trimmed lines, whitespace collapsed, full-width forms made ASCII, a time glued to a date split off
 * ('24/06/20184:37:37PM' → '24/06/2018 4:37:37PM', '15-07-1810:35' → '15-07-18 10:35'), a zero in a word of letters read as O, the
 * parser's words glued together split apart ('MONTOTOTAL' → 'MONTO TOTAL'). The vertical bars OCR reads from the paper's edge or a box border
 * ('|   N° 32765300', 'TOTAL $24.955 |') are trimmed too: they are never part of a receipt's text.
 */
export function splitLines(text: string): string[] {
  return halfWidth(text)
    .replace(/\r\n?/g, '\n')
    .replace(/(\d[/.-]\d{1,2}[/.-](?:19|20)\d{2})(?=\d{1,2}:\d{2})/g, '$1 ')
    .replace(/(\b\d{1,2}([/.-])\d{1,2}\2\d{2})(?=\d{1,2}:\d{2})/g, '$1 ')
    // A month's name between two different separators, the year glued to the next word ('03-ABR.2025Hora').
    .replace(/(\b\d{1,2}[/.-]\p{L}{3,10}[/.-](?:19|20)\d{2})(?=\p{L})/gu, '$1 ')
    // A date glued to the next word ('Fecha:23.07.24Hora:17:25', '23-MAR-2025Hora', '2024-03-29Ho1:12').
    .replace(/(\b\d{1,2}([/.-])(?:\d{1,2}|\p{L}{3,10}\.?)\2(?:\d{2}|\d{4})|(?<!\d)(?:19|20)\d{2}([/.-])\d{1,2}\3\d{1,2})(?=\p{L})/gu, '$1 ')
    // Year first ('2025-08-0607:23') and a month's name ('02-MAR-202419:54'): the day or the year has a fixed length.
    .replace(/(\b(?:19|20)\d{2}([/.-])\d{1,2}\2\d{2})(?=\d{1,2}:\d{2})/g, '$1 ')
    .replace(/(\b\d{1,2}([/.-])\p{L}{3,10}\.?\2(?:19|20)\d{2})(?=\d{1,2}:\d{2})/gu, '$1 ')
    // A stray digit between the year and the time ('07-JUL-20242 22:32'), or after a year that ends the line
    // ('Serie 606 14/08/28241', its hundreds misread too).
    .replace(/(\b\d{1,2}([/.-])(?:\d{1,2}|\p{L}{3,10}\.?)\2(?:19|2\d)\d{2})\d(?=\s\d{1,2}:\d{2}|$)/gmu, '$1')
    // A zero in a word of letters is the letter O ('B0LETA', 'F0LI0:', '0ctubre'); a code with other digits keeps it.
    // Not a number's last digits glued to the next label ('/0001-00IE:', a CNPJ's check digits); '20-0CT-2024' is
    // OCT.
    .replace(/(?!(?<=\d-)00)(?<![\d.,])[\p{L}0]*\p{L}[\p{L}0]*(?![\d.,]*\d)/gu, (word) =>
      word.replace(/0/g, (_, i: number) => (/\p{Ll}/u.test(word[i + 1] ?? word[i - 1] ?? '') ? 'o' : 'O')),
    )
    // A 5 or a 1 between two letters of a word is an S or an I ('Emi5or', 'Ser1e', 'suger1da'); 'A5T' and 'X1' stay.
    .replace(/(?<=\p{L}{2})[51](?=\p{L})|(?<=\p{L})[51](?=\p{L}{2})/gu, (digit, i: number, all: string) => {
      const lower = /\p{Ll}/u.test(all[i - 1]) && /\p{Ll}/u.test(all[i + 1]);
      return digit === '5' ? (lower ? 's' : 'S') : lower ? 'i' : 'I';
    })
    .replace(/\p{L}{5,}/gu, splitKeywords)
    // TOTAL split in two ('TO TAL 5 27.940').
    .replace(/\b(SUB)?T[O0] TAL\b/gi, (_, sub: string | undefined) => `${sub ?? ''}TOTAL`)
    // A word glued to the N° after it ('TICKETN°4383155', 'TICKETN'581068'; OCR reads the ° as ', *, ? or a middle
    // dot), the number's first digit perhaps read as a letter ('TICKETN*S183453').
    .replace(/(\p{L}{4,})(N[°º'*?·]\s*(?:\d|[SOIB]\d))/gu, '$1 $2')
    // N° with its ° read as a 9 before a document's number ('N9 924838').
    .replace(/\bN9\s(?=\d{4,}\b)/g, 'N° ')
    // A document's name glued to N and its number, the ° lost ('TICKETN318846').
    .replace(/\b(TICKET|BOLETA|FACTURA|RECIBO|FOLIO)N(?=\s?\d{4,}\b)/giu, '$1 N')
    .split('\n')
    .map((l) => l.replace(/[\t\u00a0 ]+/g, ' ').replace(/^[|¦\s]+|[|¦\s]+$/g, ''))
    .filter((l) => l.length > 0);
}
