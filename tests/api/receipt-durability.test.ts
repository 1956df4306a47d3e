import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { loadEnv } from '../../src/server/env.js';
import { ORPHAN_MIN_AGE_MS, sweepOrphanReceipts } from '../../src/server/storage/orphans.js';
import { openReceiptStorage } from '../../src/server/storage/open.js';
import { TestClient } from '../helpers/app.js';
import { catalogIds, expenseFields, fileExpense, PNG_1X1, registration } from '../helpers/factories.js';
import { startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { download, storedKeys } from '../helpers/storage.js';

/*
 * Issue 17 item 2: a receipt is stored before the transaction that records its key. The server runs as a child
 * process and dies (SIGKILL, fault point `receipt.after-put`) between the upload and the commit: after a restart no
 * row points at a missing file, the file left behind is an orphan, and the sweeper removes it once it is an hour old.
 */

let s3: LocalS3;
let server: ServerProcess | null = null;

beforeAll(async () => {
  s3 = await startLocalS3('kill-test');
});
afterEach(async () => {
  await server?.stop();
  server = null;
});
afterAll(async () => {
  await s3?.close();
});

const stores = [
  { name: 'on disk', env: (): Record<string, string> => ({}) },
  { name: 'in an S3-compatible bucket', env: (): Record<string, string> => s3.env },
];

describe.each(stores)('a crash between the receipt upload and the commit, receipts $name', ({ name, env }) => {
  test('leaves no row without its file, and an orphan the sweeper removes', async () => {
    server = await startServerProcess({ env: { ...env(), RENDIX_FAULT: 'receipt.after-put' } });
    const s = server;
    // The same store the server writes to, opened by the test.
    const storage = await openReceiptStorage(loadEnv({ NODE_ENV: 'test', DATA_DIR: s.dataDir, ...env() }));
    const before = await storedKeys(storage);

    const client = new TestClient(s.url);
    const registered = await client.post('/api/auth/register', registration({ companyName: 'Archivos Durables SpA' }));
    expect(registered.status).toBe(201);
    const companyId = registered.body.user.currentCompanyId as string;
    const ids = await catalogIds(client);

    // Without a receipt the fault point is never reached.
    const plain = await fileExpense(client, expenseFields(ids, { description: 'Sin comprobante' }));
    expect(plain.status).toBe(201);
    // With one, the process dies after the upload: the client sees the connection cut.
    const cut = await fileExpense(client, expenseFields(ids, { description: 'Con comprobante, cortada' }), { data: PNG_1X1, name: 'boleta.png', type: 'image/png' }).then(
      () => false,
      () => true,
    );
    expect(cut, 'the filing was never answered').toBe(true);
    expect(await s.exited).toBe('SIGKILL');

    const orphans = (await storedKeys(storage)).filter((k) => !before.includes(k));
    expect(orphans, 'the uploaded file is in the store').toHaveLength(1);
    expect(orphans[0]).toMatch(new RegExp(`^${companyId}/[0-9a-f-]{36}\\.png$`));

    await s.restart(env());
    const list = await client.get('/api/expenses');
    expect(list.status).toBe(200);
    expect(list.body.items.map((e: { description: string }) => e.description)).toEqual(['Sin comprobante']);
    // The restarted server files and serves receipts as usual; the orphan, seconds old, is still there.
    const filed = await fileExpense(client, expenseFields(ids, { description: 'Con comprobante, después' }), { data: PNG_1X1, name: 'boleta.png', type: 'image/png' });
    expect(filed.status).toBe(201);
    const served = await download(client, `/api/expenses/${filed.body.id}/receipt`);
    expect(served.status).toBe(200);
    expect(served.data.equals(PNG_1X1)).toBe(true);
    expect(await storedKeys(storage)).toEqual(expect.arrayContaining(orphans));

    // Down again (PGlite has one owner): every key a row holds is a stored file; an hour later the orphan is swept.
    await s.kill('SIGTERM');
    const database = await openDatabase(s.databaseUrl);
    try {
      const rows = (await database.db.execute(sql`select receipt_key from expenses where company_id = ${companyId}`)) as unknown as { rows: { receipt_key: string | null }[] };
      expect(rows.rows).toHaveLength(2);
      const referenced = rows.rows.map((r) => r.receipt_key).filter((k): k is string => k !== null);
      expect(referenced).toHaveLength(1);
      for (const key of referenced) expect(await storage.get(key), key).not.toBeNull();

      const swept = await sweepOrphanReceipts(database.db, storage, { now: new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000) });
      expect(swept.deleted).toEqual(orphans);
      const after = (await storedKeys(storage)).filter((k) => !before.includes(k));
      expect(after).toEqual(referenced);
      console.log(
        `receipt durability (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, receipts ${name}): killed after the upload; ` +
          `acknowledged 2 of 3, present ${rows.rows.length}, rows pointing at a missing file 0, orphans after the kill ${orphans.length}, swept ${swept.deleted.length}`,
      );
    } finally {
      await database.close();
    }
  }, 240_000);
});
