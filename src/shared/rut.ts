/** Chilean RUT: digits plus a modulo-11 check digit (0-9 or K). */

function clean(value: string): string {
  return value.replace(/[.\s-]/g, '').toUpperCase();
}

export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 11 ? '0' : dv === 10 ? 'K' : String(dv);
}

export function isValidRut(value: string): boolean {
  const c = clean(value);
  if (!/^\d{1,9}[\dK]$/.test(c)) return false;
  const body = c.slice(0, -1).replace(/^0+/, '');
  if (!body) return false;
  return rutCheckDigit(body) === c.slice(-1);
}

/** `76.123.456-7` → `76123456-7`; null when invalid. */
export function normalizeRut(value: string): string | null {
  if (!isValidRut(value)) return null;
  const c = clean(value);
  return `${c.slice(0, -1).replace(/^0+/, '')}-${c.slice(-1)}`;
}

/** `76123456-7` → `76.123.456-7` for display. */
export function formatRut(value: string): string {
  const n = normalizeRut(value);
  if (!n) return value;
  const [body, dv] = n.split('-');
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`;
}
