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
  /** A paid change that starts when the current period ends (billing/plan-change.ts). */
  scheduledPlan?: string | null;
  scheduledPeriodEnd?: Date | null;
};

const FREE = getPlan('free');
const PAID_PLAN_IDS = PLANS.filter((p) => p.price !== 0).map((p) => p.id);

export function trialRunning(c: SubscriptionFields, now = new Date()): boolean {
  return c.subscriptionStatus === 'trial' && !!c.trialEndsAt && c.trialEndsAt > now;
}

/** A scheduled change whose month has come (the row may still wait for `expireSubscriptions` to roll it over). */
function scheduledRunning(c: SubscriptionFields, now: Date): boolean {
  return !!c.scheduledPlan && !!c.scheduledPeriodEnd && !!c.currentPeriodEnd && c.currentPeriodEnd <= now && c.scheduledPeriodEnd > now;
}

/** The plan whose limits apply to the company right now. */
export function effectivePlan(c: SubscriptionFields, now = new Date()): Plan {
  if (scheduledRunning(c, now)) return getPlan(c.scheduledPlan!);
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

/** Periods are counted on the customer's calendar: Chile's, with its summer time. */
export const BILLING_TIME_ZONE = 'America/Santiago';
const wallClockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BILLING_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Chile's wall clock at `d` (month 1-12). */
function wallClock(d: Date) {
  const p = Object.fromEntries(wallClockFormat.formatToParts(d).map((x) => [x.type, Number(x.value)])) as Record<string, number>;
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

/** The instant Chile's clocks show the given wall time (month0 0-11, may overflow into the next year). */
function fromWallClock(year: number, month0: number, day: number, hour: number, minute: number, second: number, ms: number): Date {
  const asUtc = Date.UTC(year, month0, day, hour, minute, second, ms);
  const offsetAt = (t: number) => {
    const w = wallClock(new Date(t));
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - (t - new Date(t).getUTCMilliseconds());
  };
  let t = asUtc - offsetAt(asUtc);
  t = asUtc - offsetAt(t);
  return new Date(t);
}

/**
 * One calendar month on Chile's calendar: the same day and time next month, clamped to that month's last day
 * (31/01 -> 28/02 or 29/02). The end is exclusive: a month bought on 30/11 at 20:46 runs until 30/12 at 20:46.
 * (Counting on UTC days made a late-evening purchase at a month's end a month plus a day on Chile's calendar.)
 */
export function addOneMonth(d: Date): Date {
  const w = wallClock(d);
  const last = new Date(Date.UTC(w.year, w.month + 1, 0)).getUTCDate();
  return fromWallClock(w.year, w.month, Math.min(w.day, last), w.hour, w.minute, w.second, d.getUTCMilliseconds());
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
  const rolled = await startScheduledPlans(db, now);
  const lapsed = and(
    isNull(companies.scheduledPlan),
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
    if (!rows.length) return rolled;
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
    return [...rolled, ...ids];
  });
}

/**
 * A scheduled change (downgrade or same-price change, already paid) becomes the running plan when the current paid
 * period ends: the new period is [old end, scheduled end). Returns the ids of the companies changed.
 */
export async function startScheduledPlans(db: Db, now = new Date()): Promise<string[]> {
  const due = and(isNotNull(companies.scheduledPlan), isNotNull(companies.scheduledPeriodEnd), isNotNull(companies.currentPeriodEnd), lte(companies.currentPeriodEnd, now));
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(companies).where(due).for('update', { skipLocked: true });
    for (const r of rows) {
      await tx
        .update(companies)
        .set({ plan: r.scheduledPlan!, subscriptionStatus: 'active', currentPeriodStart: r.currentPeriodEnd, currentPeriodEnd: r.scheduledPeriodEnd, scheduledPlan: null, scheduledPeriodEnd: null, updatedAt: now })
        .where(eq(companies.id, r.id));
      await tx.insert(auditLog).values({
        companyId: r.id,
        entityType: 'company',
        entityId: r.id,
        action: 'subscription.scheduled_started',
        changes: { plan: { from: r.plan, to: r.scheduledPlan }, periodStart: r.currentPeriodEnd!.toISOString(), periodEnd: r.scheduledPeriodEnd!.toISOString() },
      });
    }
    return rows.map((r) => r.id);
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
