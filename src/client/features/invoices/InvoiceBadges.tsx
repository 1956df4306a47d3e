import { SYNC_STATUS_LABELS, type InvoiceView } from '@shared/integrations';
import { Badge } from '@client/components/ui/badge';

const SYNC_VARIANT = { pending: 'secondary', synced: 'success', error: 'destructive' } as const;

/** The accounting sync state (NiuData voucher) of a document. */
export function SyncBadge({ status }: { status: InvoiceView['syncStatus'] }) {
  return <Badge variant={SYNC_VARIANT[status]}>{SYNC_STATUS_LABELS[status]}</Badge>;
}

export function DocumentTypeLabel({ type }: { type: InvoiceView['documentType'] }) {
  return <>{type === 'factura' ? 'Factura' : 'Boleta'}</>;
}
