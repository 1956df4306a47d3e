import { and, desc, eq } from 'drizzle-orm';
import type { PlanChangeQuote } from '@shared/billing.js';
import { getPlan, type Plan } from '@shared/plans.js';
import type { DbOrTx } from '../db/client.js';
import { companies, subscriptionInvoices } from '../db/schema/index.js';
import { errors } from '../errors.js';
import { addOneMonth, trialRunning } from './plan-state.js';

/*
 * Plan changes never charge overlapping periods (README 'Plans and payments'). Every purchase is one month of one
 * plan, paid in advance through MercadoPago Checkout Pro:
 * - new: no paid period is running (first purchase, a lapsed plan, during the trial): the month starts now, or
 *   when the 7 free days end;
 * - renewal: the plan that is running: the new month starts when the paid one ends;
 * - upgrade (a dearer plan while a paid month runs): starts now, for a month, and the unused part of the running
 *   month is credited: price of the new plan minus the running plan's price × unused time / period length, rounded
 *   to whole CLP, never below 0;
 * - scheduled (a cheaper or same-price plan while a paid month runs): paid now, starts when the running month ends
 *   (company.scheduledPlan until then); the running plan keeps its limits until its last minute.
 * While a scheduled change waits, another purchase is refused (409): one change at a time.
 */

type CompanyRow = typeof companies.$inferSelect;

export interface PlanChange extends Omit<PlanChangeQuote, 'periodStart' | 'periodEnd' | 'currentPeriodEnd'> {
  periodStart: Date;
  periodEnd: Date;
  currentPeriodEnd: Date | null;
}

/** A paid month is running that was bought (not assigned for free by a super admin, nor a trial). */
async function runningPaidMonth(tx: DbOrTx, c: CompanyRow, now: Date): Promise<{ plan: Plan; start: Date; end: Date; paid: boolean } | null> {
  const plan = getPlan(c.plan);
  if (!plan.price || c.subscriptionStatus !== 'active' || !c.currentPeriodStart || !c.currentPeriodEnd || c.currentPeriodEnd <= now) return null;
  const [invoice] = await tx
    .select({ total: subscriptionInvoices.totalAmount })
    .from(subscriptionInvoices)
    .where(and(eq(subscriptionInvoices.companyId, c.id), eq(subscriptionInvoices.status, 'paid'), eq(subscriptionInvoices.billingPeriodEnd, c.currentPeriodEnd)))
    .orderBy(desc(subscriptionInvoices.createdAt))
    .limit(1);
  return { plan, start: c.currentPeriodStart, end: c.currentPeriodEnd, paid: !!invoice && invoice.total > 0 };
}

export function scheduledConflictMessage(c: Pick<CompanyRow, 'scheduledPlan' | 'currentPeriodEnd'>, format: (d: Date) => string): string {
  return `Ya pagaste el cambio al plan ${getPlan(c.scheduledPlan!).name}, que empieza el ${format(c.currentPeriodEnd!)}. Podrás elegir otro plan cuando ese cambio empiece.`;
}

/**
 * What buying `plan` at `now` means for the company: the kind of change, the month it buys and what is charged.
 * `charged` overrides the amount (a checkout already quoted is paid for what its preference said).
 */
export async function quotePlanChange(tx: DbOrTx, c: CompanyRow, plan: Plan & { price: number }, now: Date, format: (d: Date) => string): Promise<PlanChange> {
  if (c.scheduledPlan && c.currentPeriodEnd && c.currentPeriodEnd > now) throw errors.conflict(scheduledConflictMessage(c, format));
  const base = { planId: plan.id, planName: plan.name, price: plan.price };
  const running = await runningPaidMonth(tx, c, now);
  if (!running) {
    const start = trialRunning(c, now) ? c.trialEndsAt! : now;
    return { ...base, kind: 'new', credit: 0, amount: plan.price, periodStart: start, periodEnd: addOneMonth(start), currentPlanName: null, currentPeriodEnd: null };
  }
  const current = { currentPlanName: running.plan.name, currentPeriodEnd: running.end };
  if (running.plan.id === plan.id) {
    return { ...base, ...current, kind: 'renewal', credit: 0, amount: plan.price, periodStart: running.end, periodEnd: addOneMonth(running.end) };
  }
  if (plan.price > running.plan.price!) {
    const length = running.end.getTime() - running.start.getTime();
    const unused = Math.max(0, running.end.getTime() - Math.max(now.getTime(), running.start.getTime()));
    const credit = running.paid && length > 0 ? Math.min(plan.price, Math.round((running.plan.price! * unused) / length)) : 0;
    return { ...base, ...current, kind: 'upgrade', credit, amount: Math.max(0, plan.price - credit), periodStart: now, periodEnd: addOneMonth(now) };
  }
  return { ...base, ...current, kind: 'scheduled', credit: 0, amount: plan.price, periodStart: running.end, periodEnd: addOneMonth(running.end) };
}

export function presentQuote(q: PlanChange): PlanChangeQuote {
  return { ...q, periodStart: q.periodStart.toISOString(), periodEnd: q.periodEnd.toISOString(), currentPeriodEnd: q.currentPeriodEnd?.toISOString() ?? null };
}
