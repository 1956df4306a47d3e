/**
 * Deterministic CAF key pairs for the corpus. `createCafKeyPair()` in src/server/receipts/ted.ts uses the OS RNG, so
 * the same seed would give different timbres each run; this derives the RSA primes from the seeded PRNG instead and
 * returns the same shape ({ privateKey, modulus, exponent }) that `buildSignedTed` takes. Exponent 3, like SII CAFs.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { Rng } from './random.js';

export interface CafKeys {
  privateKey: KeyObject;
  /** Standard base64, as the CAF's RSAPK/M carries it. */
  modulus: string;
  exponent: string;
}

const SMALL_PRIMES = (() => {
  const out: bigint[] = [];
  for (let n = 3; n < 2000; n += 2) if (out.every((p) => BigInt(n) % p !== 0n)) out.push(BigInt(n));
  return out;
})();

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let b = base % mod;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
    e >>= 1n;
  }
  return result;
}

function modInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [a % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  if (oldR !== 1n) throw new Error('not invertible');
  return ((oldS % m) + m) % m;
}

function toBigInt(bytes: Uint8Array): bigint {
  return BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}

function toBytes(n: bigint): Buffer {
  const hex = n.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

function isProbablePrime(n: bigint, rng: Rng): boolean {
  for (const p of SMALL_PRIMES) if (n % p === 0n) return n === p;
  let d = n - 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  witness: for (let round = 0; round < 24; round++) {
    const a = 2n + (toBigInt(rng.bytes(16)) % (n - 4n));
    let x = modPow(a, d, n);
    if (x === 1n || x === n - 1n) continue;
    for (let i = 1; i < s; i++) {
      x = (x * x) % n;
      if (x === n - 1n) continue witness;
    }
    return false;
  }
  return true;
}

/** A prime of exactly `bits` bits with the top two bits set (so p·q has 2·bits bits) and p ≡ 2 (mod 3) (so e = 3 works). */
function randomPrime(rng: Rng, bits: number): bigint {
  for (;;) {
    const bytes = rng.bytes(bits / 8);
    bytes[0] |= 0xc0;
    bytes[bytes.length - 1] |= 1;
    let n = toBigInt(bytes);
    while (n % 3n !== 2n) n += 2n;
    if (isProbablePrime(n, rng)) return n;
  }
}

const b64url = (n: bigint) => toBytes(n).toString('base64url');

export function deterministicCafKeys(rng: Rng, bits = 1024): CafKeys {
  const e = 3n;
  const p = randomPrime(rng, bits / 2);
  let q = randomPrime(rng, bits / 2);
  while (q === p) q = randomPrime(rng, bits / 2);
  const n = p * q;
  const d = modInverse(e, (p - 1n) * (q - 1n));
  const jwk = {
    kty: 'RSA',
    n: b64url(n),
    e: b64url(e),
    d: b64url(d),
    p: b64url(p),
    q: b64url(q),
    dp: b64url(d % (p - 1n)),
    dq: b64url(d % (q - 1n)),
    qi: b64url(modInverse(q, p)),
  };
  return { privateKey: createPrivateKey({ key: jwk, format: 'jwk' }), modulus: toBytes(n).toString('base64'), exponent: toBytes(e).toString('base64') };
}
