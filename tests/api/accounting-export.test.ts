import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { approvedExpensesExportSchema, type AccountingExpense } from '../../src/shared/integrations.js';
import { expenses } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PNG_1X1, bearer, companyWithEmployee, createApiToken, expenseFields, fileExpense } from '../helpers/factories.js';
import { expectCleanError, expectFieldError } from '../helpers/http.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const santiagoToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });

/** A company with a factura and a boleta approved, one pending, one rejected; a token for its ERP. */
async function accountingCompany() {
  const c = await companyWithEmployee(t);
  const cc = (await c.admin.client.post('/api/cost-centers', { code: 'VTA', description: 'Ventas' })).body;
  const file = (fields: Record<string, string>, receipt = true) =>
    fileExpense(c.employee.client, expenseFields(c.ids, fields), receipt ? { data: PNG_1X1, name: 'boleta.png', type: 'image/png' } : undefined).then((r) => {
      if (r.status !== 201) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
      return r.body as { id: string; expenseNumber: number };
    });
  const factura = await file({ documentType: 'factura', category: c.ids.category('Factura'), invoiceNumber: '4512', taxId: '76.086.428-5', amount: '119000', description: 'Arriendo sala', costCenter: cc.id, paymentMethod: c.ids.paymentMethod('Transferencia') });
  const boleta = await file({ amount: '12990', description: 'Taxi aeropuerto' }, false);
  const pending = await file({ amount: '5000', description: 'Café' });
  const rejected = await file({ amount: '7000', description: 'Estacionamiento' });
  for (const e of [factura, boleta]) expect((await c.admin.client.patch(`/api/admin/expenses/${e.id}/status`, { status: 'approved' })).status).toBe(200);
  await c.admin.client.patch(`/api/admin/expenses/${rejected.id}/status`, { status: 'rejected', rejectionReason: 'Sin respaldo' });
  const token = await createApiToken(c.admin.client);
  return { ...c, cc, factura, boleta, pending, rejected, token, api: t.client(null) };
}

describe('GET /api/accounting/approved-expenses', () => {
  test('the documented payload: approved only, accounting codes, net and IVA for facturas, people, totals', async () => {
    const c = await accountingCompany();
    const res = await c.api.get('/api/accounting/approved-expenses', bearer(c.token));
    expect(res.status).toBe(200);
    expect(approvedExpensesExportSchema.safeParse(res.body).success).toBe(true);
    const body = res.body;
    const today = santiagoToday();
    expect(body.company).toMatchObject({ id: c.companyId, name: 'Comercial Andes SpA' });
    expect(body.period).toEqual({ startDate: `${today.slice(0, 7)}-01`, endDate: today, dateField: 'approvedAt', timeZone: 'America/Santiago' });
    expect(body.count).toBe(2);
    expect(body.totalAmount).toBe(String(119000 + 12990));
    expect(body.nextCursor).toBeNull();
    expect(Date.now() - new Date(body.exportedAt).getTime()).toBeLessThan(60_000);
    expect(body.expenses.map((e: AccountingExpense) => e.id)).toEqual([c.factura.id, c.boleta.id]);

    const [factura, boleta] = body.expenses as AccountingExpense[];
    expect(factura).toMatchObject({
      expenseNumber: c.factura.expenseNumber,
      documentType: 'factura',
      invoiceNumber: '4512',
      taxId: '76086428-5',
      amountCLP: '119000',
      netAmount: '100000',
      taxAmount: '19000',
      status: 'approved',
      syncStatus: 'pending',
      employee: { id: c.employee.user.id, email: c.employee.email },
      category: { name: 'Factura', accountingCode: '5109' },
      paymentMethod: { name: 'Transferencia', accountingCode: '1103' },
      costCenter: { id: c.cc.id, code: 'VTA', description: 'Ventas' },
      approvedBy: { email: c.admin.email },
    });
    expect(factura.approvedAt).toBeTruthy();
    expect(factura.receiptUrl).toBe(`${t.baseUrl}/api/accounting/expense/${c.factura.id}/receipt`);
    expect(boleta).toMatchObject({ documentType: 'boleta', netAmount: null, taxAmount: null, receiptUrl: null, costCenter: null, category: { name: 'Transporte', accountingCode: '5102' } });
  });

  test('the receipt link opens with the same token, and only with it', async () => {
    const c = await accountingCompany();
    const url = (await c.api.get(`/api/accounting/expense/${c.factura.id}`, bearer(c.token))).body.receiptUrl as string;
    const res = await fetch(url, { headers: bearer(c.token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    expect((await fetch(url)).status).toBe(401);
    const other = await companyWithEmployee(t);
    const stranger = await createApiToken(other.admin.client);
    expect((await fetch(url, { headers: bearer(stranger) })).status).toBe(404);
    expectCleanError(await c.api.get(`/api/accounting/expense/${c.boleta.id}/receipt`, bearer(c.token)), 404, 'Esta rendición no tiene comprobante.');
  });

  test('the period: by approval date (Santiago) by default, by document date on request', async () => {
    const c = await accountingCompany();
    // The boleta was approved on the last day of an earlier month, late at night in Chile (already the 1st in UTC).
    await t.deps.db.update(expenses).set({ approvedAt: new Date('2025-03-01T02:30:00Z'), date: '2025-02-27' }).where(eq(expenses.id, c.boleta.id));
    const get = (q: string) => c.api.get(`/api/accounting/approved-expenses?${q}`, bearer(c.token));
    expect((await get('')).body.count).toBe(1);
    const feb = await get('startDate=2025-02-01&endDate=2025-02-28');
    expect(feb.body.expenses.map((e: AccountingExpense) => e.id)).toEqual([c.boleta.id]);
    expect(feb.body.totalAmount).toBe('12990');
    expect((await get('startDate=2025-03-01&endDate=2025-03-31')).body.count).toBe(0);
    expect((await get('startDate=2025-02-27&endDate=2025-02-27&dateField=date')).body.expenses.map((e: AccountingExpense) => e.id)).toEqual([c.boleta.id]);
    expect((await get(`startDate=2025-01-01&endDate=${santiagoToday()}`)).body.count).toBe(2);
  });

  test('bad queries are Spanish 400s naming the field', async () => {
    const c = await accountingCompany();
    const get = (q: string) => c.api.get(`/api/accounting/approved-expenses?${q}`, bearer(c.token));
    expectFieldError(await get('startDate=2025-02-10&endDate=2025-02-01'), 'endDate', 'La fecha final no puede ser anterior a la inicial.');
    expectCleanError(await get('startDate=10-02-2025'), 400, /Fecha inválida/);
    expectCleanError(await get('limit=5000'), 400, /limit no puede superar 1000/);
    expectCleanError(await get('limit=0'), 400, /limit debe ser al menos 1/);
    expectCleanError(await get('dateField=createdAt'), 400);
    for (const cursor of ['nope', Buffer.from('["1","x"]').toString('base64url'), Buffer.from('{}').toString('base64url')]) {
      expectFieldError(await get(`cursor=${cursor}`), 'cursor', 'El cursor no es válido: usa el valor nextCursor de la página anterior.');
    }
  });

  test('pages follow nextCursor without repeats or gaps, also when more are approved between pages', async () => {
    const c = await companyWithEmployee(t);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const e = (await fileExpense(c.employee.client, expenseFields(c.ids, { amount: String(1000 + i), description: `Gasto ${i}` }))).body;
      ids.push(e.id);
    }
    // Five approved in the same instant: the id breaks the tie.
    const sameInstant = new Date();
    for (const id of ids.slice(0, 5)) {
      expect((await c.admin.client.patch(`/api/admin/expenses/${id}/status`, { status: 'approved' })).status).toBe(200);
      await t.deps.db.update(expenses).set({ approvedAt: sameInstant }).where(eq(expenses.id, id));
    }
    const token = await createApiToken(c.admin.client);
    const api = t.client(null);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: { expenses: AccountingExpense[]; nextCursor: string | null; count: number; totalAmount: string } } = await api.get(
        `/api/accounting/approved-expenses?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        bearer(token),
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.expenses.map((e) => e.id));
      cursor = res.body.nextCursor;
      pages++;
      if (pages === 1) {
        expect(res.body.count).toBe(5);
        expect(res.body.totalAmount).toBe(String(1000 + 1001 + 1002 + 1003 + 1004));
        // Approved after the first page was read: it comes later in approval order, so it is not skipped.
        await c.admin.client.patch(`/api/admin/expenses/${ids[5]}/status`, { status: 'approved' });
      }
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(ids.slice(0, 6).sort());
  });
});

describe('GET /api/accounting/expense/{id}', () => {
  test('any status of the own company; unknown or foreign ids are 404', async () => {
    const c = await accountingCompany();
    const pending = await c.api.get(`/api/accounting/expense/${c.pending.id}`, bearer(c.token));
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ id: c.pending.id, status: 'pending', approvedAt: null, approvedBy: null });
    expectCleanError(await c.api.get('/api/accounting/expense/00000000-0000-4000-8000-000000000000', bearer(c.token)), 404);
    expectCleanError(await c.api.get('/api/accounting/expense/1%27%20or%201=1', bearer(c.token)), 404);
  });
});
