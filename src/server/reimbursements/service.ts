import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { bankName, type PayoutBatch, type PendingReimbursements, type ReimbursementTotals } from '@shared/reimbursements.js';
import type { Db, DbOrTx } from '../db/client.js';
import { auditLog, bankAccounts, companies, expenses, paymentMethods, payoutBatches, payoutItems, users } from '../db/schema/index.js';
import { errors } from '../errors.js';
import type { Actor } from '../policies/index.js';

/** Approved expenses of the company paid with a reimbursable method and in no batch yet ('Por reembolsar'). */
function toReimburse(companyId: string) {
  return and(eq(expenses.companyId, companyId), eq(expenses.status, 'approved'), eq(paymentMethods.reimbursable, true), isNull(payoutItems.expenseId));
}

function owedQuery(db: DbOrTx) {
  return db
    .select({
      id: expenses.id,
      userId: expenses.userId,
      expenseNumber: expenses.expenseNumber,
      date: expenses.date,
      description: expenses.description,
      amountClp: expenses.amountClp,
      paymentMethod: paymentMethods.name,
    })
    .from(expenses)
    .innerJoin(paymentMethods, eq(paymentMethods.id, expenses.paymentMethodId))
    .leftJoin(payoutItems, eq(payoutItems.expenseId, expenses.id));
}

/** What the company owes each employee now, grouped per employee (the 'Reembolsos' screen). */
export async function pendingReimbursements(db: Db, companyId: string): Promise<PendingReimbursements> {
  const rows = await owedQuery(db).where(toReimburse(companyId)).orderBy(asc(expenses.date), asc(expenses.expenseNumber)).limit(5000);
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const people = userIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, hasBank: sql<boolean>`${bankAccounts.userId} is not null` })
        .from(users)
        .leftJoin(bankAccounts, eq(bankAccounts.userId, users.id))
        .where(inArray(users.id, userIds))
    : [];
  let grand = 0;
  const employees = people
    .map((p) => {
      const mine = rows.filter((r) => r.userId === p.id);
      const total = mine.reduce((s, r) => s + r.amountClp, 0);
      grand += total;
      return {
        user: { id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email },
        hasBankAccount: Boolean(p.hasBank),
        count: mine.length,
        totalClp: String(total),
        expenses: mine.map((r) => ({ id: r.id, expenseNumber: r.expenseNumber, date: r.date, description: r.description, amountClp: String(r.amountClp), paymentMethod: r.paymentMethod })),
      };
    })
    .sort((a, b) => `${a.user.firstName} ${a.user.lastName}`.localeCompare(`${b.user.firstName} ${b.user.lastName}`, 'es'));
  return { employees, totalClp: String(grand) };
}

/**
 * Groups every pending reimbursement of the chosen employees into a new batch. The company row is locked (batch
 * number), the expenses too, and an expense is in one batch at most (unique index): two admins building batches at
 * once never pay one expense twice.
 */
export async function createBatch(db: Db, actor: Actor, companyId: string, userIds: string[]): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    const owed = await owedQuery(tx)
      .where(and(toReimburse(companyId), inArray(expenses.userId, [...new Set(userIds)])))
      .for('update', { of: expenses });
    if (!owed.length) throw errors.badRequest('Los empleados elegidos no tienen gastos por reembolsar.', 'userIds');
    const owners = [...new Set(owed.map((o) => o.userId))];
    const withBank = new Set((await tx.select({ id: bankAccounts.userId }).from(bankAccounts).where(inArray(bankAccounts.userId, owners))).map((r) => r.id));
    const missing = owners.filter((u) => !withBank.has(u));
    if (missing.length) {
      const names = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, missing));
      throw errors.badRequest(`Faltan los datos bancarios de ${names.map((n) => `${n.firstName} ${n.lastName}`.trim()).join(', ')}: cada empleado los ingresa en 'Mi perfil'.`, 'userIds');
    }
    const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${payoutBatches.batchNumber}), 0)::int + 1` }).from(payoutBatches).where(eq(payoutBatches.companyId, companyId));
    const total = owed.reduce((s, o) => s + o.amountClp, 0);
    const [batch] = await tx.insert(payoutBatches).values({ companyId, batchNumber: next, totalClp: total, createdBy: actor.userId }).returning({ id: payoutBatches.id });
    await tx.insert(payoutItems).values(owed.map((o) => ({ batchId: batch.id, expenseId: o.id, companyId, userId: o.userId, amountClp: o.amountClp })));
    await tx.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: 'payout_batch', entityId: batch.id, action: 'payout.created', changes: { batchNumber: next, totalClp: total, expenses: owed.length, employees: owners.length } });
    return batch.id;
  });
}

async function findBatch(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db.select().from(payoutBatches).where(and(eq(payoutBatches.id, id), eq(payoutBatches.companyId, companyId))).limit(1);
  if (!row) throw errors.notFound('Nómina de pago no encontrada.');
  return row;
}

/** One line per employee of a batch: who, their bank (masked) and how much. */
async function batchLines(db: DbOrTx, batchIds: string[]) {
  if (!batchIds.length) return [];
  return db
    .select({
      batchId: payoutItems.batchId,
      userId: payoutItems.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      rut: bankAccounts.holderRut,
      bank: bankAccounts.bank,
      accountType: bankAccounts.accountType,
      last4: bankAccounts.accountLast4,
      count: sql<number>`count(*)::int`,
      total: sql<string>`sum(${payoutItems.amountClp})::text`,
    })
    .from(payoutItems)
    .innerJoin(users, eq(users.id, payoutItems.userId))
    .leftJoin(bankAccounts, eq(bankAccounts.userId, payoutItems.userId))
    .where(inArray(payoutItems.batchId, batchIds))
    .groupBy(payoutItems.batchId, payoutItems.userId, users.firstName, users.lastName, users.email, bankAccounts.holderRut, bankAccounts.bank, bankAccounts.accountType, bankAccounts.accountLast4)
    .orderBy(users.firstName, users.lastName);
}

function presentBatches(rows: (typeof payoutBatches.$inferSelect)[], lines: Awaited<ReturnType<typeof batchLines>>): PayoutBatch[] {
  return rows.map((b) => {
    const mine = lines.filter((l) => l.batchId === b.id);
    return {
      id: b.id,
      batchNumber: b.batchNumber,
      status: b.status as PayoutBatch['status'],
      totalClp: String(b.totalClp),
      count: mine.reduce((s, l) => s + l.count, 0),
      createdAt: b.createdAt.toISOString(),
      paidAt: b.paidAt?.toISOString() ?? null,
      lines: mine.map((l) => ({
        userId: l.userId,
        rut: l.rut,
        name: `${l.firstName} ${l.lastName}`.trim(),
        email: l.email,
        bank: l.bank,
        bankName: l.bank ? bankName(l.bank) : null,
        accountType: l.accountType,
        accountMasked: l.last4 ? `•••• ${l.last4}` : null,
        count: l.count,
        totalClp: l.total,
      })),
    };
  });
}

export async function getBatch(db: DbOrTx, companyId: string, id: string): Promise<PayoutBatch> {
  const row = await findBatch(db, companyId, id);
  return presentBatches([row], await batchLines(db, [row.id]))[0];
}

export async function listBatches(db: Db, companyId: string): Promise<PayoutBatch[]> {
  const rows = await db.select().from(payoutBatches).where(eq(payoutBatches.companyId, companyId)).orderBy(desc(payoutBatches.batchNumber)).limit(100);
  return presentBatches(rows, await batchLines(db, rows.map((r) => r.id)));
}

/** Marks an open batch paid (atomic: a second call answers 409); its expenses show 'Reembolsado' with this date. */
export async function markBatchPaid(db: Db, actor: Actor, companyId: string, id: string): Promise<void> {
  await findBatch(db, companyId, id);
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(payoutBatches)
      .set({ status: 'paid', paidAt: new Date(), paidBy: actor.userId })
      .where(and(eq(payoutBatches.id, id), eq(payoutBatches.companyId, companyId), eq(payoutBatches.status, 'open')))
      .returning({ total: payoutBatches.totalClp, number: payoutBatches.batchNumber });
    if (!done) throw errors.conflict('Esta nómina ya fue marcada como pagada.');
    await tx.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: 'payout_batch', entityId: id, action: 'payout.paid', changes: { batchNumber: done.number, totalClp: done.total } });
  });
}

/** Deletes an open batch: its expenses are 'Por reembolsar' again. A paid batch stays (409). */
export async function deleteOpenBatch(db: Db, actor: Actor, companyId: string, id: string): Promise<void> {
  await findBatch(db, companyId, id);
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(payoutBatches)
      .where(and(eq(payoutBatches.id, id), eq(payoutBatches.companyId, companyId), eq(payoutBatches.status, 'open')))
      .returning({ number: payoutBatches.batchNumber });
    if (!gone) throw errors.conflict('Una nómina pagada no se puede eliminar.');
    await tx.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: 'payout_batch', entityId: id, action: 'payout.deleted', changes: { batchNumber: gone.number } });
  });
}

function monthBounds(): { from: string; to: string } {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });
  const [y, m] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/**
 * Dashboard totals per employee: owed now for expenses dated in the period ('Por reembolsar' or in an open batch),
 * and reimbursed in the period (batches paid on those days, Chile time).
 */
export async function reimbursementTotals(db: Db, companyId: string, q: { from?: string; to?: string }): Promise<ReimbursementTotals> {
  const bounds = monthBounds();
  const from = q.from || bounds.from;
  const to = q.to || bounds.to;
  const owed = await db
    .select({ userId: expenses.userId, total: sql<string>`sum(${expenses.amountClp})::text` })
    .from(expenses)
    .innerJoin(paymentMethods, eq(paymentMethods.id, expenses.paymentMethodId))
    .leftJoin(payoutItems, eq(payoutItems.expenseId, expenses.id))
    .leftJoin(payoutBatches, eq(payoutBatches.id, payoutItems.batchId))
    .where(
      and(
        eq(expenses.companyId, companyId),
        eq(expenses.status, 'approved'),
        eq(paymentMethods.reimbursable, true),
        sql`(${payoutBatches.id} is null or ${payoutBatches.status} = 'open')`,
        gte(expenses.date, from),
        lte(expenses.date, to),
      ),
    )
    .groupBy(expenses.userId);
  const paid = await db
    .select({ userId: payoutItems.userId, total: sql<string>`sum(${payoutItems.amountClp})::text` })
    .from(payoutItems)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payoutItems.batchId))
    .where(
      and(
        eq(payoutItems.companyId, companyId),
        eq(payoutBatches.status, 'paid'),
        sql`(${payoutBatches.paidAt} at time zone 'America/Santiago')::date between ${from}::date and ${to}::date`,
      ),
    )
    .groupBy(payoutItems.userId);
  const ids = [...new Set([...owed, ...paid].map((r) => r.userId))];
  const people = ids.length ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids)) : [];
  const employees = people
    .map((p) => ({
      userId: p.id,
      name: `${p.firstName} ${p.lastName}`.trim(),
      email: p.email,
      toReimburseClp: owed.find((o) => o.userId === p.id)?.total ?? '0',
      reimbursedClp: paid.find((o) => o.userId === p.id)?.total ?? '0',
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
  const sum = (k: 'toReimburseClp' | 'reimbursedClp') => String(employees.reduce((s, e) => s + Number(e[k]), 0));
  return { from, to, employees, toReimburseClp: sum('toReimburseClp'), reimbursedClp: sum('reimbursedClp') };
}
