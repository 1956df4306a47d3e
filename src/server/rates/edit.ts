import type { ExpenseData } from '@shared/expenses.js';
import type { AppDeps } from '../context.js';
import { getExpense } from '../expenses/service.js';
import type { Actor } from '../policies/index.js';
import { openRateProvider } from './open.js';
import { rateFor, type ResolvedRate } from './service.js';

/**
 * The rate an admin's edit of a pending expense starts from: the stored one (with its source) when currency, date and
 * rate are unchanged, else the dated rate of the new date.
 */
export async function editRate(deps: AppDeps, actor: Actor, companyId: string, id: string, input: ExpenseData, log?: { warn: (o: object, m: string) => void }): Promise<ResolvedRate | null> {
  if (input.currency === 'CLP') return null;
  const current = await getExpense(deps.db, actor, companyId, id);
  const sameRate = input.exchangeRate === null || Math.abs(input.exchangeRate - Number(current.exchangeRate)) < 5e-7;
  if (current.currency === input.currency && current.date === input.date && sameRate && current.exchangeRateSource) {
    return { rate: Number(current.exchangeRate), source: current.exchangeRateSource, rateDate: current.exchangeRateDate };
  }
  return rateFor(deps.db, openRateProvider(deps.env), input.currency, input.date, log);
}
