import { toast } from 'sonner';
import type { SubscriptionPlanView } from '@shared/billing';
import { findPlan } from '@shared/plans';
import { isAdmin } from '@client/lib/auth';
import { CheckoutDialog } from './CheckoutDialog';
import { CurrentPlanAlert, currentPlanOf } from './CurrentPlanAlert';
import { PlanCard } from './PlanCard';
import { PlanGrid } from './PlanGrid';
import { usePlans, type UserWithPeriod } from './queries';
import { SandboxNotice } from './SandboxBadge';
import { ContactSales, PricingExplanation, PurchaseHint, WhyChoose } from './SubscriptionInfo';
import { usePlanPurchase } from './usePlanPurchase';

/** Tab 'Planes' of /subscription (part 1 §2, §4). */
export function SubscriptionPlans({ user, sandbox }: { user: UserWithPeriod; sandbox: boolean }) {
  const plans = usePlans();
  const current = currentPlanOf(user);
  const onFreePlan = current.id === 'free' || current.id === 'niudata-free';
  const canBuy = isAdmin(user) && !!user.currentCompanyId;

  const purchase = usePlanPurchase({
    enterpriseContactsSales: true,
    onFree: () =>
      onFreePlan
        ? toast.info('Ya tienes el plan gratuito activo.')
        : toast.info('Plan gratuito', {
            description: 'Tu plan actual sigue vigente hasta el fin del período pagado; después tu empresa vuelve al plan gratuito sin perder datos.',
          }),
  });

  function buttonLabel(plan: SubscriptionPlanView, isCurrent: boolean): string {
    if (plan.price === 0) return isCurrent ? 'Plan Actual' : 'Plan Gratuito';
    if (plan.price === null || plan.id === 'enterprise') return 'Contactar Ventas';
    if (isCurrent) return user.subscriptionStatus === 'trial' ? 'Pagar Plan' : 'Renovar Plan';
    return 'Seleccionar Plan';
  }

  return (
    <div className="space-y-6">
      <CurrentPlanAlert user={user} />
      {sandbox ? <SandboxNotice /> : null}
      <PricingExplanation />
      {!isAdmin(user) ? <PurchaseHint reason="role" /> : !user.currentCompanyId ? <PurchaseHint reason="company" /> : null}

      <PlanGrid plans={plans}>
        {(plan) => {
          const isCurrent = !!current.id && findPlan(plan.id)?.id === current.id;
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              highlight={plan.popular ? 'Más Popular' : undefined}
              current={isCurrent}
              buttonLabel={buttonLabel(plan, isCurrent)}
              onChoose={() => purchase.choose(plan)}
              disabled={!canBuy || purchase.busy}
              pending={purchase.pendingPlanId === plan.id}
            />
          );
        }}
      </PlanGrid>

      <WhyChoose />
      <ContactSales />
      <CheckoutDialog purchase={purchase} />
    </div>
  );
}
