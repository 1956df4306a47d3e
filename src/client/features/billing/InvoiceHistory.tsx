import { Receipt } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState, StateMessage } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import { InvoiceCard } from './InvoiceCard';
import { useInvoices } from './queries';

function InvoiceSkeleton() {
  return (
    <Card>
      <CardHeader className="flex-row justify-between space-y-0">
        <div className="space-y-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-28" />
        </div>
        <Skeleton className="h-5 w-16 rounded-full" />
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-9" />
        ))}
      </CardContent>
    </Card>
  );
}

/** Tab 'Historial de Compras' (part 1 §2): the company's subscription invoices, newest first. */
export function InvoiceHistory({ hasCompany }: { hasCompany: boolean }) {
  const invoices = useInvoices(hasCompany);

  if (!hasCompany || (invoices.isSuccess && invoices.data.length === 0)) {
    return (
      <StateMessage icon={<Receipt className="h-10 w-10" />} title="Sin historial de compras">
        <p className="max-w-md text-sm text-muted-foreground">Cuando tu empresa pague un plan, la factura aparecerá aquí con su detalle de IVA.</p>
      </StateMessage>
    );
  }
  if (invoices.isPending) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Cargando historial de compras">
        <InvoiceSkeleton />
        <InvoiceSkeleton />
      </div>
    );
  }
  if (invoices.isError) {
    return (
      <LoadErrorState
        title="No se pudo cargar el historial de compras"
        message={errorMessage(invoices.error, 'Inténtalo de nuevo en unos momentos.')}
        onRetry={() => void invoices.refetch()}
        retrying={invoices.isFetching}
      />
    );
  }
  return (
    <section aria-label="Historial de Compras" className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {invoices.data.length} {invoices.data.length === 1 ? 'compra' : 'compras'}
      </p>
      <ul className="space-y-4">
        {invoices.data.map((invoice) => (
          <li key={invoice.id}>
            <InvoiceCard invoice={invoice} />
          </li>
        ))}
      </ul>
    </section>
  );
}
