import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 200 }).notNull(),
    domain: varchar('domain', { length: 200 }),
    taxId: varchar('tax_id', { length: 20 }),
    address: text('address'),
    /** Short human code shown as 'Código'. */
    companyCode: varchar('company_code', { length: 12 }).notNull().unique(),
    /** A PlanId of src/shared/plans.ts. */
    plan: varchar('plan', { length: 30 }).notNull().default('free'),
    /** free | trial | active | pending | canceled */
    subscriptionStatus: varchar('subscription_status', { length: 20 }).notNull().default('free'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /**
     * A plan change already paid that starts when the running paid period ends (a downgrade or a same-price change,
     * billing/plan-change.ts): from `currentPeriodEnd` to `scheduledPeriodEnd` the company is on `scheduledPlan`.
     */
    scheduledPlan: varchar('scheduled_plan', { length: 30 }),
    scheduledPeriodEnd: timestamp('scheduled_period_end', { withTimezone: true }),
    /** A partner plan asked for at registration; it applies once the owner's e-mail is verified. */
    pendingPlan: varchar('pending_plan', { length: 30 }),
    /**
     * Separation of duties: an admin may approve or reject their own expense only when this is on (one-person
     * companies); otherwise another admin (or the super admin) decides. Every self-decision is audited as such.
     */
    allowSelfApproval: boolean('allow_self_approval').notNull().default(false),
    /** Next number handed to a new expense of this company. */
    nextExpenseNumber: integer('next_expense_number').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_domain_idx').on(sql`lower(${t.domain})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** admin | manager | employee */
    role: varchar('role', { length: 20 }).notNull().default('employee'),
    isActive: boolean('is_active').notNull().default(true),
    /** Set while the invitation has not been accepted. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('memberships_user_company_uq').on(t.userId, t.companyId), index('memberships_company_idx').on(t.companyId)],
);
