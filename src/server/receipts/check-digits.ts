import { isValidRut } from '@shared/rut.js';
import { LATEST_YEAR } from './dates.js';

/**
 * Ids with check digits, mended with the recogniser's own second choices. A RUT (one modulo-11 digit) or a Brazilian
 * CNPJ (two) read with one digit wrong fails its check; where the recogniser hesitated between two digits, trying its
 * runner-up at each position finds the reading that passes. The check digit is the proof: a reading is taken only
 * when exactly one substitution passes, or one is clearly likelier than any other that does.
 */

/** The recogniser's runner-up digit for a character of the text, and how likely it was against the one it chose. */
export interface DigitDoubt {
  /** Index of the character in the piece's text. */
  at: number;
  alternative: string;
  /** Runner-up's probability over the chosen character's (0..1]. */
  odds: number;
}

/** Below this the runner-up is noise: the recogniser did not hesitate. */
const MIN_ODDS = 0.01;
/** A passing reading must be this much likelier than any other passing one. */
const CLEAR_MARGIN = 4;

const RUT = /(?<!\d)(\d{1,2}[.,]?\d{3}[.,]?\d{3}\s?-\s?[\dkK])\b/g;
/**
 * A CNPJ as OCR leaves it: a colon or comma for a dot, and possibly glued to the next label, whose I may be read as a
 * 1 ('…-971E:'), or read twice ('…-131 IE:'). Shared with ids.ts, which reads the issuer's CNPJ after its label.
 */
export const CNPJ_SHAPE = /\d{2}[.,:]?\d{3}[.,:]?\d{3}\/?\d{4}-?\d{2}(?!\d(?<!1(?=\s?I?E)))/;
const CNPJ = new RegExp(`(${CNPJ_SHAPE.source})`, 'g');
/** A numeric date, day and month of one or two digits, the same separator twice, the year of two or four. */
const NUMERIC_DATE = /(?<![\d.,/-])(\d{1,2}([/.-])\d{1,2}\2\d{2}(?:\d{2})?)(?![\d.,/-])/g;
/** A year-first date, standing alone or with its time glued on ('2025-01-8716:42'). */
const YEAR_FIRST_DATE = /(?<![\d.,/-])(20\d{2}([/.-])\d{1,2}\2\d{2})(?=\d{1,2}:\d{2}|(?![\d.,/-]))/g;

/** Day and month (either order: a US receipt prints the month first) that a calendar has. */
function isCalendarDate(value: string): boolean {
  const [a, b] = value.split(/[/.-]/).map(Number);
  return a >= 1 && b >= 1 && ((a <= 31 && b <= 12) || (a <= 12 && b <= 31));
}

function isYearFirstCalendarDate(value: string): boolean {
  const [, m, d] = value.split(/[/.-]/).map(Number);
  return m >= 1 && m <= 12 && d >= 1 && d <= 31;
}

/** A four-digit year a receipt can bear: this century, not years ahead ('2924' is a 0 read as 9). */
function isReceiptYear(value: string): boolean {
  const year = value.split(/[/.-]/)[2];
  return year.length !== 4 || (+year >= 2000 && +year <= LATEST_YEAR);
}

/** A CNPJ's check digit after its first `length` digits (12 for the first, 13 for the second): modulo 11. */
export function cnpjCheckDigit(digits: string, length: number): number {
  let sum = 0;
  let weight = length - 7;
  for (let i = 0; i < length; i++) {
    sum += Number(digits[i]) * weight;
    weight = weight === 2 ? 9 : weight - 1;
  }
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

export function isValidCnpj(value: string): boolean {
  const d = value.replace(/\D/g, '');
  if (d.length !== 14 || /^(\d)\1+$/.test(d)) return false;
  return cnpjCheckDigit(d, 12) === Number(d[12]) && cnpjCheckDigit(d, 13) === Number(d[13]);
}

function mend(text: string, re: RegExp, valid: (id: string) => boolean, doubts: DigitDoubt[]): string {
  let out = text;
  for (const m of text.matchAll(re)) {
    const id = m[1];
    const from = (m.index ?? 0) + m[0].indexOf(id);
    if (valid(id)) continue;
    const passing: Array<{ reading: string; odds: number }> = [];
    for (const d of doubts) {
      if (d.at < from || d.at >= from + id.length || d.odds < MIN_ODDS || !/[\dK]/i.test(id[d.at - from])) continue;
      const reading = id.slice(0, d.at - from) + d.alternative + id.slice(d.at - from + 1);
      if (valid(reading)) passing.push({ reading, odds: d.odds });
    }
    passing.sort((a, b) => b.odds - a.odds);
    const [best, next] = passing;
    if (best && (!next || best.odds >= CLEAR_MARGIN * next.odds)) out = out.slice(0, from) + best.reading + out.slice(from + id.length);
  }
  return out;
}

/**
 * The piece's text with each failing RUT or CNPJ mended where the recogniser's doubts allow it, and each numeric date
 * whose month or day no calendar has ('14/88/2024', '18/62/24': a 0 read as 8 or 6), or whose year no receipt bears
 * ('2924'), mended the same way; a year-first date's month and day too ('2025-01-87', its time glued after it).
 */
export function mendCheckDigits(text: string, doubts: DigitDoubt[]): string {
  if (!doubts.length) return text;
  const ids = mend(mend(text, RUT, isValidRut, doubts), CNPJ, isValidCnpj, doubts);
  // Day and month first, then the year: each a check of its own, one digit each. Then the year-first dates.
  const dayFirst = mend(mend(ids, NUMERIC_DATE, isCalendarDate, doubts), NUMERIC_DATE, isReceiptYear, doubts);
  return mend(dayFirst, YEAR_FIRST_DATE, isYearFirstCalendarDate, doubts);
}
