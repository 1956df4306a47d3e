import type { ReceiptStorage, StoredObject } from '../../src/server/storage/receipts.js';
import type { TestClient } from './app.js';

/** Everything a store lists under `prefix`, sorted by key. */
export async function listStored(storage: ReceiptStorage, prefix = ''): Promise<StoredObject[]> {
  const out: StoredObject[] = [];
  for await (const o of storage.list(prefix)) out.push(o);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

export async function storedKeys(storage: ReceiptStorage, prefix = ''): Promise<string[]> {
  return (await listStored(storage, prefix)).map((o) => o.key);
}

/** A stored file as the browser receives it, with the client's session (TestClient reads bodies as text). */
export async function download(client: TestClient, path: string) {
  const res = await fetch(client.baseUrl + path, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  return { status: res.status, type: res.headers.get('content-type'), data: Buffer.from(await res.arrayBuffer()) };
}
