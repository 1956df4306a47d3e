import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, not, or } from 'drizzle-orm';
import { FREE_TRIAL_DAYS, PLANS, getPlan, type Plan } from '@shared/plans.js';
import type { Db } from '../db/client.js';
import { auditLog, companies } from '../db/schema/index.js';

/*
 * Subscription rules, in one place:
 * - A paid plan runs while its trial (status 'trial', `trialEndsAt`) or its paid period (`currentPeriodEnd`) runs.
 * - A paid plan with no period at all and status 'active' was assigned by hand (super admin, seed): it runs until
 *   changed. Free plans (free, niudata-free) have no period.
 * - When neither runs, the company is on the free plan's limits, whatever the row still says: limits never wait
 *   for `expireSubscriptions` to rewrite the row. Nothing is deleted.
 */

type SubscriptionFields = {
  plan: string;
  subscriptionStatus: string;
  trialEndsAt: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
};

const FREE = getPlan('free');
const PAID_PLAN_IDS = PLANS.filter((p) => p.price !== 0).map((p) => p.id);

export function trialRunning(c: SubscriptionFields, now = new Date()): boolean {
  return c.subscriptionStatus === 'trial' && !!c.trialEndsAt && c.trialEndsAt > now;
}

/** The plan whose limits apply to the company right now. */
export function effectivePlan(c: SubscriptionFields, now = new Date()): Plan {
  const plan = getPlan(c.plan);
  if (plan.price === 0) return plan;
  if (trialRunning(c, now)) return plan;
  if (c.currentPeriodEnd) return c.currentPeriodEnd > now ? plan : FREE;
  return c.subscriptionStatus === 'active' ? plan : FREE;
}

/**
 * The 7-day trial of the landing page starts the first time a company on the free plan chooses a paid plan: it
 * never had a trial, never had a paid period, and is not on a paid plan now.
 */
export function trialEligible(c: SubscriptionFields, now = new Date()): boolean {
  return c.trialEndsAt === null && c.currentPeriodStart === null && effectivePlan(c, now).price === 0;
}

export function trialEnd(now: Date): Date {
  return new Date(now.getTime() + FREE_TRIAL_DAYS * 86_400_000);
}

/** Same day next month, clamped to the month's last day (31 Jan -> 28/29 Feb). */
export function addOneMonth(d: Date): Date {
  const day = d.getUTCDate();
  const r = new Date(d);
  r.setUTCDate(1);
  r.setUTCMonth(r.getUTCMonth() + 1);
  const last = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(day, last));
  return r;
}

/**
 * The month a payment for `planId` buys, paid at `now`:
 * - during the trial it starts when the trial ends (paying early never shortens the 7 free days);
 * - renewing the plan that is running extends it from the current period's end;
 * - otherwise (first purchase, a lapsed plan, a change of plan) it starts at once.
 */
export function nextPaidPeriod(c: SubscriptionFields, planId: string, now: Date): { start: Date; end: Date } {
  let start = now;
  if (trialRunning(c, now)) start = c.trialEndsAt!;
  else if (c.plan === planId && c.subscriptionStatus === 'active' && c.currentPeriodEnd && c.currentPeriodEnd > now) start = c.currentPeriodEnd;
  return { start, end: addOneMonth(start) };
}

/**
 * Moves companies whose trial or paid period has ended back to plan and status 'free' (the read-side rule above
 * already applies their free limits; this makes the stored row and the admin lists say so). Idempotent and safe
 * with several instances. Returns the ids of the companies changed.
 */
export async function expireSubscriptions(db: Db, now = new Date()): Promise<string[]> {
  const lapsed = and(
    inArray(companies.plan, PAID_PLAN_IDS),
    not(and(eq(companies.subscriptionStatus, 'trial'), isNotNull(companies.trialEndsAt), gt(companies.trialEndsAt, now))!),
    or(
      and(isNotNull(companies.currentPeriodEnd), lte(companies.currentPeriodEnd, now)),
      and(isNull(companies.currentPeriodEnd), ne(companies.subscriptionStatus, 'active')),
    ),
  );
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: companies.id, plan: companies.plan, status: companies.subscriptionStatus })
      .from(companies)
      .where(lapsed)
      .for('update', { skipLocked: true });
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    await tx
      .update(companies)
      .set({ plan: 'free', subscriptionStatus: 'free', updatedAt: now })
      .where(and(inArray(companies.id, ids), lapsed));
    await tx.insert(auditLog).values(
      rows.map((r) => ({
        companyId: r.id,
        entityType: 'company',
        entityId: r.id,
        action: 'subscription.expired',
        changes: { plan: { from: r.plan, to: 'free' }, subscriptionStatus: { from: r.status, to: 'free' } },
      })),
    );
    return ids;
  });
}

/** Runs `expireSubscriptions` now and every 10 minutes; returns the stop function. */
export function scheduleSubscriptionExpiry(db: Db, onError: (err: unknown) => void = () => undefined): () => void {
  const run = () => void expireSubscriptions(db).catch(onError);
  run();
  const timer = setInterval(run, 10 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
