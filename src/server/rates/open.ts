import type { Env } from '../env.js';
import { BcchRateProvider } from './bcch.js';
import type { RateProvider } from './provider.js';

/** The rate provider this environment configures, or null (no credentials: cached and default rates only). */
export function openRateProvider(env: Pick<Env, 'BCCH_API_URL' | 'BCCH_USER' | 'BCCH_PASS' | 'BCCH_TIMEOUT_MS'>): RateProvider | null {
  if (!env.BCCH_USER || !env.BCCH_PASS) return null;
  return new BcchRateProvider({ url: env.BCCH_API_URL, user: env.BCCH_USER, pass: env.BCCH_PASS, timeoutMs: env.BCCH_TIMEOUT_MS });
}
