import { randomUUID } from 'node:crypto';

/** One stored file as a listing sees it. */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/**
 * Where receipt files live: local disk in the embedded mode, object storage (S3-compatible) in production. Keys are
 * relative (`<companyId>/<uuid>.<ext>`); files are never public, the authenticated routes stream them.
 */
export interface ReceiptStorage {
  put(key: string, data: Buffer, mime: string): Promise<void>;
  /** null when no file has that key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file whose key starts with `prefix` ('' for all), in no particular order: the orphan sweeper reads it. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Cheap reachability probe for /api/ready (the folder is writable, the bucket answers); throws when it is not. */
  check?(): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/**
 * Refuses keys that could leave the store's root on disk (`..`, absolute paths, backslashes) or mean different
 * files on different stores (empty segments, `.`): both stores accept exactly the same keys.
 */
export function assertStorageKey(key: string, { prefix = false } = {}): void {
  if (prefix && key === '') return;
  const segments = key.split('/');
  // A listing prefix may end with '/' (its last segment is then empty) or stop inside a segment.
  if (prefix && segments.at(-1) === '') segments.pop();
  const bad =
    key.length > 900 ||
    [...key].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) ||
    segments.length === 0 ||
    segments.some((s) => s === '' || s === '.' || s === '..');
  if (bad) throw new InvalidStorageKeyError(key);
}

/** A fresh key for a receipt: never reused, so a row only ever points at the file written for it. */
export function newReceiptKey(companyId: string, mime: string): string {
  return `${companyId}/${randomUUID()}.${EXTENSION[mime]}`;
}

/** The keys `newReceiptKey` makes: the orphan sweeper touches nothing else in the store. */
export const RECEIPT_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|pdf)$/;

/** Receipt type decided by the file's bytes, never its name (DECISIONS.md). */
export function sniffReceiptType(data: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

export const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
