import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invoiceListSchema, type InvoiceView } from '../../src/shared/integrations.js';
import { expenses } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PNG_1X1, companyWithEmployee, expenseFields, fileExpense } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function documents() {
  const c = await companyWithEmployee(t);
  const file = async (fields: Record<string, string>) => {
    const r = await fileExpense(c.employee.client, expenseFields(c.ids, fields), { data: PNG_1X1, name: 'doc.png' });
    if (r.status !== 201) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    return r.body as { id: string; expenseNumber: number };
  };
  const factura = await file({ documentType: 'factura', category: c.ids.category('Factura'), invoiceNumber: '4512', taxId: '76086428-5', amount: '119000', description: 'Arriendo sala' });
  const boleta = await file({ documentType: 'boleta', amount: '12990', description: 'Taxi aeropuerto' });
  const rejected = await file({ documentType: 'boleta', amount: '3000', description: 'Café' });
  const recibo = await file({ documentType: 'recibo', amount: '8000', description: 'Propina' });
  await c.admin.client.patch(`/api/admin/expenses/${factura.id}/status`, { status: 'approved' });
  await c.admin.client.patch(`/api/admin/expenses/${rejected.id}/status`, { status: 'rejected', rejectionReason: 'Duplicada' });
  return { ...c, factura, boleta, rejected, recibo };
}

describe('issued invoices', () => {
  test('facturas and boletas of the company with net, IVA and the sync state; other documents are not invoices', async () => {
    const c = await documents();
    const res = await c.admin.client.get('/api/invoices');
    expect(res.status).toBe(200);
    expect(invoiceListSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.total).toBe(3);
    const byId = new Map((res.body.items as InvoiceView[]).map((i) => [i.id, i]));
    expect(byId.has(c.recibo.id)).toBe(false);
    expect(byId.get(c.factura.id)).toMatchObject({
      renditionFolio: c.factura.expenseNumber,
      documentType: 'factura',
      invoiceNumber: '4512',
      taxId: '76086428-5',
      amountCLP: '119000',
      netAmount: '100000',
      taxAmount: '19000',
      status: 'approved',
      syncStatus: 'pending',
      syncError: null,
      user: { email: c.employee.email },
      approver: { email: c.admin.email },
      receiptUrl: `/api/expenses/${c.factura.id}/receipt`,
    });
    expect(byId.get(c.rejected.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Duplicada', netAmount: null });

    const stats = await c.admin.client.get('/api/invoices/stats');
    expect(stats.body).toEqual({ totalInvoices: 3, totalAmount: String(119000 + 12990 + 3000), pendingInvoices: 1, approvedInvoices: 1 });
  });

  test('filters, search (folio, RUT with dots, employee) and paging', async () => {
    const c = await documents();
    const ids = async (q: string) => ((await c.admin.client.get(`/api/invoices?${q}`)).body.items as InvoiceView[]).map((i) => i.id);
    expect(await ids('documentType=factura')).toEqual([c.factura.id]);
    expect((await ids('documentType=boleta')).sort()).toEqual([c.boleta.id, c.rejected.id].sort());
    expect(await ids('status=pending')).toEqual([c.boleta.id]);
    expect(await ids('search=76.086.428-5')).toEqual([c.factura.id]);
    expect(await ids('search=4512')).toEqual([c.factura.id]);
    expect(await ids(`search=${c.boleta.expenseNumber}`)).toContain(c.boleta.id);
    expect((await ids(`search=${encodeURIComponent(c.employee.email)}`)).length).toBe(3);
    expect(await ids('search=%25')).toEqual([]);
    expect(await ids('search=taxi')).toEqual([c.boleta.id]);

    await t.deps.db.update(expenses).set({ syncStatus: 'error', syncError: 'NiuData respondió 422: cuenta 5109 no existe' }).where(eq(expenses.id, c.factura.id));
    const errored = (await c.admin.client.get('/api/invoices?syncStatus=error')).body.items as InvoiceView[];
    expect(errored.map((i) => [i.id, i.syncStatus, i.syncError])).toEqual([[c.factura.id, 'error', 'NiuData respondió 422: cuenta 5109 no existe']]);
    expect((await c.admin.client.get('/api/invoices/stats?documentType=factura')).body).toMatchObject({ totalInvoices: 1, totalAmount: '119000' });

    const page1 = (await c.admin.client.get('/api/invoices?pageSize=2&page=1')).body;
    const page2 = (await c.admin.client.get('/api/invoices?pageSize=2&page=2')).body;
    expect(page1.items).toHaveLength(2);
    expect(page2.items).toHaveLength(1);
    expect(page1.total).toBe(3);
    expectCleanError(await c.admin.client.get('/api/invoices?status=nope'), 400);
    expectCleanError(await c.admin.client.get('/api/invoices?startDate=ayer'), 400, /Fecha inválida/);
  });

  test('one document for the overlay; admins only; another company’s ids are 404', async () => {
    const c = await documents();
    const other = await companyWithEmployee(t);
    const one = await c.admin.client.get(`/api/invoices/${c.factura.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: c.factura.id, netAmount: '100000', taxAmount: '19000' });
    expectCleanError(await c.admin.client.get(`/api/invoices/${c.recibo.id}`), 404);
    expectCleanError(await other.admin.client.get(`/api/invoices/${c.factura.id}`), 404);
    expectCleanError(await c.admin.client.get('/api/invoices/x'), 404);
    expect((await other.admin.client.get('/api/invoices')).body.total).toBe(0);
    for (const path of ['/api/invoices', '/api/invoices/stats', `/api/invoices/${c.factura.id}`]) {
      expectCleanError(await c.employee.client.get(path), 403);
      expectCleanError(await t.client().get(path), 401);
    }
  });

  test('expense views carry net and IVA for facturas', async () => {
    const c = await documents();
    const detail = await c.employee.client.get(`/api/expenses/${c.factura.id}`);
    expect(detail.body).toMatchObject({ netAmount: '100000', taxAmount: '19000', syncStatus: 'pending' });
    expect((await c.employee.client.get(`/api/expenses/${c.boleta.id}`)).body).toMatchObject({ netAmount: null, taxAmount: null });
    // The comprobante (PDF) rows and the Excel export show them too.
    const pdf = await c.employee.client.get(`/api/expenses/${c.factura.id}/pdf`);
    expect(pdf.body.expenseData.rows).toContainEqual(['Neto', '$100.000']);
    expect(pdf.body.expenseData.rows).toContainEqual(['IVA (19 %)', '$19.000']);
    expect((await c.employee.client.get(`/api/expenses/${c.boleta.id}/pdf`)).body.expenseData.rows.map((r: string[]) => r[0])).not.toContain('Neto');
    const xlsx = await fetch(`${t.baseUrl}/api/expenses/export/excel?userId=all`, { headers: { cookie: `rendix_sid=${c.admin.client.sessionId}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const ws = wb.getWorksheet('Rendiciones')!;
    const row = [...Array(ws.rowCount).keys()].map((i) => ws.getRow(i + 1)).find((r) => r.getCell(1).value === c.factura.expenseNumber)!;
    expect([row.getCell(15).value, row.getCell(16).value, row.getCell(17).value]).toEqual([119000, 100000, 19000]);
  });
});
