import { fold } from './text.js';

/** Month names and abbreviations in Spanish, English and Portuguese (folded: uppercase, no accents). */
const MONTHS: Record<string, number> = {
  ENE: 1, ENERO: 1, JAN: 1, JANUARY: 1, JANEIRO: 1,
  FEB: 2, FEBRERO: 2, FEBRUARY: 2, FEV: 2, FEVEREIRO: 2,
  MAR: 3, MARZO: 3, MARCH: 3, MARCO: 3,
  ABR: 4, ABRIL: 4, APR: 4, APRIL: 4,
  MAY: 5, MAYO: 5, MAI: 5, MAIO: 5,
  JUN: 6, JUNIO: 6, JUNE: 6, JUNHO: 6,
  JUL: 7, JULIO: 7, JULY: 7, JULHO: 7,
  AGO: 8, AGOSTO: 8, AUG: 8, AUGUST: 8,
  SEP: 9, SEPT: 9, SET: 9, SEPTIEMBRE: 9, SETIEMBRE: 9, SEPTEMBER: 9, SETEMBRO: 9,
  OCT: 10, OCTUBRE: 10, OCTOBER: 10, OUT: 10, OUTUBRO: 10,
  NOV: 11, NOVIEMBRE: 11, NOVEMBER: 11, NOVEMBRO: 11,
  DIC: 12, DICIEMBRE: 12, DEC: 12, DECEMBER: 12, DEZ: 12, DEZEMBRO: 12,
};
const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** A day of letters and digits before a month's name, the same separator twice, then the year. */
const DAY_BEFORE_MONTH = new RegExp(`(?<![A-Z\\d])([\\dOESILB]{1,2})(([/.-])(?:${MONTH_ALT})\\3\\d{2,4})(?!\\d)`, 'g');

const DIGIT_BEFORE_DE_MONTH = new RegExp(`(?<![\\d/.-])\\b([0-3]?\\d)\\s+(\\d)(?=DE\\s*(?:${MONTH_ALT}))`, 'g');

const GLUED_BEFORE_MONTH_DATE = new RegExp(`([A-Z])(?=\\d{1,2}([/.-])(?:${MONTH_ALT})\\2\\d{2,4}(?!\\d))`, 'g');

const TWO_LETTER_MONTH: Record<string, string> = { EN: 'ENE', FE: 'FEB', AB: 'ABR', AG: 'AGO', SE: 'SEP', OC: 'OCT', NO: 'NOV', DI: 'DIC' };

/** The letters of a month's name that the recogniser answers as digits. */
const LETTER_FOR: Record<string, string> = { '8': 'B', '0': 'O', '5': 'S', '1': 'I', '6': 'G' };

/** Letters the recogniser answers for digits: O, E and C for 0, S for 5, I and L for 1, B for 8. */
const DIGIT_FOR: Record<string, string> = { O: '0', E: '0', C: '0', S: '5', I: '1', L: '1', B: '8' };

/**
 * The line folded, with the letters read for digits inside a numeric date put back ('0S/10/2025', '13-E2-2025',
 * '1E/06/2025', '04/e6/25', '23-C5-2024'): only in day and month, and only before a four-digit year after the same
 * separator twice, or a two-digit one after two slashes.
 */
function dateText(line: string): string {
  const digits = (x: string) => x.replace(/[OECSILB]/g, (c) => DIGIT_FOR[c]);
  return (
    fold(line)
      // An underscore for a space ('5 de_julio').
      .replace(/_/g, ' ')
      // A digit glued before a month's DE after the day ('28 3dejulio': a letter read as a digit): the day is the number
      // before it; after a lone digit, the day's two digits a space split ('2 3de julio').
      .replace(DIGIT_BEFORE_DE_MONTH, (all, day: string, digit: string) => (day.length === 2 ? `${day} ` : Number(day + digit) <= 31 ? `${day}${digit}` : all))
      .replace(/(?<![A-Z\d])([\dOECSILB]{1,2})([/.-])([\dOECSILB]{1,2})\2((?:19|20)\d{2}|(?<=\/)\d{2})(?!\d)/g, (all, d: string, sep: string, m: string, y: string) => {
        if (!/\d/.test(d + m)) return all; // 'SI-IS-2024' is no date
        return `${digits(d)}${sep}${digits(m)}${sep}${y}`;
      })
      // A space inside the month ('11/1 1/2024'), or inside the day right after a date's label ('Fecha: 2 3/04/2024';
      // elsewhere 'Caja 2 3/04/2024' is a till and a date).
      .replace(/(?<=(?:^|\b(?:FECHA|EMISION|DATE)\b)[\s:.]*)(\d)\s(\d)([/.-])(\d{1,2})\3((?:19|20)\d{2})(?!\d)/g, '$1$2$3$4$3$5')
      .replace(/(?<![\d/.-])(\d{1,2})([/.-])(\d)\s(\d)\2((?:19|20)\d{2})(?!\d)/g, '$1$2$3$4$2$5')
      // Two different separators, a point, a dash or a comma, around a month before a four-digit year ('07.11-2024-17:50',
      // '20.08,2024').
      .replace(/(?<![\d#.,-])(\d{1,2})[.,-](\d{1,2})[.,-]((?:19|20)\d{2})(?!\d)/g, '$1.$2.$3')
      // A year split by a space after the date's separators ('8/1/2 5', '8/9/20 25').
      // A two-digit year then a time's hour is no split year ('18-11-18 13 : 58').
      .replace(/(?<![\d/.-])(\d{1,2}([/.-])\d{1,2}\2)(\d{1,3}) (\d{1,3})(?!\s?[\d/.:-])/g, (all, head: string, _sep: string, a: string, b: string) =>
        a.length + b.length === 2 || (a.length + b.length === 4 && /^(19|20)/.test(a + b)) ? `${head}${a}${b}` : all,
      )
      // Letters read for digits in a year-first date's month and day ('2024-B2-92:05:37').
      .replace(/\b((?:19|20)\d{2})([/.-])([\dOECSILB]{1,2})\2([\dOECSILB]{1,2})(?![\dA-Z])/g, (all, y: string, sep: string, m: string, d: string) =>
        /\d/.test(m + d) ? `${y}${sep}${digits(m)}${sep}${digits(d)}` : all,
      )
      // A year-first date's first separator read as a colon ('2024:02-26:14:03', 'FECHA: 2025: 1-08').
      .replace(/\b((?:19|20)\d{2}):\s?(\d{1,2})-(\d{1,2})\b/g, '$1-$2-$3')
      // Or as a point, its hundreds perhaps misread too ('2925.03-20 18:19').
      .replace(/(?<![\d#.,-])((?:19|2\d)\d{2})\.(\d{1,2})-(\d{1,2})(?![\d.,-])/g, '$1-$2-$3')
      // Digits read for the letters of a month's abbreviation between a date's separators ('23-A8R-2025'), its O read
      // as a Q, a space perhaps put into it ('04-AG Q-2024').
      .replace(/(\b\d{1,2}([/.-]))([A-Z\d]{2}\s?[A-Z\d])(?=\2(?:\d{2,4}(?!\d)|(?:19|20)\d{2}(?=\d{1,2}:\d{2})))/g, (all, head: string, _sep: string, m: string) => {
        const read = m.replace(/\s/, '').replace(/[80516]/g, (c) => LETTER_FOR[c]).replace(/Q/g, 'O');
        return /[A-Z]/.test(m) && /[\dQ\s]/.test(m) && MONTHS[read] ? `${head}${read}` : all;
      })
      // A numeric date glued to the label before it ('Emsiom09/03/2514:21', 'SALIDA2024-08-1620:49'); two letters
      // before digits are a product's shelf code ('GB12-21-22'), not a label.
      .replace(/(?<=\p{L}{3})(?=\d{1,2}([/.-])\d{1,2}\1\d{2}|(?:19|20)\d{2}([/.-])\d{1,2}\2\d{1,2})/gu, ' ')
      // A date with a month's name glued to the label before it ('FechaEmior18-SEP-2024').
      .replace(GLUED_BEFORE_MONTH_DATE, '$1 ')
      // A Spanish month's abbreviation with its last letter lost, between the same separators before a four-digit year
      // ('15-EN-2024'); MA and JU are two months each, and stay unread.
      .replace(/(\b\d{1,2}([/.-]))(EN|FE|AB|AG|SE|OC|NO|DI)(?=\2(?:19|20)\d{2}(?!\d))/g, (_, head: string, _sep: string, m: string) => `${head}${TWO_LETTER_MONTH[m]}`)
      // A month's abbreviation ending in O, that O read as 0 and glued to the year ('5 ag02025').
      .replace(/\b(\d{1,2}\s*(?:DE\s*)?)([A-Z]{2})0((?:19|20)\d{2})\b/g, (all, head: string, m: string, y: string) => (MONTHS[`${m}O`] ? `${head}${m}O ${y}` : all))
      // A year's 0 lost ('11-06-224Hor:17:29').
      .replace(/(\b\d{1,2}([/.-])\d{1,2}\2)2(2\d)(?!\d)/g, '$120$3')
      // A year's 0 read as E or O ('14-05-2e25').
      .replace(/(\b\d{1,2}([/.-])\d{1,2}\2)2[OE](\d{2})(?!\d)/g, '$120$3')
      // OCTUBRE's O read as a 0 and glued to the day ('250ct 2024'): no other month begins with an O. Only before a
      // four-digit year: 'BAND-AID 30CT' counts thirty.
      .replace(/\b(\d{1,2})0(CT(?:UBRE)?)(?=[\s.,/-]*(?:DE\s*)?(?:19|20)\d{2}(?!\d))/g, '$1 O$2')
      // A J read as 3 in a month's name between the same separators ('08-3UL-2024').
      .replace(/(\d([/.-]))3(UL|UN|AN)(?=\2\d{2,4}(?!\d))/g, '$1J$3')
      // A day's separator read as a colon before a four-digit year ('Emision:10:09.202411:03').
      .replace(/(?<!\d:?)(\d{1,2}):(\d{1,2})([/.-])((?:19|20)\d{2})(?=\d{1,2}:\d{2}|(?!\d))/g, '$1$3$2$3$4 ')
      // The same before a month's name ('O1-JUN-2024'), with a digit left in the day.
      .replace(DAY_BEFORE_MONTH, (all, d: string, rest: string) => (/\d/.test(d) ? `${digits(d)}${rest}` : all))
      // A two-digit year with the time glued on ('13/01/2420.53' is 13/01/24 at 20:53), its colon perhaps lost too
      // ('30/04/251027'): digits that begin no receipt's year, then a time's minutes.
      .replace(/(?<![\d.,/-])(\d{1,2}([/.-])\d{1,2}\2)(\d{2})([0-2]\d[.:]?[0-5]\d)(?![\d.,:])/g, (all, date: string, _sep: string, yy: string, time: string) =>
        /^(19|20)$/.test(yy) ? all : `${date}${yy} ${time}`,
      )
  );
}

/** Receipts are from this century and not from years ahead: '22/03/2078' is OCR's 2018, not a date to keep. */
export const LATEST_YEAR = new Date().getUTCFullYear() + 1;

function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  // The hundreds of a receipt's year are 0: '29-ENE-2824' is a 0 misread (the check-digit mender corrects numeric
  // dates with the recogniser's runner-up digit; this is what is left for the others).
  if (y >= 2100 && y <= 2999) y = 2000 + (y % 100);
  if (y < 2000 || y > LATEST_YEAR || m < 1 || m > 12 || d < 1) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return null; // 31/02 and the like
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const PATTERNS: ReadonlyArray<{ re: RegExp; build: (m: RegExpExecArray, monthFirst: boolean) => string | null }> = [
  // 2026-03-12, 2026/03/12
  // The day's or the month's 0 perhaps read as an 8, 6 or 9 ('2025-1-88', '2025-97-07').
  { re: /\b(20\d{2})[-/.](\d{1,2})[-/.](\d{1,2})\b/, build: (m) => iso(+m[1], monthTens(+m[2]), dayTens(+m[3])) },
  // 12 de marzo de 2026, 12 marzo 2026, 12 MAR 2026, 12-MAR-2026, 12/mar/26
  {
    // A receipt book prints '20' and the hand writes the rest: 'de 20 25'.
    // A line recogniser drops the spaces around DE, even its E: '9deOctubre del2024', '26de Abrildel2025', '14dagosto'.
    // '15may2024', and a year written in pieces on a receipt book's line ('de 20 2 4'); a point after DE ('6 de.agosto');
    // a colon before the year and the time glued after it ('20MAY:20259:14').
    re: new RegExp(`\\b(\\d{1,2})(?:\\s*DE?[\\s.]*|\\s*&\\s*|[\\s/.-]*)(${MONTH_ALT})\\.?(?:\\s*D(?:EL?)?\\s*|[\\s/.,:-]*)(20\\s\\d\\s?\\d\\b|20\\d{2}(?=\\d{1,2}:\\d{2})|\\d{4}\\b|\\d{2}\\b)`),
    // The day's 0 perhaps read as a B, then 8 ('B3-JUN-2025').
    build: (m) => iso(+m[3].replace(/\s/g, ''), MONTHS[m[2]], dayTens(+m[1])),
  },
  // March 12, 2026 / MAR 12 2026 / marzo 12, 2026
  {
    re: new RegExp(`\\b(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:ST|ND|RD|TH)?,?\\s+(\\d{4})\\b`),
    build: (m) => iso(+m[3], MONTHS[m[1]], +m[2]),
  },
  // 12/03/2026, 12-03-2026, 12.03.26; 03/12/2026 is month-first for USD receipts
  {
    // OCR may put a space after a separator ('28. 10.2025'). Both separators are the same: 'REG #19- 10/03/2018'
    // is a register number before 10/03/2018, not 19 October 2003.
    re: /\b(\d{1,2})([-/.])\s?(\d{1,2})\s?\2(\d{4}|\d{2})\b/,
    build: (m, monthFirst) => {
      const a = +m[1];
      const b = +m[3];
      const y = +m[4];
      if (a > 12 && b > 12 && !monthFirst) return iso(y, monthTens(b), a);
      if (a > 12) return iso(y, b, a) ?? (monthFirst ? null : iso(y, b, dayTens(a)));
      // A day-first month whose tens digit OCR misread ('04/88/2025') is no month-first date with a day of 88.
      if (b > 12) return iso(y, a, b) ?? (monthFirst ? null : iso(y, monthTens(b), a));
      return monthFirst ? iso(y, a, b) : iso(y, b, a);
    },
  },
  // Year first with its hundreds misread ('SALIDA 2625-09-08 06:38'): the same separator twice, last of all.
  { re: /\b(2[1-9]\d{2})([-/.])(\d{1,2})\2(\d{1,2})\b/, build: (m) => iso(+m[1], +m[3], +m[4]) },
  // Year first with the time glued after the day ('2025-01-0716:42'), its colon perhaps lost too ('2025-10-10850').
  { re: /\b(20\d{2})([-/.])(\d{1,2})\2(\d{2})(?=\d{1,2}:\d{2}|\d{3,4}(?!\d))/, build: (m) => iso(+m[1], +m[3], +m[4]) },
  // A long date whose month name OCR broke, between DE and a four-digit year ('10 de ab ii 2025', '3 DE MARZ0 DE 2024',
  // '26 deseptiembe de2024'), or with its DE lost too ('10 septembe 2025': a word of five letters or more then).
  {
    // The receipt book's printed 20 and the handwritten rest may be apart ('de20-24').
    re: /\b(\d{1,2})(?:\s*DE\s*([A-Z][A-Z0 ]{1,11}?)|\s+([A-Z][A-Z0]{4,11}))\s*(?:DEL?\s*)?(20[\s-]?\d{2})\b/,
    build: (m) => {
      const month = brokenMonth(m[2] ?? m[3]);
      return month ? iso(+m[4].replace(/\D/g, ''), month, +m[1]) : null;
    },
  },
];

/**
 * A month's tens digit can only be 0 or 1: '66' is 06 with its 0 read as 6 ('17/66/2024'). Below 3 the units leave two
 * months, told apart by the look-alike: a 6, 8 or 9 is a 0 misread ('62' is 02), a 7 a 1 ('72' is 12).
 */
function monthTens(n: number): number {
  if (n <= 12) return n;
  if (n % 10 >= 3) return n % 10;
  const tens = Math.floor(n / 10);
  if ([6, 8, 9].includes(tens) && n % 10 > 0) return n % 10;
  return tens === 7 ? 10 + (n % 10) : n;
}

/** A day's tens digit 0 read as 8, 6 or 9 ('82/03/2025' is the 2nd): past 31, and only those look-alikes of 0. */
function dayTens(n: number): number {
  return n > 31 && /^[689][1-9]$/.test(String(n)) ? n % 10 : n;
}

const SPANISH_MONTHS = ['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SEPTIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'];

/** `part` is `whole` with letters left out, in order ('SEPTEMBE' in 'SEPTIEMBRE'). */
function within(part: string, whole: string): boolean {
  let j = 0;
  for (const c of whole) if (c === part[j]) j++;
  return j === part.length;
}

/**
 * A Spanish month name that OCR visibly broke: split by a space ('AB II' for ABRIL), an O read as 0 ('N0VIEMBRE'), cut
 * short ('NOVIEMBR') or a letter lost, two in a long name ('SEPTIEMBE', 'SEPTEMBE'). It is the one month whose first
 * two letters it shares (three for MA- and JU-), about as long. A whole word that merely starts like a month ('MARCA')
 * is not broken, and no month. Null when none or several fit.
 */
function brokenMonth(word: string): number | null {
  const w = word.replace(/\s/g, '').replace(/0/g, 'O');
  const fits = SPANISH_MONTHS.flatMap((name, i) => {
    const prefix = /^(MA|JU)/.test(name) ? 3 : 2;
    const lost = name.length - w.length;
    const dropped = (lost === 1 ? w.length >= 4 : lost === 2 && w.length >= 6) && within(w, name);
    const broken = /\s|0/.test(word) || (w.length >= 3 && name.startsWith(w)) || dropped;
    return broken && w.length >= prefix && name.startsWith(w.slice(0, prefix)) && Math.abs(name.length - w.length) <= 2 ? [i + 1] : [];
  });
  return fits.length === 1 ? fits[0] : null;
}

/** A car park's SALIDA and ENTRADA with the D read as 0, then as O ('SALI0A'). */
const DATE_LABEL = /\b(FECHA|EMISION|EMITIDA|DATE|DATA|FEC\.?|SALI[DO]A|EXIT|CHECK-?OUT)\b/;
const OTHER_DATE = /\b(VENCIMIENTO|VENCE|VALIDO|VIGENCIA|EXPIRA|DUE DATE|RESOLUCION|RES\.|CADUCA|INICIO\s+(DE\s+)?ACTIVIDADES|NACIMIENTO)\b/;
/**
 * A period printed on the receipt, two days joined by a dash ('25 AUG - 3 SEPT 2017', '01/03 - 31/03/2025'): an event's
 * or a subscription's days, not the day of the purchase, unless nothing else on the page is a date.
 */
const PERIOD = new RegExp(`\\b\\d{1,2}(?:\\s*(?:${MONTH_ALT})[A-Z]*\\.?|[/.-]\\d{1,2})(?:[/.-]?\\s*\\d{2,4})?\\s+[-–~]\\s+\\d{1,2}(?:\\s*(?:${MONTH_ALT})[A-Z]*|[/.-]\\d{1,2})\\b`);
/**
 * The start of a stay (a car park's entry, a hotel's check-in, its LLEGADA read with an L lost and its A as R:
 * 'Legadr:14/08/2025'): the document's date only when nothing else is printed.
 */
const START_DATE = /\b(ENTRA[DO]A|INGRESO|L?LEGAD[AR]|CHECK-?IN|ARRIVAL|DESDE|ENTRY)\b/;

/** Dates OCR glued on a labelled line: '30032018', '12/02/2018' read as '1210212018', or glued to a number before. Day first. */
const SLASH_READ_AS_1 = [/\b(\d{1,2})[1Il|](\d{1,2})[/.-](\d{2})\b/, /\b(\d{1,2})[/.-](\d{1,2})[1Il|](\d{2})\b/];

const GLUED_DAY_FIRST = [
  // The time may be glued after it too ('SALIDA 2504202514:29', 'Em 090220241423').
  /\b(\d{2})(\d{2})(20\d{2})(?:\b|(?=\d{1,2}:\d{2})|(?=[01]\d[0-5]\d\b|2[0-3][0-5]\d\b))/,
  /\b(\d{2})[1Il|](\d{2})[1Il|](20\d{2})\b/,
  // One separator read as a 1 ('18104/2017').
  /\b(\d{2})[1Il|](\d{2})[/.-](20\d{2})\b/,
  /\b(\d{1,2})[/.-](\d{1,2})[1Il|](20\d{2})\b/,
];

function gluedDate(l: string, labelled = false): string | null {
  // After FECHA, a handwritten slash read as a 1 before a two-digit year: the first ('Fecha: 715/25' is 7/5/25), or
  // else the second ('Fecha: 22/2124' is 22/2/24).
  for (const re of labelled ? SLASH_READ_AS_1 : []) {
    const m = re.exec(l);
    const date = m ? iso(+m[3], +m[2], +m[1]) : null;
    if (date) return date;
  }
  // Both slashes read as 1s ('Fecha: 717124' is 7/7/24), or lost altogether ('111124' is 11/11/24, '7325' 7/3/25):
  // taken when one reading only is a date. Not a number a date's separator follows ('2606-2025' lost only one), nor one
  // that follows a separator: 'FECHA: 23. .2625' is a year whose month was lost.
  const both = labelled ? /(?<![/.-]\s?)\b(\d{4,7})(?!\d)(?![/.-]\d)/.exec(l) : null;
  if (both) {
    const s = both[1];
    const readings = new Set<string>();
    for (const d of [1, 2])
      for (const m of [1, 2]) {
        const lost = s.length === d + m + 2 ? iso(+s.slice(-2), +s.slice(d, d + m), +s.slice(0, d)) : null;
        const ones = s.length === d + m + 4 && s[d] === '1' && s[d + 1 + m] === '1' ? iso(+s.slice(-2), +s.slice(d + 1, d + 1 + m), +s.slice(0, d)) : null;
        for (const date of [lost, ones]) if (date) readings.add(date);
      }
    if (readings.size === 1) return [...readings][0];
  }
  // Each reading only when it gives a date: '21.012024' is no 21/0/2024 with a separator read as 1, but 21.01.2024
  // with one lost (below).
  for (const re of GLUED_DAY_FIRST) {
    const m = re.exec(l);
    const date = m ? iso(+m[3], +m[2], +m[1]) : null;
    if (date) return date;
  }
  // Year first, glued ('DATE/TIME : 20180428/191204'): a day-first reading of the same digits is no date.
  const yearFirst = /\b(20\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=\b|[/\s:-]|\d{4,6}\b)/.exec(l);
  const compact = yearFirst ? iso(+yearFirst[1], +yearFirst[2], +yearFirst[3]) : null;
  if (compact) return compact;
  // A number glued before the day ('Serie 00403/07/2024'), the time glued after the year ('00829/04/202518'): two
  // digits each, a four-digit year, the same separators.
  const after = /(\d{2})([/.-])(\d{2})\2(20\d{2})/.exec(l);
  if (after) return iso(+after[4], +after[3], +after[1]);
  // The separator between day and month lost ('2403/2024').
  const beforeMonth = /\b(\d{2})(\d{2})[/.-](20\d{2})\b/.exec(l);
  if (beforeMonth) return iso(+beforeMonth[3], +beforeMonth[2], +beforeMonth[1]);
  // The separator before the year lost, the time glued after it, its colon perhaps lost too ('27.01202519:43',
  // '23.0920241127').
  const beforeYear = /\b(\d{2})([/.-])(\d{2})(20\d{2})(?=\d{1,2}:\d{2}|\d{3,4}(?!\d)|(?!\d))/.exec(l);
  if (beforeYear) return iso(+beforeYear[4], +beforeYear[3], +beforeYear[1]);
  // One separator lost to a space ('04.07 2024', '19 05/2024').
  const lost = /\b(\d{2})(?:[/.-](\d{2})\s|\s(\d{2})[/.-])(20\d{2})\b/.exec(l);
  const spaced = lost ? iso(+lost[4], +(lost[2] ?? lost[3]), +lost[1]) : null;
  if (spaced) return spaced;
  // The separator before a two-digit year lost ('ENTRADA:15/0925 12-37').
  const shortYear = /\b(\d{1,2})([/.-])(\d{2})(\d{2})(?=\s|$)/.exec(l);
  if (shortYear) return iso(+shortYear[4], +shortYear[3], +shortYear[1]);
  // A till's date and time with every separator lost and a two-digit year ('2702241638C9' is 27/02/24 16:38, caja 9):
  // ten digits, the last four a time of day.
  const tenDigits = /(?<!\d)(\d{2})(\d{2})(\d{2})(?:[01]\d|2[0-3])[0-5]\d(?!\d)/.exec(l);
  return tenDigits ? iso(+tenDigits[3], +tenDigits[2], +tenDigits[1]) : null;
}

export interface FoundDate {
  date: string;
  labelled: boolean;
  /** Written so that day and month cannot be swapped: a month's name, year first, or a day above 12. */
  unambiguous: boolean;
}

const ENDS_WITH_MONTH = new RegExp(`\\d\\s*DE?\\s*(${MONTH_ALT})[A-Z]*\\.?\\s*$`);

/** A long date broken after its month's name, the year on the next line ('Talca 26de septiembre' / 'de2025'): one line. */
function joinSplitDates(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const prev = out.length ? out[out.length - 1] : null;
    if (prev !== null && ENDS_WITH_MONTH.test(fold(prev)) && /^\s*(?:DEL?\s*)?(?:19|20)\d{2}\b/.test(fold(line))) {
      out[out.length - 1] = `${prev} ${line}`;
    } else out.push(line);
  }
  return out;
}

function describe(date: string, labelled: boolean, match: RegExpExecArray | null, pattern: number): FoundDate {
  const numeric = pattern === 3 && match !== null;
  const unambiguous = !numeric || +match[1] > 12 || +match[3] > 12 || +match[1] === +match[3];
  return { date, labelled, unambiguous };
}

/** Receipt date as yyyy-mm-dd. Labelled dates (FECHA, EMISIÓN, DATE) win; due and SII resolution dates are skipped. */
export function findDate(rawLines: string[], monthFirst: boolean): FoundDate | null {
  const lines = joinSplitDates(rawLines);
  let first: { date: string; m: RegExpExecArray; pi: number } | null = null;
  let start: { date: string; m: RegExpExecArray; pi: number } | null = null;
  let period: { date: string; m: RegExpExecArray; pi: number } | null = null;
  for (const line of lines) {
    const l = dateText(line);
    if (OTHER_DATE.test(l)) continue;
    let found = false;
    for (const [pi, p] of PATTERNS.entries()) {
      const m = p.re.exec(l);
      if (!m) continue;
      const date = p.build(m, monthFirst);
      if (!date) continue;
      found = true;
      if (START_DATE.test(l)) start ??= { date, m, pi };
      else if (PERIOD.test(l) && !DATE_LABEL.test(l)) period ??= { date, m, pi };
      else if (DATE_LABEL.test(l)) return describe(date, true, m, pi);
      else first ??= { date, m, pi };
      break;
    }
    if (!found && DATE_LABEL.test(l) && !START_DATE.test(l)) {
      const glued = gluedDate(l, true);
      if (glued) return { date: glued, labelled: true, unambiguous: false };
    }
  }
  if (!first && !start && !period) {
    // Nothing reads as a date: a glued one on any line ('30032018 No. CS20322').
    for (const line of lines) {
      const glued = OTHER_DATE.test(dateText(line)) ? null : gluedDate(dateText(line));
      if (glued) return { date: glued, labelled: false, unambiguous: false };
    }
  }
  const pick = first ?? start ?? period;
  return pick ? describe(pick.date, false, pick.m, pick.pi) : null;
}
