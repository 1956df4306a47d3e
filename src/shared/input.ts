import { z } from 'zod';

/**
 * The input boundary every request schema builds on (server routes and client forms use the same
 * objects): text PostgreSQL can store, real calendar dates in a sane range, numbers that fit their
 * columns. What passes these never makes the database answer an error.
 */

export const INPUT_MSG = {
  text: 'El texto contiene caracteres no permitidos.',
  date: 'Fecha inválida',
  expenseDateRange: 'La fecha debe estar entre el 01-01-2000 y un año desde hoy.',
  filterDateRange: 'La fecha debe estar entre el año 2000 y el 2100.',
  amountRequired: 'Por favor completa todos los campos requeridos.',
  amountNegative: 'El monto no puede ser negativo.',
  amountTooLarge: 'El monto es demasiado grande.',
  amountDecimals: 'El monto admite como máximo 2 decimales.',
  amountMin: 'El monto debe ser al menos 0,01.',
  rate: 'El tipo de cambio debe ser mayor a 0.',
  rateTooLarge: 'El tipo de cambio es demasiado grande.',
  rateDecimals: 'El tipo de cambio admite como máximo 6 decimales.',
} as const;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (not valid UTF-8). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL stores as given: no NUL (refused by `text`) and no lone UTF-16 surrogate (no UTF-8 form). */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * `z.string()` for anything that comes in (bodies, query strings, params, multipart fields): refuses NUL
 * and lone surrogates with a Spanish message. Chain `.trim()`, `.min()`, `.max()` on it as on `z.string()`.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, { error: INPUT_MSG.text, abort: true });
}

/** A UUID as PostgreSQL's uuid type reads it (8-4-4-4-12 hex); anything else would be a 22P02 error there. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

// ---------------------------------------------------------------- dates

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` that names a real day of the Gregorian calendar ('2024-02-30', '2023-02-29', '0000-01-01' do not). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return d <= days;
}

/** Earliest expense date and filter bound. */
export const MIN_DATE = '2000-01-01';
/** Latest date a list or export filter may name. */
export const MAX_FILTER_DATE = '2100-12-31';

/** One year after today (UTC), as `YYYY-MM-DD`: the latest date an expense may carry. */
export function maxExpenseDate(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/**
 * A day as `YYYY-MM-DD` between `min` and `max()` (inclusive). With `prefix`, an ISO date-time
 * ('2024-03-01T12:00:00Z') is accepted and cut to its day, as the API always did for expenses.
 */
export function calendarDate(opts: { min?: string; max?: () => string; rangeMessage: string; prefix?: boolean; requiredMessage?: string; allowEmpty?: boolean }) {
  const min = opts.min ?? MIN_DATE;
  const max = opts.max ?? (() => MAX_FILTER_DATE);
  return safeText(opts.requiredMessage ? { error: opts.requiredMessage } : undefined)
    .trim()
    .max(40, { error: INPUT_MSG.date })
    .transform((v) => (opts.prefix && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v))
    .refine((v) => (opts.allowEmpty && v === '') || isCalendarDate(v), { error: INPUT_MSG.date, abort: true })
    .refine((v) => (opts.allowEmpty && v === '') || (v >= min && v <= max()), { error: opts.rangeMessage });
}

/** A list or export filter date: a real day from 2000 to 2100; '' or absent means no filter. */
export const filterDate = () => calendarDate({ rangeMessage: INPUT_MSG.filterDateRange, allowEmpty: true }).optional();

// ---------------------------------------------------------------- numbers

/** numeric(14,2): 12 integer digits. */
export const AMOUNT_MAX = 999_999_999_999.99;
/** numeric(14,6): 8 integer digits. */
export const RATE_MAX = 99_999_999.999999;
/** The largest CLP amount we store (bigint column; kept within exact JS integers). */
export const CLP_MAX = Number.MAX_SAFE_INTEGER;

/** The decimal digits of a number as written ('12.50' → 2, '1e-7' → 7, 3 → 0). */
export function decimalPlaces(value: string | number): number {
  const s = typeof value === 'number' ? String(value) : value;
  const m = /^-?\d*(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(s);
  if (!m) return Infinity;
  const frac = (m[1] ?? '').replace(/0+$/, '').length;
  const exp = m[2] ? Number(m[2]) : 0;
  return Math.max(0, frac - exp);
}

const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

interface DecimalOptions {
  decimals: number;
  min: number;
  max: number;
  messages: { required: string; negative: string; tooLarge: string; decimals: string; min?: string };
}

/** The number `v` stands for if it fits `opts`, else an issue on `ctx` and z.NEVER. */
function toDecimal(v: string | number, opts: DecimalOptions, ctx: z.RefinementCtx): number {
  const { messages: msg } = opts;
  const text = typeof v === 'number' ? String(v) : v.trim().replace(',', '.');
  const n = typeof v === 'number' ? v : NUMBER_TEXT.test(text) ? Number(text) : Number.NaN;
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (Number.isNaN(n)) return fail(msg.required);
  if (n < 0) return fail(msg.negative);
  if (n > opts.max) return fail(msg.tooLarge);
  if (decimalPlaces(text) > opts.decimals) return fail(msg.decimals);
  if (n < opts.min) return fail(msg.min ?? msg.negative);
  // -0 is stored as 0.
  return n === 0 ? 0 : n;
}

const numberInput = (required: string) => z.union([safeText().max(40, { error: required }), z.number()], { error: required });

/**
 * A decimal that fits a numeric column: a number, or a string ('12990', '12,5', ' 3.20 '); at most
 * `decimals` decimals (more is refused, never rounded away), between `min` and `max`.
 */
export function decimal(opts: DecimalOptions) {
  return numberInput(opts.messages.required).transform((v, ctx) => toDecimal(v, opts, ctx));
}

/** The same, optional: absent, null and blank text are null. */
export function optionalDecimal(opts: DecimalOptions) {
  return numberInput(opts.messages.required)
    .nullish()
    .transform((v, ctx) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? null : toDecimal(v, opts, ctx)));
}
