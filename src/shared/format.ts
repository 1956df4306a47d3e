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
