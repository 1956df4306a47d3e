import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { errors } from '../errors.js';

export interface RateRule {
  /** Distinguishes counters of different rules. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counter in PostgreSQL, one atomic upsert per hit, so every app instance shares it.
 * Returns the count within the current window.
 */
export async function hitRateLimit(
  db: Db,
  rule: RateRule,
  subject: string,
  opts: { sliding?: boolean } = {},
): Promise<{ count: number; resetAt: Date }> {
  const key = `${rule.name}:${subject}`;
  const seconds = Math.ceil(rule.windowMs / 1000);
  // Sliding: every hit pushes the end of the window out again, so a steady trickle never starts a fresh count.
  const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() or ${opts.sliding === true} then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`);
  const row = rowsOf<{ count: number; reset_at: string | Date }>(result)[0];
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** "en 1 minuto", "en 12 minutos", "en 3 horas": how long until `resetAt`, in Spanish. */
export function waitText(resetAt: Date): string {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60000));
  if (minutes <= 90) return `en ${minutes} minuto${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `en ${hours} horas`;
}

function tooManyError(resetAt: Date, message?: (wait: string) => string) {
  const wait = waitText(resetAt);
  return Object.assign(errors.tooMany(message ? message(wait) : `Demasiados intentos. Intenta nuevamente ${wait}.`), {
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)),
  });
}

/** Gives back one hit (an attempt that turned out not to count, e.g. a successful login). */
export async function refundRateLimit(db: Db, rule: RateRule, subject: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${`${rule.name}:${subject}`} and reset_at > now()`);
}

export interface BackoffRule {
  name: string;
  /** Attempts allowed before any wait. */
  free: number;
  /** The wait after the `free`-th attempt; it doubles with each further one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The count is forgotten this long after the last attempt. */
  memoryMs: number;
}

/**
 * Exponential back-off in the rate-limit table: counts an attempt unless the previous ones still impose a wait,
 * atomically (a burst of parallel requests gets one through, not all). The row's reset_at is the last attempt plus
 * `memoryMs`, so the last attempt and the wait it imposes are known without another column.
 */
export async function reserveBackoff(db: Db, rule: BackoffRule, subject: string): Promise<{ ok: true } | { ok: false; retryAt: Date }> {
  const key = `${rule.name}:${subject}`;
  const memory = Math.ceil(rule.memoryMs / 1000);
  const result = await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${memory}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = excluded.reset_at
    where rate_limits.reset_at <= now()
      or rate_limits.count < ${rule.free}
      or now() >= rate_limits.reset_at - make_interval(secs => ${memory})
        + make_interval(secs => least(${rule.maxDelayMs / 1000}::float8, ${rule.baseDelayMs / 1000}::float8 * power(2::float8, least(rate_limits.count - ${rule.free}, 60))))
    returning count`);
  if (rowsOf(result).length > 0) return { ok: true };
  const blocked = rowsOf<{ retry_at: string | Date }>(
    await db.execute(sql`
      select reset_at - make_interval(secs => ${memory})
        + make_interval(secs => least(${rule.maxDelayMs / 1000}::float8, ${rule.baseDelayMs / 1000}::float8 * power(2::float8, least(count - ${rule.free}, 60)))) as retry_at
      from rate_limits where key = ${key}`),
  );
  return { ok: false, retryAt: blocked[0] ? new Date(blocked[0].retry_at) : new Date(Date.now() + rule.baseDelayMs) };
}

/** 429 with Retry-After until `retryAt`. */
export function backoffError(request: FastifyRequest, rule: { name: string }, retryAt: Date) {
  request.server.log.warn({ rule: rule.name }, 'back-off in force');
  return tooManyError(retryAt);
}

/** Deletes every counter whose key starts with `prefix` (e.g. all the back-off rows of one account). */
export async function clearRateLimitsWithPrefix(db: Db, prefix: string): Promise<number> {
  const result = await db.execute(sql`delete from rate_limits where starts_with(key, ${prefix}) returning key`);
  return rowsOf(result).length;
}

/**
 * Throws 429 (with Retry-After) when `subject` went over the rule; the Spanish message says how long to wait, in
 * `message` when the rule has its own words (it receives e.g. "en 3 horas").
 */
export async function enforceRateLimit(
  db: Db,
  request: FastifyRequest,
  rule: RateRule,
  subject: string,
  message?: (wait: string) => string,
): Promise<void> {
  const { count, resetAt } = await hitRateLimit(db, rule, subject);
  if (count > rule.max) {
    request.server.log.warn({ rule: rule.name }, 'rate limit exceeded');
    throw tooManyError(resetAt, message);
  }
}

/** Stale counters are harmless but accumulate; called by the periodic cleanup. */
export async function purgeExpiredRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}

/** Forgets `subject`'s counter; returns how many rows went (0 or 1). */
export async function clearRateLimit(db: Db, rule: { name: string }, subject: string): Promise<number> {
  return rowsOf(await db.execute(sql`delete from rate_limits where key = ${`${rule.name}:${subject}`} returning key`)).length;
}
