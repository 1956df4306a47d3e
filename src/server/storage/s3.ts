import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Location } from './config.js';
import { assertStorageKey, type ReceiptStorage, type StoredObject } from './receipts.js';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Receipts in an S3-compatible bucket (AWS S3, MinIO, R2...), shared by every app instance. Objects stay private:
 * the authenticated routes read them and stream them to the user.
 */
export class S3Storage implements ReceiptStorage {
  private client: S3Client;
  private bucket: string;
  private prefix: string;

  /** Without credentials the SDK's own chain applies (AWS_* variables, the instance's role...). */
  constructor(location: S3Location, credentials?: S3Credentials) {
    this.bucket = location.bucket;
    this.prefix = location.prefix;
    this.client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
      credentials,
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000, throwOnRequestTimeout: true },
      // Checksums only where S3 demands them: several S3-compatible services refuse the newer checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return this.prefix + key;
  }

  async put(key: string, data: Buffer, mime: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: data, ContentType: mime, ContentLength: data.length }));
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    assertStorageKey(prefix, { prefix: true });
    for await (const page of paginateListObjectsV2({ client: this.client, pageSize: 1000 }, { Bucket: this.bucket, Prefix: this.prefix + prefix })) {
      for (const o of page.Contents ?? []) {
        if (!o.Key?.startsWith(this.prefix)) continue;
        // An unknown age counts as new: the sweeper never removes it.
        yield { key: o.Key.slice(this.prefix.length), size: o.Size ?? 0, lastModified: o.LastModified ?? new Date() };
      }
    }
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}
