import { and, eq, like } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { approvalSteps, emailOutbox, exchangeRates, expenses, memberships } from '../../src/server/db/schema/index.js';
import { testAppForFile } from '../helpers/app.js';
import { PNG_1X1, companyWithEmployee, expenseFields, fileExpense, registerUser } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';

/*
 * Issue 20 items 1-3: approval rules, multi-step approval, reassignment and the policies checked at filing, over
 * real HTTP on a real database.
 */
const t = testAppForFile({ freshRateLimits: true });

/** A company with an admin, a second admin, two managers, the employee and a cost center. */
async function flowCompany() {
  const base = await companyWithEmployee(t);
  const join = async (role: 'admin' | 'manager' | 'employee', firstName: string) => {
    const person = await registerUser(t, { firstName, lastName: 'Pérez' });
    await t.deps.db.insert(memberships).values({ userId: person.user.id, companyId: base.companyId, role });
    await person.client.post('/api/user/switch-company', { companyId: base.companyId });
    return person;
  };
  const manager = await join('manager', 'Ana');
  const fleet = await join('manager', 'Flota');
  const admin2 = await join('admin', 'Berta');
  const cc = await base.admin.client.post('/api/cost-centers', { code: 'VENTAS', description: 'Ventas' });
  expect(cc.status).toBe(201);
  const cats = (await base.admin.client.get('/api/categories')).body as { id: string; name: string }[];
  const catId = (name: string) => cats.find((c) => c.name === name)!.id;
  return { ...base, manager, fleet, admin2, costCenterId: cc.body.id as string, catId };
}
type Flow = Awaited<ReturnType<typeof flowCompany>>;

async function setRules(f: Flow, rules: unknown[]) {
  const res = await f.admin.client.put('/api/company/approval-rules', { rules });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function assignManager(f: Flow, managerId: string, body: { costCenterIds?: string[]; userIds?: string[] }) {
  const res = await f.admin.client.put(`/api/company/manager-assignments/${managerId}`, { costCenterIds: [], userIds: [], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function file(f: Flow, overrides: Record<string, string> = {}) {
  const res = await fileExpense(f.employee.client, expenseFields(f.ids, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; status: string };
}

const stepsOf = async (f: Flow, id: string) => (await f.admin.client.get(`/api/expenses/${id}/approval-steps`)).body as any[];
const decide = (client: Flow['admin']['client'], id: string, body: unknown) => client.patch(`/api/admin/expenses/${id}/status`, body);

/** The usual policy: up to $50.000 the cost center's manager; above, manager then admin; Combustible the fleet manager first. */
async function usualRules(f: Flow) {
  await assignManager(f, f.manager.user.id, { costCenterIds: [f.costCenterId] });
  return setRules(f, [
    { name: 'Combustible', categoryId: f.catId('Combustible'), steps: [{ kind: 'user', userId: f.fleet.user.id }] },
    { name: 'Hasta 50 mil', maxAmountClp: 50000, steps: [{ kind: 'manager' }] },
    { name: 'Sobre 50 mil', minAmountClp: 50001, steps: [{ kind: 'manager' }, { kind: 'admin' }] },
  ]);
}

describe('routing by rules', () => {
  test('without rules an expense has no steps and one admin approves it, as before', async () => {
    const f = await flowCompany();
    const e = await file(f);
    expect(await stepsOf(f, e.id)).toEqual([]);
    const pending = (await f.admin.client.get('/api/admin/expenses/pending')).body;
    expect(pending.find((p: any) => p.id === e.id)).toMatchObject({ canDecide: true, approvalStep: null, policyViolations: [] });
    expect((await decide(f.admin.client, e.id, { status: 'approved' })).body.status).toBe('approved');
  });

  test('by amount: up to 50.000 the cost center manager alone; above, the manager then an admin', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const small = await file(f, { amount: '50000', costCenter: f.costCenterId });
    const big = await file(f, { amount: '50001', costCenter: f.costCenterId });
    const s1 = await stepsOf(f, small.id);
    expect(s1).toHaveLength(1);
    expect(s1[0]).toMatchObject({ position: 1, total: 1, approverKind: 'user', approver: { id: f.manager.user.id }, status: 'pending' });
    const s2 = await stepsOf(f, big.id);
    expect(s2.map((s) => [s.position, s.approverKind, s.approver?.id ?? null, s.status])).toEqual([
      [1, 'user', f.manager.user.id, 'pending'],
      [2, 'admin', null, 'waiting'],
    ]);
  });

  test('by category: Combustible goes to the fleet manager whatever the amount (first matching rule wins)', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const fuel = await file(f, { amount: '90000', category: f.catId('Combustible'), costCenter: f.costCenterId });
    const steps = await stepsOf(f, fuel.id);
    expect(steps).toHaveLength(1);
    expect(steps[0].approver.id).toBe(f.fleet.user.id);
  });

  test('by cost center and submitter: a rule on another cost center does not apply; the submitter’s manager is used without a cost center', async () => {
    const f = await flowCompany();
    const other = (await f.admin.client.post('/api/cost-centers', { code: 'BODEGA' })).body.id as string;
    await assignManager(f, f.fleet.user.id, { userIds: [f.employee.user.id] });
    await setRules(f, [
      { name: 'Bodega', costCenterId: other, steps: [{ kind: 'user', userId: f.manager.user.id }, { kind: 'admin' }] },
      { name: 'Equipo de Flota', submitterId: f.employee.user.id, steps: [{ kind: 'manager' }, { kind: 'admin' }] },
    ]);
    const e = await file(f, { costCenter: f.costCenterId });
    const steps = await stepsOf(f, e.id);
    expect(steps.map((s) => s.approver?.id ?? 'admin')).toEqual([f.fleet.user.id, 'admin']);
    const inBodega = await file(f, { costCenter: other });
    expect((await stepsOf(f, inBodega.id)).map((s) => s.approver?.id ?? 'admin')).toEqual([f.manager.user.id, 'admin']);
  });

  test('a manager step with nobody assigned falls back to any admin; a lone admin step is the single approval', async () => {
    const f = await flowCompany();
    await setRules(f, [{ name: 'Todo', steps: [{ kind: 'manager' }] }]);
    const e = await file(f);
    expect(await stepsOf(f, e.id)).toEqual([]);
    expect((await decide(f.admin.client, e.id, { status: 'approved' })).status).toBe(200);
  });
});

describe('multi-step approval', () => {
  test('steps in order: the admin cannot take step 1, the manager approves it, then an admin approves step 2', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '80000', costCenter: f.costCenterId });

    // The employee sees which step it waits on.
    const mine = (await f.employee.client.get(`/api/expenses/${e.id}`)).body;
    expect(mine).toMatchObject({ status: 'pending', approvalStep: { position: 1, total: 2, approverName: 'Ana Pérez' } });

    // Admins see it but step 1 is the manager's.
    const adminRow = (await f.admin.client.get('/api/admin/expenses/pending')).body.find((p: any) => p.id === e.id);
    expect(adminRow).toMatchObject({ canDecide: false, approvalStep: { position: 1, total: 2, approverKind: 'user', approverId: f.manager.user.id } });
    expectCleanError(await decide(f.admin.client, e.id, { status: 'approved' }), 403, 'Este paso de la aprobación le corresponde a otra persona.');
    // The other manager does not even see it.
    expect((await f.fleet.client.get('/api/admin/expenses/pending')).body).toEqual([]);
    expect((await decide(f.fleet.client, e.id, { status: 'approved' })).status).toBe(404);
    expect((await f.fleet.client.get(`/api/expenses/${e.id}`)).status).toBe(404);

    const managerList = (await f.manager.client.get('/api/admin/expenses/pending')).body;
    expect(managerList.map((p: any) => p.id)).toEqual([e.id]);
    expect(managerList[0].canDecide).toBe(true);
    expect((await f.manager.client.get(`/api/expenses/${e.id}/receipt`)).status).toBe(404); // readable, but no file attached
    const step1 = await decide(f.manager.client, e.id, { status: 'approved' });
    expect(step1.status).toBe(200);
    expect(step1.body).toMatchObject({ status: 'pending', approvalStep: { position: 2, total: 2, approverName: null } });
    expect((await f.manager.client.get('/api/admin/expenses/pending')).body).toEqual([]);

    const final = await decide(f.admin.client, e.id, { status: 'approved' });
    expect(final.status).toBe(200);
    expect(final.body).toMatchObject({ status: 'approved', approver: { email: f.admin.email } });
    expect(final.body.approvalStep ?? null).toBeNull();

    const steps = await stepsOf(f, e.id);
    expect(steps.map((s) => [s.status, s.decidedBy?.id])).toEqual([
      ['approved', f.manager.user.id],
      ['approved', f.admin.user.id],
    ]);
    const history = (await f.employee.client.get(`/api/expenses/${e.id}/history`)).body;
    expect(history.map((h: any) => h.action)).toEqual(['expense.created', 'expense.step_approved', 'expense.approved']);
    expect(history[1]).toMatchObject({ actor: { email: f.manager.email }, changes: { step: 1, of: 2 } });
    expect(history[2].changes).toMatchObject({ step: 2, of: 2 });
  });

  test('the next approver is e-mailed when their step opens (transactional outbox)', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '80000', costCenter: f.costCenterId });
    const mailsTo = async (email: string) => {
      for (let i = 0; i < 40; i++) {
        const rows = await t.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, 'Rendición por aprobar%')));
        if (rows.length) return rows;
        await new Promise((r) => setTimeout(r, 250));
      }
      return [];
    };
    const toManager = await mailsTo(f.manager.email);
    expect(toManager[0].subject).toContain('paso 1 de 2');
    expect(await mailsTo(f.admin.email)).toEqual([]); // not yet: step 2 waits
    await decide(f.manager.client, e.id, { status: 'approved' });
    const toAdmin = await mailsTo(f.admin.email);
    expect(toAdmin[0].subject).toContain('paso 2 de 2');
  });

  test('a rejection at step 1 ends the expense with the reason and closes step 2', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '80000', costCenter: f.costCenterId });
    const res = await decide(f.manager.client, e.id, { status: 'rejected', rejectionReason: 'Falta detalle del cliente' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', rejectionReason: 'Falta detalle del cliente' });
    expect((await stepsOf(f, e.id)).map((s) => [s.status, s.reason])).toEqual([
      ['rejected', 'Falta detalle del cliente'],
      ['cancelled', null],
    ]);
    expect((await decide(f.admin.client, e.id, { status: 'approved' })).status).toBe(409);
    const history = (await f.employee.client.get(`/api/expenses/${e.id}/history`)).body;
    expect(history.at(-1)).toMatchObject({ action: 'expense.rejected', changes: { step: 1, of: 2, rejectionReason: 'Falta detalle del cliente' } });
  });

  test('a rejection at the last step, after the manager approved', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '80000', costCenter: f.costCenterId });
    await decide(f.manager.client, e.id, { status: 'approved' });
    const res = await decide(f.admin2.client, e.id, { status: 'rejected', rejectionReason: 'Sobre presupuesto' });
    expect(res.body).toMatchObject({ status: 'rejected', rejectionReason: 'Sobre presupuesto', approver: { email: f.admin2.email } });
    expect((await stepsOf(f, e.id)).map((s) => s.status)).toEqual(['approved', 'rejected']);
  });

  test('concurrent decisions at each step: exactly one 200 and one 409', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '80000', costCenter: f.costCenterId });
    const first = await Promise.all([decide(f.manager.client, e.id, { status: 'approved' }), decide(f.manager.client, e.id, { status: 'rejected', rejectionReason: 'x' })]);
    expect(first.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = first.find((r) => r.status === 200)!;
    if (winner.body.status === 'rejected') return expect(winner.body.status).toBe('rejected');
    const second = await Promise.all([decide(f.admin.client, e.id, { status: 'approved' }), decide(f.admin2.client, e.id, { status: 'approved' })]);
    expect(second.map((r) => r.status).sort()).toEqual([200, 409]);
    expectCleanError(second.find((r) => r.status === 409)!, 409);
    const [row] = await t.deps.db.select().from(expenses).where(eq(expenses.id, e.id));
    expect(row.status).toBe('approved');
    const steps = await t.deps.db.select().from(approvalSteps).where(eq(approvalSteps.expenseId, e.id));
    expect(steps.every((s) => s.status === 'approved')).toBe(true);
  });

  test('the concurrent first step, with the step approved by one and rejected by the other, never leaves two decisions', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '1000', costCenter: f.costCenterId });
    const results = await Promise.all([decide(f.manager.client, e.id, { status: 'approved' }), decide(f.manager.client, e.id, { status: 'approved' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await f.employee.client.get(`/api/expenses/${e.id}`)).body.status).toBe('approved');
  });
});

describe('an edit that changes the routing', () => {
  const edit = (f: Flow, id: string, overrides: Record<string, string>) => f.admin.client.patch(`/api/admin/expenses/${id}`, expenseFields(f.ids, overrides));
  const shape = async (f: Flow, id: string) => (await stepsOf(f, id)).map((s) => [s.approverKind, s.approver?.id ?? null, s.status]);

  test('a new amount that a stricter rule covers adds its steps; the history says from which to which', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '30000', costCenter: f.costCenterId });
    expect(await shape(f, e.id)).toEqual([['user', f.manager.user.id, 'pending']]);
    const res = await edit(f, e.id, { amount: '80000', costCenter: f.costCenterId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ amountCLP: '80000', approvalStep: { position: 1, total: 2 } });
    expect(await shape(f, e.id)).toEqual([
      ['user', f.manager.user.id, 'pending'],
      ['admin', null, 'waiting'],
    ]);
    const history = (await f.employee.client.get(`/api/expenses/${e.id}/history`)).body;
    expect(history.map((h: any) => h.action)).toEqual(['expense.created', 'expense.updated', 'expense.rerouted']);
    expect(history[2].changes).toMatchObject({ from: 'Ana Pérez', to: 'Ana Pérez → un administrador', approvedBefore: 0 });
  });

  test('a step approved on the old amount is asked again, and its approver is told; an edit that changes no routing fact keeps the steps', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '80000', costCenter: f.costCenterId });
    expect((await decide(f.manager.client, e.id, { status: 'approved' })).status).toBe(200);
    expect(await shape(f, e.id)).toEqual([
      ['user', f.manager.user.id, 'approved'],
      ['admin', null, 'pending'],
    ]);
    // A new description: same amount, category and cost center, the manager's approval stands.
    expect((await edit(f, e.id, { amount: '80000', costCenter: f.costCenterId, description: 'Almuerzo con cliente (editado)' })).status).toBe(200);
    expect((await stepsOf(f, e.id)).map((s) => s.status)).toEqual(['approved', 'pending']);

    // Ten times the amount: the manager approved $80.000, not $800.000.
    expect((await edit(f, e.id, { amount: '800000', costCenter: f.costCenterId })).status).toBe(200);
    expect(await shape(f, e.id)).toEqual([
      ['user', f.manager.user.id, 'pending'],
      ['admin', null, 'waiting'],
    ]);
    expect((await f.manager.client.get('/api/admin/expenses/pending')).body.map((p: any) => p.id)).toEqual([e.id]);
    expectCleanError(await decide(f.admin.client, e.id, { status: 'approved' }), 403, 'Este paso de la aprobación le corresponde a otra persona.');
    const history = (await f.employee.client.get(`/api/expenses/${e.id}/history`)).body;
    expect(history.at(-1)).toMatchObject({ action: 'expense.rerouted', changes: { approvedBefore: 1 } });
    await expect
      .poll(async () => (await t.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, f.manager.email), like(emailOutbox.subject, 'Rendición por aprobar%')))).length, { timeout: 20_000, interval: 100 })
      .toBe(2);
  });

  test('an edit that leaves no rule back in the admins’ hands tells the other admins, as a new filing would', async () => {
    const f = await flowCompany();
    await setRules(f, [{ name: 'Combustible', categoryId: f.catId('Combustible'), steps: [{ kind: 'user', userId: f.fleet.user.id }] }]);
    const e = await file(f, { category: f.catId('Combustible') });
    expect(await shape(f, e.id)).toEqual([['user', f.fleet.user.id, 'pending']]);
    expect((await edit(f, e.id, { category: f.catId('Alimentación') })).status).toBe(200);
    expect(await stepsOf(f, e.id)).toEqual([]);
    const history = (await f.employee.client.get(`/api/expenses/${e.id}/history`)).body;
    expect(history.at(-1)).toMatchObject({ action: 'expense.rerouted', changes: { from: 'Flota Pérez', to: 'un administrador' } });
    const mails = (to: string) => t.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, to), like(emailOutbox.subject, 'Nueva rendición por aprobar%')));
    await expect.poll(async () => (await mails(f.admin2.email)).length, { timeout: 20_000, interval: 100 }).toBe(1);
    // Not the admin who made the change: they know.
    expect(await mails(f.admin.email)).toHaveLength(0);
    expect((await decide(f.admin2.client, e.id, { status: 'approved' })).status).toBe(200);
  });

  test('a step an admin handed to someone else stays with them when an edit keeps the same rule', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '80000', costCenter: f.costCenterId });
    expect((await f.admin.client.post(`/api/admin/expenses/${e.id}/reassign`, { userId: f.fleet.user.id })).status).toBe(200);
    expect((await edit(f, e.id, { amount: '90000', costCenter: f.costCenterId })).status).toBe(200);
    expect(await shape(f, e.id)).toEqual([
      ['user', f.fleet.user.id, 'pending'],
      ['admin', null, 'waiting'],
    ]);
    const history = (await f.employee.client.get(`/api/expenses/${e.id}/history`)).body;
    expect(history.map((h: any) => h.action)).not.toContain('expense.rerouted');
  });

  test('a step an admin handed to someone else, approved on the old amount, is asked again of that person', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '80000', costCenter: f.costCenterId });
    expect((await f.admin.client.post(`/api/admin/expenses/${e.id}/reassign`, { userId: f.fleet.user.id })).status).toBe(200);
    expect((await decide(f.fleet.client, e.id, { status: 'approved' })).status).toBe(200);
    expect((await edit(f, e.id, { amount: '800000', costCenter: f.costCenterId })).status).toBe(200);
    expect(await shape(f, e.id)).toEqual([
      ['user', f.fleet.user.id, 'pending'],
      ['admin', null, 'waiting'],
    ]);
    const history = (await f.employee.client.get(`/api/expenses/${e.id}/history`)).body;
    expect(history.at(-1)).toMatchObject({ action: 'expense.rerouted', changes: { from: 'Flota Pérez → un administrador', to: 'Flota Pérez → un administrador', approvedBefore: 1 } });
    // A later edit that changes nothing of the steps leaves them with Flota too.
    expect((await edit(f, e.id, { amount: '810000', costCenter: f.costCenterId })).status).toBe(200);
    expect((await stepsOf(f, e.id))[0].approver.id).toBe(f.fleet.user.id);
    expect((await decide(f.fleet.client, e.id, { status: 'approved' })).status).toBe(200);
  });

  test('a corrected rate that crosses a threshold routes again too', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '40', currency: 'USD', costCenter: f.costCenterId });
    expect(await shape(f, e.id)).toEqual([['user', f.manager.user.id, 'pending']]);
    const res = await f.admin.client.post(`/api/expenses/${e.id}/exchange-rate`, { exchangeRate: '2000', reason: 'Tasa de la tarjeta corporativa' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await shape(f, e.id)).toEqual([
      ['user', f.manager.user.id, 'pending'],
      ['admin', null, 'waiting'],
    ]);
  });
});

describe('reassignment', () => {
  test('an admin hands a stuck step to another manager, who decides it; the old one no longer can', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '80000', costCenter: f.costCenterId });
    const res = await f.admin.client.post(`/api/admin/expenses/${e.id}/reassign`, { userId: f.fleet.user.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[0]).toMatchObject({ status: 'pending', approver: { id: f.fleet.user.id } });
    expect((await f.employee.client.get(`/api/expenses/${e.id}`)).body.approvalStep.approverName).toBe('Flota Pérez');
    // Ana no longer holds any step of it: it left her queue and her reach.
    expect((await decide(f.manager.client, e.id, { status: 'approved' })).status).toBe(404);
    expect((await f.manager.client.get('/api/admin/expenses/pending')).body).toEqual([]);
    expect((await decide(f.fleet.client, e.id, { status: 'approved' })).status).toBe(200);
    const history = (await f.admin.client.get(`/api/expenses/${e.id}/history`)).body;
    expect(history.find((h: any) => h.action === 'expense.step_reassigned').changes).toMatchObject({ step: 1, from: 'Ana Pérez', to: 'Flota Pérez' });
    // The new approver was told by e-mail (outbox), keyed by the step's new assignment.
    await expect
      .poll(async () => (await t.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, f.fleet.email), like(emailOutbox.subject, 'Rendición por aprobar (paso 1 de 2)%')))).length, { timeout: 15_000 })
      .toBe(1);
  });

  test('reassignment rules: admins only; eligible people only; not to the submitter; nothing open answers 409; other company 404', async () => {
    const f = await flowCompany();
    await usualRules(f);
    const e = await file(f, { amount: '80000', costCenter: f.costCenterId });
    expect((await f.manager.client.post(`/api/admin/expenses/${e.id}/reassign`, { userId: f.fleet.user.id })).status).toBe(403);
    expect((await f.employee.client.post(`/api/admin/expenses/${e.id}/reassign`, { userId: f.fleet.user.id })).status).toBe(403);
    expectCleanError(await f.admin.client.post(`/api/admin/expenses/${e.id}/reassign`, { userId: f.employee.user.id }), 400, 'La persona elegida debe ser un administrador o jefe activo de tu empresa.');
    const outsider = await registerUser(t);
    expect((await f.admin.client.post(`/api/admin/expenses/${e.id}/reassign`, { userId: outsider.user.id })).status).toBe(400);
    expect((await outsider.client.post(`/api/admin/expenses/${e.id}/reassign`, { userId: outsider.user.id })).status).toBe(404);
    expect((await f.admin.client.post(`/api/admin/expenses/${e.id}/reassign`, { userId: 'nope' })).status).toBe(400);
    await setRules(f, []);
    const legacy = await file(f);
    expect((await f.admin.client.post(`/api/admin/expenses/${legacy.id}/reassign`, { userId: f.fleet.user.id })).status).toBe(409);
  });
});

describe('configuration routes: roles and tenancy', () => {
  test('employees and managers cannot read or change rules and assignments (403); employees read the policies but cannot change them', async () => {
    const f = await flowCompany();
    for (const who of [f.employee, f.manager]) {
      expect((await who.client.get('/api/company/approval-rules')).status).toBe(403);
      expect((await who.client.put('/api/company/approval-rules', { rules: [] })).status).toBe(403);
      expect((await who.client.get('/api/company/manager-assignments')).status).toBe(403);
      expect((await who.client.put(`/api/company/manager-assignments/${f.manager.user.id}`, { costCenterIds: [], userIds: [] })).status).toBe(403);
      expectCleanError(await who.client.put('/api/company/expense-policies', { categoryLimits: [], categoryLimitMode: 'warn', receiptMode: 'warn', receiptAgeMode: 'warn', duplicateMode: 'warn' }), 403);
    }
    expect((await f.employee.client.get('/api/company/expense-policies')).status).toBe(200);
    expect((await f.employee.client.get('/api/admin/expenses/pending')).status).toBe(403);
    expect((await t.client().get('/api/company/approval-rules')).status).toBe(401);
  });

  test('ids of another company are refused: rules 400, assignments 404/400, policies 400, steps 404', async () => {
    const f = await flowCompany();
    const other = await companyWithEmployee(t);
    const otherCc = (await other.admin.client.post('/api/cost-centers', { code: 'AJENO' })).body.id;
    const otherCat = other.ids.category();
    expect((await f.admin.client.put('/api/company/approval-rules', { rules: [{ name: 'x', categoryId: otherCat, steps: [{ kind: 'admin' }] }] })).status).toBe(400);
    expect((await f.admin.client.put('/api/company/approval-rules', { rules: [{ name: 'x', costCenterId: otherCc, steps: [{ kind: 'admin' }] }] })).status).toBe(400);
    expect((await f.admin.client.put('/api/company/approval-rules', { rules: [{ name: 'x', steps: [{ kind: 'user', userId: other.admin.user.id }] }] })).status).toBe(400);
    expect((await f.admin.client.put(`/api/company/manager-assignments/${other.admin.user.id}`, { costCenterIds: [], userIds: [] })).status).toBe(404);
    expect((await f.admin.client.put(`/api/company/manager-assignments/${f.manager.user.id}`, { costCenterIds: [otherCc], userIds: [] })).status).toBe(400);
    expect((await f.admin.client.put(`/api/company/manager-assignments/${f.manager.user.id}`, { costCenterIds: [], userIds: [other.employee.user.id] })).status).toBe(400);
    const policies = { categoryLimits: [{ categoryId: otherCat, maxAmountClp: 1000 }], categoryLimitMode: 'block', receiptMode: 'warn', receiptAgeMode: 'warn', duplicateMode: 'warn' };
    expect((await f.admin.client.put('/api/company/expense-policies', policies)).status).toBe(400);
    const theirs = (await fileExpense(other.employee.client, expenseFields(other.ids))).body;
    expect((await f.admin.client.get(`/api/expenses/${theirs.id}/approval-steps`)).status).toBe(404);
    expect((await f.manager.client.patch(`/api/admin/expenses/${theirs.id}/status`, { status: 'approved' })).status).toBe(403);
    // Rules of one company never route another's expenses.
    await usualRules(f);
    const plain = (await fileExpense(other.employee.client, expenseFields(other.ids, { amount: '90000' }))).body;
    expect((await other.admin.client.get(`/api/expenses/${plain.id}/approval-steps`)).body).toEqual([]);
  });

  test('rule validation in Spanish: an employee as approver, min above max, no steps, too many steps', async () => {
    const f = await flowCompany();
    expectCleanError(await f.admin.client.put('/api/company/approval-rules', { rules: [{ name: 'x', steps: [{ kind: 'user', userId: f.employee.user.id }] }] }), 400, 'La persona elegida debe ser un administrador o jefe activo de tu empresa.');
    expectCleanError(await f.admin.client.put('/api/company/approval-rules', { rules: [{ name: 'x', minAmountClp: 10, maxAmountClp: 5, steps: [{ kind: 'admin' }] }] }), 400, 'El monto máximo debe ser mayor o igual al mínimo.');
    expectCleanError(await f.admin.client.put('/api/company/approval-rules', { rules: [{ name: 'x', steps: [] }] }), 400, 'Una regla necesita al menos un paso de aprobación.');
    expectCleanError(await f.admin.client.put('/api/company/approval-rules', { rules: [{ name: 'x', steps: Array(6).fill({ kind: 'admin' }) }] }), 400, 'Una regla admite hasta 5 pasos.');
    const ok = await setRules(f, [{ name: 'Uno', steps: [{ kind: 'admin' }] }, { name: 'Dos', maxAmountClp: 10, steps: [{ kind: 'manager' }] }]);
    expect(ok.map((r: any) => [r.position, r.name])).toEqual([[1, 'Uno'], [2, 'Dos']]);
    const assignments = await f.admin.client.put(`/api/company/manager-assignments/${f.manager.user.id}`, { costCenterIds: [f.costCenterId], userIds: [f.employee.user.id] });
    expect(assignments.body).toEqual({ managerId: f.manager.user.id, costCenterIds: [f.costCenterId], userIds: [f.employee.user.id] });
    expect((await f.admin.client.get('/api/company/manager-assignments')).body).toEqual([assignments.body]);
    expectCleanError(await f.admin.client.put(`/api/company/manager-assignments/${f.employee.user.id}`, { costCenterIds: [], userIds: [] }), 400, 'Solo se asignan equipos a un jefe (rol manager) o administrador activo de tu empresa.');
  });
});

describe('policies at filing', () => {
  const policies = (over: Record<string, unknown> = {}) => ({ categoryLimits: [], categoryLimitMode: 'warn', receiptRequiredAboveClp: null, receiptMode: 'warn', maxReceiptAgeDays: null, receiptAgeMode: 'warn', duplicateMode: 'warn', ...over });
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });

  test('category maximum: warn files it and the approver sees the warning; block refuses it with a Spanish 422', async () => {
    const f = await flowCompany();
    const food = f.catId('Alimentación');
    expect((await f.admin.client.put('/api/company/expense-policies', policies({ categoryLimits: [{ categoryId: food, maxAmountClp: 20000 }] }))).status).toBe(200);
    const check = await f.employee.client.post('/api/expenses/policy-check', { date: daysAgo(0), amount: 25000, category: food, hasReceipt: true });
    expect(check.status).toBe(200);
    expect(check.body.violations).toEqual([{ code: 'category_limit', blocking: false, field: 'amount', message: 'El monto ($25.000) supera el máximo de $20.000 para la categoría Alimentación.' }]);
    const warned = await file(f, { amount: '25000', category: food });
    const card = (await f.admin.client.get('/api/admin/expenses/pending')).body.find((p: any) => p.id === warned.id);
    expect(card.policyViolations.map((v: any) => v.code)).toEqual(['category_limit']);
    expect((await file(f, { amount: '20000', category: food })).status).toBe('pending');

    await f.admin.client.put('/api/company/expense-policies', policies({ categoryLimits: [{ categoryId: food, maxAmountClp: 20000 }], categoryLimitMode: 'block' }));
    const refused = await fileExpense(f.employee.client, expenseFields(f.ids, { amount: '25000', category: food }));
    expectCleanError(refused, 422, 'El monto ($25.000) supera el máximo de $20.000 para la categoría Alimentación.');
    expect(refused.body.field).toBe('amount');
    expect((await f.employee.client.post('/api/expenses/policy-check', { date: daysAgo(0), amount: 25000, category: food })).body.violations[0].blocking).toBe(true);
  });

  test('the check takes any ISO currency, with the typed rate or the one the filing would look up', async () => {
    const f = await flowCompany();
    const food = f.catId('Alimentación');
    await f.admin.client.put('/api/company/expense-policies', policies({ categoryLimits: [{ categoryId: food, maxAmountClp: 20000 }] }));
    const check = (body: Record<string, unknown>) => f.employee.client.post('/api/expenses/policy-check', { date: daysAgo(2), category: food, hasReceipt: true, ...body });
    // A Malaysian receipt with the rate typed: 100 MYR × 250 = $25.000, over the category's maximum.
    const typed = await check({ amount: 100, currency: 'myr', exchangeRate: 250 });
    expect(typed.status).toBe(200);
    expect(typed.body.violations).toEqual([expect.objectContaining({ code: 'category_limit', message: 'El monto ($25.000) supera el máximo de $20.000 para la categoría Alimentación.' })]);
    // No rate typed and none known: the filing will ask for one, so there is nothing to judge yet (and no error).
    const unknown = await check({ amount: 100, currency: 'MYR', exchangeRate: null });
    expect(unknown.status).toBe(200);
    expect(unknown.body.violations).toEqual([]);
    // A rate known for that day (as the filing looks it up): 100 MYR × 210 = $21.000.
    await t.deps.db.insert(exchangeRates).values({ currency: 'MYR', date: daysAgo(2), rate: '210', rateDate: daysAgo(2), source: 'bcch' }).onConflictDoNothing();
    const known = await check({ amount: 100, currency: 'MYR' });
    expect(known.body.violations.map((v: { message: string }) => v.message)).toEqual(['El monto ($21.000) supera el máximo de $20.000 para la categoría Alimentación.']);
    expectCleanError(await check({ amount: 100, currency: 'ZZZ' }), 400, 'Moneda no soportada: usa un código ISO 4217 (por ejemplo USD, EUR, MYR).');
  });

  test('receipt required above an amount, and the receipt’s maximum age', async () => {
    const f = await flowCompany();
    await f.admin.client.put('/api/company/expense-policies', policies({ receiptRequiredAboveClp: 30000, receiptMode: 'block', maxReceiptAgeDays: 30, receiptAgeMode: 'warn' }));
    expectCleanError(await fileExpense(f.employee.client, expenseFields(f.ids, { amount: '30001' })), 422, 'Sobre $30.000 se exige adjuntar el comprobante.');
    const withFile = await fileExpense(f.employee.client, expenseFields(f.ids, { amount: '30001' }), { data: PNG_1X1, name: 'b.png', type: 'image/png' });
    expect(withFile.status).toBe(201);
    expect((await fileExpense(f.employee.client, expenseFields(f.ids, { amount: '30000' }))).status).toBe(201);
    const old = await file(f, { date: daysAgo(45), amount: '1000' });
    const card = (await f.admin.client.get('/api/admin/expenses/pending')).body.find((p: any) => p.id === old.id);
    expect(card.policyViolations).toEqual([{ code: 'receipt_too_old', blocking: false, field: 'date', message: 'El comprobante tiene 45 días; la política permite rendir hasta 30 días después de su fecha.' }]);
    await f.admin.client.put('/api/company/expense-policies', policies({ maxReceiptAgeDays: 30, receiptAgeMode: 'block' }));
    expect((await fileExpense(f.employee.client, expenseFields(f.ids, { date: daysAgo(31) }))).status).toBe(422);
    expect((await fileExpense(f.employee.client, expenseFields(f.ids, { date: daysAgo(30) }))).status).toBe(201);
  });

  test('duplicates: warn files the second copy with the warning; block refuses it (same tax document or same file)', async () => {
    const f = await flowCompany();
    const doc = { taxId: '76.086.428-5', invoiceNumber: '4521', documentType: 'boleta' };
    await file(f, doc);
    const check = await f.employee.client.post('/api/expenses/policy-check', { date: daysAgo(0), amount: 12990, hasReceipt: false, ...doc });
    expect(check.body.violations).toHaveLength(1);
    expect(check.body.violations[0]).toMatchObject({ code: 'duplicate', blocking: false });
    expect(check.body.violations[0].message).toMatch(/ya se rindió en la rendición N° \d+/);
    const second = await file(f, doc);
    expect(second.status).toBe('pending');
    await f.admin.client.put('/api/company/expense-policies', policies({ duplicateMode: 'block' }));
    const refused = await fileExpense(f.employee.client, expenseFields(f.ids, doc));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/ya se rindió en la rendición N°/);
    const png = { data: PNG_1X1, name: 'a.png', type: 'image/png' };
    expect((await fileExpense(f.employee.client, expenseFields(f.ids, { amount: '777' }), png)).status).toBe(201);
    expect((await fileExpense(f.employee.client, expenseFields(f.ids, { amount: '778' }), png)).status).toBe(422);
    const { createHash } = await import('node:crypto');
    const sha = createHash('sha256').update(PNG_1X1).digest('hex');
    const byHash = await f.employee.client.post('/api/expenses/policy-check', { date: daysAgo(0), amount: 1, hasReceipt: true, receiptSha256: sha });
    expect(byHash.body.violations[0]).toMatchObject({ code: 'duplicate', blocking: true });
  });

  test('policy bodies are validated in Spanish; the check answers 400 on a bad body', async () => {
    const f = await flowCompany();
    expectCleanError(await f.admin.client.put('/api/company/expense-policies', policies({ maxReceiptAgeDays: 0 })), 400, 'Los días deben ser un número entero entre 1 y 3650.');
    expectCleanError(await f.admin.client.put('/api/company/expense-policies', policies({ duplicateMode: 'maybe' })), 400, 'El modo debe ser warn o block.');
    expect((await f.employee.client.post('/api/expenses/policy-check', { date: 'ayer', amount: 1 })).status).toBe(400);
    const saved = await f.admin.client.put('/api/company/expense-policies', policies({ receiptRequiredAboveClp: 5000 }));
    expect(saved.body.receiptRequiredAboveClp).toBe(5000);
    expect((await f.employee.client.get('/api/company/expense-policies')).body.receiptRequiredAboveClp).toBe(5000);
  });
});
