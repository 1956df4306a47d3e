import { Info } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';

const ENDPOINTS: { method: 'GET' | 'POST'; path: string; text: string }[] = [
  { method: 'GET', path: '/api/mercadopago/plans', text: 'Planes disponibles' },
  { method: 'GET', path: '/api/mercadopago/status', text: 'Estado de la configuración' },
  { method: 'GET', path: '/api/mercadopago/test', text: 'Prueba de conexión' },
  { method: 'POST', path: '/api/mercadopago/test-preference', text: 'Preferencia de prueba' },
  { method: 'POST', path: '/api/mercadopago/create-subscription', text: 'Crear el pago de un plan' },
  { method: 'POST', path: '/api/mercadopago/webhook', text: 'Notificaciones de MercadoPago (firma verificada)' },
  { method: 'GET', path: '/api/mercadopago/payment/{id}', text: 'Consultar un pago' },
  { method: 'GET', path: '/api/subscription/invoices', text: 'Historial de compras de la empresa' },
];

/** Part 2 §2.12: the info box listing the payment endpoints. */
export function EndpointsInfo() {
  return (
    <section aria-labelledby="mp-endpoints" className="rounded-lg border border-blue-200 bg-blue-50 p-4 dark:border-blue-900/60 dark:bg-blue-950/30">
      <h2 id="mp-endpoints" className="mb-3 flex items-center gap-2 text-sm font-semibold text-blue-900 dark:text-blue-200">
        <Info className="h-4 w-4" aria-hidden />
        Endpoints de pagos
      </h2>
      <ul className="space-y-2 text-sm">
        {ENDPOINTS.map((e) => (
          <li key={`${e.method} ${e.path}`} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
            <span className="flex min-w-0 items-center gap-2">
              <Badge variant={e.method === 'GET' ? 'secondary' : 'default'} className="w-12 justify-center font-mono">
                {e.method}
              </Badge>
              <code className="break-all font-mono text-xs text-blue-950 dark:text-blue-100">{e.path}</code>
            </span>
            <span className="text-blue-800 dark:text-blue-300">{e.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
