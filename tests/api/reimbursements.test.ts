import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog, bankAccounts, memberships, payoutItems } from '../../src/server/db/schema/index.js';
import { secretBoxFor } from '../../src/server/platform/secret-box.js';
import { testAppForFile, type TestApp, type TestClient } from '../helpers/app.js';
import { companyWithEmployee, expenseFields, fileExpense, registerUser } from '../helpers/factories.js';
import { expectFieldError } from '../helpers/http.js';

const t = testAppForFile({ freshRateLimits: true });
const BANK = { holderRut: '12.345.678-5', bank: '012', accountType: 'rut', accountNumber: '0012345678' };

async function approved(admin: TestClient, employee: TestClient, ids: Awaited<ReturnType<typeof companyWithEmployee>>['ids'], amount: string, paymentMethod = 'Efectivo') {
  const res = await fileExpense(employee, expenseFields(ids, { amount, paymentMethod: ids.paymentMethod(paymentMethod) }));
  expect(res.status).toBe(201);
  expect((await admin.patch(`/api/admin/expenses/${res.body.id}/status`, { status: 'approved' })).status).toBe(200);
  return res.body.id as string;
}

/** A second employee of the same company. */
async function secondEmployee(app: TestApp, companyId: string) {
  const other = await registerUser(app);
  await app.deps.db.insert(memberships).values({ userId: other.user.id, companyId, role: 'employee' });
  await other.client.post('/api/user/switch-company', { companyId });
  return other;
}

async function download(client: TestClient, path: string) {
  const res = await fetch(client.baseUrl + path, { headers: { cookie: `rendix_sid=${client.sessionId}` } });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('reimbursements: out-of-pocket expenses, bank details, payout batches', () => {
  test('seeded payment methods: cash is reimbursable, cards and transfers are not; the flag is editable', async () => {
    const { admin, employee, ids } = await companyWithEmployee(t);
    const list = (await admin.client.get('/api/payment-methods')).body as { name: string; reimbursable: boolean; id: string }[];
    expect(Object.fromEntries(list.map((p) => [p.name, p.reimbursable]))).toEqual({ Efectivo: true, 'Tarjeta de crédito': false, 'Tarjeta de débito': false, Transferencia: false });
    const transfer = await approved(admin.client, employee.client, ids, '5000', 'Transferencia');
    expect((await employee.client.get(`/api/expenses/${transfer}`)).body.reimbursement).toBe('none');
    const put = await admin.client.put(`/api/payment-methods/${ids.paymentMethod('Transferencia')}`, { reimbursable: true });
    expect(put.status).toBe(200);
    expect(put.body.reimbursable).toBe(true);
    expect((await employee.client.get(`/api/expenses/${transfer}`)).body.reimbursement).toBe('to_reimburse');
    expect((await employee.client.put(`/api/payment-methods/${ids.paymentMethod('Transferencia')}`, { reimbursable: false })).status).toBe(403);
    const bad = await admin.client.put(`/api/payment-methods/${ids.paymentMethod('Transferencia')}`, { reimbursable: 'sí' });
    expect(bad.status).toBe(400);
  });

  test('bank details: validated in Spanish, the account number encrypted at rest and masked when read', async () => {
    const { employee } = await companyWithEmployee(t);
    expect((await employee.client.get('/api/profile/bank-account')).body).toEqual({ account: null });
    expectFieldError(await employee.client.put('/api/profile/bank-account', { ...BANK, holderRut: '12.345.678-9' }), 'holderRut', 'El RUT del titular no es válido: revisa el dígito verificador.');
    expectFieldError(await employee.client.put('/api/profile/bank-account', { ...BANK, bank: '999' }), 'bank', 'Elige un banco de la lista.');
    expectFieldError(await employee.client.put('/api/profile/bank-account', { ...BANK, accountType: 'plazo' }), 'accountType', 'Elige el tipo de cuenta.');
    expectFieldError(await employee.client.put('/api/profile/bank-account', { ...BANK, accountNumber: '12-ab' }), 'accountNumber', 'El número de cuenta debe tener entre 4 y 20 dígitos (sin puntos ni guiones).');
    const saved = await employee.client.put('/api/profile/bank-account', { ...BANK, accountNumber: '00-1234-5678' });
    expect(saved.status).toBe(200);
    expect(saved.body.account).toMatchObject({ holderRut: '12345678-5', bank: '012', bankName: 'BancoEstado', accountType: 'rut', accountMasked: '•••• 5678' });
    expect(JSON.stringify(saved.body)).not.toContain('0012345678');
    const [raw] = await t.deps.db.select().from(bankAccounts).where(eq(bankAccounts.userId, employee.user.id));
    expect(raw.accountNumberEnc).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(raw.accountNumberEnc).not.toContain('12345678');
    const box = secretBoxFor(t.deps.env);
    expect(box.decrypt(raw.accountNumberEnc, `bank-account:${employee.user.id}`)).toBe('0012345678');
    // Bound to its owner: copied onto another user's row it does not open.
    expect(() => box.decrypt(raw.accountNumberEnc, 'bank-account:someone-else')).toThrow();
    expect((await t.client().get('/api/profile/bank-account')).status).toBe(401);
  });

  test('the whole flow: Por reembolsar → batch → file → paid → Reembolsado with the date', async () => {
    const { admin, employee, ids, companyId } = await companyWithEmployee(t);
    const a = await approved(admin.client, employee.client, ids, '12990');
    const b = await approved(admin.client, employee.client, ids, '4500');
    await approved(admin.client, employee.client, ids, '9990', 'Tarjeta de crédito');
    const pendingOne = (await fileExpense(employee.client, expenseFields(ids, { amount: '777' }))).body.id;
    expect((await employee.client.get(`/api/expenses/${a}`)).body).toMatchObject({ status: 'approved', reimbursement: 'to_reimburse', reimbursedAt: null });
    expect((await employee.client.get(`/api/expenses/${pendingOne}`)).body).toMatchObject({ status: 'pending', reimbursement: 'none' });

    const pending = await admin.client.get('/api/reimbursements/pending');
    expect(pending.status).toBe(200);
    expect(pending.body.totalClp).toBe('17490');
    expect(pending.body.employees).toHaveLength(1);
    expect(pending.body.employees[0]).toMatchObject({ user: { id: employee.user.id }, hasBankAccount: false, count: 2, totalClp: '17490' });

    // Without bank details there is nothing to transfer to.
    const noBank = await admin.client.post('/api/reimbursements/batches', { userIds: [employee.user.id] });
    expect(noBank.status).toBe(400);
    expect(noBank.body.message).toMatch(/Faltan los datos bancarios de .+Mi perfil/);

    await employee.client.put('/api/profile/bank-account', BANK);
    const created = await admin.client.post('/api/reimbursements/batches', { userIds: [employee.user.id] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ batchNumber: 1, status: 'open', totalClp: '17490', count: 2, paidAt: null });
    expect(created.body.lines).toEqual([
      expect.objectContaining({ userId: employee.user.id, rut: '12345678-5', email: employee.user.email, bank: '012', bankName: 'BancoEstado', accountType: 'rut', accountMasked: '•••• 5678', count: 2, totalClp: '17490' }),
    ]);
    expect((await employee.client.get(`/api/expenses/${b}`)).body.reimbursement).toBe('in_batch');
    expect((await admin.client.get('/api/reimbursements/pending')).body).toMatchObject({ employees: [], totalClp: '0' });
    // Nothing left to group: the same expenses are never paid twice.
    expect((await admin.client.post('/api/reimbursements/batches', { userIds: [employee.user.id] })).status).toBe(400);

    // The bank file, Excel: every column of every line.
    const xlsx = await download(admin.client, `/api/reimbursements/batches/${created.body.id}/export?format=xlsx`);
    expect(xlsx.res.status).toBe(200);
    expect(xlsx.res.headers.get('content-disposition')).toBe('attachment; filename="nomina_pagos_1.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as any);
    const ws = wb.getWorksheet('Nómina de pagos')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['RUT', 'Nombre', 'Banco', 'Código banco', 'Tipo de cuenta', 'Número de cuenta', 'Monto', 'Email', 'Glosa']);
    expect(ws.rowCount).toBe(2);
    const name = `${employee.user.firstName} ${employee.user.lastName}`.trim();
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(['12345678-5', name, 'BancoEstado', '012', 'Cuenta RUT', '0012345678', 17490, employee.user.email, 'Reembolso de gastos, nómina N° 1']);
    // CSV: semicolons, a BOM for Excel, the same columns.
    const csv = await download(admin.client, `/api/reimbursements/batches/${created.body.id}/export?format=csv`);
    expect(csv.res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = csv.body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n').map((l) => l.split(';'));
    expect(lines[0]).toEqual(['RUT', 'Nombre', 'Banco', 'Código banco', 'Tipo de cuenta', 'Número de cuenta', 'Monto', 'Email', 'Glosa']);
    expect(lines[1]).toEqual(['12345678-5', name, 'BancoEstado', '012', 'Cuenta RUT', '0012345678', '17490', employee.user.email, 'Reembolso de gastos, nómina N° 1']);
    expect(lines).toHaveLength(2);
    const exports = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, created.body.id));
    expect(exports.map((e) => e.action).sort()).toEqual(['payout.created', 'payout.exported', 'payout.exported']);

    const paid = await admin.client.post(`/api/reimbursements/batches/${created.body.id}/paid`);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
    expect(paid.body.paidAt).toBeTruthy();
    expect((await admin.client.post(`/api/reimbursements/batches/${created.body.id}/paid`)).status).toBe(409);
    expect((await admin.client.delete(`/api/reimbursements/batches/${created.body.id}`)).status).toBe(409);
    const mine = (await employee.client.get(`/api/expenses/${a}`)).body;
    expect(mine).toMatchObject({ status: 'approved', reimbursement: 'reimbursed', reimbursedAt: paid.body.paidAt });
    const list = (await employee.client.get('/api/expenses')).body.items as { id: string; reimbursement: string }[];
    expect(list.filter((e) => e.reimbursement === 'reimbursed').map((e) => e.id).sort()).toEqual([a, b].sort());
    const batches = await admin.client.get('/api/reimbursements/batches');
    expect(batches.body.map((x: any) => [x.batchNumber, x.status, x.totalClp])).toEqual([[1, 'paid', '17490']]);
    void companyId;
  });

  test('batch totals per employee; dashboard totals per employee and period', async () => {
    const { admin, employee, ids, companyId } = await companyWithEmployee(t);
    const other = await secondEmployee(t, companyId);
    await approved(admin.client, employee.client, ids, '1000');
    await approved(admin.client, employee.client, ids, '2500');
    await approved(admin.client, other.client, ids, '7000');
    await approved(admin.client, other.client, ids, '333');
    await employee.client.put('/api/profile/bank-account', BANK);
    await other.client.put('/api/profile/bank-account', { ...BANK, holderRut: '11.111.111-1', bank: '037', accountType: 'corriente', accountNumber: '987654321' });
    const batch = await admin.client.post('/api/reimbursements/batches', { userIds: [employee.user.id, other.user.id] });
    expect(batch.status).toBe(201);
    expect(batch.body).toMatchObject({ totalClp: '10833', count: 4 });
    const byUser = Object.fromEntries(batch.body.lines.map((l: any) => [l.userId, [l.count, l.totalClp, l.accountType]]));
    expect(byUser).toEqual({ [employee.user.id]: [2, '3500', 'rut'], [other.user.id]: [2, '7333', 'corriente'] });
    const sum = batch.body.lines.reduce((s: number, l: any) => s + Number(l.totalClp), 0);
    expect(String(sum)).toBe(batch.body.totalClp);

    const before = await admin.client.get('/api/reimbursements/totals');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ toReimburseClp: '10833', reimbursedClp: '0' });
    await admin.client.post(`/api/reimbursements/batches/${batch.body.id}/paid`);
    await approved(admin.client, other.client, ids, '100');
    const after = await admin.client.get('/api/reimbursements/totals');
    expect(after.body).toMatchObject({ toReimburseClp: '100', reimbursedClp: '10833' });
    expect(Object.fromEntries(after.body.employees.map((e: any) => [e.userId, [e.toReimburseClp, e.reimbursedClp]]))).toEqual({ [employee.user.id]: ['0', '3500'], [other.user.id]: ['100', '7333'] });
    const lastYear = await admin.client.get('/api/reimbursements/totals?from=2000-01-01&to=2000-12-31');
    expect(lastYear.body).toMatchObject({ from: '2000-01-01', to: '2000-12-31', employees: [], toReimburseClp: '0', reimbursedClp: '0' });
    expectFieldError(await admin.client.get('/api/reimbursements/totals?from=2025-02-01&to=2025-01-01'), 'from', 'La fecha inicial debe ser anterior a la final.');
  });

  test('an open batch can be deleted: its expenses are Por reembolsar again', async () => {
    const { admin, employee, ids } = await companyWithEmployee(t);
    const id = await approved(admin.client, employee.client, ids, '2000');
    await employee.client.put('/api/profile/bank-account', BANK);
    const batch = await admin.client.post('/api/reimbursements/batches', { userIds: [employee.user.id] });
    const del = await admin.client.delete(`/api/reimbursements/batches/${batch.body.id}`);
    expect(del.status).toBe(200);
    expect((await employee.client.get(`/api/expenses/${id}`)).body.reimbursement).toBe('to_reimburse');
    expect((await admin.client.get(`/api/reimbursements/batches/${batch.body.id}`)).status).toBe(404);
  });

  test('two admins building batches at once never put an expense in two batches', async () => {
    const { admin, employee, ids, companyId } = await companyWithEmployee(t);
    await approved(admin.client, employee.client, ids, '1500');
    await approved(admin.client, employee.client, ids, '2500');
    await employee.client.put('/api/profile/bank-account', BANK);
    const [x, y] = await Promise.all([
      admin.client.post('/api/reimbursements/batches', { userIds: [employee.user.id] }),
      admin.client.post('/api/reimbursements/batches', { userIds: [employee.user.id] }),
    ]);
    expect([x.status, y.status].sort()).toEqual([201, 400]);
    const items = await t.deps.db.select().from(payoutItems).where(eq(payoutItems.companyId, companyId));
    expect(items).toHaveLength(2);
  });

  test('roles and tenancy on every route: employees 403, another company’s batch 404, its employees not payable', async () => {
    const mine = await companyWithEmployee(t);
    const theirs = await companyWithEmployee(t);
    await approved(theirs.admin.client, theirs.employee.client, theirs.ids, '5000');
    await theirs.employee.client.put('/api/profile/bank-account', BANK);
    const batch = await theirs.admin.client.post('/api/reimbursements/batches', { userIds: [theirs.employee.user.id] });
    expect(batch.status).toBe(201);
    const id = batch.body.id;
    const emp = mine.employee.client;
    for (const [method, path] of [
      ['GET', '/api/reimbursements/pending'],
      ['GET', '/api/reimbursements/totals'],
      ['GET', '/api/reimbursements/batches'],
      ['POST', '/api/reimbursements/batches'],
      ['GET', `/api/reimbursements/batches/${id}`],
      ['DELETE', `/api/reimbursements/batches/${id}`],
      ['POST', `/api/reimbursements/batches/${id}/paid`],
      ['GET', `/api/reimbursements/batches/${id}/export`],
    ] as const) {
      const res = await emp.request(method, path, method === 'POST' && path.endsWith('batches') ? { userIds: [mine.employee.user.id] } : method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe('Solo un administrador puede gestionar los reembolsos.');
    }
    const adm = mine.admin.client;
    expect((await adm.get(`/api/reimbursements/batches/${id}`)).status).toBe(404);
    expect((await adm.get(`/api/reimbursements/batches/${id}/export?format=csv`)).status).toBe(404);
    expect((await adm.post(`/api/reimbursements/batches/${id}/paid`)).status).toBe(404);
    expect((await adm.delete(`/api/reimbursements/batches/${id}`)).status).toBe(404);
    expect((await adm.get('/api/reimbursements/batches/not-a-uuid')).status).toBe(400);
    // Their employee's expenses are not ours to pay.
    const foreign = await adm.post('/api/reimbursements/batches', { userIds: [theirs.employee.user.id] });
    expect(foreign.status).toBe(400);
    expect((await adm.get('/api/reimbursements/pending')).body.employees).toEqual([]);
    expect((await adm.get('/api/reimbursements/batches')).body).toEqual([]);
    // Still open and untouched in its own company.
    expect((await theirs.admin.client.get(`/api/reimbursements/batches/${id}`)).body.status).toBe('open');
    expectFieldError(await adm.post('/api/reimbursements/batches', { userIds: [] }), 'userIds', 'Elige al menos un empleado.');
    expect((await adm.get(`/api/reimbursements/batches/${id}/export?format=pdf`)).status).toBe(400);
    expect((await t.client().get('/api/reimbursements/pending')).status).toBe(401);
  });
});
