import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { expenses } from './expenses.js';
import { users } from './users.js';

/**
 * API tokens for outside systems (part 2 §3 API token). Only the SHA-256 of the secret is kept; its unique index
 * makes every authenticated request one indexed lookup. `prefix` is the start of the secret, shown in lists.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    prefix: varchar('prefix', { length: 24 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('api_tokens_hash_uq').on(t.tokenHash), index('api_tokens_company_idx').on(t.companyId, t.createdAt)],
);

/** The company's approval webhook (part 2 §3 Accounting webhook): one per company. */
export const accountingWebhooks = pgTable('accounting_webhooks', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  url: text('url'),
  enabled: boolean('enabled').notNull().default(false),
  /** HMAC-SHA256 key; shown once when created or rotated. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  lastTriggered: timestamp('last_triggered', { withTimezone: true }),
});

/** Every delivery attempt of an approval webhook. */
export const accountingWebhookLogs = pgTable(
  'accounting_webhook_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    expenseId: uuid('expense_id').references(() => expenses.id, { onDelete: 'set null' }),
    eventType: varchar('event_type', { length: 60 }).notNull(),
    eventId: varchar('event_id', { length: 60 }).notNull(),
    url: text('url').notNull(),
    test: boolean('test').notNull().default(false),
    attempt: integer('attempt').notNull(),
    responseStatus: integer('response_status'),
    errorMessage: text('error_message'),
    /** When the next attempt is due, while one is scheduled. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    payload: jsonb('payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('accounting_webhook_logs_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('accounting_webhook_logs_attempt_uq').on(t.companyId, t.eventId, t.attempt),
  ],
);
