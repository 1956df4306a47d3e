import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { categories, costCenters, paymentMethods } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/db.js';
import { companyWithEmployee, registerUser } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';

// Issue 16 item 6: a category, payment method or cost center is unique per company by name (code
// for cost centers), ignoring case, accents and surrounding or repeated spaces; on create, on update,
// under a race, and in the database itself.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const RESOURCES = [
  { path: '/api/categories', field: 'name', first: 'Viáticos Norte', twins: ['viaticos norte', '  VIÁTICOS   NORTE ', 'Viaticos Nórte'], message: 'Ya existe una categoría con ese nombre.' },
  { path: '/api/payment-methods', field: 'name', first: 'Tarjeta Empresa', twins: ['tarjeta empresa', ' TARJETA  EMPRESA', 'Tárjeta Émpresa'], message: 'Ya existe un medio de pago con ese nombre.' },
  { path: '/api/cost-centers', field: 'code', first: 'Operación-Sur', twins: ['operacion-sur', ' OPERACIÓN-SUR ', 'Operacion-Súr'], message: 'Ya existe un centro de costo con ese código.' },
] as const;

describe.each(RESOURCES)('$path refuses duplicates', (r) => {
  test('on create: the same name/code by case, accents or spaces is a Spanish 409 on the field', async () => {
    const { admin } = await companyWithEmployee(t);
    const created = await admin.client.post(r.path, { [r.field]: r.first });
    expect(created.status).toBe(201);
    for (const twin of r.twins) {
      const res = await admin.client.post(r.path, { [r.field]: twin });
      expectCleanError(res, 409, r.message);
      expect(res.body.field).toBe(r.field);
    }
    // A different name is fine, and so is the same name in another company.
    expect((await admin.client.post(r.path, { [r.field]: `${r.first} 2` })).status).toBe(201);
    const other = await registerUser(t);
    expect((await other.client.post(r.path, { [r.field]: r.twins[0] })).status).toBe(201);
    const list = (await admin.client.get(r.path)).body as Record<string, string>[];
    expect(list.filter((x) => x[r.field].includes(r.first)).map((x) => x[r.field])).toEqual([r.first, `${r.first} 2`]);
  });

  test("on update: renaming onto another entry's name is a 409; keeping or re-casing its own is fine", async () => {
    const { admin } = await companyWithEmployee(t);
    const a = (await admin.client.post(r.path, { [r.field]: r.first })).body;
    const b = (await admin.client.post(r.path, { [r.field]: 'Otro valor' })).body;
    for (const twin of r.twins) expectCleanError(await admin.client.put(`${r.path}/${b.id}`, { [r.field]: twin }), 409, r.message);
    // Its own name, re-written, is not a duplicate of itself.
    const recased = await admin.client.put(`${r.path}/${a.id}`, { [r.field]: r.twins[1] });
    expect(recased.status).toBe(200);
    expect(recased.body[r.field]).toBe(r.twins[1].trim());
    // Other fields can still be edited.
    expect((await admin.client.put(`${r.path}/${b.id}`, { description: 'Sin cambio de nombre' })).status).toBe(200);
  });

  test('two creates at the same moment: one 201 and one 409, never a 500', async () => {
    const { admin } = await companyWithEmployee(t);
    const results = await Promise.all([r.first, r.twins[0], r.twins[1], r.twins[2]].map((v) => admin.client.post(r.path, { [r.field]: v })));
    const statuses = results.map((x) => x.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const res of results.filter((x) => x.status === 409)) expectCleanError(res, 409, r.message);
  });
});

test('the database itself refuses a duplicate key within a company (unique index)', async () => {
  const { companyId } = await companyWithEmployee(t);
  const db = t.deps.db;
  await expect(db.insert(categories).values({ companyId, name: ' alimentacion ' })).rejects.toThrow();
  await expect(db.insert(paymentMethods).values({ companyId, name: 'EFECTIVO' })).rejects.toThrow();
  await db.insert(costCenters).values({ companyId, code: 'Gerencia' });
  await expect(db.insert(costCenters).values({ companyId, code: 'gerencia' })).rejects.toThrow();
});

describe('migration 0008 renames duplicates saved before it', () => {
  test('later duplicates get " (2)", " (3)"; the oldest keeps its name; the index is then built', async () => {
    const source = fileURLToPath(new URL('../../drizzle', import.meta.url));
    const before = await mkdtemp(join(tmpdir(), 'rendix-mig-'));
    await cp(source, before, { recursive: true });
    const journalPath = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag.startsWith('0008_'));
    expect(cut).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, cut);
    await writeFile(journalPath, JSON.stringify(journal));

    const target = await createTestDatabase();
    const { url } = target;
    const useUrl = url.startsWith('postgres') ? url : 'memory';
    const { run, exec, close } = await openMigrator(useUrl);
    try {
      await run(before);
      const [{ id: companyId }] = (await exec(`insert into companies (name, company_code) values ('Duplicada SpA', 'DUP01') returning id`)).rows as { id: string }[];
      for (const [i, name] of ['Viáticos', 'viaticos', ' VIÁTICOS ', 'Otros'].entries()) {
        await exec(`insert into categories (company_id, name, created_at) values ($1, $2, now() + make_interval(secs => $3))`, [companyId, name, i]);
      }
      // One statement would give both rows the same created_at, and the tie would fall to their random ids.
      await exec(`insert into cost_centers (company_id, code, created_at) values ($1, 'VTA', now()), ($1, 'vta', now() + interval '1 second')`, [companyId]);
      await run(source);
      const names = (await exec(`select name from categories where company_id = $1 order by created_at`, [companyId])).rows.map((x) => x.name);
      expect(names).toEqual(['Viáticos', 'viaticos (2)', 'VIÁTICOS (3)', 'Otros']);
      const codes = (await exec(`select code from cost_centers where company_id = $1 order by code`, [companyId])).rows.map((x) => x.code);
      expect(codes.sort()).toEqual(['VTA', 'vta (2)'].sort());
      await expect(exec(`insert into categories (company_id, name) values ($1, 'VIATICOS')`, [companyId])).rejects.toThrow();
    } finally {
      await close();
      await target.drop();
      await rm(before, { recursive: true, force: true });
    }
  });
});

/** A bare database and drizzle's migrator over it (PGlite in memory, or the PostgreSQL test database). */
async function openMigrator(url: string) {
  if (url.startsWith('postgres')) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    return {
      run: (folder: string) => migrate(drizzle(pool), { migrationsFolder: folder }),
      exec: async (text: string, params: unknown[] = []) => ({ rows: (await pool.query(text, params)).rows as Record<string, unknown>[] }),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  await client.waitReady;
  return {
    run: (folder: string) => migrate(drizzle(client), { migrationsFolder: folder }),
    exec: async (text: string, params: unknown[] = []) => ({ rows: (await client.query<Record<string, unknown>>(text, params)).rows }),
    close: () => client.close(),
  };
}
