import { KeyRound, ListChecks, RefreshCw, Server, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import type { usePaymentStatus } from '../queries';
import { SandboxBadge } from '../SandboxBadge';

function StatusCard({ icon: Icon, label, children, hint }: { icon: LucideIcon; label: string; children: ReactNode; hint?: string }) {
  return (
    <Card>
      <CardContent className="space-y-2 p-4">
        <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Icon className="h-4 w-4" aria-hidden />
          {label}
        </p>
        <div>{children}</div>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}

function Flag({ ok, yes, no, soft }: { ok: boolean; yes: string; no: string; soft?: boolean }) {
  return <Badge variant={ok ? 'success' : soft ? 'secondary' : 'destructive'}>{ok ? yes : no}</Badge>;
}

/** Part 2 §2.12 configuration status: credentials, service, plans and when it was checked. */
export function StatusCards({ status }: { status: ReturnType<typeof usePaymentStatus> }) {
  if (status.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Cargando estado">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  }
  if (status.isError) {
    return (
      <LoadErrorState
        title="No se pudo obtener el estado de MercadoPago"
        message={errorMessage(status.error, 'Inténtalo de nuevo en unos momentos.')}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  }
  const s = status.data;
  const credentialHint = s.sandbox ? 'Sin credenciales se usa el checkout de prueba integrado.' : undefined;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {s.sandbox ? <SandboxBadge /> : <Badge variant="success">Producción</Badge>}
          <span>Última verificación: {formatDateTime(s.timestamp)}</span>
        </div>
        <Button variant="outline" size="sm" onClick={() => void status.refetch()} disabled={status.isFetching}>
          <RefreshCw className={status.isFetching ? 'animate-spin' : undefined} aria-hidden />
          Actualizar
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatusCard icon={KeyRound} label="Access Token" hint={credentialHint}>
          <Flag ok={s.accessTokenConfigured} yes="Configurado" no="No configurado" soft={s.sandbox} />
        </StatusCard>
        <StatusCard icon={ShieldCheck} label="Public Key" hint={credentialHint}>
          <Flag ok={s.publicKeyConfigured} yes="Configurada" no="No configurada" soft={s.sandbox} />
        </StatusCard>
        <StatusCard icon={Server} label="Servicio">
          <Flag ok={s.serviceInitialized} yes="Inicializado" no="No inicializado" />
        </StatusCard>
        <StatusCard icon={ListChecks} label="Planes disponibles">
          <p className="text-2xl font-bold tabular-nums">{s.plansAvailable}</p>
        </StatusCard>
      </div>
    </div>
  );
}
