import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { defaultRate } from '@shared/expenses.js';
import { rateSourceLabel, type RateQuote, type RateSource } from '@shared/rates.js';
import type { DbOrTx } from '../db/client.js';
import { exchangeRates } from '../db/schema/index.js';
import type { RateProvider } from './provider.js';

/** The rate an expense gets: what it is, where it came from and which business day it is from. */
export interface ResolvedRate {
  rate: number;
  source: RateSource;
  rateDate: string | null;
}

/** How far back a weekend or a run of holidays may reach for the previous business day. */
const LOOKBACK_DAYS = 14;

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function todayInChile(): string {
  return new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });
}

async function cached(db: DbOrTx, currency: string, date: string) {
  const [row] = await db.select().from(exchangeRates).where(and(eq(exchangeRates.currency, currency), eq(exchangeRates.date, date))).limit(1);
  return row ?? null;
}

/**
 * Asks the provider for the fortnight before `date` and caches one row per calendar day with the rate of that day or
 * of the business day before it. A day is cached only once it is final: on or before the last observation, or past.
 */
async function fetchAndCache(db: DbOrTx, provider: RateProvider, currency: string, date: string): Promise<void> {
  const first = addDays(date, -LOOKBACK_DAYS);
  const obs = await provider.observations(currency, first, date);
  if (!obs.length) return;
  const today = todayInChile();
  const last = obs[obs.length - 1].date;
  const rows: (typeof exchangeRates.$inferInsert)[] = [];
  let i = 0;
  for (let d = obs[0].date; d <= date; d = addDays(d, 1)) {
    while (i + 1 < obs.length && obs[i + 1].date <= d) i++;
    if (d > last && d >= today) break;
    rows.push({ currency, date: d, rate: obs[i].rate.toFixed(6), rateDate: obs[i].date, source: provider.source });
  }
  if (!rows.length) return;
  await db
    .insert(exchangeRates)
    .values(rows)
    .onConflictDoUpdate({ target: [exchangeRates.currency, exchangeRates.date], set: { rate: sql`excluded.rate`, rateDate: sql`excluded.rate_date`, source: sql`excluded.source`, fetchedAt: sql`now()` } });
}

/**
 * The rate of `currency` on `date`: the cached provider rate of that day; else the provider's (the previous business
 * day's on a weekend or holiday), cached; when the provider is absent or fails, the last known cached rate, then the
 * default rate; null when the currency has none of these (the user must type it).
 */
export async function rateFor(db: DbOrTx, provider: RateProvider | null, currency: string, date: string, log?: { warn: (o: object, m: string) => void }): Promise<ResolvedRate | null> {
  if (currency === 'CLP') return { rate: 1, source: 'clp', rateDate: null };
  const hit = await cached(db, currency, date);
  if (hit) return { rate: Number(hit.rate), source: 'bcch', rateDate: hit.rateDate };
  if (provider?.publishes(currency)) {
    try {
      await fetchAndCache(db, provider, currency, date);
      const fresh = await cached(db, currency, date);
      if (fresh) return { rate: Number(fresh.rate), source: 'bcch', rateDate: fresh.rateDate };
    } catch (err) {
      log?.warn({ currency, date, err: (err as Error).message }, 'exchange rate provider failed');
    }
  }
  const [known] = await db
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), lte(exchangeRates.date, date)))
    .orderBy(desc(exchangeRates.date))
    .limit(1);
  const lastKnown = known ?? (await db.select().from(exchangeRates).where(eq(exchangeRates.currency, currency)).orderBy(desc(exchangeRates.date)).limit(1))[0];
  if (lastKnown) return { rate: Number(lastKnown.rate), source: 'cache', rateDate: lastKnown.rateDate };
  const fallback = defaultRate(currency);
  if (fallback !== null) return { rate: fallback, source: 'default', rateDate: null };
  return null;
}

export function presentQuote(currency: string, date: string, r: ResolvedRate | null, missing: string): RateQuote {
  return {
    currency,
    date,
    rate: r ? r.rate.toFixed(6) : null,
    source: r?.source ?? null,
    rateDate: r?.rateDate ?? null,
    label: r ? rateSourceLabel(r.source, r.rateDate, date) : missing,
  };
}
