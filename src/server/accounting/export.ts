import { and, asc, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountingExpense, ApprovedExpensesExport, ApprovedExpensesQuery } from '@shared/integrations.js';
import type { Db } from '../db/client.js';
import { categories, companies, costCenters, expenses, paymentMethods, users } from '../db/schema/index.js';
import { errors } from '../errors.js';

/*
 * The export payload for outside accounting systems (part 2 §3 'Documented export payload', §7): approved expenses
 * with the accounting codes of their category and payment method, net and IVA for facturas, and a receipt link the
 * token holder can open. Every function takes the company id; nothing here reads another company's rows.
 */

export const ACCOUNTING_TIME_ZONE = 'America/Santiago';
const approvers = alias(users, 'approver');

const columns = {
  e: expenses,
  employee: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
  approver: { firstName: approvers.firstName, lastName: approvers.lastName, email: approvers.email },
  category: { id: categories.id, name: categories.name, accountingCode: categories.accountingCode },
  paymentMethod: { id: paymentMethods.id, name: paymentMethods.name, accountingCode: paymentMethods.accountingCode },
  costCenter: { id: costCenters.id, code: costCenters.code, description: costCenters.description },
  /** approvedAt in microseconds since the epoch, for the page cursor (a JS Date would round the microseconds). */
  cursorAt: sql<string | null>`(extract(epoch from ${expenses.approvedAt}) * 1000000)::bigint::text`,
};

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(expenses)
    .innerJoin(users, eq(users.id, expenses.userId))
    .leftJoin(approvers, eq(approvers.id, expenses.approverId))
    .leftJoin(categories, eq(categories.id, expenses.categoryId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, expenses.paymentMethodId))
    .leftJoin(costCenters, eq(costCenters.id, expenses.costCenterId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** The receipt link of the external API: the same Bearer token opens it (receipts are never public). */
export function accountingReceiptUrl(appUrl: string, expenseId: string): string {
  return `${appUrl.replace(/\/$/, '')}/api/accounting/expense/${expenseId}/receipt`;
}

export function presentAccountingExpense(row: Row, appUrl: string): AccountingExpense {
  const e = row.e;
  return {
    id: e.id,
    expenseNumber: e.expenseNumber,
    date: e.date,
    description: e.description,
    amount: e.amount,
    currency: e.currency,
    exchangeRate: e.exchangeRate,
    amountCLP: String(e.amountClp),
    netAmount: e.netAmount === null ? null : String(e.netAmount),
    taxAmount: e.taxAmount === null ? null : String(e.taxAmount),
    documentType: e.documentType,
    invoiceNumber: e.invoiceNumber,
    taxId: e.taxId,
    address: e.address,
    status: e.status as AccountingExpense['status'],
    employee: row.employee,
    category: row.category?.id ? row.category : null,
    paymentMethod: row.paymentMethod?.id ? row.paymentMethod : null,
    costCenter: row.costCenter?.id ? row.costCenter : null,
    receiptUrl: e.receiptKey ? accountingReceiptUrl(appUrl, e.id) : null,
    approvedBy: row.approver?.email ? { firstName: row.approver.firstName ?? '', lastName: row.approver.lastName ?? '', email: row.approver.email } : null,
    approvedAt: e.approvedAt?.toISOString() ?? null,
    syncStatus: e.syncStatus as AccountingExpense['syncStatus'],
    createdAt: e.createdAt.toISOString(),
  };
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** One expense of the company, as the export presents it (any status: the integrator may look up what it saw). */
export async function getAccountingExpense(db: Db, companyId: string, id: string, appUrl: string): Promise<AccountingExpense> {
  if (!isUuid(id)) throw errors.notFound('Rendición no encontrada.');
  const [row] = await baseQuery(db)
    .where(and(eq(expenses.id, id), eq(expenses.companyId, companyId)))
    .limit(1);
  if (!row) throw errors.notFound('Rendición no encontrada.');
  return presentAccountingExpense(row, appUrl);
}

/** The receipt's storage key of one company expense, or 404. */
export async function accountingReceiptKey(db: Db, companyId: string, id: string) {
  if (!isUuid(id)) throw errors.notFound('Rendición no encontrada.');
  const [row] = await db
    .select({ key: expenses.receiptKey, mime: expenses.receiptMime, number: expenses.expenseNumber })
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.companyId, companyId)))
    .limit(1);
  if (!row) throw errors.notFound('Rendición no encontrada.');
  if (!row.key) throw errors.notFound('Esta rendición no tiene comprobante.');
  return row;
}

function santiagoToday(): string {
  return new Date().toLocaleDateString('sv-SE', { timeZone: ACCOUNTING_TIME_ZONE });
}

/** Without dates: the current month (Santiago) up to today; a missing end is today, a missing start its month's 1st. */
export function resolvePeriod(q: Pick<ApprovedExpensesQuery, 'startDate' | 'endDate'>): { startDate: string; endDate: string } {
  const endDate = q.endDate ?? (q.startDate && q.startDate > santiagoToday() ? q.startDate : santiagoToday());
  const startDate = q.startDate ?? `${endDate.slice(0, 7)}-01`;
  if (startDate > endDate) throw errors.badRequest('La fecha final no puede ser anterior a la inicial.', 'endDate');
  return { startDate, endDate };
}

interface Cursor {
  /** approvedAt in microseconds since the epoch. */
  at: string;
  id: string;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && /^\d{1,20}$/.test(at) && typeof id === 'string' && isUuid(id)) return { at, id };
  } catch {
    /* falls through */
  }
  throw errors.badRequest('El cursor no es válido: usa el valor nextCursor de la página anterior.', 'cursor');
}

/** The period's rows: approved, in the company, the chosen date field within [start, end] in Santiago time. */
function periodConditions(companyId: string, period: { startDate: string; endDate: string }, dateField: 'approvedAt' | 'date'): SQL[] {
  const where: SQL[] = [eq(expenses.companyId, companyId), eq(expenses.status, 'approved')];
  if (dateField === 'date') {
    where.push(gte(expenses.date, period.startDate), sql`${expenses.date} <= ${period.endDate}`);
  } else {
    // Boundaries computed once as instants, so the (company_id, approved_at, id) index serves the range.
    where.push(
      gte(expenses.approvedAt, sql`(${period.startDate}::date)::timestamp at time zone ${ACCOUNTING_TIME_ZONE}`),
      lt(expenses.approvedAt, sql`(${period.endDate}::date + 1)::timestamp at time zone ${ACCOUNTING_TIME_ZONE}`),
    );
  }
  return where;
}

/**
 * GET /api/accounting/approved-expenses: one page in approval order (keyset on approvedAt, id, so a page never
 * repeats or skips a row while others are approved meanwhile), plus the count and CLP total of the whole period.
 */
export async function exportApprovedExpenses(db: Db, companyId: string, q: ApprovedExpensesQuery, appUrl: string): Promise<ApprovedExpensesExport> {
  const period = resolvePeriod(q);
  const where = periodConditions(companyId, period, q.dateField);
  const page: SQL[] = [...where];
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    const at = sql`to_timestamp(${c.at}::numeric / 1000000)`;
    page.push(or(gt(expenses.approvedAt, at), and(eq(expenses.approvedAt, at), gt(expenses.id, c.id)))!);
  }
  const [company] = await db.select({ id: companies.id, name: companies.name, taxId: companies.taxId }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw errors.notFound('Empresa no encontrada.');
  const [rows, [totals]] = await Promise.all([
    baseQuery(db)
      .where(and(...page))
      .orderBy(asc(expenses.approvedAt), asc(expenses.id))
      .limit(q.limit + 1),
    db
      .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${expenses.amountClp}), 0)::text` })
      .from(expenses)
      .where(and(...where)),
  ]);
  const hasMore = rows.length > q.limit;
  const pageRows = hasMore ? rows.slice(0, q.limit) : rows;
  const last = pageRows.at(-1);
  return {
    company,
    period: { ...period, dateField: q.dateField, timeZone: ACCOUNTING_TIME_ZONE },
    expenses: pageRows.map((r) => presentAccountingExpense(r, appUrl)),
    totalAmount: String(totals.total),
    count: Number(totals.count),
    nextCursor: hasMore && last?.cursorAt ? encodeCursor({ at: last.cursorAt, id: last.e.id }) : null,
    exportedAt: new Date().toISOString(),
  };
}
