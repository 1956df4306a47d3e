import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { changeFeedOf } from '../../src/server/db/change-feed.js';
import { companies, costCenters, emailOutbox, users } from '../../src/server/db/schema/index.js';
import { testAppForFile, type TestClient } from '../helpers/app.js';
import { companyWithEmployee, expenseFields, fileExpense } from '../helpers/factories.js';
import { QueryRecorder } from '../helpers/queries.js';

// The expense list's pages and the dashboard's figures are kept in memory (expenses/service.ts listExpensesJson,
// dashboard/service.ts, db/change-feed.ts, READ_CACHE). Whatever they show may change; each change must show on the
// very next request.

const queries = new QueryRecorder();
const queriesOf = (fn: () => Promise<unknown>) => queries.during(fn);
const t = testAppForFile({ freshRateLimits: true, onQuery: queries.observe });

type Item = { id: string; description: string; status: string; category: string; paymentMethod: string; costCenter: string | null; user: { firstName: string }; approver: { firstName: string } | null };
type Page = { items: Item[]; total: number };

async function list(client: TestClient, query = ''): Promise<Page> {
  const r = await client.get(`/api/expenses${query}`);
  expect(r.status).toBe(200);
  return r.body as Page;
}

async function setup() {
  const c = await companyWithEmployee(t);
  const filed = await fileExpense(c.employee.client, expenseFields(c.ids, { description: 'Almuerzo con cliente' }));
  expect(filed.status).toBe(201);
  // Filing e-mails the approver from a background job; on a loaded machine it may run late, inside a window whose
  // queries a test counts. Wait for its message first.
  const notice = and(eq(emailOutbox.to, c.admin.email), like(emailOutbox.subject, '%por aprobar%'));
  await expect.poll(async () => (await t.deps.db.select({ id: emailOutbox.id }).from(emailOutbox).where(notice)).length).toBe(1);
  return { ...c, expenseId: filed.body.id as string };
}

describe('the expense list kept in memory', () => {
  test('a page read again with nothing changed costs no query and answers the same page', async () => {
    const { admin } = await setup();
    const first = await admin.client.get('/api/expenses');
    const again = await queriesOf(async () => {
      const r = await admin.client.get('/api/expenses');
      expect(r.body).toEqual(first.body);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.headers.get('cache-control')).toBe('no-store');
    });
    expect(again).toEqual([]);
  });

  test('filing and deciding show on the next read, for the admin and the employee', async () => {
    const { admin, employee, ids, expenseId } = await setup();
    expect((await list(admin.client)).total).toBe(1);
    expect((await fileExpense(employee.client, expenseFields(ids, { description: 'Taxi al aeropuerto' }))).status).toBe(201);
    const two = await list(admin.client);
    expect(two.total).toBe(2);
    expect(two.items.map((i) => i.description)).toContain('Taxi al aeropuerto');
    expect((await admin.client.patch(`/api/admin/expenses/${expenseId}/status`, { status: 'approved' })).status).toBe(200);
    expect((await list(admin.client)).items.find((i) => i.id === expenseId)?.status).toBe('approved');
    expect((await list(employee.client)).items.find((i) => i.id === expenseId)?.status).toBe('approved');
  });

  test('renaming a category, a payment method, a cost center or a person shows on the next read', async () => {
    const { admin, employee, companyId, ids, expenseId } = await setup();
    const cc = (await admin.client.post('/api/cost-centers', { code: 'CC-01', description: 'Ventas' })).body as { id: string };
    expect((await fileExpense(employee.client, expenseFields(ids, { description: 'Con centro', costCenter: cc.id }))).status).toBe(201);
    await list(admin.client);
    expect((await admin.client.put(`/api/categories/${ids.category()}`, { name: 'Movilización' })).status).toBe(200);
    expect((await list(admin.client)).items.find((i) => i.id === expenseId)?.category).toBe('Movilización');
    expect((await admin.client.put(`/api/payment-methods/${ids.paymentMethod()}`, { name: 'Caja chica' })).status).toBe(200);
    expect((await list(admin.client)).items.find((i) => i.id === expenseId)?.paymentMethod).toBe('Caja chica');
    await t.deps.db.update(costCenters).set({ code: 'CC-99' }).where(eq(costCenters.companyId, companyId));
    expect((await list(admin.client)).items.find((i) => i.description === 'Con centro')?.costCenter).toBe('CC-99');
    await t.deps.db.update(users).set({ firstName: 'Josefa' }).where(eq(users.id, employee.user.id));
    expect((await list(admin.client)).items.every((i) => i.user.firstName === 'Josefa')).toBe(true);
    // The approver's name too, though they may belong to another company.
    expect((await admin.client.patch(`/api/admin/expenses/${expenseId}/status`, { status: 'approved' })).status).toBe(200);
    expect((await list(employee.client)).items.find((i) => i.id === expenseId)?.approver?.firstName).toBe('Camila');
    await t.deps.db.update(users).set({ firstName: 'Aprobadora' }).where(eq(users.id, admin.user.id));
    expect((await list(employee.client)).items.find((i) => i.id === expenseId)?.approver?.firstName).toBe('Aprobadora');
  });

  test('each viewer, filter and page is its own: an employee never gets the company page an admin read', async () => {
    const { admin, employee, ids } = await setup();
    expect((await fileExpense(admin.client, expenseFields(ids, { description: 'Del administrador' }))).status).toBe(201);
    expect((await list(admin.client)).total).toBe(2);
    const own = await list(employee.client);
    expect(own.total).toBe(1);
    expect(own.items.map((i) => i.description)).toEqual(['Almuerzo con cliente']);
    expect((await list(admin.client, '?status=approved')).total).toBe(0);
    expect((await list(admin.client, '?pageSize=1')).items).toHaveLength(1);
    // A role change changes what the same person sees.
    expect((await admin.client.post('/api/company/change-user-role', { userId: employee.user.id, role: 'admin' })).status).toBe(200);
    expect((await list(employee.client)).total).toBe(2);
  });

  test('the dashboard cards, the chart and the categories follow every filing, decision and rename at once', async () => {
    const { admin, employee, ids, expenseId } = await setup();
    type Stats = { totalExpenses: number; pendingExpenses: number; approvedExpenses: number; totalAmount: string };
    const stats = async (c: TestClient) => (await c.get('/api/dashboard/stats')).body as Stats;
    const month = async (c: TestClient) => ((await c.get('/api/dashboard/monthly')).body as { amount: string }[]).at(-1)!.amount;
    const cats = async (c: TestClient) => (await c.get('/api/dashboard/categories')).body as { category: string; amount: string }[];
    expect(await stats(admin.client)).toMatchObject({ totalExpenses: 1, pendingExpenses: 1 });
    expect(await month(admin.client)).toBe('12990');
    await cats(admin.client);
    // Read once each: the same figures again cost no query.
    expect(await queriesOf(() => Promise.all([stats(admin.client), month(admin.client), cats(admin.client)]))).toEqual([]);
    expect((await fileExpense(employee.client, expenseFields(ids, { amount: '1000' }))).status).toBe(201);
    expect(await stats(admin.client)).toMatchObject({ totalExpenses: 2, pendingExpenses: 2 });
    expect(await month(admin.client)).toBe('13990');
    expect((await admin.client.patch(`/api/admin/expenses/${expenseId}/status`, { status: 'rejected', rejectionReason: 'Sin respaldo' })).status).toBe(200);
    expect(await stats(admin.client)).toMatchObject({ totalExpenses: 2, pendingExpenses: 1, approvedExpenses: 0 });
    expect(await month(admin.client)).toBe('1000');
    expect(await stats(employee.client)).toMatchObject({ totalExpenses: 2, pendingExpenses: 1 });
    expect((await admin.client.put(`/api/categories/${ids.category()}`, { name: 'Traslados' })).status).toBe(200);
    expect((await cats(admin.client)).map((c) => c.category)).toEqual(['Traslados']);
  });
});

describe('the change feed', () => {
  test('a write of this process is delivered once, though every pooled connection hears it', async () => {
    const { companyId } = await setup();
    const feed = changeFeedOf(t.deps.db)!;
    expect(feed.live).toBe(true);
    // Several pooled connections open at once (on PostgreSQL; PGlite has one).
    await Promise.all(Array.from({ length: 5 }, () => t.deps.db.execute(sql`select pg_sleep(0.05)`)));
    const heard: string[] = [];
    const stop = feed.subscribe((topic, key) => topic === 'c' && key === companyId && heard.push(key));
    try {
      await t.deps.db.update(companies).set({ name: 'Renombrada una vez SpA' }).where(eq(companies.id, companyId));
      // Delivered before the write's promise resolved; the other connections and the listener would add theirs within
      // milliseconds.
      expect(heard).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 500));
      expect(heard).toHaveLength(1);
    } finally {
      stop();
    }
  });
});
