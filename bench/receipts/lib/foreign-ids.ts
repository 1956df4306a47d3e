/** Foreign tax ids with valid check digits, formatted as each country prints them. */
import type { Rng } from './random.js';

function mod11(digits: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i];
  return sum % 11;
}

/** Argentina CUIT: 30-68543701-8 (companies start 30/33). */
export function cuit(rng: Rng): string {
  for (;;) {
    const base = `30${rng.digits(8)}`;
    const dv = 11 - mod11(base, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
    if (dv === 10) continue;
    return `${base.slice(0, 2)}-${base.slice(2)}-${dv === 11 ? 0 : dv}`;
  }
}

/** Peru RUC: 11 digits, companies start with 20. */
export function ruc(rng: Rng): string {
  const base = `20${rng.digits(8)}`;
  const r = 11 - mod11(base, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  return `${base}${r === 10 ? 0 : r === 11 ? 1 : r}`;
}

/** Brazil CNPJ: 12.345.678/0001-95. */
export function cnpj(rng: Rng): string {
  const digits = `${rng.digits(8)}0001`.split('').map(Number);
  const dv = (ds: number[]) => {
    const weights = ds.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = ds.reduce((a, d, i) => a + d * weights[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  digits.push(dv(digits));
  digits.push(dv(digits));
  const s = digits.join('');
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12)}`;
}

/** Spain CIF of a company (B = S.L., A = S.A.): letter, 7 digits, control digit. */
export function cif(rng: Rng, letter: 'A' | 'B' = 'B'): string {
  const d = rng.digits(7);
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const n = Number(d[i]);
    if (i % 2 === 0) {
      const x = n * 2;
      sum += Math.floor(x / 10) + (x % 10);
    } else sum += n;
  }
  return `${letter}${d}${(10 - (sum % 10)) % 10}`;
}

/** Uruguay RUT: 12 digits (2 registry digits, 6 number, 001, check digit). */
export function rutUy(rng: Rng): string {
  for (;;) {
    const base = `21${rng.digits(6)}001`;
    const r = 11 - mod11(base, [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    if (r === 10) continue;
    return `${base}${r === 11 ? 0 : r}`;
  }
}

/** Colombia NIT: 900.123.456-7. */
export function nit(rng: Rng): string {
  const base = `9${rng.digits(8)}`;
  const primes = [3, 7, 13, 17, 19, 23, 29, 37, 41];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(base[8 - i]) * primes[i];
  const r = sum % 11;
  const dv = r > 1 ? 11 - r : r;
  return `${base.slice(0, 3)}.${base.slice(3, 6)}.${base.slice(6)}-${dv}`;
}
