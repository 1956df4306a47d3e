import type { ReactNode } from 'react';
import { AlertCircle, Building2, CheckCircle2, RotateCcw, ShieldAlert } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';

function Message({ icon, title, children, role }: { icon: ReactNode; title: string; children?: ReactNode; role?: 'alert' | 'status' }) {
  return (
    <Card role={role}>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
        <span aria-hidden>{icon}</span>
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

export function NotAdminState() {
  return (
    <Message icon={<ShieldAlert className="h-10 w-10 text-muted-foreground" />} title="Acceso restringido" role="alert">
      <p className="text-muted-foreground">Solo los administradores pueden aprobar rendiciones.</p>
    </Message>
  );
}

export function NoCompanyState() {
  return (
    <Message icon={<Building2 className="h-10 w-10 text-muted-foreground" />} title="Sin empresa seleccionada">
      <p className="text-muted-foreground">Selecciona una empresa para revisar sus rendiciones pendientes.</p>
    </Message>
  );
}

export function EmptyState() {
  return (
    <Message icon={<CheckCircle2 className="h-10 w-10 text-green-600" />} title="No hay rendiciones pendientes" role="status">
      <p className="text-muted-foreground">Todas las rendiciones han sido procesadas.</p>
    </Message>
  );
}

export function ErrorState({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Message icon={<AlertCircle className="h-10 w-10 text-destructive" />} title="No se pudieron cargar las rendiciones pendientes" role="alert">
      <p className="max-w-md break-words text-muted-foreground">{message}</p>
      <Button type="button" variant="outline" className="mt-2" onClick={onRetry} disabled={retrying}>
        <RotateCcw className={retrying ? 'animate-spin' : undefined} aria-hidden />
        Reintentar
      </Button>
    </Message>
  );
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
