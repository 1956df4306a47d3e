/* global console, process, URL */
// Compiles the server into dist/server (npm run build): one ESM bundle per entry with shared chunks, our TypeScript
// and the `@shared/*` alias resolved (tsconfig.json), every npm package left external and loaded from node_modules
// at run time (sharp, tesseract.js, PGlite and ZXing carry native or wasm files a bundle would break). Production then
// runs plain `node dist/server/main.js`, no TypeScript loader.
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--outdir <dir>` (tests): another folder inside the project, which the server finds its root from (platform/paths.ts).
const outdirArg = process.argv.indexOf('--outdir');
const outdir = outdirArg > 0 ? resolve(root, process.argv[outdirArg + 1]) : `${root}dist/server`;

// Every file sits in dist/server itself: the receipt reader finds `receipt-thread.js` next to the code that starts it
// (src/server/receipts/reader.ts).
const entryPoints = {
  main: 'src/server/main.ts',
  worker: 'src/server/worker.ts',
  'receipt-thread': 'src/server/receipts/worker.ts',
  'create-super-admin': 'src/server/cli/create-super-admin.ts',
  'rotate-secrets': 'src/server/cli/rotate-secrets.ts',
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  absWorkingDir: root,
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});

// The production image installs `dependencies` only: a server import of a devDependency would start here and fail
// there, so it fails the build instead.
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const builtins = new Set(builtinModules);
const missing = new Set();
for (const input of Object.values(result.metafile.inputs)) {
  for (const imp of input.imports) {
    if (!imp.external || imp.path.startsWith('node:') || builtins.has(imp.path)) continue;
    const name = imp.path.startsWith('@') ? imp.path.split('/').slice(0, 2).join('/') : imp.path.split('/')[0];
    if (!pkg.dependencies?.[name]) missing.add(name);
  }
}
if (missing.size) {
  console.error(`El servidor importa paquetes que no están en "dependencies" de package.json: ${[...missing].join(', ')}`);
  process.exit(1);
}
console.log(`Servidor compilado en ${relative(root, outdir)} (${Date.now() - started} ms).`);
