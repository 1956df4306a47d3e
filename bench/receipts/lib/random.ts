/** Seeded randomness for the receipt corpus: same seed, same files. */
import { rutCheckDigit } from '../../../src/shared/rut.js';

/** mulberry32: a tiny 32-bit PRNG, plenty for test data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to derive independent streams from labels (adding a file never shifts the others). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private readonly next: () => number;
  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }
  /** An independent stream for one document. */
  fork(label: string): Rng {
    return new Rng(hash32(`${this.seed}:${label}`));
  }
  float(min = 0, max = 1): number {
    return min + this.next() * (max - min);
  }
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
    return out;
  }
  digits(count: number): string {
    let s = '';
    for (let i = 0; i < count; i++) s += String(this.int(0, 9));
    return s;
  }
  /** Random bytes (for key generation). */
  bytes(count: number): Uint8Array {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i++) out[i] = Math.floor(this.next() * 256);
    return out;
  }
}

export interface Rut {
  /** 76123456-7 */
  normalized: string;
  /** 76.123.456-7 */
  dotted: string;
}

export function makeRut(body: number): Rut {
  const b = String(body);
  const dv = rutCheckDigit(b);
  return { normalized: `${b}-${dv}`, dotted: `${b.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}` };
}

/** A valid company RUT (76–77 million: SpA/LTDA of the last decades; 96 million: older S.A.). */
export function companyRut(rng: Rng, opts: { old?: boolean; dv?: string } = {}): Rut {
  for (;;) {
    const body = opts.old ? rng.int(96_500_000, 96_999_999) : rng.int(76_000_000, 77_999_999);
    const rut = makeRut(body);
    if (!opts.dv || rut.normalized.endsWith(`-${opts.dv}`)) return rut;
  }
}

/** A valid personal RUT (taxi drivers, individual receivers). */
export function personRut(rng: Rng): Rut {
  return makeRut(rng.int(6_000_000, 21_000_000));
}
