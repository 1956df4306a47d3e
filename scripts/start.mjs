/* global console, process, URL */
// `npm start` (the web process) and `npm run worker` (the job process): run the compiled server from dist/server with
// plain node. Outside production a build that is missing or older than its sources is made first (the client takes
// ~40 s and only when the client changed; the server ~1 s), so `npm install && npm start` just works. In production
// (NODE_ENV=production) nothing is ever built here: a missing build is an error that says what to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const target = process.argv[2] === 'worker' ? 'worker' : 'main';
const production = process.env.NODE_ENV === 'production';

const parts = [
  {
    name: 'el servidor',
    script: 'build:server',
    output: `dist/server/${target}.js`,
    sources: ['src/server', 'src/shared', 'scripts/build-server.mjs', 'tsconfig.json', 'package.json'],
  },
  // The job process serves no pages.
  ...(target === 'main'
    ? [
        {
          name: 'la aplicación web',
          script: 'build:client',
          output: 'dist/client/index.html',
          sources: ['src/client', 'src/shared', 'vite.config.ts', 'scripts/precompress.mjs', 'package.json'],
        },
      ]
    : []),
];

/** Newest modification time under `path` (tests excluded: they are not part of a build). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

for (const part of parts) {
  const output = join(root, part.output);
  if (production) {
    if (!existsSync(output)) {
      console.error(
        `Falta la compilación: no existe ${part.output} (${part.name}). En producción npm start no compila: ejecuta npm run build ` +
          '(la imagen de Docker lo hace en su etapa de compilación) y vuelve a iniciar.',
      );
      process.exit(1);
    }
    continue;
  }
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...part.sources.map((s) => newest(join(root, s))));
  if (builtAt >= changedAt) continue;
  console.log(builtAt ? `Compilando ${part.name}: hay cambios desde la última compilación…` : `Compilando ${part.name} (primera vez)…`);
  const build = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', part.script], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`No se pudo compilar ${part.name} (npm run ${part.script}).`);
    process.exit(build.status ?? 1);
  }
}

// Stack traces point at the TypeScript sources (the bundle carries source maps).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(root, `dist/server/${target}.js`)).href);
