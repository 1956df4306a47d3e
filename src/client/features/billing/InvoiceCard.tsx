import type { ReactNode } from 'react';
import type { SubscriptionInvoiceView } from '@shared/billing';
import { formatCLP, formatDate } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { formatBillingPeriod, formatTaxRate, invoiceStatusView, paymentMethodLabel, planName, showsTax } from './format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}

function Amount({ label, value, total }: { label: string; value: number; total?: boolean }) {
  return (
    <div className={total ? 'flex justify-between gap-4 border-t pt-2 text-base font-semibold' : 'flex justify-between gap-4 text-sm text-muted-foreground'}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatCLP(value)}</dd>
    </div>
  );
}

/** One purchase of part 1 §3 Subscription invoice. */
export function InvoiceCard({ invoice }: { invoice: SubscriptionInvoiceView }) {
  const status = invoiceStatusView(invoice.status);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 space-y-0 pb-4">
        <div className="min-w-0">
          <h3 className="font-semibold">
            Factura N° {invoice.invoiceNumber}
          </h3>
          <p className="text-sm text-muted-foreground">{invoice.description || `Plan ${planName(invoice.subscriptionPlan)}`}</p>
        </div>
        <Badge variant={status.variant}>{status.label}</Badge>
      </CardHeader>
      <CardContent className="grid gap-5 md:grid-cols-[1fr_16rem]">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Fact label="Plan">{planName(invoice.subscriptionPlan)}</Fact>
          <Fact label="Período">{formatBillingPeriod(invoice.billingPeriodStart, invoice.billingPeriodEnd)}</Fact>
          <Fact label="Fecha de emisión">{formatDate(invoice.createdAt)}</Fact>
          <Fact label="Vencimiento">{formatDate(invoice.dueDate)}</Fact>
          <Fact label="Fecha de pago">{formatDate(invoice.paidAt)}</Fact>
          <Fact label="Medio de pago">{paymentMethodLabel(invoice.paymentMethod)}</Fact>
        </dl>
        <dl className="space-y-1.5 self-end rounded-lg bg-muted/40 p-3">
          <Amount label="Subtotal" value={invoice.amount} />
          {showsTax(invoice.taxRate) ? <Amount label={`IVA (${formatTaxRate(invoice.taxRate)})`} value={invoice.taxAmount} /> : null}
          <Amount label="Total" value={invoice.totalAmount} total />
        </dl>
      </CardContent>
    </Card>
  );
}
