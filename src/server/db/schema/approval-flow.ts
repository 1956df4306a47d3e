import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { ApproverSpec, ExpensePolicies, PolicyViolation } from '@shared/approval-flow.js';
import { categories, costCenters } from './catalog.js';
import { companies } from './companies.js';
import { expenses } from './expenses.js';
import { users } from './users.js';

/**
 * The company's ordered approval rules (issue 20 item 1). The first rule whose conditions all hold picks the steps of
 * a new expense; with no rule (or none matching) one admin approves, as before rules existed.
 */
export const approvalRules = pgTable(
  'approval_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    minAmountClp: bigint('min_amount_clp', { mode: 'number' }),
    maxAmountClp: bigint('max_amount_clp', { mode: 'number' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    costCenterId: uuid('cost_center_id').references(() => costCenters.id, { onDelete: 'cascade' }),
    submitterId: uuid('submitter_id').references(() => users.id, { onDelete: 'cascade' }),
    steps: jsonb('steps').$type<ApproverSpec[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('approval_rules_company_position_uq').on(t.companyId, t.position)],
);

/** A manager approves for the cost centers and the people assigned to them (one target per row). */
export const managerAssignments = pgTable(
  'manager_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    managerId: uuid('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    costCenterId: uuid('cost_center_id').references(() => costCenters.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('manager_assignments_company_manager_idx').on(t.companyId, t.managerId),
    index('manager_assignments_company_cost_center_idx').on(t.companyId, t.costCenterId),
    index('manager_assignments_company_employee_idx').on(t.companyId, t.employeeId),
    check('manager_assignments_one_target', sql`(${t.costCenterId} is null) <> (${t.employeeId} is null)`),
  ],
);

/**
 * The steps of an expense filed under a rule, in order. An expense without steps (filed before rules, or no rule
 * matched) is approved by one admin, exactly as before. Exactly one step is 'pending' while the expense is pending.
 */
export const approvalSteps = pgTable(
  'approval_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** admin: any admin of the company decides; user: approver_id decides. */
    approverKind: varchar('approver_kind', { length: 10 }).notNull(),
    approverId: uuid('approver_id').references(() => users.id, { onDelete: 'set null' }),
    /** waiting | pending | approved | rejected | cancelled */
    status: varchar('status', { length: 12 }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    /** Bumped on each reassignment: the notification of a step's new approver has its own job id. */
    assignmentVersion: integer('assignment_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_steps_expense_position_uq').on(t.expenseId, t.position),
    uniqueIndex('approval_steps_one_open_uq').on(t.expenseId).where(sql`${t.status} = 'pending'`),
    index('approval_steps_company_approver_open_idx').on(t.companyId, t.approverId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Policies checked at filing (issue 20 item 3), one row per company; no row means no policy but duplicate warnings. */
export const expensePolicies = pgTable('expense_policies', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  policies: jsonb('policies').$type<ExpensePolicies>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The policy warnings an expense was filed with, shown to each approver on the card. */
export const expensePolicyFlags = pgTable('expense_policy_flags', {
  expenseId: uuid('expense_id')
    .primaryKey()
    .references(() => expenses.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  violations: jsonb('violations').$type<PolicyViolation[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
