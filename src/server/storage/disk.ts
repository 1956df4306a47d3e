import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertStorageKey, InvalidStorageKeyError, type ReceiptStorage, type StoredObject } from './receipts.js';

/** Receipts as files under one directory (the embedded default: `DATA_DIR/receipts`). One instance only. */
export class DiskStorage implements ReceiptStorage {
  private root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    assertStorageKey(key);
    const p = resolve(join(this.root, key));
    if (!p.startsWith(this.root + '/')) throw new InvalidStorageKeyError(key);
    return p;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, data);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    assertStorageKey(prefix, { prefix: true });
    // Start at the deepest folder the prefix names; its last, partial segment filters the names there.
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    yield* this.walk(folder ? this.path(folder.slice(0, -1)) : this.root, folder, prefix);
  }

  private async *walk(dir: string, keyBase: string, prefix: string): AsyncIterable<StoredObject> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const entry of entries) {
      const key = keyBase + entry.name;
      if (entry.isDirectory()) {
        if ((key + '/').startsWith(prefix) || prefix.startsWith(key + '/')) yield* this.walk(join(dir, entry.name), key + '/', prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        // Deleted since the folder was read: not listed.
        const info = await stat(join(dir, entry.name)).catch((err) => (isMissing(err) ? null : Promise.reject(err)));
        if (info) yield { key, size: info.size, lastModified: info.mtime };
      }
    }
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
