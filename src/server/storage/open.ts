import type { Env } from '../env.js';
import { DiskStorage } from './disk.js';
import type { ReceiptStorage } from './receipts.js';

/**
 * The receipt store the environment names: the S3-compatible bucket of STORAGE_URL, or files under DATA_DIR/receipts
 * (the embedded default). The AWS SDK is loaded only when a bucket is configured.
 */
export async function openReceiptStorage(env: Env, diskRoot = `${env.DATA_DIR.replace(/\/$/, '')}/receipts`): Promise<ReceiptStorage> {
  if (!env.STORAGE_URL) return new DiskStorage(diskRoot);
  const { S3Storage } = await import('./s3.js');
  const credentials = env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } : undefined;
  return new S3Storage(env.STORAGE_URL, credentials);
}

/** One line for the start-up banner. */
export function describeStorage(env: Env): string {
  const s3 = env.STORAGE_URL;
  return s3 ? `Comprobantes: bucket S3 ${s3.bucket}${s3.prefix ? `/${s3.prefix.slice(0, -1)}` : ''} (STORAGE_URL)` : `Comprobantes: disco, en ${env.DATA_DIR.replace(/\/$/, '')}/receipts`;
}
