import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { companies, memberships } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PNG_1X1, catalogIds, expenseFields, fileExpense, registerUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function team() {
  const admin = await registerUser(t);
  const companyId = admin.user.currentCompanyId as string;
  await t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active' }).where(eq(companies.id, companyId));
  const employee = await registerUser(t);
  await t.deps.db.insert(memberships).values({ userId: employee.user.id, companyId, role: 'employee' });
  await employee.client.post('/api/user/switch-company', { companyId });
  const ids = await catalogIds(admin.client);
  const expense = (await fileExpense(employee.client, expenseFields(ids), { data: PNG_1X1, name: 'b.png' })).body;
  return { admin, employee, companyId, ids, expense };
}

describe('approvals', () => {
  test('the pending queue lists the submitter; employees cannot see it', async () => {
    const { admin, employee, expense } = await team();
    const res = await admin.client.get('/api/admin/expenses/pending');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ id: expense.id, status: 'pending', user: { email: employee.user.email } });
    expect((await employee.client.get('/api/admin/expenses/pending')).status).toBe(403);
  });

  test('approve records approver and time; a second decision answers 409', async () => {
    const { admin, expense } = await team();
    const ok = await admin.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'approved' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'approved', approver: { email: admin.user.email } });
    expect(ok.body.approvedAt).toBeTruthy();
    const again = await admin.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'rejected' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/ya fue procesada/);
  });

  test('two concurrent decisions: exactly one wins', async () => {
    const { admin, expense } = await team();
    const [a, b] = await Promise.all([
      admin.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'approved' }),
      admin.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'rejected', rejectionReason: 'x' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  test('reject keeps the reason; the history shows every step', async () => {
    const { admin, employee, expense } = await team();
    const res = await admin.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'rejected', rejectionReason: 'Boleta ilegible' });
    expect(res.body).toMatchObject({ status: 'rejected', rejectionReason: 'Boleta ilegible' });
    const history = await employee.client.get(`/api/expenses/${expense.id}/history`);
    expect(history.body.map((h: any) => h.action)).toEqual(['expense.created', 'expense.rejected']);
    expect(history.body[1].actor.email).toBe(admin.user.email);
  });

  test('employees cannot decide, edit or replace receipts; another company gets 404', async () => {
    const { employee, expense, ids } = await team();
    expect((await employee.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'approved' })).status).toBe(403);
    expect((await employee.client.patch(`/api/admin/expenses/${expense.id}`, expenseFields(ids))).status).toBe(403);
    const form = new FormData();
    form.append('receipt', new Blob([new Uint8Array(PNG_1X1)]), 'n.png');
    expect((await employee.client.request('PATCH', `/api/expenses/${expense.id}/receipt`, form)).status).toBe(403);
    const otherAdmin = await registerUser(t);
    expect((await otherAdmin.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'approved' })).status).toBe(404);
    expect((await otherAdmin.client.patch(`/api/admin/expenses/${expense.id}`, expenseFields(ids))).status).toBe(404);
  });

  test('admin edits a pending expense; the audit keeps before and after; decided ones cannot be edited', async () => {
    const { admin, expense, ids } = await team();
    const res = await admin.client.patch(`/api/admin/expenses/${expense.id}`, expenseFields(ids, { amount: '15000', description: 'Taxi corregido' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amountCLP: '15000', description: 'Taxi corregido', status: 'pending' });
    const history = (await admin.client.get(`/api/expenses/${expense.id}/history`)).body;
    const edit = history.find((h: any) => h.action === 'expense.updated');
    expect(edit.changes.amountClp).toEqual({ from: 12990, to: 15000 });
    expect(edit.changes.description.to).toBe('Taxi corregido');
    await admin.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'approved' });
    expect((await admin.client.patch(`/api/admin/expenses/${expense.id}`, expenseFields(ids))).status).toBe(409);
  });

  test('admin replaces a receipt: type by bytes, old file gone, audit entry', async () => {
    const { admin, employee, expense } = await team();
    const bad = new FormData();
    bad.append('receipt', new Blob([new TextEncoder().encode('no soy imagen')]), 'x.png');
    expect((await admin.client.request('PATCH', `/api/expenses/${expense.id}/receipt`, bad)).body.message).toBe('Tipo de archivo no válido. Use JPG, PNG, WebP o PDF.');
    const pdf = Buffer.from('%PDF-1.4\n%%EOF');
    const form = new FormData();
    form.append('receipt', new Blob([new Uint8Array(pdf)]), 'nuevo.pdf');
    const res = await admin.client.request('PATCH', `/api/expenses/${expense.id}/receipt`, form);
    expect(res.status).toBe(200);
    expect(res.body.receiptMime).toBe('application/pdf');
    const file = await employee.client.get(res.body.receiptUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const history = (await admin.client.get(`/api/expenses/${expense.id}/history`)).body.map((h: any) => h.action);
    expect(history).toContain('expense.receipt_replaced');
  });

  test('bad decision bodies answer 400 in Spanish', async () => {
    const { admin, expense } = await team();
    const res = await admin.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'maybe' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/approved o rejected|inválid/i);
  });
});
