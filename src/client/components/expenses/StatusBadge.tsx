import { pendingStepLabel, stepDetail, type CurrentStep } from '@shared/approval-flow';
import { Badge } from '@client/components/ui/badge';

/**
 * approved 'Aprobada' (green), rejected 'Rechazada' (red), anything else 'Pendiente' (yellow); a multi-step approval
 * says which step it waits on: 'Pendiente · paso 2 de 3 (Ana Pérez)'.
 */
export function StatusBadge({ status, step }: { status: string; step?: CurrentStep | null }) {
  if (status === 'approved') return <Badge variant="success">Aprobada</Badge>;
  if (status === 'rejected') return <Badge variant="destructive">Rechazada</Badge>;
  if (!step) return <Badge variant="warning">Pendiente</Badge>;
  // The badge keeps its pill; the step goes on a line under it (a long name would turn the pill into a blob).
  return (
    <span className="inline-flex flex-col items-start gap-0.5" title={pendingStepLabel(step)} data-status-step={step.position}>
      <Badge variant="warning">Pendiente</Badge>
      <span className="text-xs leading-tight text-muted-foreground">{stepDetail(step)}</span>
    </span>
  );
}
