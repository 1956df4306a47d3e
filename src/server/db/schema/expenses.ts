import { bigint, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { ReceiptFlag, TimbreSummary } from '@shared/receipts.js';
import { categories, costCenters, paymentMethods } from './catalog.js';
import { companies } from './companies.js';
import { users } from './users.js';

export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Per-company sequence, from companies.next_expense_number. */
    expenseNumber: integer('expense_number').notNull(),
    date: date('date').notNull(),
    /** Amount in the original currency, 2 decimals. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('CLP'),
    exchangeRate: numeric('exchange_rate', { precision: 14, scale: 6 }).notNull().default('1'),
    /**
     * Where the rate came from: clp | bcch (the provider's rate of the expense's date) | cache (last known rate) |
     * default (DEFAULT_RATES) | manual (typed at filing) | override (an admin, with a reason in the audit log).
     * Null on expenses filed before dated rates.
     */
    exchangeRateSource: varchar('exchange_rate_source', { length: 20 }),
    /** The business day the provider's rate is from (the previous business day for a weekend or holiday date). */
    exchangeRateDate: date('exchange_rate_date'),
    /** Whole pesos. */
    amountClp: bigint('amount_clp', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id').references(() => categories.id),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    costCenterId: uuid('cost_center_id').references(() => costCenters.id),
    /** boleta | factura | recibo | ticket */
    documentType: varchar('document_type', { length: 20 }).notNull().default('boleta'),
    invoiceNumber: varchar('invoice_number', { length: 50 }),
    /** Issuer RUT, normalised 76123456-7. */
    taxId: varchar('tax_id', { length: 20 }),
    address: text('address'),
    netAmount: bigint('net_amount', { mode: 'number' }),
    taxAmount: bigint('tax_amount', { mode: 'number' }),
    /** Storage key of the receipt file; never a public URL. */
    receiptKey: text('receipt_key'),
    receiptMime: varchar('receipt_mime', { length: 50 }),
    receiptSize: integer('receipt_size'),
    /** SHA-256 of the receipt file: the same file filed twice is a duplicate. */
    receiptSha256: varchar('receipt_sha256', { length: 64 }),
    /** issuerRut|documentType|folio of the tax document, when known: the same document filed twice is a duplicate. */
    documentKey: varchar('document_key', { length: 120 }),
    /** The SII timbre read from the receipt. */
    receiptTimbre: jsonb('receipt_timbre').$type<TimbreSummary>(),
    /** What an admin must see before approving (timbre problems, duplicates). */
    receiptFlags: jsonb('receipt_flags').$type<ReceiptFlag[]>().notNull().default([]),
    /** pending | approved | rejected */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    approverId: uuid('approver_id').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** Accounting sync (NiuData voucher): pending | synced | error; only approved expenses are synced. */
    syncStatus: varchar('sync_status', { length: 20 }).notNull().default('pending'),
    syncError: text('sync_error'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /** The NiuData voucher booked for this expense (its idempotency key is the expense): never booked twice. */
    syncVoucherId: varchar('sync_voucher_id', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('expenses_company_number_uq').on(t.companyId, t.expenseNumber),
    index('expenses_company_date_number_idx').on(t.companyId, t.date, t.expenseNumber),
    // Covers the dashboard's sums (chart by month, stat cards): index-only scans, no heap reads. Status before date:
    // the chart's 'approved or pending since' is two ranges of it.
    index('expenses_company_status_date_amount_idx').on(t.companyId, t.status, t.date, t.amountClp),
    index('expenses_company_user_date_idx').on(t.companyId, t.userId, t.date),
    index('expenses_company_status_idx').on(t.companyId, t.status),
    index('expenses_company_created_idx').on(t.companyId, t.createdAt),
    index('expenses_company_receipt_sha_idx').on(t.companyId, t.receiptSha256),
    index('expenses_company_document_key_idx').on(t.companyId, t.documentKey),
    index('expenses_company_approved_idx').on(t.companyId, t.approvedAt, t.id),
  ],
);
