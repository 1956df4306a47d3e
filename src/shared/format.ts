const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });

/** `$12.990` for CLP. Accepts the API's numeric strings. */
export function formatCLP(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return clp.format(Number.isFinite(n) ? Math.round(n) : 0);
}

/** Non-CLP amounts show two decimals plus the currency code. */
export function formatMoney(value: number | string, currency: string): string {
  if (currency === 'CLP') return formatCLP(value);
  const n = typeof value === 'string' ? Number(value) : value;
  return `${new Intl.NumberFormat('es-CL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)} ${currency}`;
}

/** Every date-time Rendix shows people is Chile's wall clock, whatever the server's or the browser's zone. */
export const CHILE_TIME_ZONE = 'America/Santiago';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const chileParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: CHILE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock fields of an instant in Chile (DST included: UTC−3 in summer, UTC−4 in winter). */
export function chileWallClock(at: Date): { year: string; month: string; day: string; hour: string; minute: string; second: string } {
  const p: Record<string, string> = {};
  for (const part of chileParts.formatToParts(at)) p[part.type] = part.value;
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

/**
 * dd/mm/yyyy, '-' when empty. A bare yyyy-mm-dd is a calendar date (an expense's date) and is shown as is; an instant
 * (a timestamp) shows its day in Chile.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (typeof value === 'string') {
    const m = CALENDAR_DATE.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const d = toDate(value);
  if (!d) return '-';
  const c = chileWallClock(d);
  return `${c.day}/${c.month}/${c.year}`;
}

/**
 * The one formatter for date-times shown to people (screens, comprobante PDF, Excel, e-mails): dd/mm/yyyy HH:mm in
 * Chile's time (America/Santiago), '-' when empty. `seconds` adds :ss (logs).
 */
export function formatDateTime(value: string | Date | null | undefined, opts: { seconds?: boolean } = {}): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return `${formatDate(value)} 00:00${opts.seconds ? ':00' : ''}`;
  const d = toDate(value);
  if (!d) return '-';
  const c = chileWallClock(d);
  return `${c.day}/${c.month}/${c.year} ${c.hour}:${c.minute}${opts.seconds ? `:${c.second}` : ''}`;
}

/**
 * Amount fields show Chilean separators while the form keeps the plain number the API and the shared schema take
 * ('12.990' on screen, '12990' sent; '45,5' and '45.5' for a foreign currency). Two decimals at most, as the schema.
 */
const AMOUNT_DECIMALS = 2;

/**
 * What the user typed → the plain number ('1234.5'), '' for nothing. ',' is the decimal mark and '.' groups thousands;
 * `newDotIsDecimal` (a foreign currency where the user just typed or pasted a '.', a phone keypad's only separator)
 * makes the last '.' the decimal mark. With both marks the last one is the decimal mark ('1,234.56' pasted).
 */
export function parseAmountInput(text: string, newDotIsDecimal = false): string {
  const s = text.replace(/[^\d.,]/g, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let mark = -1;
  if (lastComma >= 0 && lastDot >= 0) mark = Math.max(lastComma, lastDot);
  else if (lastComma >= 0) mark = lastComma;
  else if (lastDot >= 0 && newDotIsDecimal) mark = lastDot;
  const digits = (part: string) => part.replace(/\D/g, '');
  const whole = digits(mark >= 0 ? s.slice(0, mark) : s).replace(/^0+(?=\d)/, '');
  if (mark < 0) return whole;
  return `${whole || '0'}.${digits(s.slice(mark + 1)).slice(0, AMOUNT_DECIMALS)}`;
}

/** The plain number ('12990', '45.5', '12.') as the field shows it ('12.990', '45,5', '12,'); other text as is. */
export function formatAmountInput(plain: string): string {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(plain);
  if (!m) return plain;
  const whole = m[1].replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return m[2] === undefined ? whole : `${whole},${m[2]}`;
}

/**
 * Where the caret goes after reformatting: after the same number of digits (and the decimal mark, when the user had
 * just passed it) as before, so typing in the middle of '1.234.567' does not jump to the end.
 */
export function caretAfterFormat(typed: string, caret: number, formatted: string): number {
  const before = typed.slice(0, caret);
  const digitsBefore = before.replace(/\D/g, '').length;
  const decimalTyped = before.includes(',') || (formatted.includes(',') && !typed.includes(',') && before.endsWith('.') && caret === typed.length);
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (seen === digitsBefore && !(decimalTyped && formatted[i] === ',')) return i;
    if (/\d/.test(formatted[i])) seen++;
  }
  return formatted.length;
}
