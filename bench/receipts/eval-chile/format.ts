/** How Chilean (and one Brazilian) documents print dates, money and tax ids. */
import { rutCheckDigit } from '../../../src/shared/rut.js';
import type { Rng } from './rng.js';

export const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
export const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

export interface Day {
  y: number;
  m: number;
  d: number;
}

const p2 = (n: number) => String(n).padStart(2, '0');

export const iso = (t: Day) => `${t.y}-${p2(t.m)}-${p2(t.d)}`;

/** A day between 2024-01-01 and 2025-10-31. */
export function randomDay(rng: Rng): Day {
  const start = Date.UTC(2024, 0, 1);
  const end = Date.UTC(2025, 9, 31);
  const t = new Date(start + Math.floor(rng.next() * ((end - start) / 86_400_000)) * 86_400_000);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export function addDays(t: Day, n: number): Day {
  const x = new Date(Date.UTC(t.y, t.m - 1, t.d) + n * 86_400_000);
  return { y: x.getUTCFullYear(), m: x.getUTCMonth() + 1, d: x.getUTCDate() };
}

export const weekday = (t: Day) => WEEKDAYS[new Date(Date.UTC(t.y, t.m - 1, t.d)).getUTCDay()];

export type DateStyle = 'dd/mm/yyyy' | 'dd-mm-yyyy' | 'dd/mm/yy' | 'dd.mm.yyyy' | 'yyyy-mm-dd' | 'd de mes de yyyy' | 'dd-MES-yyyy' | 'largo';

export function formatDay(t: Day, style: DateStyle): string {
  switch (style) {
    case 'dd/mm/yyyy':
      return `${p2(t.d)}/${p2(t.m)}/${t.y}`;
    case 'dd-mm-yyyy':
      return `${p2(t.d)}-${p2(t.m)}-${t.y}`;
    case 'dd/mm/yy':
      return `${p2(t.d)}/${p2(t.m)}/${String(t.y).slice(2)}`;
    case 'dd.mm.yyyy':
      return `${p2(t.d)}.${p2(t.m)}.${t.y}`;
    case 'yyyy-mm-dd':
      return iso(t);
    case 'd de mes de yyyy':
      return `${t.d} de ${MONTHS[t.m - 1]} de ${t.y}`;
    case 'dd-MES-yyyy':
      return `${p2(t.d)}-${MONTHS[t.m - 1].slice(0, 3).toUpperCase()}-${t.y}`;
    case 'largo':
      return `${weekday(t)}, ${t.d} de ${MONTHS[t.m - 1]} de ${t.y}`;
  }
}

export const time = (rng: Rng) => `${p2(rng.int(7, 22))}:${p2(rng.int(0, 59))}`;

/** 12345 → "12.345" (Chilean thousands separator). */
export const miles = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

export function clp(n: number, style: '$' | '$ ' | 'bare' = '$'): string {
  return style === 'bare' ? miles(n) : `${style}${miles(n)}`;
}

/** 1234.5 → "1.234,50" (Brazil). */
export function brl(n: number): string {
  const [int, dec] = n.toFixed(2).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}

export interface Rut {
  normalized: string;
  dotted: string;
}

export function rut(rng: Rng, kind: 'company' | 'person'): Rut {
  const body = String(kind === 'company' ? rng.int(76_000_000, 77_999_999) : rng.int(6_000_000, 21_999_999));
  const dv = rutCheckDigit(body);
  return { normalized: `${body}-${dv}`, dotted: `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}` };
}

export function cnpj(rng: Rng): string {
  const base = Array.from({ length: 8 }, () => rng.int(0, 9)).concat([0, 0, 0, 1]);
  const dv = (digits: number[]) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = digits.reduce((s, d, i) => s + d * weights[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(base);
  const d2 = dv([...base, d1]);
  const s = [...base, d1, d2].join('');
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12)}`;
}

const UNITS = ['', 'un', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiún', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve'];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];

function below1000(n: number): string {
  if (n === 100) return 'cien';
  const h = Math.floor(n / 100);
  const r = n % 100;
  const rest = r < 30 ? UNITS[r] : `${TENS[Math.floor(r / 10)]}${r % 10 ? ` y ${UNITS[r % 10]}` : ''}`;
  return [HUNDREDS[h], rest].filter(Boolean).join(' ');
}

/** 45300 → "cuarenta y cinco mil trescientos", as written on a receipt-book recibo. */
export function inWords(n: number): string {
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions) parts.push(millions === 1 ? 'un millón' : `${below1000(millions)} millones`);
  if (thousands) parts.push(thousands === 1 ? 'mil' : `${below1000(thousands)} mil`);
  if (rest) parts.push(below1000(rest));
  return parts.join(' ') || 'cero';
}

/** A CLP price that looks like a shelf price: ends in 0, often in 90 or 00. */
export function price(rng: Rng, min: number, max: number): number {
  const raw = rng.int(min, max);
  const step = raw > 20_000 ? 1000 : raw > 2000 ? rng.pick([10, 100, 500]) : 10;
  const v = Math.max(step, Math.round(raw / step) * step);
  return rng.chance(0.3) && v > 1000 ? v - 10 : v;
}
