import { pendingStepLabel, type CurrentStep } from '@shared/approval-flow';
import { Badge } from '@client/components/ui/badge';

/**
 * approved 'Aprobada' (green), rejected 'Rechazada' (red), anything else 'Pendiente' (yellow); a multi-step approval
 * says which step it waits on: 'Pendiente · paso 2 de 3 (Ana Pérez)'.
 */
export function StatusBadge({ status, step }: { status: string; step?: CurrentStep | null }) {
  if (status === 'approved') return <Badge variant="success">Aprobada</Badge>;
  if (status === 'rejected') return <Badge variant="destructive">Rechazada</Badge>;
  return (
    <Badge variant="warning" className={step ? 'whitespace-normal text-left leading-snug' : undefined} data-status-step={step ? step.position : undefined}>
      {pendingStepLabel(step)}
    </Badge>
  );
}
