import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { INPUT_MSG } from '../../src/shared/input.js';
import { auditLog, categories, expenses } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { companyWithEmployee, expenseFields, fileExpense } from '../helpers/factories.js';
import { expectCleanError, expectFieldError } from '../helpers/http.js';

/*
 * Issue 13 item 4: input that used to reach PostgreSQL (or the JSON reader) and answer 500 is refused at the
 * boundary, the shared zod schemas, with a Spanish 400; lookups by name are exact; nothing half-saved.
 */

let t: TestApp;
let cast: Awaited<ReturnType<typeof companyWithEmployee>>;
beforeAll(async () => {
  t = await startTestApp();
  cast = await companyWithEmployee(t);
});
afterAll(async () => t?.close());

const today = () => new Date().toISOString().slice(0, 10);
/** An expense filed as JSON (API clients), with `overrides` on the usual fields. */
const fileJson = (overrides: Record<string, unknown>) => cast.admin.client.post('/api/expenses', { ...expenseFields(cast.ids), ...overrides });

describe('NUL bytes and lone surrogates', () => {
  test('a NUL in any text field of a JSON body is a 400 naming the field', async () => {
    expectFieldError(await cast.admin.client.post('/api/categories', { name: 'Peajes\u0000' }), 'name', INPUT_MSG.text);
    expectFieldError(await cast.admin.client.post('/api/cost-centers', { code: 'CC\u00001' }), 'code', INPUT_MSG.text);
    expectFieldError(await fileJson({ description: 'Taxi\u0000' }), 'description', INPUT_MSG.text);
    expectFieldError(await cast.admin.client.put(`/api/company/${cast.companyId}`, { name: 'Andes\u0000 SpA' }), 'name', INPUT_MSG.text);
    expectFieldError(await cast.admin.client.post('/api/tokens', { name: 'ERP\u0000' }), 'name', INPUT_MSG.text);
  });

  test('a NUL in a multipart field is the same 400', async () => {
    expectFieldError(await fileExpense(cast.employee.client, expenseFields(cast.ids, { description: 'Almuerzo\u0000' })), 'description', INPUT_MSG.text);
  });

  test('a NUL in a query string is a 400 in Spanish, also on the Excel export (never a 200 that dies)', async () => {
    for (const path of ['/api/expenses?category=%00', '/api/expenses?search=%00', '/api/invoices?search=%00', '/api/expenses/export/excel?category=a%00b']) {
      const res = await cast.admin.client.get(path);
      expectCleanError(res, 400, INPUT_MSG.text);
    }
  });

  test('a lone UTF-16 surrogate in a category name is a 400 and nothing is saved', async () => {
    const name = 'Viáticos \ud800';
    expectFieldError(await cast.admin.client.post('/api/categories', { name }), 'name', INPUT_MSG.text);
    expectFieldError(await cast.admin.client.post('/api/categories', { name: 'x', description: '\udc00 suelto' }), 'description', INPUT_MSG.text);
    const rows = await t.deps.db.select().from(categories).where(and(eq(categories.companyId, cast.companyId), eq(categories.name, 'x')));
    expect(rows).toHaveLength(0);
    // A well-formed pair (emoji) is fine.
    const ok = await cast.admin.client.post('/api/categories', { name: 'Cafés ☕ 😀' });
    expect(ok.status).toBe(201);
  });
});

describe('dates', () => {
  test.each(['2024-02-30', '2023-02-29', '0000-01-01', '2024-13-01', '2024-00-10'])('expense date %s is refused with "Fecha inválida"', async (date) => {
    expectFieldError(await fileJson({ date }), 'date', INPUT_MSG.date);
  });

  test('expense dates outside 2000-01-01 .. one year ahead are refused; the edges are accepted', async () => {
    expectFieldError(await fileJson({ date: '9999-12-31' }), 'date', INPUT_MSG.expenseDateRange);
    expectFieldError(await fileJson({ date: '1999-12-31' }), 'date', INPUT_MSG.expenseDateRange);
    expect((await fileJson({ date: '2000-01-01' })).status).toBe(201);
    expect((await fileJson({ date: today() })).status).toBe(201);
    // A leap day that exists.
    expect((await fileJson({ date: '2024-02-29' })).status).toBe(201);
  });

  test('impossible dates in list, invoice, accounting and Excel filters answer 400 JSON, never 500 or a broken download', async () => {
    for (const path of [
      '/api/expenses?startDate=2024-02-30',
      '/api/expenses?endDate=0000-01-01',
      '/api/expenses/export/excel?startDate=2024-02-30',
      '/api/expenses/export/excel?endDate=2023-02-29',
      '/api/invoices?startDate=2024-02-30',
    ]) {
      const res = await cast.admin.client.get(path);
      expectCleanError(res, 400, INPUT_MSG.date);
      expect(res.body.field, path).toMatch(/Date$/);
    }
    expectCleanError(await cast.admin.client.get('/api/expenses?startDate=1850-01-01'), 400, INPUT_MSG.filterDateRange);
    const ok = await cast.admin.client.get('/api/expenses?startDate=2024-02-29&endDate=2100-12-31');
    expect(ok.status).toBe(200);
  });
});

describe('numbers fit their columns', () => {
  test('an exchange rate beyond numeric(14,6) is refused', async () => {
    expectFieldError(await fileJson({ currency: 'USD', exchangeRate: '100000000' }), 'exchangeRate', INPUT_MSG.rateTooLarge);
    expectFieldError(await fileJson({ currency: 'USD', exchangeRate: '950.1234567' }), 'exchangeRate', INPUT_MSG.rateDecimals);
  });

  test('an amount whose CLP value or column overflows is refused', async () => {
    expectFieldError(await fileJson({ amount: '99999999999', currency: 'EUR', exchangeRate: '99999999' }), 'amount', INPUT_MSG.amountTooLarge);
    expectFieldError(await fileJson({ amount: '1000000000000' }), 'amount', INPUT_MSG.amountTooLarge);
    expectFieldError(await fileJson({ amount: 1e308 }), 'amount', INPUT_MSG.amountTooLarge);
  });

  test('an amount with more than 2 decimals is refused (not rounded), and below 0.01 too', async () => {
    expectFieldError(await fileJson({ amount: '0.001' }), 'amount', INPUT_MSG.amountDecimals);
    expectFieldError(await fileJson({ amount: '12.345' }), 'amount', INPUT_MSG.amountDecimals);
    expectFieldError(await fileJson({ amount: '0.00' }), 'amount', INPUT_MSG.amountMin);
    const ok = await fileJson({ amount: '0,01', currency: 'USD', exchangeRate: '950' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ amount: '0.01', amountCLP: '10' });
  });
});

describe('catalog lookups by name are exact', () => {
  test('% and _ in a category name do not match another category', async () => {
    for (const category of ['%', 'T_ansporte', 'Transp%']) {
      expectFieldError(await fileJson({ category }), 'category', 'La categoría no existe en tu empresa.');
    }
    for (const paymentMethod of ['%', 'Efectiv_']) {
      expectFieldError(await fileJson({ paymentMethod }), 'paymentMethod', 'El medio de pago no existe en tu empresa.');
    }
    expectFieldError(await fileJson({ costCenter: '%' }), 'costCenter', 'El centro de costo no existe en tu empresa.');
    // The name itself, in any case, still works.
    const ok = await fileJson({ category: 'transporte', paymentMethod: 'EFECTIVO' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ category: 'Transporte', paymentMethod: 'Efectivo' });
  });

  test('a category ending in a backslash is "does not exist", not a LIKE error', async () => {
    // PostgreSQL's LIKE raised "must not end with escape character" once a name matched up to the backslash.
    expect((await cast.admin.client.post('/api/cost-centers', { code: 'CC-01' })).status).toBe(201);
    for (const category of ['Transp\\', 'Transporte\\', 'T\\']) {
      expectFieldError(await fileJson({ category }), 'category', 'La categoría no existe en tu empresa.');
    }
    expectFieldError(await fileJson({ paymentMethod: 'Efec\\' }), 'paymentMethod', 'El medio de pago no existe en tu empresa.');
    expectFieldError(await fileJson({ costCenter: 'CC\\' }), 'costCenter', 'El centro de costo no existe en tu empresa.');
  });
});

describe('JSON bodies are bounded', () => {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

  test('a body nested 5,000 levels deep is a 400, on JSON and on the expense routes that read raw bodies', async () => {
    const admin = cast.admin.client;
    const filed = (await fileJson({})).body.id as string;
    for (const [method, path] of [
      ['POST', '/api/expenses'],
      ['PATCH', `/api/admin/expenses/${filed}`],
      ['POST', '/api/categories'],
      ['POST', '/api/auth/login'],
    ] as const) {
      for (const body of [`{"description":${deep(5000)}}`, deepObject(5000)]) {
        const res = await admin.request(method, path, body);
        expectCleanError(res, 400, 'El cuerpo de la solicitud no es JSON válido.');
      }
    }
  });

  test('up to 32 levels is still JSON (then the schema judges it)', async () => {
    const res = await cast.admin.client.request('POST', '/api/categories', `{"name":"Hondo","description":null,"x":${deep(30)}}`);
    expect(res.status).toBe(201);
  });

  test('a nested value where the expense form wants text is a 400, not "[object Object]"', async () => {
    const res = await fileJson({ description: { a: 1 } });
    expectCleanError(res, 400);
    expect(res.body.field).toBe('description');
  });
});

describe('the audit row is part of the same transaction', () => {
  test('a catalog entry is never saved without its audit row', async () => {
    const res = await cast.admin.client.post('/api/categories', { name: 'Estacionamiento', accountingCode: '6101' });
    expect(res.status).toBe(201);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, res.body.id), eq(auditLog.action, 'created')));
    expect(audits).toHaveLength(1);
  });

  test('no expense row is left behind by a refused filing', async () => {
    const before = await t.deps.db.select({ id: expenses.id }).from(expenses).where(eq(expenses.companyId, cast.companyId));
    await fileJson({ amount: '0.001' });
    await fileJson({ date: '2024-02-30' });
    const after = await t.deps.db.select({ id: expenses.id }).from(expenses).where(eq(expenses.companyId, cast.companyId));
    expect(after.length).toBe(before.length);
  });
});

describe('catalog writes are atomic with their audit row', () => {
  test('when the audit insert fails, the catalog change is rolled back', async () => {
    const { sql } = await import('drizzle-orm');
    const db = t.deps.db;
    // Make the audit insert fail for one marked name, as a refused value in `changes` once did.
    await db.execute(sql.raw(`create or replace function audit_boom() returns trigger language plpgsql as $$
      begin if new.changes::text like '%Boom audit%' then raise exception 'audit refused'; end if; return new; end $$`));
    await db.execute(sql.raw('create trigger audit_boom before insert on audit_log for each row execute function audit_boom()'));
    try {
      const res = await cast.admin.client.post('/api/categories', { name: 'Boom audit' });
      expect(res.status).toBe(500);
      const existing = (await cast.admin.client.get('/api/categories')).body as { id: string; name: string }[];
      const pm = existing.find((c) => c.name === 'Transporte')!;
      expect(existing.map((c) => c.name)).not.toContain('Boom audit');
      expect((await cast.admin.client.put(`/api/categories/${pm.id}`, { description: 'Boom audit' })).status).toBe(500);
      const after = (await cast.admin.client.get('/api/categories')).body as { id: string; description: string | null }[];
      expect(after.find((c) => c.id === pm.id)!.description).not.toBe('Boom audit');
    } finally {
      await db.execute(sql.raw('drop trigger audit_boom on audit_log'));
      await db.execute(sql.raw('drop function audit_boom()'));
    }
  });
});

describe('found by the fuzzer (tests/api/fuzz.test.ts)', () => {
  test('an id of 36 dashes (which the old UUID check let through to PostgreSQL) is a 404', async () => {
    const dashes = '-'.repeat(36);
    for (const path of [`/api/expenses/${dashes}`, `/api/expenses/${dashes}/history`, `/api/expenses/${dashes}/pdf`, `/api/expenses/${dashes}/receipt`]) {
      expectCleanError(await cast.admin.client.get(path), 404);
    }
    expectCleanError(await cast.admin.client.delete(`/api/tokens/${dashes}`), 404);
    // As a filter it is a name no category has.
    const list = await cast.admin.client.get(`/api/expenses?category=${dashes}`);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([]);
  });

  test('a catalog update that names no known field is a 400, not an empty UPDATE', async () => {
    const id = cast.ids.category();
    for (const body of [{}, { unknown: '\u0000' }]) {
      expectCleanError(await cast.admin.client.put(`/api/categories/${id}`, body), 400, 'Indica al menos un campo para actualizar.');
    }
    expect((await cast.admin.client.put(`/api/categories/${id}`, { description: 'Buses y taxis' })).status).toBe(200);
  });
});
