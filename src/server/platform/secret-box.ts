import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Env } from '../env.js';

/*
 * Third-party secrets kept per company (the NiuData token) are stored encrypted at rest: AES-256-GCM, a fresh 96-bit
 * IV per value, the 128-bit tag, and associated data naming what the value belongs to (a ciphertext copied onto
 * another company's row does not decrypt). Stored text: `v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url), where keyId
 * is the first 8 hex of SHA-256(key), so a value says which key opens it and keys can rotate (README in niudata/).
 *
 * The key: SECRETS_KEY (32 bytes, base64 or hex; required in production when NiuData is configured). Without it, the
 * embedded mode generates one once into `${DATA_DIR}/secrets.key` (mode 0600) and tests keep a random one in memory.
 * SECRETS_KEY_PREVIOUS (comma-separated) still opens values written under earlier keys.
 */

const VERSION = 'v1';

/** 32 bytes given as 64 hex digits or base64/base64url (44 or 43 characters); null when it is not that. */
export function parseSecretKey(value: string): Buffer | null {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const b = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return b.length === 32 ? b : null;
  }
  return null;
}

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export class SecretDecryptError extends Error {}

export class SecretBox {
  readonly currentKeyId: string;
  private keys = new Map<string, Buffer>();

  constructor(current: Buffer, previous: Buffer[] = []) {
    this.currentKeyId = keyIdOf(current);
    for (const k of [current, ...previous]) if (!this.keys.has(keyIdOf(k))) this.keys.set(keyIdOf(k), k);
    this.keys.set(this.currentKeyId, current);
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentKeyId)!, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.currentKeyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join(':');
  }

  /** The key id a stored value was written with (null when it is not one of ours). */
  static keyIdOfStored(stored: string): string | null {
    const parts = stored.split(':');
    return parts.length === 5 && parts[0] === VERSION ? parts[1] : null;
  }

  decrypt(stored: string, context: string): string {
    const parts = stored.split(':');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretDecryptError('Formato de secreto desconocido');
    const key = this.keys.get(parts[1]);
    if (!key) throw new SecretDecryptError(`El secreto fue cifrado con una clave que ya no está configurada (id ${parts[1]}).`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts[2], 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(parts[3], 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(parts[4], 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptError('No se pudo descifrar el secreto (clave o datos alterados).');
    }
  }
}

/** The embedded mode's key: read, or created once (exclusive create, so two processes never write two keys). */
function embeddedKey(dataDir: string): Buffer {
  const file = join(dataDir, 'secrets.key');
  const read = () => {
    const key = parseSecretKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} no contiene una clave válida de 32 bytes (base64 o hex).`);
    return key;
  };
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return read();
}

const boxes = new WeakMap<Env, SecretBox>();
let testKey: Buffer | null = null;

/** The app's secret box for this environment (memoised per env object). */
export function secretBoxFor(env: Pick<Env, 'NODE_ENV' | 'DATA_DIR' | 'SECRETS_KEY' | 'SECRETS_KEY_PREVIOUS'>): SecretBox {
  const cached = boxes.get(env as Env);
  if (cached) return cached;
  const previous = (env.SECRETS_KEY_PREVIOUS ?? []).map((k) => parseSecretKey(k)!).filter(Boolean);
  let current: Buffer;
  if (env.SECRETS_KEY) current = parseSecretKey(env.SECRETS_KEY)!;
  else if (env.NODE_ENV === 'production') throw new Error('SECRETS_KEY es obligatorio en producción para guardar secretos de integraciones.');
  else if (env.NODE_ENV === 'test') current = testKey ??= randomBytes(32);
  else current = embeddedKey(env.DATA_DIR);
  const box = new SecretBox(current, previous);
  boxes.set(env as Env, box);
  return box;
}
