import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { categoryKey } from '@shared/catalog.js';
import { EXPENSE_MSG, defaultRate, toClp, type ExpenseData, type ExpenseFilters, type ExpenseList, type ExpenseView } from '@shared/expenses.js';
import { INPUT_MSG, isUuid } from '@shared/input.js';
import { monthlyLimitMessage } from '@shared/plans.js';
import { normalizeRut } from '@shared/rut.js';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { approvalSteps, auditLog, categories, companies, costCenters, expenses, paymentMethods, payoutBatches, payoutItems, users } from '../db/schema/index.js';
import { RATE_MSG, rateSourceLabel } from '@shared/rates.js';
import type { ReimbursementState } from '@shared/reimbursements.js';
import type { ResolvedRate } from '../rates/service.js';
import { countMonthlyExpenses } from '../dashboard/service.js';
import { effectivePlan } from '../billing/plan-state.js';
import { AppError, errors } from '../errors.js';
import { can, type Actor } from '../policies/index.js';
import type { ReceiptChecks } from '../receipts/service.js';
import { newReceiptKey, type ReceiptStorage } from '../storage/receipts.js';
import { faultPoint } from '../platform/faults.js';
import { Bindings, eager, prepared, type Bind } from '../db/prepared.js';
import { feedCache } from '../db/change-feed.js';
import { cursorScope, decodeCursor, encodeCursor, type ListCursor } from './list-cursor.js';

export type { ReceiptFile } from '../receipts/service.js';
import type { ReceiptFile } from '../receipts/service.js';

const approvers = alias(users, 'approver');

/** Columns every expense read selects, joined with its catalog names and people. */
const expenseColumns = {
  e: expenses,
  category: categories.name,
  paymentMethod: paymentMethods.name,
  costCenter: costCenters.code,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, profileImageUrl: users.profileImageUrl },
  approver: { firstName: approvers.firstName, lastName: approvers.lastName, email: approvers.email },
  reimbursable: paymentMethods.reimbursable,
  payout: { status: payoutBatches.status, paidAt: payoutBatches.paidAt },
};

export function expenseQuery(db: Db) {
  return db
    .select(expenseColumns)
    .from(expenses)
    .innerJoin(users, eq(users.id, expenses.userId))
    .leftJoin(approvers, eq(approvers.id, expenses.approverId))
    .leftJoin(categories, eq(categories.id, expenses.categoryId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, expenses.paymentMethodId))
    .leftJoin(costCenters, eq(costCenters.id, expenses.costCenterId))
    .leftJoin(payoutItems, eq(payoutItems.expenseId, expenses.id))
    .leftJoin(payoutBatches, eq(payoutBatches.id, payoutItems.batchId));
}

interface Row {
  e: typeof expenses.$inferSelect;
  category: string | null;
  paymentMethod: string | null;
  costCenter: string | null;
  user: { id: string; firstName: string; lastName: string; email: string; profileImageUrl: string | null };
  approver: { firstName: string | null; lastName: string | null; email: string | null } | null;
  reimbursable: boolean | null;
  payout: { status: string | null; paidAt: Date | null } | null;
}

/** Approved out-of-pocket expenses are owed to the employee until their payout batch is paid. */
function reimbursementOf(row: Row): ReimbursementState {
  if (row.payout?.status === 'paid') return 'reimbursed';
  if (row.payout?.status === 'open') return 'in_batch';
  return row.e.status === 'approved' && row.reimbursable ? 'to_reimburse' : 'none';
}

export function presentExpense(row: Row): ExpenseView {
  const e = row.e;
  return {
    id: e.id,
    expenseNumber: e.expenseNumber,
    date: e.date,
    amount: e.amount,
    currency: e.currency,
    exchangeRate: e.exchangeRate,
    exchangeRateSource: (e.exchangeRateSource as ExpenseView['exchangeRateSource']) ?? (e.currency === 'CLP' ? 'clp' : null),
    exchangeRateDate: e.exchangeRateDate,
    exchangeRateLabel: rateSourceLabel(e.exchangeRateSource ?? (e.currency === 'CLP' ? 'clp' : null), e.exchangeRateDate, e.date),
    amountCLP: String(e.amountClp),
    description: e.description,
    category: row.category,
    categoryId: e.categoryId,
    paymentMethod: row.paymentMethod,
    paymentMethodId: e.paymentMethodId,
    costCenter: row.costCenter,
    costCenterId: e.costCenterId,
    documentType: e.documentType,
    invoiceNumber: e.invoiceNumber,
    taxId: e.taxId,
    address: e.address,
    netAmount: e.netAmount === null ? null : String(e.netAmount),
    taxAmount: e.taxAmount === null ? null : String(e.taxAmount),
    receiptUrl: e.receiptKey ? `/api/expenses/${e.id}/receipt` : null,
    receiptMime: e.receiptMime,
    status: e.status as ExpenseView['status'],
    approver: row.approver?.email ? (row.approver as ExpenseView['approver']) : null,
    approvedAt: e.approvedAt?.toISOString() ?? null,
    rejectedAt: e.rejectedAt?.toISOString() ?? null,
    rejectionReason: e.rejectionReason,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    user: row.user,
    receiptFlags: e.receiptFlags ?? [],
    timbre: e.receiptTimbre ?? null,
    syncStatus: e.syncStatus as ExpenseView['syncStatus'],
    syncError: e.syncError,
    syncedAt: e.syncedAt?.toISOString() ?? null,
    reimbursement: reimbursementOf(row),
    reimbursedAt: row.payout?.status === 'paid' ? (row.payout.paidAt?.toISOString() ?? null) : null,
  };
}

/** Finds an active catalog entry of the company by id or by its exact name, in any case (API clients may send names). */
async function resolveCatalog<T extends typeof categories | typeof paymentMethods>(
  db: DbOrTx,
  table: T,
  companyId: string,
  ref: string,
  what: string,
): Promise<{ id: string; name: string }> {
  const t = table as typeof categories;
  const byId = isUuid(ref);
  const rows = await db
    .select({ id: t.id, name: t.name, isActive: t.isActive })
    .from(t)
    .where(and(eq(t.companyId, companyId), byId ? eq(t.id, ref) : sql`lower(${t.name}) = lower(${ref})`))
    .limit(1);
  const row = rows[0] ?? (byId ? undefined : (await db.select({ id: t.id, name: t.name, isActive: t.isActive }).from(t).where(eq(t.companyId, companyId))).find((r) => categoryKey(r.name) === categoryKey(ref)));
  if (!row) throw errors.badRequest(`${what} no existe en tu empresa.`, what === 'La categoría' ? 'category' : 'paymentMethod');
  if (!row.isActive) throw errors.badRequest(`${what} está desactivada.`, what === 'La categoría' ? 'category' : 'paymentMethod');
  return row;
}

async function resolveCostCenter(db: DbOrTx, companyId: string, ref: string | null): Promise<string | null> {
  if (!ref || ref === 'none') return null;
  const byId = isUuid(ref);
  const [row] = await db
    .select({ id: costCenters.id, isActive: costCenters.isActive })
    .from(costCenters)
    .where(and(eq(costCenters.companyId, companyId), byId ? eq(costCenters.id, ref) : sql`lower(${costCenters.code}) = lower(${ref})`))
    .limit(1);
  if (!row) throw errors.badRequest('El centro de costo no existe en tu empresa.', 'costCenter');
  if (!row.isActive) throw errors.badRequest('El centro de costo está desactivado.', 'costCenter');
  return row.id;
}

/** The form's fields plus the dated rate looked up before the transaction (rates/service.ts `rateFor`). */
export type FilingData = ExpenseData & { resolvedRate?: ResolvedRate | null };

/**
 * The rate an expense is stored with: 1 in CLP; the one typed (manual) unless it is the dated rate itself; else the
 * dated rate (provider, last known or default); with none of these the user must type one (400 on exchangeRate).
 */
export function chooseRate(input: FilingData): ResolvedRate {
  if (input.currency === 'CLP') return { rate: 1, source: 'clp', rateDate: null };
  const known = input.resolvedRate ?? null;
  if (input.exchangeRate !== null) {
    return known && Math.abs(known.rate - input.exchangeRate) < 5e-7 ? known : { rate: input.exchangeRate, source: 'manual', rateDate: null };
  }
  if (known) return known;
  const fallback = defaultRate(input.currency);
  if (fallback !== null) return { rate: fallback, source: 'default', rateDate: null };
  throw errors.badRequest(RATE_MSG.missing(input.currency), 'exchangeRate');
}

/** Catalog references and money, validated against the company; shared by create and admin edit. */
export async function resolveExpenseFields(db: DbOrTx, companyId: string, input: FilingData) {
  const category = await resolveCatalog(db, categories, companyId, input.category, 'La categoría');
  const paymentMethod = await resolveCatalog(db, paymentMethods, companyId, input.paymentMethod, 'El medio de pago');
  if (input.documentType === 'factura' && categoryKey(category.name) !== 'factura') {
    throw errors.badRequest(EXPENSE_MSG.facturaCategory, 'category');
  }
  const costCenterId = await resolveCostCenter(db, companyId, input.costCenter);
  const chosen = chooseRate(input);
  const rate = chosen.rate;
  const amountClp = toClp(input.amount, rate);
  if (!Number.isSafeInteger(amountClp)) throw errors.badRequest(INPUT_MSG.amountTooLarge, 'amount');
  const taxId = input.taxId ? (normalizeRut(input.taxId) ?? input.taxId.toUpperCase()) : null;
  return {
    date: input.date,
    amount: input.amount.toFixed(2),
    currency: input.currency,
    exchangeRate: rate.toFixed(6),
    exchangeRateSource: chosen.source,
    exchangeRateDate: chosen.rateDate,
    amountClp,
    description: input.description,
    categoryId: category.id,
    paymentMethodId: paymentMethod.id,
    costCenterId,
    documentType: input.documentType,
    invoiceNumber: input.documentType === 'factura' ? input.invoiceNumber : input.invoiceNumber,
    taxId,
    address: input.address,
    // A factura's total includes 19 % IVA.
    netAmount: input.documentType === 'factura' && input.currency === 'CLP' ? Math.round(amountClp / 1.19) : null,
    taxAmount: input.documentType === 'factura' && input.currency === 'CLP' ? amountClp - Math.round(amountClp / 1.19) : null,
  };
}

/** What must follow a change to an expense (a job), written by the change's own transaction. */
export type ExpenseFollowUp = (tx: Tx, expenseId: string) => Promise<void>;

/**
 * Files a pending expense. The company row is locked for the transaction, so the per-company
 * number and the monthly plan limit hold under concurrent submissions. `followUps` enqueues, in the
 * same transaction, the jobs that must follow the filing (receipt check, notifications).
 */
export async function createExpense(
  db: Db,
  storage: ReceiptStorage,
  actor: Actor,
  companyId: string,
  input: FilingData,
  receipt: ReceiptFile | null,
  checks: ReceiptChecks | null = null,
  followUps?: ExpenseFollowUp,
): Promise<string> {
  // The file first, under a fresh key the transaction records: a row never points at a missing file. A crash before
  // the commit leaves an unreferenced file, which the orphan sweeper (storage/orphans.ts) removes after an hour.
  const receiptKey = receipt ? newReceiptKey(companyId, receipt.mime) : null;
  if (receipt && receiptKey) {
    await storage.put(receiptKey, receipt.data, receipt.mime);
    faultPoint('receipt.after-put');
  }
  try {
    return await db.transaction(async (tx) => {
      const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
      if (!company) throw errors.notFound('Empresa no encontrada.');
      // The plan in force now: a trial has its plan's limits, an ended trial or period the free plan's.
      const plan = effectivePlan(company);
      if (plan.monthlyExpenseLimit !== null) {
        const used = await countMonthlyExpenses(tx, companyId);
        if (used >= plan.monthlyExpenseLimit) throw new AppError('plan_limit', 403, monthlyLimitMessage(plan.monthlyExpenseLimit, plan.name));
      }
      const fields = await resolveExpenseFields(tx, companyId, input);
      await tx.update(companies).set({ nextExpenseNumber: sql`${companies.nextExpenseNumber} + 1` }).where(eq(companies.id, companyId));
      const [row] = await tx
        .insert(expenses)
        .values({
          ...fields,
          companyId,
          userId: actor.userId,
          expenseNumber: company.nextExpenseNumber,
          receiptKey,
          receiptMime: receipt?.mime ?? null,
          receiptSize: receipt?.data.length ?? null,
          ...checks,
          status: 'pending',
        })
        .returning({ id: expenses.id });
      await tx.insert(auditLog).values({
        companyId,
        actorUserId: actor.userId,
        entityType: 'expense',
        entityId: row.id,
        action: 'expense.created',
        changes: {
          ...fields,
          receipt: receipt ? { mime: receipt.mime, size: receipt.data.length } : null,
          ...(checks?.receiptFlags.length ? { receiptFlags: checks.receiptFlags.map((f) => f.code) } : {}),
        },
      });
      await followUps?.(tx, row.id);
      return row.id;
    });
  } catch (err) {
    if (receiptKey) await storage.delete(receiptKey).catch(() => undefined);
    throw err;
  }
}

/** Visibility: admins see the company's expenses, everyone else only their own. */
function visibilityScope(actor: Actor, companyId: string, requestedUserId?: string, bind: Bind = eager): SQL[] {
  const scope: SQL[] = [eq(expenses.companyId, bind('companyId', companyId))];
  if (!can.seeAllCompanyExpenses(actor)) scope.push(eq(expenses.userId, bind('userId', actor.userId)));
  else if (requestedUserId && requestedUserId !== 'all' && isUuid(requestedUserId)) scope.push(eq(expenses.userId, bind('userId', requestedUserId)));
  return scope;
}

/** The list's and the export's conditions; `bind` makes their values placeholders of a prepared statement. */
export function filterConditions(actor: Actor, companyId: string, f: Omit<ExpenseFilters, 'page' | 'pageSize'>, bind: Bind = eager): SQL[] {
  const where = visibilityScope(actor, companyId, f.userId, bind);
  if (f.status && f.status !== 'all') where.push(eq(expenses.status, bind('status', f.status)));
  if (f.category && f.category !== 'all') {
    if (isUuid(f.category)) where.push(eq(expenses.categoryId, bind('categoryId', f.category)));
    else
      where.push(
        sql`${expenses.categoryId} in (select ${categories.id} from ${categories} where ${categories.companyId} = ${bind('companyId', companyId)} and (lower(${categories.name}) = lower(${bind('category', f.category)}) or translate(lower(${categories.name}), 'áéíóúñ ', 'aeioun_') = ${bind('categoryKey', f.category.toLowerCase())}))`,
      );
  }
  if (f.startDate) where.push(gte(expenses.date, bind('startDate', f.startDate)));
  if (f.endDate) where.push(lte(expenses.date, bind('endDate', f.endDate)));
  return where;
}

/** Totals of the list's filters (keyed by `cursorScope`: company, viewer, filter), dropped when the company's expenses change. */
const totalsCacheOf = (db: Db) =>
  feedCache<{ companyId: string; total: number }>(db, 'expense-totals', { max: 20_000, ttlMs: 10 * 60_000, keysOf: (v) => [`e:${v.companyId}`] });

/**
 * A page of the list, newest date first (ties by expense number, unique per company), by keyset on the index
 * (company_id, date, expense_number): page 200 reads what page 1 reads. Rows are counted only on a first page; the
 * cursors carry that total to the following pages. `page` without a cursor still works for API clients (OFFSET).
 * Both statements are prepared per shape (db/prepared.ts): the list is the screen people open most.
 */
export async function listExpenses(db: Db, actor: Actor, companyId: string, f: ExpenseFilters): Promise<ExpenseList> {
  return (await readListPage(db, actor, companyId, f)).list;
}

/** Pages kept in memory per process (~20 kB each), the longest one is trusted without a notification. */
const PAGE_CACHE_MAX = 1000;
const pagesCacheOf = (db: Db) =>
  feedCache<{ companyId: string; people: string[]; body: string }>(db, 'expense-pages', {
    max: PAGE_CACHE_MAX,
    ttlMs: 5 * 60_000,
    // The company's expenses and catalog (names shown on the page), and the people on it (submitter, approver names).
    keysOf: (v) => [`e:${v.companyId}`, ...v.people.map((id) => `u:${id}`)],
  });

/**
 * The list page as the JSON the route sends, written by `serialize`: from memory when this process wrote the same page
 * (same company, viewer, filter and page) and nothing it shows changed since, else read and kept. A page of the list
 * is the screen people open most and it changes far less often than it is read (issue 18: 1,500 requests/s).
 */
export async function listExpensesJson(db: Db, actor: Actor, companyId: string, f: ExpenseFilters, serialize: (list: ExpenseList) => string): Promise<string> {
  const pages = pagesCacheOf(db);
  const key = `${cursorScope(companyId, viewerScope(actor), f)}|${f.cursor ?? `p${f.page}`}`;
  const hit = pages?.get(key);
  if (hit) return hit.body;
  const since = pages?.generation ?? 0;
  const { list, people } = await readListPage(db, actor, companyId, f);
  const body = serialize(list);
  pages?.set(key, { companyId, people, body }, since);
  return body;
}

/** Whose list it is: the whole company's, or one person's own (`can.seeAllCompanyExpenses`). */
const viewerScope = (actor: Actor) => (can.seeAllCompanyExpenses(actor) ? 'all' : actor.userId);

async function readListPage(db: Db, actor: Actor, companyId: string, f: ExpenseFilters): Promise<{ list: ExpenseList; people: string[] }> {
  const scope = cursorScope(companyId, viewerScope(actor), f);
  const cursor = f.cursor ? decodeCursor(f.cursor, scope) : null;
  const filter = new Bindings();
  const conditions = filterConditions(actor, companyId, f, filter.bind);
  const counting = !cursor;
  const countShape = filter.shape('count');
  const countValues = { ...filter.values };
  const listKey = sql`(${expenses.date}, ${expenses.expenseNumber})`;
  const boundary = cursor && sql`(${filter.bind('cursorDate', cursor.date)}::date, ${filter.bind('cursorNumber', cursor.number)}::int)`;
  const up = cursor?.dir === 'prev';
  const where = boundary ? and(...conditions, up ? sql`${listKey} > ${boundary}` : sql`${listKey} < ${boundary}`) : and(...conditions);
  filter.bind('limit', f.pageSize + 1);
  if (!cursor) filter.bind('offset', (f.page - 1) * f.pageSize);
  const pageQuery = prepared(db, filter.shape(`list:${cursor?.dir ?? 'page'}`), (name) => {
    const q = expenseQuery(db)
      .where(where)
      .orderBy(...(up ? [asc(expenses.date), asc(expenses.expenseNumber)] : [desc(expenses.date), desc(expenses.expenseNumber)]))
      .limit(sql.placeholder('limit'));
    return (cursor ? q : q.offset(sql.placeholder('offset'))).prepare(name);
  });
  // The total of a filter is counted once and kept until the company's expenses change (db/change-feed.ts).
  const totals = totalsCacheOf(db);
  const known = counting ? totals?.get(scope) : undefined;
  const since = totals?.generation ?? 0;
  const [fetched, counted] = await Promise.all([
    pageQuery.execute(filter.values),
    counting && known === undefined
      ? prepared(db, countShape, (name) => db.select({ total: count() }).from(expenses).where(and(...conditions)).prepare(name)).execute(countValues)
      : null,
  ]);
  if (counted) totals?.set(scope, { companyId, total: Number(counted[0].total) }, since);
  const more = fetched.length > f.pageSize;
  let rows: Row[];
  let total: number;
  let page: number;
  let hasNext: boolean;
  if (up) {
    // The rows just before the boundary, read upwards and turned back into list order.
    rows = fetched.slice(0, f.pageSize).reverse();
    total = cursor.total;
    page = more ? cursor.page : 1;
    hasNext = true;
  } else {
    hasNext = more;
    rows = fetched.slice(0, f.pageSize);
    total = cursor ? cursor.total : (known?.total ?? Number(counted?.[0].total ?? 0));
    page = cursor ? cursor.page : f.page;
  }
  const first = rows[0]?.e;
  const last = rows.at(-1)?.e;
  const at = (dir: ListCursor['dir'], e: Row['e'] | undefined, to: number) => (e ? encodeCursor({ dir, date: e.date, number: e.expenseNumber, page: to, total, scope }) : null);
  const list = {
    items: await withApprovalSteps(db, companyId, rows.map(presentExpense)),
    total,
    page,
    pageSize: f.pageSize,
    nextCursor: hasNext ? at('next', last, page + 1) : null,
    prevCursor: page > 1 ? at('prev', first, page - 1) : null,
  };
  const people = new Set<string>();
  for (const r of rows) {
    people.add(r.e.userId);
    if (r.e.approverId) people.add(r.e.approverId);
  }
  return { list, people: [...people] };
}

/** One expense the actor may read; anything else (other company, someone else's for an employee) is 404. */
export async function getExpense(db: Db, actor: Actor, companyId: string, id: string): Promise<ExpenseView & { receiptKey: string | null }> {
  if (!isUuid(id)) throw errors.notFound('Rendición no encontrada.');
  const [row] = (await expenseQuery(db)
    .where(and(eq(expenses.id, id), eq(expenses.companyId, companyId)))
    .limit(1));
  if (!row || !(can.readExpenseOf(actor, row.e.userId) || (await approvesStepOf(db, companyId, id, actor.userId)))) throw errors.notFound('Rendición no encontrada.');
  const [view] = await withApprovalSteps(db, companyId, [presentExpense(row)]);
  return { ...view, receiptKey: row.e.receiptKey };
}

/** A manager reads (with its receipt and history) an expense they approve or approved a step of (issue 20). */
async function approvesStepOf(db: Db, companyId: string, expenseId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: approvalSteps.id })
    .from(approvalSteps)
    .where(and(eq(approvalSteps.companyId, companyId), eq(approvalSteps.expenseId, expenseId), eq(approvalSteps.approverId, userId)))
    .limit(1);
  return !!row;
}

/** The open step of each pending expense filed under a multi-step rule: 'Pendiente · paso 2 de 3 (Ana Pérez)'. */
export async function withApprovalSteps<T extends ExpenseView>(db: Db, companyId: string, views: T[]): Promise<T[]> {
  const pending = views.filter((v) => v.status === 'pending').map((v) => v.id);
  if (!pending.length) return views;
  const rows = await db
    .select({
      expenseId: approvalSteps.expenseId,
      position: approvalSteps.position,
      total: sql<number>`(select count(*) from ${approvalSteps} s2 where s2.expense_id = ${approvalSteps.expenseId})::int`,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(approvalSteps)
    .leftJoin(users, eq(users.id, approvalSteps.approverId))
    .where(and(eq(approvalSteps.companyId, companyId), inArray(approvalSteps.expenseId, pending), eq(approvalSteps.status, 'pending')));
  if (!rows.length) return views;
  const byId = new Map(rows.map((r) => [r.expenseId, { position: r.position, total: Number(r.total), approverName: r.email ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.email : null }]));
  return views.map((v) => (byId.has(v.id) ? { ...v, approvalStep: byId.get(v.id)! } : v));
}

export async function recentExpenses(db: Db, actor: Actor, companyId: string, limit = 5) {
  const rows = (await expenseQuery(db)
    .where(and(...visibilityScope(actor, companyId)))
    .orderBy(desc(expenses.createdAt))
    .limit(limit));
  return rows.map((r) => {
    const e = presentExpense(r);
    return { id: e.id, expenseNumber: e.expenseNumber, description: e.description, category: e.category, amount: e.amountCLP, status: e.status, createdAt: e.createdAt, date: e.date };
  });
}

export { visibilityScope };

/** The company's pending expenses, oldest first (the approval queue); `onlyIds`: a manager's share of it. */
export async function listPendingExpenses(db: Db, companyId: string, onlyIds?: string[]): Promise<ExpenseView[]> {
  if (onlyIds && !onlyIds.length) return [];
  const rows = await expenseQuery(db)
    .where(and(eq(expenses.companyId, companyId), eq(expenses.status, 'pending'), onlyIds ? inArray(expenses.id, onlyIds) : undefined))
    .orderBy(expenses.createdAt)
    .limit(500);
  return rows.map(presentExpense);
}
