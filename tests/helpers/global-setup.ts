import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sharedBuildPrefix, TEST_RUN_ENV } from './server-process.js';

/**
 * PGlite's initdb costs ~3 s per instance; migrating once and handing every test file a snapshot
 * to load costs ~0.6 s. Only for the embedded database (PostgreSQL runs create real databases).
 */
export default async function setup(project: TestProject) {
  // The compiled servers this run's test processes made for their child processes (server-process.ts sharedBuild); a
  // run's name in their folders' names keeps another run of the tests in the same checkout from losing its own.
  process.env[TEST_RUN_ENV] = String(process.pid);
  const removeSharedBuilds = () => {
    const dir = join(import.meta.dirname, '../../.tmp');
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) if (name.startsWith(`${sharedBuildPrefix()}-`)) rmSync(join(dir, name), { recursive: true, force: true });
  };
  if (process.env.DATABASE_URL) return removeSharedBuilds;
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const pg = new PGlite();
  await migrate(drizzle(pg), { migrationsFolder: join(import.meta.dirname, '../../drizzle') });
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const file = join(tmpdir(), `rendix-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => {
    rmSync(file, { force: true });
    removeSharedBuilds();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate?: string;
  }
}
