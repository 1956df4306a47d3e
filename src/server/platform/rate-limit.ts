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
export async function hitRateLimit(db: Db, rule: RateRule, subject: string): Promise<{ count: number; resetAt: Date }> {
  const key = `${rule.name}:${subject}`;
  const seconds = Math.ceil(rule.windowMs / 1000);
  const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { count: number; reset_at: string | Date }[];
  return { count: Number(rows[0].count), resetAt: new Date(rows[0].reset_at) };
}

/** Throws 429 with a Spanish message when `subject` went over the rule. */
export async function enforceRateLimit(
  db: Db,
  request: FastifyRequest,
  rule: RateRule,
  subject: string,
): Promise<void> {
  const { count, resetAt } = await hitRateLimit(db, rule, subject);
  if (count > rule.max) {
    const wait = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60000));
    request.server.log.warn({ rule: rule.name }, 'rate limit exceeded');
    throw Object.assign(errors.tooMany(`Demasiados intentos. Intenta nuevamente en ${wait} minuto${wait === 1 ? '' : 's'}.`), {
      retryAfterSeconds: Math.ceil((resetAt.getTime() - Date.now()) / 1000),
    });
  }
}

/** Stale counters are harmless but accumulate; called by the periodic cleanup. */
export async function purgeExpiredRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}

export async function clearRateLimit(db: Db, rule: RateRule, subject: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${`${rule.name}:${subject}`}`);
}
