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

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // A bare yyyy-mm-dd is a calendar date: do not shift it through UTC.
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** dd/mm/yyyy, '-' when empty. */
export function formatDate(value: string | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '-';
  return new Intl.DateTimeFormat('es-CL', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(d).replace(/-/g, '/');
}

/** dd/mm/yyyy HH:mm, '-' when empty. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '-';
  const hh = String(d.getHours()).padStart(2, '0');
  const mm = String(d.getMinutes()).padStart(2, '0');
  return `${formatDate(d)} ${hh}:${mm}`;
}
