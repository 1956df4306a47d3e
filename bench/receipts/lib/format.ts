/** Text formatting for printed receipts: Chilean money, the date forms seen on real documents, column layout. */
import type { Rng } from './random.js';

/** 3740 → '3.740' (Chilean thousands separator). */
export function clp(n: number): string {
  return Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** 12345.67 → '12.345,67' (Latin-American / European decimals). */
export function decComma(n: number): string {
  const [int, dec] = n.toFixed(2).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}

/** 1234.5 → '1,234.50' (US / Peru decimals). */
export function decPoint(n: number): string {
  const [int, dec] = n.toFixed(2).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const MON = ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC'];

export const DATE_STYLES = ['dd/mm/yyyy', 'dd-mm-yyyy', 'dd.mm.yy', 'yyyy-mm-dd', 'dd MON yyyy', 'dd de mes de yyyy'] as const;
export type DateStyle = (typeof DATE_STYLES)[number] | 'mm/dd/yyyy' | 'Mon dd, yyyy' | 'dd/mm/yy';

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-');
  const mi = Number(m) - 1;
  switch (style) {
    case 'dd/mm/yyyy':
      return `${d}/${m}/${y}`;
    case 'dd-mm-yyyy':
      return `${d}-${m}-${y}`;
    case 'dd.mm.yy':
      return `${d}.${m}.${y.slice(2)}`;
    case 'dd/mm/yy':
      return `${d}/${m}/${y.slice(2)}`;
    case 'yyyy-mm-dd':
      return iso;
    case 'dd MON yyyy':
      return `${d} ${MON[mi]} ${y}`;
    case 'dd de mes de yyyy':
      return `${Number(d)} de ${MONTHS[mi]} de ${y}`;
    case 'mm/dd/yyyy':
      return `${m}/${d}/${y}`;
    case 'Mon dd, yyyy':
      return `${EN_MONTHS[mi]} ${Number(d)}, ${y}`;
  }
}

/** A date between 2024-01-01 and 2025-12-31 (day ≥ 13 half the time, so dd/mm vs mm/dd is not always decidable by range). */
export function randomDate(rng: Rng, from = Date.UTC(2024, 0, 1), to = Date.UTC(2025, 11, 31)): string {
  const t = from + Math.floor(rng.float() * ((to - from) / 86_400_000)) * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function randomTime(rng: Rng, from = 8, to = 22): string {
  return `${String(rng.int(from, to - 1)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
}

/** Left and right text on one line of `width` columns. */
export function cols(left: string, right: string, width: number): string {
  const room = width - right.length - 1;
  const l = left.length > room ? left.slice(0, room) : left;
  return `${l}${' '.repeat(Math.max(1, width - l.length - right.length))}${right}`;
}

/** Three columns: description, middle (qty x price) and amount. */
export function cols3(left: string, middle: string, right: string, width: number, middleAt = 20): string {
  const l = left.length > middleAt - 1 ? left.slice(0, middleAt - 1) : left;
  return cols(`${l.padEnd(middleAt)}${middle}`, right, width);
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
