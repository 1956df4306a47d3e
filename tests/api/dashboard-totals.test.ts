import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { companyWithEmployee, expenseFields, fileExpense, registerUser } from '../helpers/factories.js';

// Issue 16 item 1: money totals (dashboard cards, monthly chart, categories, company page) count
// approved and pending expenses; a rejected one was never spent by the company.

let t: TestApp;
let cast: Awaited<ReturnType<typeof companyWithEmployee>>;

const APPROVED = 10_000;
const PENDING = 20_000;
const REJECTED = 40_000;
const USD_REJECTED_CLP = Math.round(100 * 950); // 100 USD at the default rate
const SPENT = APPROVED + PENDING;

/** Today in Chile, so the expenses fall in this month's chart bar and category list. */
const todayCL = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

beforeAll(async () => {
  t = await startTestApp();
  cast = await companyWithEmployee(t);
  const { admin, employee, ids } = cast;
  const file = async (overrides: Record<string, string>) => {
    const res = await fileExpense(employee.client, expenseFields(ids, { date: todayCL(), ...overrides }));
    if (res.status !== 201) throw new Error(`file failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const decide = async (id: string, body: Record<string, unknown>) => {
    const res = await admin.client.patch(`/api/admin/expenses/${id}/status`, body);
    if (res.status !== 200) throw new Error(`decide failed: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await decide(await file({ amount: String(APPROVED), category: ids.category('Transporte') }), { status: 'approved' });
  await file({ amount: String(PENDING), category: ids.category('Transporte') });
  await decide(await file({ amount: String(REJECTED), category: ids.category('Alimentación') }), { status: 'rejected', rejectionReason: 'Sin respaldo' });
  const usdFactura = await file({
    amount: '100',
    currency: 'USD',
    documentType: 'factura',
    category: ids.category('Factura'),
    invoiceNumber: '4512',
    taxId: '76.086.428-5',
  });
  await decide(usdFactura, { status: 'rejected', rejectionReason: 'Factura de otra empresa' });
});
afterAll(async () => t?.close());

describe('money totals exclude rejected expenses', () => {
  test('admin dashboard: Total Gastado, the month bar and the categories count approved + pending', async () => {
    const stats = await cast.admin.client.get('/api/dashboard/stats');
    expect(stats.status).toBe(200);
    // Every report is still counted as a report, but only spent money is added.
    expect(stats.body).toMatchObject({ totalExpenses: 4, pendingExpenses: 1, approvedExpenses: 1, totalAmount: String(SPENT) });

    const monthly = await cast.admin.client.get('/api/dashboard/monthly');
    expect(monthly.status).toBe(200);
    const thisMonth = monthly.body.at(-1);
    expect(thisMonth).toMatchObject({ month: todayCL().slice(0, 7), amount: String(SPENT), count: 2 });

    const categories = await cast.admin.client.get('/api/dashboard/categories');
    expect(categories.status).toBe(200);
    // Only Transporte had approved/pending money; the rejected Alimentación and USD Factura are absent.
    expect(categories.body).toEqual([{ category: 'Transporte', amount: String(SPENT) }]);
  });

  test('employee dashboard (their own expenses) follows the same rule', async () => {
    const stats = await cast.employee.client.get('/api/dashboard/stats');
    expect(stats.body).toMatchObject({ totalExpenses: 4, totalAmount: String(SPENT) });
    const monthly = await cast.employee.client.get('/api/dashboard/monthly');
    expect(monthly.body.at(-1)).toMatchObject({ amount: String(SPENT), count: 2 });
    const categories = await cast.employee.client.get('/api/dashboard/categories');
    expect(categories.body).toEqual([{ category: 'Transporte', amount: String(SPENT) }]);
  });

  test("company page 'Monto Total' uses the same condition, for admins and employees", async () => {
    const admin = await cast.admin.client.get('/api/company/stats');
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ totalExpenses: 4, totalAmount: String(SPENT), scope: 'company' });
    const employee = await cast.employee.client.get('/api/company/stats');
    expect(employee.body).toMatchObject({ totalExpenses: 4, totalAmount: String(SPENT), scope: 'own' });
    // The rejected money really is there: the list still shows both rejected reports.
    const rejected = await cast.admin.client.get('/api/expenses?status=rejected');
    expect(rejected.body.items.map((e: { amountCLP: string }) => Number(e.amountCLP)).sort((a: number, b: number) => a - b)).toEqual([REJECTED, USD_REJECTED_CLP]);
  });

  test('a company with only rejected expenses has spent $0', async () => {
    const other = await companyWithEmployee(t);
    const res = await fileExpense(other.employee.client, expenseFields(other.ids, { date: todayCL(), amount: '5000' }));
    await other.admin.client.patch(`/api/admin/expenses/${res.body.id}/status`, { status: 'rejected' });
    expect((await other.admin.client.get('/api/dashboard/stats')).body).toMatchObject({ totalExpenses: 1, totalAmount: '0' });
    expect((await other.admin.client.get('/api/dashboard/categories')).body).toEqual([]);
    expect((await other.admin.client.get('/api/dashboard/monthly')).body.at(-1)).toMatchObject({ amount: '0', count: 0 });
    expect((await other.admin.client.get('/api/company/stats')).body.totalAmount).toBe('0');
    // Another company's totals never mix in.
    const stranger = await registerUser(t);
    expect((await stranger.client.get('/api/dashboard/stats')).body.totalAmount).toBe('0');
  });
});
