import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expenses } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { companyWithEmployee, expenseFields, fileExpense } from '../helpers/factories.js';
import { inTimeZone } from '../helpers/zone.js';

// Issue 16 item 4: the comprobante said 'Creada 22/11/2026 23:46' in UTC where the app showed 20:46. Every
// date-time rendered for people is Chile's time. The server here runs in a zone far from Chile on purpose,
// so nothing can pass by reading the machine's clock.
inTimeZone('Asia/Tokyo');

let t: TestApp;
let cast: Awaited<ReturnType<typeof companyWithEmployee>>;

beforeAll(async () => {
  t = await startTestApp({ smtp: true });
  cast = await companyWithEmployee(t);
});
afterAll(async () => t?.close());

async function expenseCreatedAt(createdAt: string, description: string) {
  const res = await fileExpense(cast.employee.client, expenseFields(cast.ids, { description }));
  expect(res.status).toBe(201);
  await t.deps.db.update(expenses).set({ createdAt: new Date(createdAt), updatedAt: new Date(createdAt) }).where(eq(expenses.id, res.body.id));
  return res.body.id as string;
}

const row = (rows: [string, string][], label: string) => rows.find(([k]) => k === label)?.[1];

describe('date-times are shown in America/Santiago', () => {
  test("comprobante PDF data: created 02:46 UTC in summer is 'Creada 22/11/2026 23:46' (UTC−3)", async () => {
    const id = await expenseCreatedAt('2026-11-23T02:46:00Z', 'Cena con cliente');
    const res = await cast.employee.client.get(`/api/expenses/${id}/pdf`);
    expect(res.status).toBe(200);
    expect(row(res.body.expenseData.rows, 'Creada')).toBe('22/11/2026 23:46');
    expect(row(res.body.expenseData.rows, 'Actualizada')).toBe('22/11/2026 23:46');
    expect(res.body.htmlContent).toContain('22/11/2026 23:46');
    // The API's machine field stays an ISO instant.
    expect(res.body.expenseData.createdAt).toBe('2026-11-23T02:46:00.000Z');
  });

  test('in winter the offset is UTC−4', async () => {
    const id = await expenseCreatedAt('2026-07-01T02:46:00Z', 'Peaje invierno');
    const res = await cast.employee.client.get(`/api/expenses/${id}/pdf`);
    expect(row(res.body.expenseData.rows, 'Creada')).toBe('30/06/2026 22:46');
  });

  test("decision e-mail: 'Enviada el 22/11/2026 23:46' and the comprobante's decision time in Chile", async () => {
    const id = await expenseCreatedAt('2026-11-23T02:46:00Z', 'Estacionamiento aeropuerto');
    const decided = await cast.admin.client.patch(`/api/admin/expenses/${id}/status`, { status: 'approved' });
    expect(decided.status).toBe(200);
    // The decision instant is now: fix it too, then read the PDF data and the e-mail.
    await t.deps.db.update(expenses).set({ approvedAt: new Date('2026-11-23T12:05:00Z') }).where(eq(expenses.id, id));
    const pdf = await cast.employee.client.get(`/api/expenses/${id}/pdf`);
    expect(row(pdf.body.expenseData.rows, 'Fecha de decisión')).toBe('23/11/2026 09:05');

    const mail = await t.smtp!.waitFor(cast.employee.email, { subject: /aprobada/, timeoutMs: 15_000 });
    expect(mail.text).toContain('Estacionamiento aeropuerto');
    expect(mail.text).toMatch(/Enviada el 22\/11\/2026 23:46; aprobada el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(hora de Chile\)\./);
  });

  test("Excel: 'Fecha decisión (hora de Chile)' holds Chile's wall clock", async () => {
    const id = await expenseCreatedAt('2026-11-20T15:00:00Z', 'Almuerzo de equipo');
    await cast.admin.client.patch(`/api/admin/expenses/${id}/status`, { status: 'approved' });
    await t.deps.db.update(expenses).set({ approvedAt: new Date('2026-11-23T02:46:00Z') }).where(eq(expenses.id, id));
    const res = await fetch(`${t.baseUrl}/api/expenses/export/excel?userId=all`, { headers: { cookie: `rendix_sid=${cast.admin.client.sessionId}` } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.getWorksheet('Rendiciones')!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    const col = headers.indexOf('Fecha decisión (hora de Chile)') + 1;
    expect(col).toBeGreaterThan(0);
    const descCol = headers.indexOf('Descripción') + 1;
    let cell: unknown;
    ws.eachRow((r, n) => {
      if (n > 1 && r.getCell(descCol).value === 'Almuerzo de equipo') cell = r.getCell(col).value;
    });
    // Excel has no zones: the cell's fields are the wall clock, 22/11/2026 23:46.
    expect(cell).toBeInstanceOf(Date);
    expect((cell as Date).toISOString()).toBe('2026-11-22T23:46:00.000Z');
  });
});
