import { Building2, CheckCircle2, ShieldAlert } from 'lucide-react';
import { LoadErrorState, StateMessage } from '@client/components/ui/state-message';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';


export function NotAdminState() {
  return (
    <StateMessage icon={<ShieldAlert className="h-10 w-10 text-muted-foreground" />} title="Acceso restringido" role="alert">
      <p className="text-muted-foreground">Solo los administradores pueden aprobar rendiciones.</p>
    </StateMessage>
  );
}

export function NoCompanyState() {
  return (
    <StateMessage icon={<Building2 className="h-10 w-10 text-muted-foreground" />} title="Sin empresa seleccionada">
      <p className="text-muted-foreground">Selecciona una empresa para revisar sus rendiciones pendientes.</p>
    </StateMessage>
  );
}

export function EmptyState() {
  return (
    <StateMessage icon={<CheckCircle2 className="h-10 w-10 text-green-600" />} title="No hay rendiciones pendientes" role="status">
      <p className="text-muted-foreground">Todas las rendiciones han sido procesadas.</p>
    </StateMessage>
  );
}

export function ErrorState(props: { message: string; onRetry: () => void; retrying: boolean }) {
  return <LoadErrorState title="No se pudieron cargar las rendiciones pendientes" {...props} />;
}

/** Placeholder cards with the real cards' shape while the list loads. */
export function LoadingState() {
  return (
    <div className="space-y-4" role="status" aria-label="Cargando rendiciones pendientes">
      {Array.from({ length: 3 }, (_, i) => (
        <Card key={i} className="overflow-hidden">
          <div className="flex items-center gap-3 border-b p-4 sm:px-6">
            <Skeleton className="h-10 w-10 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-56 max-w-full" />
            </div>
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <div className="grid grid-cols-2 gap-4 p-4 sm:grid-cols-3 sm:px-6 lg:grid-cols-6">
            {Array.from({ length: 6 }, (_, j) => (
              <div key={j} className="space-y-2">
                <Skeleton className="h-3 w-16" />
                <Skeleton className="h-4 w-24" />
              </div>
            ))}
          </div>
          <div className="flex justify-end gap-2 border-t p-4 sm:px-6">
            <Skeleton className="h-10 w-28" />
            <Skeleton className="h-10 w-28" />
          </div>
        </Card>
      ))}
    </div>
  );
}
