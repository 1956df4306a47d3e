import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ExpenseView } from '@shared/expenses.js';
import { INVOICE_DOCUMENT_TYPES, type InvoiceFilters, type InvoiceStats, type InvoiceView } from '@shared/integrations.js';
import type { Db } from '../db/client.js';
import { expenses, users } from '../db/schema/index.js';
import { errors } from '../errors.js';
import { expenseQuery, presentExpense } from '../expenses/service.js';

/*
 * Issued invoices (part 2 §2.4): the company's tax documents filed as expenses (facturas and boletas), with net, IVA,
 * the timbre check and the accounting sync state. Company-wide, so only admins reach it (routes.ts).
 */

type Filters = Omit<InvoiceFilters, 'page' | 'pageSize'>;

function conditions(companyId: string, f: Filters): SQL[] {
  const where: SQL[] = [eq(expenses.companyId, companyId), inArray(expenses.documentType, [...INVOICE_DOCUMENT_TYPES])];
  if (f.status && f.status !== 'all') where.push(eq(expenses.status, f.status));
  if (f.documentType && f.documentType !== 'all') where.push(eq(expenses.documentType, f.documentType));
  if (f.syncStatus && f.syncStatus !== 'all') where.push(eq(expenses.syncStatus, f.syncStatus));
  if (f.startDate) where.push(gte(expenses.date, f.startDate));
  if (f.endDate) where.push(lte(expenses.date, f.endDate));
  const q = f.search?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = q.replace(/\D/g, '');
    const byText: SQL[] = [
      ilike(expenses.invoiceNumber, like),
      ilike(expenses.taxId, like),
      ilike(expenses.description, like),
      sql`exists (select 1 from ${users} where ${users.id} = ${expenses.userId} and (${users.email} ilike ${like} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${like}))`,
    ];
    // A RUT typed with dots ('76.086.428-5') matches the normalised one; a plain number matches the rendition folio.
    if (/^[\d.]+-?[\dkK]?$/.test(q) && digits) byText.push(ilike(expenses.taxId, `%${q.replace(/\./g, '')}%`));
    if (/^\d{1,9}$/.test(q)) byText.push(eq(expenses.expenseNumber, Number(q)));
    where.push(or(...byText)!);
  }
  return where;
}

function presentInvoice(e: ExpenseView): InvoiceView {
  return {
    id: e.id,
    renditionFolio: e.expenseNumber,
    documentType: e.documentType as InvoiceView['documentType'],
    invoiceNumber: e.invoiceNumber,
    taxId: e.taxId,
    address: e.address,
    description: e.description,
    date: e.date,
    amount: e.amount,
    currency: e.currency,
    amountCLP: e.amountCLP,
    netAmount: e.netAmount,
    taxAmount: e.taxAmount,
    status: e.status,
    receiptUrl: e.receiptUrl,
    user: { firstName: e.user.firstName, lastName: e.user.lastName, email: e.user.email },
    approver: e.approver,
    approvedAt: e.approvedAt,
    rejectedAt: e.rejectedAt,
    rejectionReason: e.rejectionReason,
    category: e.category,
    paymentMethod: e.paymentMethod,
    syncStatus: e.syncStatus,
    syncError: e.syncError,
    syncedAt: e.syncedAt,
    timbre: e.timbre,
    receiptFlags: e.receiptFlags,
  };
}

export async function listInvoices(db: Db, companyId: string, f: InvoiceFilters) {
  const where = and(...conditions(companyId, f));
  const [rows, [{ total }]] = await Promise.all([
    expenseQuery(db)
      .where(where)
      .orderBy(desc(expenses.date), desc(expenses.expenseNumber))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ total: count() }).from(expenses).where(where),
  ]);
  return { items: rows.map((r) => presentInvoice(presentExpense(r))), total: Number(total), page: f.page, pageSize: f.pageSize };
}

export async function getInvoice(db: Db, companyId: string, id: string): Promise<InvoiceView> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw errors.notFound('Documento no encontrado.');
  const [row] = await expenseQuery(db)
    .where(and(eq(expenses.id, id), ...conditions(companyId, {})))
    .limit(1);
  if (!row) throw errors.notFound('Documento no encontrado.');
  return presentInvoice(presentExpense(row));
}

/** The four cards, over the same filters as the table (paging aside). Rejected documents count in the total only. */
export async function invoiceStats(db: Db, companyId: string, f: Filters): Promise<InvoiceStats> {
  const [r] = await db
    .select({
      totalInvoices: sql<number>`count(*)::int`,
      totalAmount: sql<string>`coalesce(sum(${expenses.amountClp}), 0)::text`,
      pendingInvoices: sql<number>`(count(*) filter (where ${expenses.status} = 'pending'))::int`,
      approvedInvoices: sql<number>`(count(*) filter (where ${expenses.status} = 'approved'))::int`,
    })
    .from(expenses)
    .where(and(...conditions(companyId, f)));
  return { totalInvoices: Number(r.totalInvoices), totalAmount: String(r.totalAmount), pendingInvoices: Number(r.pendingInvoices), approvedInvoices: Number(r.approvedInvoices) };
}
