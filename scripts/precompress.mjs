/* global URL, console */
// Writes .br and .gz next to every text asset of the built client, so the server sends them compressed without
// spending CPU per request (@fastify/static `preCompressed`). Run after `vite build`.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../dist/client/', import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

let count = 0;
for await (const path of files(root)) {
  if ((await stat(path)).size < 1024) continue;
  const data = await readFile(path);
  await writeFile(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`Precomprimidos ${count} archivos del cliente (br, gz).`);
