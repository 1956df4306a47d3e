import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, LayoutDashboard, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { qk } from '@client/lib/queryKeys';
import { secondsText } from './format';

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
 * verified notification comes. The page only refreshes what it shows, now and when leaving.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const paymentId = params.get('payment_id') ?? params.get('collection_id');
  // Opened by hand or from history, with no payment to speak of: say so instead of 'Pago Exitoso'.
  if (!paymentId && !params.get('external_reference') && !params.get('preference_id')) return <NoRecentPayment />;
  return <PaymentSuccess paymentId={paymentId} />;
}

/** /subscription-success without a payment reference: a neutral state, no redirect. */
function NoRecentPayment() {
  return (
    <div className="mx-auto max-w-xl">
      <Card>
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex h-16 w-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <SearchX className="h-9 w-9" aria-hidden />
          </span>
          <h1 className="text-2xl font-semibold leading-none tracking-tight">No encontramos un pago reciente</h1>
          <CardDescription>Esta página se muestra al volver de MercadoPago después de pagar. Revisa el estado de tu plan y tus compras en Suscripción.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link to="/subscription">
              <CreditCard aria-hidden />
              Ir a Suscripción
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
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
    <div className="mx-auto max-w-xl">
      <Card>
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-green-600 dark:bg-green-900/40 dark:text-green-400">
            <CheckCircle2 className="h-9 w-9" aria-hidden />
          </span>
          <h1 className="text-2xl font-semibold leading-none tracking-tight">Pago Exitoso</h1>
          <CardDescription>Gracias por tu compra. Tu pago fue procesado correctamente.</CardDescription>
          {paymentId ? <p className="text-xs text-muted-foreground">N° de pago: {paymentId}</p> : null}
        </CardHeader>
        <CardContent className="space-y-6">
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
        </CardContent>
      </Card>
    </div>
  );
}
