import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { CheckoutDialog } from './CheckoutDialog';
import { currentPlanOf } from './CurrentPlanAlert';
import { PlanCard } from './PlanCard';
import { PlanGrid } from './PlanGrid';
import { PlanHelp } from './PlanHelp';
import { usePaymentStatus, usePlans } from './queries';
import { SandboxBadge, SandboxNotice } from './SandboxBadge';
import { PurchaseHint } from './SubscriptionInfo';
import { usePlanPurchase } from './usePlanPurchase';

/** Part 2 §9: the free-plan choice goes back to / after 2 s. */
export const FREE_REDIRECT_MS = 2000;

/** 'Planes de Suscripción' (/premium-plans, part 2 §4 plan choice, §9). */
export function PremiumPlansPage() {
  const { user } = useCurrentUser();
  const plans = usePlans();
  const status = usePaymentStatus();
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const purchase = usePlanPurchase({
    // No server call: a confirmation, then home.
    onFree: () => {
      const id = user ? currentPlanOf(user).id : null;
      const onFree = !id || id === 'free' || id === 'niudata-free';
      toast.success('Plan gratuito seleccionado', {
        description: onFree
          ? 'Ya tienes el plan gratuito activo. Te llevamos al inicio.'
          : 'Tu plan actual sigue vigente hasta el fin del período pagado; después tu empresa vuelve al plan gratuito sin perder datos.',
      });
      setRedirecting(true);
      timer.current = window.setTimeout(() => navigate('/'), FREE_REDIRECT_MS);
    },
  });

  if (!user) return null;
  const sandbox = !!status.data?.sandbox;
  const canBuy = isAdmin(user) && !!user.currentCompanyId;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="space-y-1 text-center">
        <div className="flex flex-wrap items-center justify-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Planes de Suscripción</h1>
          {sandbox ? <SandboxBadge /> : null}
        </div>
        <p className="text-sm text-muted-foreground sm:text-base">Elige el plan que mejor se adapta a tu empresa. Precios mensuales en pesos chilenos, IVA incluido.</p>
      </div>

      {sandbox ? <SandboxNotice /> : null}
      {!isAdmin(user) ? <PurchaseHint reason="role" /> : !user.currentCompanyId ? <PurchaseHint reason="company" /> : null}

      <PlanGrid plans={plans}>
        {(plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            highlight={plan.id === 'professional' ? 'Recomendado' : undefined}
            buttonLabel={plan.price === 0 ? 'Comenzar Gratis' : 'Suscribirse'}
            zeroLabel="Gratis"
            onChoose={() => purchase.choose(plan)}
            disabled={!canBuy || purchase.busy || redirecting}
            pending={purchase.pendingPlanId === plan.id}
          />
        )}
      </PlanGrid>

      <PlanHelp />
      <CheckoutDialog purchase={purchase} />
    </div>
  );
}
