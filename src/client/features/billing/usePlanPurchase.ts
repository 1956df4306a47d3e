import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { CheckoutView, SubscriptionPlanView } from '@shared/billing';
import { errorMessage } from '@client/lib/api';
import { useSubmitKey } from '@client/lib/idempotency';
import { qk } from '@client/lib/queryKeys';
import { SALES_EMAIL, mailto } from './format';
import { createSubscription } from './queries';

export interface PendingCheckout {
  plan: SubscriptionPlanView;
  view: CheckoutView;
}

/** Part 1 §8 'Próximamente' sales contact, with a way to write to sales right away. */
export function showContactSales() {
  toast.info('Próximamente', {
    description: 'La funcionalidad de ventas estará disponible pronto. Por ahora puedes contactarnos por email.',
    action: { label: 'Escribir a ventas', onClick: () => window.location.assign(mailto(SALES_EMAIL, 'Plan Empresarial Rendix')) },
  });
}

interface Options {
  /** /subscription (part 1 §4): the 'enterprise' id asks for a sales contact instead of a checkout. */
  enterpriseContactsSales?: boolean;
  /** What choosing a free plan does on this screen (no server call). */
  onFree: (plan: SubscriptionPlanView) => void;
}

/**
 * The plan purchase of part 1 §4 and part 2 §4: a paid plan creates the checkout, the user confirms in a dialog and
 * the payment page opens in a new tab; declining says 'Pago cancelado'. Nothing here activates a plan: MercadoPago's
 * verified notification does, on the server.
 */
export function usePlanPurchase({ enterpriseContactsSales = false, onFree }: Options) {
  const queryClient = useQueryClient();
  const [checkout, setCheckout] = useState<PendingCheckout | null>(null);
  const [popupBlocked, setPopupBlocked] = useState(false);

  // Choosing the plan again after a network error reuses the checkout the server may already have created.
  const keys = useSubmitKey();
  const create = useMutation({
    mutationFn: (plan: SubscriptionPlanView) => createSubscription(keys, plan.id),
    onSuccess: (view, plan) => {
      setPopupBlocked(false);
      setCheckout({ plan, view });
      toast.success('Pago preparado', { description: 'Revisa el resumen y confirma para ir a pagar.' });
      // Choosing a first paid plan may start the free trial on the server.
      void queryClient.invalidateQueries({ queryKey: qk.currentUser });
      void queryClient.invalidateQueries({ queryKey: qk.currentCompany });
    },
    onError: (err) => toast.error('Error al procesar pago', { description: errorMessage(err, 'No se pudo preparar el pago. Inténtalo de nuevo.') }),
  });

  function choose(plan: SubscriptionPlanView) {
    if (create.isPending) return;
    if (plan.price === 0) return onFree(plan);
    if (plan.price === null || (enterpriseContactsSales && plan.id === 'enterprise')) return showContactSales();
    create.mutate(plan);
  }

  /** The payment page is open in another tab. */
  function started() {
    setCheckout(null);
    setPopupBlocked(false);
    toast.success('Pago iniciado', { description: 'Completa el pago en la nueva pestaña. Tu plan se activará cuando se confirme el pago.' });
  }

  /** Runs inside the click, so the browser lets the new tab open. */
  function confirm() {
    if (!checkout) return;
    const tab = window.open(checkout.view.initPoint, '_blank');
    if (!tab) {
      setPopupBlocked(true);
      return;
    }
    tab.opener = null;
    started();
  }

  function decline() {
    setCheckout(null);
    setPopupBlocked(false);
    toast('Pago cancelado', { description: 'No se realizó ningún cargo.' });
  }

  return {
    choose,
    confirm,
    decline,
    started,
    checkout,
    popupBlocked,
    pendingPlanId: create.isPending ? create.variables?.id : undefined,
    busy: create.isPending,
  };
}

export type PlanPurchase = ReturnType<typeof usePlanPurchase>;
