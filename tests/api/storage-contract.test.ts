import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadEnv } from '../../src/server/env.js';
import { DiskStorage } from '../../src/server/storage/disk.js';
import { openReceiptStorage } from '../../src/server/storage/open.js';
import { InvalidStorageKeyError, type ReceiptStorage } from '../../src/server/storage/receipts.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { companyWithEmployee, expenseFields, fileExpense, PNG_1X1 } from '../helpers/factories.js';
import { startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { download, listStored } from '../helpers/storage.js';

/** Every byte value, then random bytes: a text-mode or re-encoding bug changes something. */
const BINARY = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(1_500_000)]);

interface StoreUnderTest {
  storage: ReceiptStorage;
  /** Where the store keeps its files, outside of its own interface. */
  rawKeys(): Promise<string[]>;
  close(): Promise<void>;
}

const stores: { name: string; open: () => Promise<StoreUnderTest> }[] = [
  {
    name: 'DiskStorage',
    open: async () => {
      const parent = mkdtempSync(join(tmpdir(), 'rendix-contract-'));
      const root = join(parent, 'receipts');
      return {
        storage: new DiskStorage(root),
        rawKeys: async () => (readdirSync(parent, { recursive: true }) as string[]).sort(),
        close: async () => rmSync(parent, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3Storage',
    open: async () => {
      const s3 = await startLocalS3('tenant-files/receipts');
      const storage = await openReceiptStorage(loadEnv({ NODE_ENV: 'test', ...s3.env }));
      const raw = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      return {
        storage,
        rawKeys: async () => ((await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!).sort(),
        close: async () => {
          raw.destroy();
          await s3.close();
        },
      };
    },
  },
];

describe.each(stores)('the storage contract: $name', ({ name, open }) => {
  let store: StoreUnderTest;
  const companyA = randomUUID();
  const companyB = randomUUID();
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store?.close();
  });

  test('a stored file comes back byte for byte', async () => {
    const key = `${companyA}/${randomUUID()}.pdf`;
    await store.storage.put(key, BINARY, 'application/pdf');
    const back = await store.storage.get(key);
    expect(back).not.toBeNull();
    expect(back!.length).toBe(BINARY.length);
    expect(back!.equals(BINARY)).toBe(true);
    const empty = `${companyA}/${randomUUID()}.png`;
    await store.storage.put(empty, Buffer.alloc(0), 'image/png');
    expect((await store.storage.get(empty))!.length).toBe(0);
  });

  test('a missing key reads as null, and deleting it is no error', async () => {
    expect(await store.storage.get(`${companyA}/${randomUUID()}.png`)).toBeNull();
    expect(await store.storage.get(`${randomUUID()}/nothing-here/${randomUUID()}.png`)).toBeNull();
    await expect(store.storage.delete(`${companyA}/${randomUUID()}.png`)).resolves.toBeUndefined();
  });

  test('put replaces, delete removes', async () => {
    const key = `${companyA}/${randomUUID()}.png`;
    await store.storage.put(key, Buffer.from('primero'), 'image/png');
    await store.storage.put(key, Buffer.from('segundo'), 'image/png');
    expect((await store.storage.get(key))!.toString()).toBe('segundo');
    await store.storage.delete(key);
    expect(await store.storage.get(key)).toBeNull();
    expect((await listStored(store.storage, '')).map((o) => o.key)).not.toContain(key);
  });

  test('list gives the keys under a prefix with their size and date; a company prefix holds only that company', async () => {
    // A company id that starts like another's must not be listed with it.
    const lookalike = `${companyB}0`;
    const before = Date.now();
    const b1 = `${companyB}/${randomUUID()}.png`;
    const b2 = `${companyB}/${randomUUID()}.jpg`;
    await store.storage.put(b1, PNG_1X1, 'image/png');
    await store.storage.put(b2, Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
    await store.storage.put(`${lookalike}/${randomUUID()}.png`, PNG_1X1, 'image/png');
    const after = Date.now();

    const listed = await listStored(store.storage, `${companyB}/`);
    expect(listed.map((o) => o.key)).toEqual([b1, b2].sort());
    for (const o of listed) {
      expect(o.size).toBe(o.key === b1 ? PNG_1X1.length : 4);
      expect(o.lastModified).toBeInstanceOf(Date);
      // Object stores keep whole seconds.
      expect(o.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect(o.lastModified.getTime()).toBeLessThanOrEqual(after + 1000);
    }
    // A prefix may stop inside a segment, as S3's does.
    expect((await listStored(store.storage, companyB)).length).toBe(3);
    const all = (await listStored(store.storage, '')).map((o) => o.key);
    expect(all).toEqual(expect.arrayContaining([b1, b2]));
    expect(all.some((k) => k.startsWith(`${companyA}/`))).toBe(true);
    expect(await listStored(store.storage, `${randomUUID()}/`)).toEqual([]);
  });

  test('check() answers while the store is reachable', async () => {
    await expect(store.storage.check!()).resolves.toBeUndefined();
  });

  test('keys are stored under the store root as given', async () => {
    const key = `${companyA}/${randomUUID()}.webp`;
    await store.storage.put(key, Buffer.from('RIFF0000WEBP'), 'image/webp');
    const raw = await store.rawKeys();
    const expected = name === 'S3Storage' ? `tenant-files/receipts/${key}` : join('receipts', key);
    expect(raw).toContain(expected);
  });

  test('keys that could leave the store are refused, and nothing is written', async () => {
    const before = await store.rawKeys();
    const bad = ['../escape.png', `${companyA}/../../escape.png`, '/etc/passwd', `${companyA}//x.png`, `${companyA}/./x.png`, '..', '', `${companyA}\\..\\x.png`, `${companyA}/x\0.png`];
    for (const key of bad) {
      await expect(store.storage.put(key, PNG_1X1, 'image/png'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    for (const prefix of ['../', '/', `${companyA}/../`, '..']) {
      await expect(listStored(store.storage, prefix), prefix).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(await store.rawKeys()).toEqual(before);
  });
});

test('check() fails for a bucket that does not exist', async () => {
  const s3 = await startLocalS3();
  try {
    const env = loadEnv({ NODE_ENV: 'test', ...s3.env, STORAGE_URL: s3.env.STORAGE_URL.replace(`s3://${s3.bucket}/`, 's3://no-such-bucket/') });
    await expect((await openReceiptStorage(env)).check!()).rejects.toThrow();
  } finally {
    await s3.close();
  }
});

describe('the app with receipts in an S3-compatible bucket', () => {
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await startTestApp({ env: s3.env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  test('files an expense with a receipt, serves it back byte-exact, and a replacement removes the old object', async () => {
    const { admin, employee, companyId, ids } = await companyWithEmployee(t);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), BINARY.subarray(0, 300_000)]);
    const res = await fileExpense(employee.client, expenseFields(ids), { data: pdf, name: 'boleta.pdf', type: 'application/pdf' });
    expect(res.status).toBe(201);

    const stored = await listStored(t.deps.storage, `${companyId}/`);
    expect(stored).toHaveLength(1);
    expect(stored[0].size).toBe(pdf.length);

    for (const client of [employee.client, admin.client]) {
      const file = await download(client, `/api/expenses/${res.body.id}/receipt`);
      expect(file.status).toBe(200);
      expect(file.type).toBe('application/pdf');
      expect(file.data.equals(pdf)).toBe(true);
    }
    // Never public: the route checks the session on every read.
    const anonymous = await t.client().get(`/api/expenses/${res.body.id}/receipt`);
    expect(anonymous.status).toBe(401);

    const form = new FormData();
    form.append('receipt', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'nueva.png');
    const replaced = await admin.client.request('PATCH', `/api/expenses/${res.body.id}/receipt`, form);
    expect(replaced.status).toBe(200);
    const after = await listStored(t.deps.storage, `${companyId}/`);
    expect(after).toHaveLength(1);
    expect(after[0].key).not.toBe(stored[0].key);
    const file = await download(admin.client, `/api/expenses/${res.body.id}/receipt`);
    expect(file.data.equals(PNG_1X1)).toBe(true);
  });

  test('a filing refused inside the transaction leaves no object behind', async () => {
    const { employee, companyId, ids } = await companyWithEmployee(t);
    const res = await fileExpense(employee.client, expenseFields(ids, { category: randomUUID() }), { data: PNG_1X1, name: 'boleta.png', type: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'category' });
    expect(res.body.message).toMatch(/categoría no existe/);
    expect(await listStored(t.deps.storage, `${companyId}/`)).toEqual([]);
  });
});
