import { CreditCard, ExternalLink } from 'lucide-react';
import { MAX_INSTALLMENTS } from '@shared/billing';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { formatCLP } from '@shared/format';
import { priceBreakdown, quoteSummary } from './format';
import { SandboxBadge } from './SandboxBadge';
import type { PlanPurchase } from './usePlanPurchase';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between gap-4 border-t pt-2 font-semibold' : 'flex justify-between gap-4 text-muted-foreground'}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}

/** The confirmation before the payment page opens (part 1 §4). Closing it in any way declines. */
export function CheckoutDialog({ purchase }: { purchase: PlanPurchase }) {
  const { checkout, popupBlocked } = purchase;
  const quote = checkout?.view.quote;
  // What the payment page charges: the plan's price minus any credit, as the server quoted it for this checkout.
  const amounts = priceBreakdown(quote?.amount ?? checkout?.plan.price ?? 0);

  return (
    <Dialog open={!!checkout} onOpenChange={(open) => (!open ? purchase.decline() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <div className="flex flex-wrap items-center gap-2">
            <DialogTitle>Confirmar pago</DialogTitle>
            {checkout?.view.sandbox ? <SandboxBadge /> : null}
          </div>
          <DialogDescription>
            Vas a contratar el plan <strong className="text-foreground">{checkout?.plan.name}</strong> para tu empresa. El pago se abrirá en una
            nueva pestaña.
          </DialogDescription>
        </DialogHeader>

        {quote ? (
          <p data-quote-summary className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900 dark:border-blue-900/60 dark:bg-blue-950/40 dark:text-blue-200">
            {quoteSummary(quote)}
          </p>
        ) : null}

        <dl className="space-y-1.5 rounded-lg border bg-muted/40 p-4 text-sm">
          <Row label="Plan" value={checkout?.plan.name ?? ''} />
          {quote && quote.credit > 0 ? (
            <>
              <Row label="Precio mensual" value={formatCLP(quote.price)} />
              <Row label={`Descuento por días no usados de ${quote.currentPlanName ?? 'tu plan'}`} value={`−${formatCLP(quote.credit)}`} />
            </>
          ) : null}
          <Row label="Neto" value={amounts.net} />
          <Row label="IVA (19%)" value={amounts.tax} />
          <Row label="Total a pagar ahora (IVA incluido)" value={amounts.total} strong />
        </dl>

        <ul className="space-y-1 text-sm text-muted-foreground">
          <li className="flex items-start gap-2">
            <CreditCard className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            Paga con MercadoPago en hasta {MAX_INSTALLMENTS} cuotas según tu tarjeta.
          </li>
          <li>{quote?.kind === 'scheduled' ? 'El cambio queda programado cuando MercadoPago confirma el pago.' : 'Tu plan se activa cuando MercadoPago confirma el pago.'}</li>
          {checkout?.view.sandbox ? <li className="font-medium text-yellow-800 dark:text-yellow-300">Modo de prueba: no se cobra dinero real.</li> : null}
        </ul>

        {popupBlocked && checkout ? (
          <p role="alert" className="rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900 dark:border-yellow-900/60 dark:bg-yellow-950/30 dark:text-yellow-200">
            Tu navegador bloqueó la nueva pestaña.{' '}
            <a href={checkout.view.initPoint} target="_blank" rel="noopener noreferrer" className="font-medium underline" onClick={purchase.started}>
              Abrir la página de pago
            </a>
          </p>
        ) : null}

        <DialogFooter>
          <Button variant="outline" onClick={purchase.decline}>
            Cancelar
          </Button>
          <Button onClick={purchase.confirm}>
            <ExternalLink aria-hidden />
            Ir a pagar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
