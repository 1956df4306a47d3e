import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ADMIN_MSG, MANUAL_ASSIGNMENT_LABEL, type AssignPlanResult } from '@shared/admin.js';
import { formatDate } from '@shared/format.js';
import { findPlan, getPlan } from '@shared/plans.js';
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

type CompanyRow = typeof companies.$inferSelect;

/**
 * A paid plan change (billing/plan-change.ts) whose month is not used up yet: assigning over it would throw that paid
 * month away, so the assignment is refused (409, as the checkout refuses another purchase) until it has run. Null
 * when there is none. Between its start and the expiry job's roll-over (minutes) it is still refused: assigning
 * then would leave the old change waiting behind the new period.
 */
function pendingPaidChange(c: CompanyRow, now: Date): string | null {
  if (!c.scheduledPlan || !c.scheduledPeriodEnd || !c.currentPeriodEnd || c.scheduledPeriodEnd <= now) return null;
  const paid = `${c.name} ya pagó el cambio al plan ${getPlan(c.scheduledPlan).name}`;
  return c.currentPeriodEnd > now
    ? `${paid}, que empieza el ${formatDate(c.currentPeriodEnd)}. No se puede asignar un plan mientras ese cambio espera: la empresa perdería el mes que pagó.`
    : `${paid}, que empezó el ${formatDate(c.currentPeriodEnd)} y se está aplicando. Inténtalo de nuevo en unos minutos.`;
}

/**
 * 'Asignar Plan' (part 2 §2.2, §4): a customer who paid outside the checkout (bank transfer, 'Contactar Ventas').
 * A paid plan gets exactly what an approved payment buys (the same period rule, `nextPaidPeriod`, and the same
 * activation, `applyPaidPeriod`), so its limits and its expiry work as for a paid month; the purchase history gets an
 * entry of amount 0 marked 'Asignado por super admin' and the audit trail says who and when. No payment exists, so
 * `subscription.paid` is never sent (billing webhooks mean money came in). A free plan (free, niudata-free) has no
 * period and no purchase: the company just moves to it. Refused (409) while a paid plan change waits.
 */
export async function assignPlan(db: Db, actor: Actor, companyId: string, planId: string, now = new Date()): Promise<AssignPlanResult> {
  const plan = findPlan(planId);
  if (!plan) throw errors.badRequest(ADMIN_MSG.unknownPlan, 'planId');
  return db.transaction(async (tx) => {
    const before = await lockCompany(tx, companyId);
    const pending = pendingPaidChange(before, now);
    if (pending) throw errors.conflict(pending);
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
      message = `Plan ${plan.name} asignado a ${before.name} hasta el ${formatDate(period.end)}.`;
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
