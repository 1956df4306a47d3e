import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

test('a 2,000-row export spans several read batches and opens with typed cells and the right totals', async () => {
  const admin = await registerUser(t);
  const companyId = admin.user.currentCompanyId as string;
  // Expense g: dated g days back from 2026-06-30, amount 1000 + g; every third approved on 2026-07-01 12:00 UTC.
  await t.deps.database.exec(
    `insert into expenses (company_id, user_id, expense_number, date, amount, currency, exchange_rate, amount_clp, description,
       document_type, status, approved_at, created_at, updated_at)
     select $1, $2, g, date '2026-06-30' - g, (1000 + g)::numeric, 'CLP', 1, 1000 + g, 'Gasto ' || g, 'boleta',
       case when g % 3 = 0 then 'approved' else 'pending' end,
       case when g % 3 = 0 then timestamptz '2026-07-01 12:00:00+00' end, now(), now()
     from generate_series(1, 2000) g`,
    [companyId, admin.user.id],
  );
  const res = await fetch(`${t.baseUrl}/api/expenses/export/excel?userId=all`, { headers: { cookie: `rendix_sid=${admin.client.sessionId}` } });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
  const ws = wb.getWorksheet('Rendiciones')!;
  expect(ws.rowCount).toBe(1 + 2000 + 1);

  // Newest first: row 2 is expense 1, row 2001 expense 2000.
  const first = ws.getRow(2);
  expect(first.getCell(1).value).toBe(1);
  expect(first.getCell(2).value).toEqual(new Date('2026-06-29T00:00:00Z'));
  expect(first.getCell(2).numFmt).toBe('dd/mm/yyyy');
  expect(first.getCell(5).value).toBe('Gasto 1');
  expect(first.getCell(5).type).toBe(ExcelJS.ValueType.String);
  expect(first.getCell(13).value).toBe(1001);
  expect(first.getCell(13).numFmt).toBe('#,##0.00');
  expect(first.getCell(15).value).toBe(1001);
  expect(first.getCell(15).type).toBe(ExcelJS.ValueType.Number);
  expect(first.getCell(18).value).toBe('Pendiente');
  expect(first.getCell(20).value).toBeNull();

  const approved = ws.getRow(2001);
  expect(approved.getCell(1).value).toBe(2000);
  expect(approved.getCell(15).value).toBe(3000);
  const third = ws.getRow(4); // expense 3, approved at 08:00 in Santiago (UTC-4 in July)
  expect(third.getCell(20).value).toEqual(new Date('2026-07-01T08:00:00Z'));
  expect(third.getCell(20).numFmt).toBe('dd/mm/yyyy hh:mm');

  const total = ws.getRow(2002);
  expect(total.getCell(5).value).toBe('Total (2000 rendiciones)');
  expect(total.getCell(15).value).toMatchObject({ formula: 'SUM(O2:O2001)', result: 2000 * 1000 + (2000 * 2001) / 2 });
});
