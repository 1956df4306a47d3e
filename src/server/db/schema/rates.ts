import { date, numeric, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The rate provider's answers, cached per calendar day (shared by every company: public data). A weekend or holiday
 * has its own row carrying the previous business day's rate, `rateDate` says which day that was.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: varchar('currency', { length: 3 }).notNull(),
    date: date('date').notNull(),
    /** CLP per one unit of the currency. */
    rate: numeric('rate', { precision: 14, scale: 6 }).notNull(),
    /** The business day whose observation this is (equal to `date` on business days). */
    rateDate: date('rate_date').notNull(),
    /** 'bcch' (Banco Central de Chile). */
    source: varchar('source', { length: 20 }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.date] })],
);
