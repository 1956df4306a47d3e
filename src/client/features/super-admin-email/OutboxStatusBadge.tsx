import { OUTBOX_STATUS_LABELS, type OutboxStatus } from '@shared/email';
import { Badge } from '@client/components/ui/badge';

const VARIANT: Record<OutboxStatus, 'success' | 'destructive' | 'warning' | 'secondary'> = {
  sent: 'success',
  failed: 'destructive',
  queued: 'warning',
  outbox: 'secondary',
};

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <Badge variant={VARIANT[status]} className="whitespace-nowrap">
      {OUTBOX_STATUS_LABELS[status]}
    </Badge>
  );
}
