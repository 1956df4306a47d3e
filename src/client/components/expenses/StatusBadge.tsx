import { Badge } from '@client/components/ui/badge';

/** approved 'Aprobada' (green), rejected 'Rechazada' (red), anything else 'Pendiente' (yellow). */
export function StatusBadge({ status }: { status: string }) {
  if (status === 'approved') return <Badge variant="success">Aprobada</Badge>;
  if (status === 'rejected') return <Badge variant="destructive">Rechazada</Badge>;
  return <Badge variant="warning">Pendiente</Badge>;
}
