import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root: the nearest folder above this code holding package.json. The server runs from src/server
 * (tsx, vitest) or bundled into dist/server (npm run build), so paths relative to one file would hold for only one
 * of them; the migrations (`drizzle/`) and the built client (`dist/client/`) are found from here instead.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No se encontró package.json sobre ${from}`);
  }
}

export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));

export const projectPath = (...parts: string[]): string => join(projectRoot, ...parts);
