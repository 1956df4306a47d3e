import { PlugZap } from 'lucide-react';
import type { ReactNode } from 'react';
import type { NiudataStatus } from '@shared/niudata';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { ConnectionBadge, ModeBadge, formatChileDateTime } from './parts';

/** Connection status (§2.6): configured or not, the mode ('Modo de prueba' in the sandbox), the masked token, since when. */
export function ConnectionCard({ status, children }: { status: NiudataStatus; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <PlugZap className="h-5 w-5 text-primary" aria-hidden />
          <CardTitle className="text-base">Estado de la conexión</CardTitle>
          <ConnectionBadge status={status} />
          <ModeBadge status={status} />
        </div>
        <CardDescription>
          {status.mode === 'unavailable'
            ? 'La integración con NiuData no está disponible en este servidor: falta configurar NIUDATA_API_URL.'
            : status.configured
              ? 'Las rendiciones aprobadas se pueden enviar a NiuData como comprobantes contables.'
              : 'Ingresa el token de tu cuenta NiuData para enviar las rendiciones aprobadas como comprobantes contables.'}
        </CardDescription>
        {status.mode === 'sandbox' ? (
          <p role="note" className="rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900 dark:border-yellow-900/60 dark:bg-yellow-950/30 dark:text-yellow-200">
            <strong className="font-semibold">Modo de prueba:</strong> este servidor no tiene NIUDATA_API_URL, así que los comprobantes van a un NiuData
            de prueba integrado y no llegan a ninguna contabilidad real.
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Token</dt>
            <dd className="font-mono" data-testid="niudata-token-hint">
              {status.tokenHint ?? 'Sin token'}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Configurado el</dt>
            <dd>{formatChileDateTime(status.configuredAt)}</dd>
          </div>
        </dl>
        {children}
      </CardContent>
    </Card>
  );
}
