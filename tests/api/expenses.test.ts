import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { companies, memberships } from '../../src/server/db/schema/index.js';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { PNG_1X1, catalogIds, expenseFields, fileExpense, registerUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** A company on a paid plan with an admin and an employee. */
async function team(plan = 'professional') {
  const admin = await registerUser(t);
  const companyId = admin.user.currentCompanyId as string;
  await t.deps.db.update(companies).set({ plan, subscriptionStatus: 'active' }).where(eq(companies.id, companyId));
  const employee = await registerUser(t);
  await t.deps.db.insert(memberships).values({ userId: employee.user.id, companyId, role: 'employee' });
  const sw = await employee.client.post('/api/user/switch-company', { companyId });
  expect(sw.status).toBe(200);
  return { admin, employee, companyId, ids: await catalogIds(admin.client) };
}

describe('creating expenses', () => {
  test('a boleta with a PNG receipt is numbered per company, pending, and its receipt is protected', async () => {
    const { admin, employee, ids } = await team();
    const first = await fileExpense(employee.client, expenseFields(ids), { data: PNG_1X1, name: 'boleta.png', type: 'image/png' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ expenseNumber: 1, status: 'pending', amountCLP: '12990', currency: 'CLP', category: 'Transporte', receiptMime: 'image/png' });
    expect(first.body.message).toBe('Tu rendición ha sido enviada para aprobación.');
    const second = await fileExpense(employee.client, expenseFields(ids));
    expect(second.body.expenseNumber).toBe(2);
    expect(second.body.receiptUrl).toBeNull();

    const receipt = await fetch(t.baseUrl + first.body.receiptUrl, { headers: { cookie: `rendix_sid=${employee.client.sessionId}` } });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await receipt.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    // Anonymous and other companies' users cannot read it.
    expect((await fetch(t.baseUrl + first.body.receiptUrl)).status).toBe(401);
    const stranger = await registerUser(t);
    expect((await stranger.client.get(first.body.receiptUrl)).status).toBe(404);
    // The admin of the company can.
    expect((await admin.client.get(first.body.receiptUrl)).status).toBe(200);
  });

  test('foreign currency: CLP from the default rate, or from the rate entered; COL is stored as COP', async () => {
    const { employee, ids } = await team();
    const usd = await fileExpense(employee.client, expenseFields(ids, { amount: '45.20', currency: 'USD' }));
    expect(usd.status).toBe(201);
    expect(usd.body).toMatchObject({ amount: '45.20', currency: 'USD', amountCLP: String(Math.round(45.2 * 950)) });
    const eur = await fileExpense(employee.client, expenseFields(ids, { amount: '10', currency: 'EUR', exchangeRate: '1012.3456' }));
    expect(eur.body.amountCLP).toBe('10123');
    const cop = await fileExpense(employee.client, expenseFields(ids, { amount: '100000', currency: 'COL' }));
    expect(cop.body).toMatchObject({ currency: 'COP', amountCLP: '24000' });
    // The server computes CLP itself: a forged amountCLP is ignored.
    const forged = await fileExpense(employee.client, expenseFields(ids, { amount: '10', currency: 'USD', amountCLP: '1' }));
    expect(forged.body.amountCLP).toBe('9500');
  });

  test('factura rules: invoice number and a valid RUT, category Factura', async () => {
    const { employee, ids } = await team();
    const missing = await fileExpense(employee.client, expenseFields(ids, { documentType: 'factura', category: ids.category('Factura') }));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Para facturas se requiere número de factura y RUT/Tax ID.');
    const badRut = await fileExpense(employee.client, expenseFields(ids, { documentType: 'factura', category: ids.category('Factura'), invoiceNumber: '123', taxId: '76086428-4' }));
    expect(badRut.status).toBe(400);
    expect(badRut.body.field).toBe('taxId');
    const wrongCategory = await fileExpense(employee.client, expenseFields(ids, { documentType: 'factura', invoiceNumber: '123', taxId: '76.086.428-5' }));
    expect(wrongCategory.status).toBe(400);
    expect(wrongCategory.body.message).toBe("Para documentos tipo factura, la categoría debe ser 'Factura'.");
    const ok = await fileExpense(employee.client, expenseFields(ids, { documentType: 'factura', category: ids.category('Factura'), invoiceNumber: '123', taxId: '76.086.428-5', amount: '119000' }));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ taxId: '76086428-5', invoiceNumber: '123', category: 'Factura' });
  });

  test("a foreign factura carries its own country's tax id; one written as a RUT still needs its check digit", async () => {
    const { employee, ids } = await team();
    const factura = (fields: Record<string, string>) =>
      fileExpense(employee.client, expenseFields(ids, { documentType: 'factura', category: ids.category('Factura'), invoiceNumber: 'CS00012543', amount: '44.73', ...fields }));
    const gst = await factura({ currency: 'MYR', exchangeRate: '210', taxId: 'GST 000750673920' });
    expect(gst.status).toBe(201);
    expect(gst.body).toMatchObject({ currency: 'MYR', taxId: 'GST 000750673920', invoiceNumber: 'CS00012543' });
    const ruc = await factura({ currency: 'PEN', exchangeRate: '250', taxId: '20100047218' });
    expect(ruc.status).toBe(201);
    // A Chilean exporter's factura in dollars: written as a RUT, so its check digit counts.
    const badRut = await factura({ currency: 'USD', taxId: '76.086.428-4' });
    expect(badRut.status).toBe(400);
    expect(badRut.body).toMatchObject({ field: 'taxId', message: 'El RUT no es válido: revisa el dígito verificador.' });
    const goodRut = await factura({ currency: 'USD', taxId: '76.086.428-5' });
    expect(goodRut.body).toMatchObject({ taxId: '76086428-5' });
    // In pesos the id must be a RUT.
    const pesos = await factura({ currency: 'CLP', amount: '119000', taxId: 'GST 000750673920' });
    expect(pesos.status).toBe(400);
    expect(pesos.body.field).toBe('taxId');
  });

  test('required fields and bad values answer 400 with a Spanish message naming the field', async () => {
    const { employee, ids } = await team();
    const fields = expenseFields(ids);
    for (const key of ['amount', 'description', 'category', 'paymentMethod', 'documentType'] as const) {
      const { [key]: _omit, ...rest } = fields;
      const res = await fileExpense(employee.client, rest);
      expect(res.status, key).toBe(400);
      expect(res.body.message, key).toMatch(/Por favor completa todos los campos requeridos|mayor a 0/);
      expect(res.body.field).toBe(key);
    }
    const negative = await fileExpense(employee.client, expenseFields(ids, { amount: '-5' }));
    expect(negative.status).toBe(400);
    const otherCompanyCategory = await fileExpense(employee.client, expenseFields(ids, { category: '00000000-0000-4000-8000-000000000000' }));
    expect(otherCompanyCategory.status).toBe(400);
    expect(otherCompanyCategory.body.message).toBe('La categoría no existe en tu empresa.');
  });

  test('receipt type is decided by the bytes, and 10 MB + 1 byte is refused', async () => {
    const { employee, ids } = await team();
    const renamed = await fileExpense(employee.client, expenseFields(ids), { data: Buffer.from('esto es texto, no una imagen'), name: 'boleta.png', type: 'image/png' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe('Tipo de archivo no válido. Use JPG, PNG, WebP o PDF.');
    const pdf = await fileExpense(employee.client, expenseFields(ids), { data: Buffer.from('%PDF-1.4\n%\xe2\xe3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), name: 'scan.bin' });
    expect(pdf.status).toBe(201);
    expect(pdf.body.receiptMime).toBe('application/pdf');
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    PNG_1X1.copy(big);
    const tooBig = await fileExpense(employee.client, expenseFields(ids), { data: big, name: 'grande.png', type: 'image/png' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('El archivo debe ser menor a 10MB.');
    const exactly = Buffer.alloc(10 * 1024 * 1024, 0);
    PNG_1X1.copy(exactly);
    expect((await fileExpense(employee.client, expenseFields(ids), { data: exactly, name: 'justo.png' })).status).toBe(201);
    const list = await employee.client.get('/api/expenses');
    expect(list.body.total).toBe(2);
  });

  test('the free plan allows exactly 10 expenses a month per company', async () => {
    const owner = await registerUser(t);
    const ids = await catalogIds(owner.client);
    for (let i = 0; i < 10; i++) {
      const res = await fileExpense(owner.client, expenseFields(ids, { description: `Gasto ${i + 1}` }));
      expect(res.status, `expense ${i + 1}`).toBe(201);
    }
    const eleventh = await fileExpense(owner.client, expenseFields(ids));
    expect(eleventh.status).toBe(403);
    expect(eleventh.body.message).toMatch(/límite de 10 rendiciones/);
    const stats = await owner.client.get('/api/dashboard/stats');
    expect(stats.body).toMatchObject({ monthlyExpenses: 10, monthlyLimit: 10, subscriptionStatus: 'free' });
    // Last month's expenses do not count.
    await t.deps.db.execute(sql`update expenses set created_at = now() - interval '40 days' where company_id = ${owner.user.currentCompanyId}`);
    expect((await fileExpense(owner.client, expenseFields(ids))).status).toBe(201);
  });
});

describe('reading expenses', () => {
  let admin: { client: TestClient; user: any };
  let employee: { client: TestClient; user: any };
  let otherEmployee: { client: TestClient; user: any };
  let ownId: string;
  let othersId: string;

  beforeAll(async () => {
    const tm = await team();
    admin = tm.admin;
    employee = tm.employee;
    otherEmployee = await registerUser(t);
    await t.deps.db.insert(memberships).values({ userId: otherEmployee.user.id, companyId: tm.companyId, role: 'employee' });
    await otherEmployee.client.post('/api/user/switch-company', { companyId: tm.companyId });
    ownId = (await fileExpense(employee.client, expenseFields(tm.ids, { description: 'Almuerzo propio', category: tm.ids.category('Alimentación'), date: '2026-10-05' }))).body.id;
    othersId = (await fileExpense(otherEmployee.client, expenseFields(tm.ids, { description: 'Taxi ajeno', date: '2026-10-20' }))).body.id;
    await fileExpense(admin.client, expenseFields(tm.ids, { description: 'Hotel admin', category: tm.ids.category('Hospedaje'), date: '2026-09-01' }));
  });

  test('employees only ever receive their own expenses, whatever the query says', async () => {
    for (const q of ['', '?userId=all', `?userId=${otherEmployee.user.id}`]) {
      const res = await employee.client.get(`/api/expenses${q}`);
      expect(res.status).toBe(200);
      expect(res.body.items.map((e: any) => e.description)).toEqual(['Almuerzo propio']);
    }
    expect((await employee.client.get(`/api/expenses/${othersId}`)).status).toBe(404);
    expect((await employee.client.get(`/api/expenses/${ownId}`)).status).toBe(200);
    expect((await employee.client.get(`/api/expenses/${othersId}/pdf`)).status).toBe(404);
  });

  test('admins see the company, filter by user, status, category and dates, paginated', async () => {
    const all = await admin.client.get('/api/expenses?userId=all');
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((e: any) => e.description)).toEqual(['Taxi ajeno', 'Almuerzo propio', 'Hotel admin']);
    const byUser = await admin.client.get(`/api/expenses?userId=${employee.user.id}`);
    expect(byUser.body.items.map((e: any) => e.description)).toEqual(['Almuerzo propio']);
    const byCategory = await admin.client.get('/api/expenses?category=alimentacion');
    expect(byCategory.body.total).toBe(1);
    const byDates = await admin.client.get('/api/expenses?startDate=2026-10-01&endDate=2026-10-31');
    expect(byDates.body.total).toBe(2);
    const approved = await admin.client.get('/api/expenses?status=approved');
    expect(approved.body.total).toBe(0);
    const page2 = await admin.client.get('/api/expenses?pageSize=2&page=2');
    expect(page2.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.body.items).toHaveLength(1);
    const bad = await admin.client.get('/api/expenses?startDate=ayer');
    expect(bad.status).toBe(400);
  });

  test('another company never sees these expenses (404, not 403)', async () => {
    const stranger = await registerUser(t);
    expect((await stranger.client.get(`/api/expenses/${ownId}`)).status).toBe(404);
    expect((await stranger.client.get('/api/expenses')).body.total).toBe(0);
  });

  test('PDF data carries the comprobante fields and the company name', async () => {
    const res = await employee.client.get(`/api/expenses/${ownId}/pdf`);
    expect(res.status).toBe(200);
    expect(res.body.expenseData).toMatchObject({ expenseNumber: 1, companyName: 'Comercial Andes SpA' });
    expect(res.body.htmlContent).toContain('Comprobante de Rendición');
    expect(res.body.htmlContent).toContain('Almuerzo propio');
    expect(res.body.expenseData.rows).toContainEqual(['Monto CLP', '$12.990']);
  });

  test('Excel export: typed cells, header, totals, same visibility as the list', async () => {
    const res = await fetch(`${t.baseUrl}/api/expenses/export/excel?userId=all`, { headers: { cookie: `rendix_sid=${admin.client.sessionId}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/rendiciones_\d{4}-\d{2}-\d{2}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    const ws = wb.getWorksheet('Rendiciones')!;
    expect(ws.getRow(1).getCell(1).value).toBe('N°');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.rowCount).toBe(5);
    const row2 = ws.getRow(2);
    expect(row2.getCell(2).value).toBeInstanceOf(Date);
    expect(row2.getCell(15).value).toBe(12990);
    expect(row2.getCell(15).numFmt).toContain('#,##0');
    const total = ws.getRow(5).getCell(15).value as { formula: string; result: number };
    expect(total.formula).toBe('SUM(O2:O4)');
    expect(total.result).toBe(3 * 12990);
    expect([ws.getRow(1).getCell(16).value, ws.getRow(1).getCell(17).value]).toEqual(['Neto', 'IVA']);
    expect(ws.getRow(5).getCell(16).value).toMatchObject({ formula: 'SUM(P2:P4)' });

    const mine = await fetch(`${t.baseUrl}/api/expenses/export/excel?userId=all`, { headers: { cookie: `rendix_sid=${employee.client.sessionId}` } });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(Buffer.from(await mine.arrayBuffer()) as any);
    expect(wb2.getWorksheet('Rendiciones')!.rowCount).toBe(3);
  });

  test('dashboard: employee numbers are their own, admin numbers the company', async () => {
    const mine = await employee.client.get('/api/dashboard/stats');
    expect(mine.body).toMatchObject({ totalExpenses: 1, pendingExpenses: 1, totalAmount: '12990' });
    const company = await admin.client.get('/api/dashboard/stats');
    expect(company.body).toMatchObject({ totalExpenses: 3, totalAmount: String(3 * 12990), monthlyLimit: null });
    const recent = await employee.client.get('/api/dashboard/recent');
    expect(recent.body.map((r: any) => r.description)).toEqual(['Almuerzo propio']);
    const monthly = await admin.client.get('/api/dashboard/monthly');
    expect(monthly.body).toHaveLength(6);
  });
});

describe('catalog settings', () => {
  test('admins create, edit and delete; employees read only; in-use entries are deactivated', async () => {
    const { admin, employee, ids } = await team();
    const created = await admin.client.post('/api/categories', { name: 'Viáticos', accountingCode: '5110' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Viáticos', accountingCode: '5110', isActive: true });
    expect((await admin.client.post('/api/categories', { name: '  ' })).body.message).toBe('El nombre es obligatorio');
    expect((await employee.client.post('/api/categories', { name: 'Intento' })).status).toBe(403);
    expect((await employee.client.get('/api/categories')).body.some((c: any) => c.name === 'Viáticos')).toBe(true);

    const edited = await admin.client.put(`/api/categories/${created.body.id}`, { description: 'Viajes', isActive: false });
    expect(edited.body).toMatchObject({ name: 'Viáticos', description: 'Viajes', isActive: false });
    const inactive = await fileExpense(employee.client, expenseFields(ids, { category: created.body.id }));
    expect(inactive.status).toBe(400);

    const removed = await admin.client.delete(`/api/categories/${created.body.id}`);
    expect(removed.body).toMatchObject({ deleted: true });

    await fileExpense(employee.client, expenseFields(ids));
    const used = await admin.client.delete(`/api/categories/${ids.category()}`);
    expect(used.body).toMatchObject({ deleted: false, deactivated: true });
    const list = await employee.client.get('/api/expenses');
    expect(list.body.items[0].category).toBe('Transporte');

    const cc = await admin.client.post('/api/cost-centers', { code: 'VTA', description: 'Ventas' });
    expect(cc.status).toBe(201);
    expect((await admin.client.post('/api/cost-centers', { code: '' })).body.message).toBe('El código es obligatorio');
    const withCc = await fileExpense(employee.client, expenseFields(ids, { category: ids.category('Alimentación'), costCenter: cc.body.id }));
    expect(withCc.body.costCenter).toBe('VTA');

    const stranger = await registerUser(t);
    expect((await stranger.client.put(`/api/categories/${ids.category('Alimentación')}`, { name: 'Hack' })).status).toBe(404);
    expect((await stranger.client.delete(`/api/cost-centers/${cc.body.id}`)).status).toBe(404);
  });

  test('a new company starts with the default categories and payment methods, no cost centers', async () => {
    const { client } = await registerUser(t);
    const cats = (await client.get('/api/categories')).body.map((c: any) => c.name);
    for (const name of ['Alimentación', 'Transporte', 'Hospedaje', 'Materiales', 'Capacitación', 'Tecnología', 'Marketing', 'Otros', 'Factura']) expect(cats).toContain(name);
    const pms = (await client.get('/api/payment-methods')).body.map((c: any) => c.name);
    expect(pms).toEqual(expect.arrayContaining(['Efectivo', 'Tarjeta de crédito', 'Tarjeta de débito', 'Transferencia']));
    expect((await client.get('/api/cost-centers')).body).toEqual([]);
  });
});

describe('Excel formula injection', () => {
  test('text that starts like a formula is exported as plain text, never as a formula', async () => {
    const tm = await team();
    const payloads = ['=HYPERLINK("https://evil.example","Haz clic")', '+SUM(1,2)', '-2+3', '@cmd'];
    for (const description of payloads) {
      expect((await fileExpense(tm.admin.client, expenseFields(tm.ids, { description }))).status).toBe(201);
    }
    const res = await fetch(`${t.baseUrl}/api/expenses/export/excel?userId=all`, { headers: { cookie: `rendix_sid=${tm.admin.client.sessionId}` } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    const ws = wb.getWorksheet('Rendiciones')!;
    const cells: ExcelJS.Cell[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) row.eachCell((cell) => cells.push(cell));
    });
    for (const description of payloads) {
      const cell = cells.find((c) => c.value === description);
      expect(cell, description).toBeDefined();
      expect(cell!.type).toBe(ExcelJS.ValueType.String);
    }
    // The only formulas in the sheet are the totals row's sums.
    const formulas = cells.filter((c) => c.type === ExcelJS.ValueType.Formula).map((c) => (c.value as { formula: string }).formula);
    expect(formulas.length).toBeGreaterThan(0);
    expect(formulas.every((f) => /^SUM\([A-Z]+\d+:[A-Z]+\d+\)$/.test(f))).toBe(true);
  });
});
