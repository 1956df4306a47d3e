import { TriangleAlert } from 'lucide-react';

/** Part 2 §8: the provider's 'No puedes pagarte a ti mismo' and its remedy. */
export function SelfPaymentNotice() {
  return (
    <aside
      aria-label="Aviso sobre pagos de prueba"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/30 dark:text-amber-200"
    >
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="space-y-1">
        <p className="font-semibold">Error «No puedes pagarte a ti mismo»</p>
        <p>
          MercadoPago lo muestra cuando pagas con la misma cuenta que recibe los pagos (la cuenta vendedora). Para probar un pago usa otra cuenta de
          MercadoPago, o un usuario comprador de prueba con tarjetas de prueba.
        </p>
      </div>
    </aside>
  );
}
