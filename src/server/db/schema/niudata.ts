import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { NiudataVoucher } from '@shared/niudata.js';
import { companies } from './companies.js';
import { expenses } from './expenses.js';
import { users } from './users.js';

/**
 * A company's NiuData connection (part 2 §2.5, §2.10): the token encrypted at rest (platform/secret-box.ts; never the
 * plaintext), its last 4 characters for the masked hint, and the voucher settings.
 */
export const niudataSettings = pgTable('niudata_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** `v1:<keyId>:<iv>:<tag>:<ciphertext>`; null until a token is configured. */
  tokenEncrypted: text('token_encrypted'),
  tokenLast4: varchar('token_last4', { length: 4 }),
  payableAccount: varchar('payable_account', { length: 100 }).notNull(),
  ivaAccount: varchar('iva_account', { length: 100 }),
  autoSync: boolean('auto_sync').notNull().default(false),
  configuredAt: timestamp('configured_at', { withTimezone: true }),
  configuredBy: uuid('configured_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every sync request (part 2 §3 Sync history entry): one row per request, its attempts counted on it. */
export const niudataSyncHistory = pgTable(
  'niudata_sync_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    expenseId: uuid('expense_id').references(() => expenses.id, { onDelete: 'set null' }),
    expenseNumber: integer('expense_number').notNull(),
    /** pending | success | error */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    /** auto | manual | retry */
    syncType: varchar('sync_type', { length: 20 }).notNull(),
    voucherId: varchar('voucher_id', { length: 100 }),
    voucherUrl: text('voucher_url'),
    errorMessage: text('error_message'),
    attemptCount: integer('attempt_count').notNull().default(0),
    voucherData: jsonb('voucher_data').$type<NiudataVoucher>(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('niudata_sync_history_company_idx').on(t.companyId, t.createdAt), index('niudata_sync_history_expense_idx').on(t.expenseId)],
);

/**
 * The embedded sandbox's vouchers ('Modo de prueba', never in production): scoped to the SHA-256 of the token that
 * sent them, unique per idempotency key, so a replay answers the same voucher.
 */
export const niudataSandboxVouchers = pgTable(
  'niudata_sandbox_vouchers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100_001 }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('niudata_sandbox_vouchers_key_uq').on(t.tokenHash, t.idempotencyKey)],
);
