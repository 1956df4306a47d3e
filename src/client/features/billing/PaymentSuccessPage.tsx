import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, LayoutDashboard, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';
import { secondsText } from './format';
import { PaymentResultCard } from './PaymentResultCard';
import { useCheckoutStatus } from './queries';

/** Part 1 §2 / part 2 §9: back to / after 10 s. */
export const SUCCESS_REDIRECT_SECONDS = 10;

/** What a new plan changes on screen: the session's plan, the company, its counters and the purchase history. */
const SUBSCRIPTION_KEYS = [qk.currentUser, qk.currentCompany, qk.companyStats, qk.dashboardStats, qk.subscriptionInvoices];

const NEXT_STEPS = [
  'Confirmamos tu pago con MercadoPago y activamos tu plan. Puede tardar unos minutos.',
  'La factura con el detalle de IVA quedará en Suscripción, pestaña Historial de Compras.',
  'Invita a tu equipo desde Empresa y aprovecha tu nuevo plan.',
];

/**
 * 'Pago Exitoso' (/subscription-success). Arriving here activates nothing: the server does that when MercadoPago's
 * verified notification comes. The page asks the server whether the payment or checkout in its URL is one of the
 * company's before thanking for it, and refreshes what it shows, now and when leaving.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const ref: Record<string, string> = {};
  const paymentId = params.get('payment_id') || params.get('collection_id');
  if (paymentId) ref.paymentId = paymentId;
  if (params.get('preference_id')) ref.preferenceId = params.get('preference_id')!;
  if (params.get('external_reference')) ref.externalReference = params.get('external_reference')!;
  // Opened by hand or from history, with no payment to speak of: say so instead of 'Pago Exitoso'.
  if (!Object.keys(ref).length) return <NoRecentPayment />;
  return <CheckedPayment reference={ref} />;
}

/** The return URL names a payment: the server says whether it is this company's, and how it went. */
function CheckedPayment({ reference }: { reference: Record<string, string> }) {
  const check = useCheckoutStatus(reference);
  if (check.isPending) {
    return (
      <div className="mx-auto flex max-w-xl justify-center py-16">
        <Spinner label="Verificando tu pago..." />
      </div>
    );
  }
  if (check.isError) {
    // A made-up id, another company's, or one from before a company switch: nothing to thank for.
    if (check.error instanceof ApiError && check.error.status === 404) return <NoRecentPayment />;
    return (
      <NoRecentPayment
        title="No pudimos verificar tu pago"
        description="Revisa tu conexión. El estado de tu plan y tus compras siempre está en Suscripción."
      />
    );
  }
  if (check.data.status === 'failed' || check.data.status === 'cancelled') return <Navigate to="/subscription-failure" replace />;
  return <PaymentSuccess paymentId={check.data.paymentId} />;
}

/** /subscription-success without a payment of this company: a neutral state, no redirect. */
function NoRecentPayment({
  title = 'No encontramos un pago reciente',
  description = 'Esta página se muestra al volver de MercadoPago después de pagar. Revisa el estado de tu plan y tus compras en Suscripción.',
}: {
  title?: string;
  description?: string;
}) {
  return (
    <PaymentResultCard icon={SearchX} tone="neutral" title={title} description={description}>
      <Button asChild className="w-full">
        <Link to="/subscription">
          <CreditCard aria-hidden />
          Ir a Suscripción
        </Link>
      </Button>
    </PaymentResultCard>
  );
}

function PaymentSuccess({ paymentId }: { paymentId: string | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [left, setLeft] = useState(SUCCESS_REDIRECT_SECONDS);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    const refresh = () => SUBSCRIPTION_KEYS.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
    refresh();
    return refresh;
  }, [queryClient]);

  useEffect(() => {
    if (stopped) return;
    if (left <= 0) {
      navigate('/', { replace: true });
      return;
    }
    const t = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(t);
  }, [left, stopped, navigate]);

  return (
    <PaymentResultCard
      icon={CheckCircle2}
      tone="success"
      title="Pago Exitoso"
      description="Gracias por tu compra. Tu pago fue procesado correctamente."
      extra={paymentId ? <p className="text-xs text-muted-foreground">N° de pago: {paymentId}</p> : null}
      contentClassName="space-y-6"
    >
      <section aria-labelledby="next-steps" className="rounded-lg border bg-muted/40 p-4">
        <h2 id="next-steps" className="mb-2 text-sm font-semibold">
          Próximos pasos
        </h2>
        <ol className="list-decimal space-y-1.5 pl-5 text-sm text-muted-foreground">
          {NEXT_STEPS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </section>

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild className="flex-1">
          <Link to="/">
            <LayoutDashboard aria-hidden />
            Ir al Dashboard
          </Link>
        </Button>
        <Button asChild variant="outline" className="flex-1">
          <Link to="/subscription">
            <CreditCard aria-hidden />
            Ver mi Suscripción
          </Link>
        </Button>
      </div>

      <div className="flex flex-col items-center gap-1 text-center text-sm text-muted-foreground">
        {stopped ? (
          <p>Redirección automática detenida.</p>
        ) : (
          <>
            <p>
              Serás redirigido al inicio en <span className="font-medium tabular-nums text-foreground">{secondsText(left)}</span>.
            </p>
            <Button variant="link" size="sm" onClick={() => setStopped(true)}>
              Quedarme aquí
            </Button>
          </>
        )}
      </div>
    </PaymentResultCard>
  );
}
