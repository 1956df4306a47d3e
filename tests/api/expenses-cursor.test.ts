import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { companies, expenses, memberships } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { catalogIds, expenseFields, fileExpense, registerUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

interface Page {
  items: { expenseNumber: number; date: string; status: string; user: { id: string } }[];
  total: number;
  page: number;
  nextCursor: string | null;
  prevCursor: string | null;
}

/** A company with an admin and an employee, and `n` expenses written straight to the table: few distinct dates, so most rows tie on the date. */
async function companyWithRows(n: number) {
  const admin = await registerUser(t);
  const companyId = admin.user.currentCompanyId as string;
  await t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active', nextExpenseNumber: n + 1 }).where(eq(companies.id, companyId));
  const employee = await registerUser(t);
  await t.deps.db.insert(memberships).values({ userId: employee.user.id, companyId, role: 'employee' });
  expect((await employee.client.post('/api/user/switch-company', { companyId })).status).toBe(200);
  const dates = ['2026-03-01', '2026-03-15', '2026-04-02'];
  const rows = Array.from({ length: n }, (_, i) => ({
    companyId,
    userId: i % 3 === 0 ? employee.user.id : admin.user.id,
    // Numbers and dates deliberately out of step: the order is by date, then number.
    expenseNumber: i + 1,
    date: dates[(i * 7) % dates.length],
    amount: '1000.00',
    amountClp: 1000,
    description: `gasto ${i + 1}`,
    status: i % 4 === 0 ? 'approved' : 'pending',
  }));
  await t.deps.db.insert(expenses).values(rows);
  const expected = (keep: (r: (typeof rows)[number]) => boolean) =>
    rows
      .filter(keep)
      .sort((a, b) => (a.date === b.date ? b.expenseNumber - a.expenseNumber : a.date < b.date ? 1 : -1))
      .map((r) => r.expenseNumber);
  return { admin, employee, companyId, expected };
}

async function get(client: TestClient, query: string): Promise<Page> {
  const res = await client.get(`/api/expenses?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
}

/** Follows nextCursor from the first page to the last; the pages in order. */
async function walk(client: TestClient, query: string): Promise<Page[]> {
  const pages = [await get(client, query)];
  while (pages.at(-1)!.nextCursor) pages.push(await get(client, `${query}&cursor=${encodeURIComponent(pages.at(-1)!.nextCursor!)}`));
  return pages;
}

const numbers = (pages: Page[]) => pages.flatMap((p) => p.items.map((i) => i.expenseNumber));

describe('expense list by cursor', () => {
  test('forward and back: stable order with equal dates, page numbers, the total counted once, a deep page as OFFSET would give it', async () => {
    const { admin, expected } = await companyWithRows(23);
    const pages = await walk(admin.client, 'pageSize=5');
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5]);
    expect(pages.map((p) => p.items.length)).toEqual([5, 5, 5, 5, 3]);
    expect(numbers(pages)).toEqual(expected(() => true));
    expect(pages.every((p) => p.total === 23)).toBe(true);
    expect(pages[0].prevCursor).toBeNull();
    // The deep page is the same rows the OFFSET page gives.
    const byOffset = await get(admin.client, 'pageSize=5&page=4');
    expect(byOffset.items.map((i) => i.expenseNumber)).toEqual(pages[3].items.map((i) => i.expenseNumber));
    // Back from the last page to the first, along prevCursor.
    const back: Page[] = [pages[4]];
    while (back.at(-1)!.prevCursor) back.push(await get(admin.client, `pageSize=5&cursor=${encodeURIComponent(back.at(-1)!.prevCursor!)}`));
    expect(back.map((p) => p.page)).toEqual([5, 4, 3, 2, 1]);
    expect(back.map((p) => p.items.map((i) => i.expenseNumber))).toEqual([...pages].reverse().map((p) => p.items.map((i) => i.expenseNumber)));
  });

  test('filters and employee visibility hold on every page; a cursor only serves the filter and viewer it was made for', async () => {
    const { admin, employee, expected } = await companyWithRows(30);
    const approved = await walk(admin.client, 'pageSize=4&status=approved');
    expect(numbers(approved)).toEqual(expected((r) => r.status === 'approved'));
    expect(approved.flatMap((p) => p.items).every((i) => i.status === 'approved')).toBe(true);
    const ranged = await walk(admin.client, 'pageSize=4&startDate=2026-03-10&endDate=2026-03-31');
    expect(numbers(ranged)).toEqual(expected((r) => r.date === '2026-03-15'));

    const own = await walk(employee.client, 'pageSize=3');
    expect(numbers(own)).toEqual(expected((r) => r.userId === employee.user.id));
    expect(own.flatMap((p) => p.items).every((i) => i.user.id === employee.user.id)).toBe(true);
    // The employee asking for everyone still sees only their own, and the admin's cursor is no use to them.
    expect(numbers(await walk(employee.client, 'pageSize=3&userId=all'))).toEqual(numbers(own));
    const adminCursor = (await get(admin.client, 'pageSize=3')).nextCursor!;
    expect((await employee.client.get(`/api/expenses?pageSize=3&cursor=${encodeURIComponent(adminCursor)}`)).status).toBe(400);
    // Another filter or page size with the same cursor: 400, not a page of something else.
    expect((await admin.client.get(`/api/expenses?pageSize=3&status=pending&cursor=${encodeURIComponent(adminCursor)}`)).status).toBe(400);
    expect((await admin.client.get(`/api/expenses?pageSize=4&cursor=${encodeURIComponent(adminCursor)}`)).status).toBe(400);
  });

  test('a cursor from another company, or a forged one, answers 400 with a Spanish message, never 500', async () => {
    const a = await companyWithRows(6);
    const b = await companyWithRows(6);
    const fromA = (await get(a.admin.client, 'pageSize=2')).nextCursor!;
    const other = await b.admin.client.get(`/api/expenses?pageSize=2&cursor=${encodeURIComponent(fromA)}`);
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ field: 'cursor' });
    expect(other.body.message).toMatch(/cursor/);
    const decoded = JSON.parse(Buffer.from(fromA, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forge = (patch: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...decoded, ...patch })).toString('base64url');
    for (const cursor of ['x', '%%%', Buffer.from('not json').toString('base64url'), forge({ date: '2026-02-31' }), forge({ date: "2026-01-01'; --" }), forge({ number: -1 }), forge({ number: 1e12 }), forge({ page: 0 }), forge({ dir: 'sideways' }), forge({ total: 'many' }), 'a'.repeat(301)]) {
      const res = await a.admin.client.get(`/api/expenses?pageSize=2&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
    }
    // A well-formed cursor with another boundary is just another page of the actor's own rows.
    const moved = await get(a.admin.client, `pageSize=2&cursor=${forge({ date: '2026-03-15', number: 4 })}`);
    expect(moved.items.every((i) => i.date <= '2026-03-15')).toBe(true);
  });

  test('the total is counted afresh on a first page: a new expense, a decision or a deletion shows at once', async () => {
    const { admin, employee, companyId } = await companyWithRows(5);
    const ids = await catalogIds(admin.client);
    expect((await get(admin.client, 'pageSize=2')).total).toBe(5);
    expect((await get(admin.client, 'pageSize=2&status=pending')).total).toBe(3);
    const filed = await fileExpense(employee.client, expenseFields(ids));
    expect(filed.status).toBe(201);
    expect((await get(admin.client, 'pageSize=2')).total).toBe(6);
    expect((await get(admin.client, 'pageSize=2&status=pending')).total).toBe(4);
    expect((await get(employee.client, 'pageSize=2')).total).toBe(3);
    expect((await admin.client.patch(`/api/admin/expenses/${filed.body.id}/status`, { status: 'approved' })).status).toBe(200);
    expect((await get(admin.client, 'pageSize=2&status=pending')).total).toBe(3);
    await t.deps.db.delete(expenses).where(sql`${expenses.companyId} = ${companyId} and ${expenses.expenseNumber} = 1`);
    expect((await get(admin.client, 'pageSize=2')).total).toBe(5);
  });
});
