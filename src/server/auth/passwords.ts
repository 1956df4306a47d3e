import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * scrypt's cost: N = 2^15 (about 100 ms a hash on one core) everywhere but the test suites (NODE_ENV=test), where
 * 2^10 keeps the ~1 300 sign-ups and sign-ins of a run from costing minutes of the CI's CPU. Each hash stores its parameters,
 * so a check reads them from the hash, whatever the cost of the process that made it.
 */
export const SCRYPT_LOG_N = process.env.NODE_ENV === 'test' ? 10 : 15;
const PARAMS = { N: 2 ** SCRYPT_LOG_N, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

/** scrypt (DECISIONS.md), stored as scrypt$N$r$p$salt$hash so parameters can grow later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // Same cost as a real check, so timing does not reveal which accounts exist.
    await hashPassword(password);
    return false;
  }
  const [algo, n, r, p, saltB64, keyB64] = stored.split('$');
  if (algo !== 'scrypt') return false;
  const expected = Buffer.from(keyB64, 'base64url');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Random URL-safe secret (session ids, reset tokens, API tokens). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
