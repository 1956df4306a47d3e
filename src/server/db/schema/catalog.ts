import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * The comparison key of a catalog name or code: inner spaces collapsed, trimmed, accents (and ñ, ç) folded, lower
 * case. 'Alimentación', ' alimentacion ' and 'ALIMENTACIÓN' share one key, so a company cannot have them twice.
 * Plain SQL (no unaccent extension, which PGlite lacks) and immutable, so a unique index can use it; the routes
 * look duplicates up with the same expression. translate() runs before lower(): in a C-locale database lower()
 * only folds ASCII.
 */
export function catalogKey(column: AnyPgColumn | SQL): SQL {
  return sql`lower(translate(btrim(regexp_replace(${column}, '[[:space:]]+', ' ', 'g')), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))`;
}

const catalogColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  accountingCode: varchar('accounting_code', { length: 50 }),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const categories = pgTable('categories', catalogColumns(), (t) => [
  index('categories_company_idx').on(t.companyId),
  uniqueIndex('categories_company_name_key').on(t.companyId, catalogKey(t.name)),
]);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    ...catalogColumns(),
    /** Paid with the employee's own money (cash, personal card): its approved expenses are reimbursed to them. */
    reimbursable: boolean('reimbursable').notNull().default(false),
  },
  (t) => [
    index('payment_methods_company_idx').on(t.companyId),
    uniqueIndex('payment_methods_company_name_key').on(t.companyId, catalogKey(t.name)),
  ],
);

export const costCenters = pgTable(
  'cost_centers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 50 }).notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cost_centers_company_idx').on(t.companyId), uniqueIndex('cost_centers_company_code_key').on(t.companyId, catalogKey(t.code))],
);
