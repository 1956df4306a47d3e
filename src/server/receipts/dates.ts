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

function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  if (y < 2000 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return null; // 31/02 and the like
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const PATTERNS: ReadonlyArray<{ re: RegExp; build: (m: RegExpExecArray, monthFirst: boolean) => string | null }> = [
  // 2026-03-12, 2026/03/12
  { re: /\b(20\d{2})[-/.](\d{1,2})[-/.](\d{1,2})\b/, build: (m) => iso(+m[1], +m[2], +m[3]) },
  // 12 de marzo de 2026, 12 marzo 2026, 12 MAR 2026, 12-MAR-2026, 12/mar/26
  {
    re: new RegExp(`\\b(\\d{1,2})(?:\\s+DE\\s+|[\\s/.-]+)(${MONTH_ALT})\\.?(?:\\s+DE\\s+|\\s+DEL\\s+|[\\s/.,-]+)(\\d{4}|\\d{2})\\b`),
    build: (m) => iso(+m[3], MONTHS[m[2]], +m[1]),
  },
  // March 12, 2026 / MAR 12 2026 / marzo 12, 2026
  {
    re: new RegExp(`\\b(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:ST|ND|RD|TH)?,?\\s+(\\d{4})\\b`),
    build: (m) => iso(+m[3], MONTHS[m[1]], +m[2]),
  },
  // 12/03/2026, 12-03-2026, 12.03.26; 03/12/2026 is month-first for USD receipts
  {
    re: /\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/,
    build: (m, monthFirst) => {
      const a = +m[1];
      const b = +m[2];
      const y = +m[3];
      if (a > 12) return iso(y, b, a);
      if (b > 12) return iso(y, a, b);
      return monthFirst ? iso(y, a, b) : iso(y, b, a);
    },
  },
];

const DATE_LABEL = /\b(FECHA|EMISION|EMITIDA|DATE|DATA|FEC\.?)\b/;
const OTHER_DATE = /\b(VENCIMIENTO|VENCE|VALIDO|VIGENCIA|EXPIRA|DUE DATE|RESOLUCION|RES\.|CADUCA)\b/;

export interface FoundDate {
  date: string;
  labelled: boolean;
}

/** Receipt date as yyyy-mm-dd. Labelled dates (FECHA, EMISIÓN, DATE) win; due and SII resolution dates are skipped. */
export function findDate(lines: string[], monthFirst: boolean): FoundDate | null {
  let first: string | null = null;
  for (const line of lines) {
    const l = fold(line);
    if (OTHER_DATE.test(l)) continue;
    for (const p of PATTERNS) {
      const m = p.re.exec(l);
      if (!m) continue;
      const date = p.build(m, monthFirst);
      if (!date) continue;
      if (DATE_LABEL.test(l)) return { date, labelled: true };
      first ??= date;
      break;
    }
  }
  return first ? { date: first, labelled: false } : null;
}
