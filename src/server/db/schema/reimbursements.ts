import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { expenses } from './expenses.js';
import { users } from './users.js';

/** An employee's bank account for reimbursements (their profile); the account number is encrypted at rest. */
export const bankAccounts = pgTable('bank_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Account holder's RUT, normalised 12345678-5. */
  holderRut: varchar('holder_rut', { length: 12 }).notNull(),
  /** A code of CHILEAN_BANKS (src/shared/reimbursements.ts). */
  bank: varchar('bank', { length: 40 }).notNull(),
  /** corriente | vista | rut | ahorro */
  accountType: varchar('account_type', { length: 20 }).notNull(),
  /** secret-box ciphertext (`v1:<keyId>:…`), context `bank-account:<userId>`. */
  accountNumberEnc: text('account_number_enc').notNull(),
  /** The last 4 digits, to show without decrypting. */
  accountLast4: varchar('account_last4', { length: 4 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A payout batch ('nómina de pagos'): approved out-of-pocket expenses grouped per employee, paid together. */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Per-company sequence shown as 'Nómina N°'. */
    batchNumber: integer('batch_number').notNull(),
    /** open | paid */
    status: varchar('status', { length: 20 }).notNull().default('open'),
    totalClp: bigint('total_clp', { mode: 'number' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('payout_batches_company_number_uq').on(t.companyId, t.batchNumber), index('payout_batches_company_created_idx').on(t.companyId, t.createdAt)],
);

/** One expense in one batch: an expense is never paid twice (unique expense). */
export const payoutItems = pgTable(
  'payout_items',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'cascade' }),
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountClp: bigint('amount_clp', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('payout_items_expense_uq').on(t.expenseId), index('payout_items_batch_idx').on(t.batchId), index('payout_items_company_user_idx').on(t.companyId, t.userId)],
);
