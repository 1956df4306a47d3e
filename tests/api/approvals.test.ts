import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, companies, memberships } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PNG_1X1, catalogIds, expenseFields, fileExpense, registerSuperAdmin, registerUser } from '../helpers/factories.js';

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

/** Issue 16 item 5: separation of duties. */
describe('an admin does not decide their own expense', () => {
  const SELF_MSG = 'No puedes aprobar tu propia rendición: la revisa otro administrador.';

  /** A company with two active admins; `owner` filed one expense. */
  async function twoAdmins() {
    const owner = await registerUser(t);
    const companyId = owner.user.currentCompanyId as string;
    await t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active' }).where(eq(companies.id, companyId));
    const ids = await catalogIds(owner.client);
    const expense = (await fileExpense(owner.client, expenseFields(ids))).body;
    const other = await registerUser(t);
    await t.deps.db.insert(memberships).values({ userId: other.user.id, companyId, role: 'admin' });
    await other.client.post('/api/user/switch-company', { companyId });
    return { owner, other, companyId, ids, expense };
  }

  async function auditActions(companyId: string, expenseId: string) {
    const rows = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.entityId, expenseId)));
    return rows;
  }

  test('own approve and reject answer 403 in Spanish; another admin approves (200)', async () => {
    const { owner, other, expense } = await twoAdmins();
    const approve = await owner.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'approved' });
    expect(approve.status).toBe(403);
    expect(approve.body.message).toBe(SELF_MSG);
    const reject = await owner.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'rejected', rejectionReason: 'me equivoqué' });
    expect(reject.status).toBe(403);
    expect(reject.body.message).toBe(SELF_MSG);
    const ok = await other.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'approved' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'approved', approver: { email: other.user.email } });
  });

  test('the pending list marks the own expense as not decidable; the other admin may decide it', async () => {
    const { owner, other, expense } = await twoAdmins();
    const mine = (await owner.client.get('/api/admin/expenses/pending')).body;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: expense.id, ownExpense: true, canDecide: false });
    const theirs = (await other.client.get('/api/admin/expenses/pending')).body;
    expect(theirs[0]).toMatchObject({ id: expense.id, ownExpense: false, canDecide: true });
  });

  test('with allowSelfApproval on, the admin approves their own expense and the audit says self-approved', async () => {
    const owner = await registerUser(t);
    const companyId = owner.user.currentCompanyId as string;
    const ids = await catalogIds(owner.client);
    const expense = (await fileExpense(owner.client, expenseFields(ids))).body;
    expect((await owner.client.get('/api/company/approval-settings')).body).toEqual({ allowSelfApproval: false, activeAdmins: 1 });
    expect((await owner.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'approved' })).status).toBe(403);

    const on = await owner.client.put('/api/company/approval-settings', { allowSelfApproval: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ allowSelfApproval: true, activeAdmins: 1 });
    expect((await owner.client.get('/api/admin/expenses/pending')).body[0]).toMatchObject({ ownExpense: true, canDecide: true });
    const ok = await owner.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'approved' });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('approved');

    const rows = await auditActions(companyId, expense.id);
    const self = rows.find((r) => r.action === 'expense.self_approved');
    expect(self).toMatchObject({ actorUserId: owner.user.id, entityType: 'expense', changes: { selfApproval: true } });
    expect(rows.some((r) => r.action === 'expense.approved')).toBe(false);
    const setting = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'company.self_approval_changed')));
    expect(setting).toHaveLength(1);
    expect(setting[0].changes).toEqual({ allowSelfApproval: { from: false, to: true } });
    const history = (await owner.client.get(`/api/expenses/${expense.id}/history`)).body.map((h: any) => h.action);
    expect(history).toEqual(['expense.created', 'expense.self_approved']);
  });

  test('employees still get 403 (deciding and the setting); no session 401; bad body 400', async () => {
    const { admin, employee, expense } = await team();
    await admin.client.put('/api/company/approval-settings', { allowSelfApproval: true });
    expect((await employee.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'approved' })).status).toBe(403);
    expect((await employee.client.get('/api/company/approval-settings')).status).toBe(403);
    expect((await employee.client.put('/api/company/approval-settings', { allowSelfApproval: true })).status).toBe(403);
    expect((await t.client().get('/api/company/approval-settings')).status).toBe(401);
    expect((await t.client().put('/api/company/approval-settings', { allowSelfApproval: true })).status).toBe(401);
    const bad = await admin.client.put('/api/company/approval-settings', { allowSelfApproval: 'sí' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/autoaprobación/);
  });

  test('tenancy: another company cannot decide the expense (404) and its setting does not reach this company', async () => {
    const { owner, expense, companyId } = await twoAdmins();
    const stranger = await registerUser(t);
    await stranger.client.put('/api/company/approval-settings', { allowSelfApproval: true });
    expect((await stranger.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'approved' })).status).toBe(404);
    const [row] = await t.deps.db.select({ allow: companies.allowSelfApproval }).from(companies).where(eq(companies.id, companyId));
    expect(row.allow).toBe(false);
    expect((await owner.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'approved' })).status).toBe(403);
  });

  test('a sole admin’s expense goes to the super admin, who decides it after entering the company', async () => {
    const owner = await registerUser(t);
    const companyId = owner.user.currentCompanyId as string;
    const ids = await catalogIds(owner.client);
    const expense = (await fileExpense(owner.client, expenseFields(ids))).body;
    const root = await registerSuperAdmin(t);
    expect((await root.client.post('/api/user/switch-company', { companyId })).status).toBe(200);
    const list = (await root.client.get('/api/admin/expenses/pending')).body;
    expect(list.find((e: any) => e.id === expense.id)).toMatchObject({ ownExpense: false, canDecide: true });
    const res = await root.client.patch(`/api/admin/expenses/${expense.id}/status`, { status: 'rejected', rejectionReason: 'Falta la boleta' });
    expect(res.status).toBe(200);
    expect((await auditActions(companyId, expense.id)).map((r) => r.action)).toContain('expense.rejected');
  });
});
