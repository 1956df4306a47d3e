import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ADMIN_MSG, MANUAL_ASSIGNMENT_LABEL, type AssignPlanResult } from '@shared/admin.js';
import { findPlan } from '@shared/plans.js';
import type { Db } from '../db/client.js';
import { companies, subscriptionInvoices } from '../db/schema/index.js';
import { nextPaidPeriod } from '../billing/plan-state.js';
import { applyPaidPeriod, nextInvoiceNumber, presentInvoice } from '../billing/service.js';
import { lockCompany, writeAudit } from '../companies/service.js';
import { errors } from '../errors.js';
import type { Actor } from '../policies/index.js';
import { adminCompanyView } from './directory.js';

/** Written as the invoice's provider: no payment provider took part, so no notification can ever match it. */
const MANUAL_PROVIDER = 'manual';

const santiagoDay = (d: Date) => new Intl.DateTimeFormat('es-CL', { timeZone: 'America/Santiago', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d).replace(/-/g, '/');

/**
 * 'Asignar Plan' (part 2 §2.2, §4): a customer who paid outside the checkout (bank transfer, 'Contactar Ventas').
 * A paid plan gets exactly what an approved payment buys (the same period rule, `nextPaidPeriod`, and the same
 * activation, `applyPaidPeriod`), so its limits and its expiry work as for a paid month; the purchase history gets an
 * entry of amount 0 marked 'Asignado por super admin' and the audit trail says who and when. No payment exists, so
 * `subscription.paid` is never sent (billing webhooks mean money came in). A free plan (free, niudata-free) has no
 * period and no purchase: the company just moves to it.
 */
export async function assignPlan(db: Db, actor: Actor, companyId: string, planId: string, now = new Date()): Promise<AssignPlanResult> {
  const plan = findPlan(planId);
  if (!plan) throw errors.badRequest(ADMIN_MSG.unknownPlan, 'planId');
  return db.transaction(async (tx) => {
    const before = await lockCompany(tx, companyId);
    const from = { plan: before.plan, subscriptionStatus: before.subscriptionStatus, periodEnd: before.currentPeriodEnd?.toISOString() ?? null };
    let invoice: typeof subscriptionInvoices.$inferSelect | null = null;
    let message: string;
    if (plan.price === 0) {
      const status = plan.id === 'free' ? 'free' : 'active';
      await tx.update(companies).set({ plan: plan.id, subscriptionStatus: status, updatedAt: now }).where(eq(companies.id, companyId));
      message = `${before.name} quedó en el plan ${plan.name}.`;
    } else {
      const period = nextPaidPeriod(before, plan.id, now);
      await applyPaidPeriod(tx, companyId, plan.id, period, now);
      [invoice] = await tx
        .insert(subscriptionInvoices)
        .values({
          companyId,
          invoiceNumber: await nextInvoiceNumber(tx, 'ASG'),
          status: 'paid',
          planId: plan.id,
          billingPeriodStart: period.start,
          billingPeriodEnd: period.end,
          dueDate: period.start,
          paidAt: now,
          paymentMethod: MANUAL_ASSIGNMENT_LABEL,
          description: `Plan ${plan.name} — 1 mes (${MANUAL_ASSIGNMENT_LABEL}, sin cargo)`,
          amount: 0,
          taxAmount: 0,
          totalAmount: 0,
          provider: MANUAL_PROVIDER,
          providerPaymentId: randomUUID(),
        })
        .returning();
      message = `Plan ${plan.name} asignado a ${before.name} hasta el ${santiagoDay(period.end)}.`;
    }
    await writeAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      entityType: 'company',
      entityId: companyId,
      action: 'subscription.assigned_manually',
      changes: {
        manual: true,
        plan: { from: from.plan, to: plan.id },
        subscriptionStatus: { from: from.subscriptionStatus, to: plan.id === 'free' ? 'free' : 'active' },
        periodEnd: { from: from.periodEnd, to: invoice?.billingPeriodEnd?.toISOString() ?? null },
        ...(invoice ? { invoice: invoice.invoiceNumber, amount: 0 } : {}),
      },
    });
    const [after] = await tx.select().from(companies).where(eq(companies.id, companyId));
    return { message, company: await adminCompanyView(tx, after), invoice: invoice ? presentInvoice(invoice) : null };
  });
}
