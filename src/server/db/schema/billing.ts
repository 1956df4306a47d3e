import { bigint, boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { users } from './users.js';

/**
 * One checkout a company started for a plan (a MercadoPago Checkout Pro preference, or the sandbox's). Its id is the
 * payment's `external_reference`, so a notification is matched to company, plan and amount from our own row.
 */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: varchar('plan_id', { length: 30 }).notNull(),
    /** CLP, IVA included: what the buyer must pay. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** mercadopago | sandbox */
    provider: varchar('provider', { length: 20 }).notNull(),
    preferenceId: varchar('preference_id', { length: 100 }),
    initPoint: text('init_point'),
    /** created | approved | rejected | cancelled | pending: the last payment status seen. */
    status: varchar('status', { length: 20 }).notNull().default('created'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_checkouts_company_idx').on(t.companyId, t.createdAt)],
);

/** Payments of the sandbox provider (embedded default): what `GET /v1/payments/{id}` answers there. */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1_000_001 }),
  checkoutId: uuid('checkout_id')
    .notNull()
    .references(() => paymentCheckouts.id, { onDelete: 'cascade' }),
  /** approved | rejected */
  status: varchar('status', { length: 20 }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Part 1 §3 Subscription invoice: one per payment seen, the provider's payment id making it idempotent. */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id').references(() => paymentCheckouts.id, { onDelete: 'set null' }),
    invoiceNumber: varchar('invoice_number', { length: 30 }).notNull().unique(),
    /** paid | pending | failed | cancelled */
    status: varchar('status', { length: 20 }).notNull(),
    planId: varchar('plan_id', { length: 30 }).notNull(),
    billingPeriodStart: timestamp('billing_period_start', { withTimezone: true }),
    billingPeriodEnd: timestamp('billing_period_end', { withTimezone: true }),
    dueDate: timestamp('due_date', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentMethod: varchar('payment_method', { length: 60 }),
    description: text('description').notNull(),
    /** Net amount (subtotal) in CLP. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('19'),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull(),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerPaymentId: varchar('provider_payment_id', { length: 60 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_invoices_provider_payment_uq').on(t.provider, t.providerPaymentId),
    index('subscription_invoices_company_idx').on(t.companyId, t.createdAt),
  ],
);

/** Part 2 §3 Billing webhook: called with `subscription.paid` when a plan is paid. */
export const billingWebhooks = pgTable('billing_webhooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: varchar('name', { length: 120 }).notNull(),
  url: text('url').notNull(),
  event: varchar('event', { length: 60 }).notNull().default('subscription.paid'),
  /** HMAC-SHA256 key for the signature header; null sends unsigned. */
  secret: text('secret'),
  /** A JSON object of extra headers, stored as text (part 2 §3). */
  headers: text('headers').notNull().default('{}'),
  isActive: boolean('is_active').notNull().default(true),
  lastTriggered: timestamp('last_triggered', { withTimezone: true }),
  retryCount: integer('retry_count').notNull().default(3),
  timeoutSeconds: integer('timeout_seconds').notNull().default(10),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every delivery attempt of a billing webhook. */
export const billingWebhookLogs = pgTable(
  'billing_webhook_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id').references(() => billingWebhooks.id, { onDelete: 'set null' }),
    webhookName: varchar('webhook_name', { length: 120 }).notNull(),
    eventType: varchar('event_type', { length: 60 }).notNull(),
    /** The event's own id: the same for every attempt of one delivery. */
    eventId: varchar('event_id', { length: 60 }).notNull(),
    attempt: integer('attempt').notNull(),
    responseStatus: integer('response_status'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [index('billing_webhook_logs_created_idx').on(t.createdAt), index('billing_webhook_logs_webhook_idx').on(t.webhookId, t.createdAt)],
);
