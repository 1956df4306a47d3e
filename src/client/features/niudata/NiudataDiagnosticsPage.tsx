import { ArrowLeft, CheckCircle2, Loader2, PlugZap, Stethoscope, UploadCloud, XCircle } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import type { NiudataConnectionTest, NiudataDiagnostics } from '@shared/niudata';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { PendingList } from './PendingList';
import { ModeBadge, formatChileDateTime } from './parts';
import { isConnected, useConnectionTest, useDiagnostics, useNiudataPending, useNiudataStatus, useSyncExpense } from './queries';

/** 'Diagnóstico NiuData' (part 2 §2.7): connection test, full diagnosis and a test sync per pending expense. Company admins only. */
export function NiudataDiagnosticsPage() {
  const { user } = useCurrentUser();
  if (!isAdmin(user)) return <Navigate to="/" replace />;
  return <NiudataDiagnosticsScreen />;
}

const TEST_STATUS: Record<NiudataConnectionTest['status'], { label: string; variant: 'success' | 'destructive' | 'warning' }> = {
  success: { label: 'Éxito', variant: 'success' },
  error: { label: 'Error', variant: 'destructive' },
  warning: { label: 'Advertencia', variant: 'warning' },
};

function CheckRow({ label, ok, detail }: { label: string; ok: boolean; detail?: string }) {
  return (
    <li className="flex items-start gap-3 py-2" data-check={label} data-ok={ok}>
      {ok ? <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-600" aria-hidden /> : <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-destructive" aria-hidden />}
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {label}: <span className={ok ? 'text-green-700 dark:text-green-400' : 'text-destructive'}>{ok ? 'OK' : 'Falla'}</span>
        </p>
        {detail ? <p className="break-words text-xs text-muted-foreground">{detail}</p> : null}
      </div>
    </li>
  );
}

function ConnectionResult({ result }: { result: NiudataConnectionTest }) {
  return (
    <div className="space-y-2 rounded-lg border p-3 text-sm" role="status" aria-label="Resultado de la prueba de conexión">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={TEST_STATUS[result.status].variant}>{TEST_STATUS[result.status].label}</Badge>
        <Badge variant={result.connected ? 'success' : 'secondary'}>{result.connected ? 'Conectado' : 'Sin conexión'}</Badge>
        <span className="text-muted-foreground">{result.service}</span>
      </div>
      <p className="break-words">{result.message}</p>
    </div>
  );
}

function DiagnosticsResult({ result }: { result: NiudataDiagnostics }) {
  const d = result.details;
  return (
    <div className="space-y-4 text-sm" role="status" aria-label="Resultado del diagnóstico">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={result.success ? 'success' : 'destructive'}>{result.success ? 'Todo funciona' : 'Con problemas'}</Badge>
        <ModeBadge status={{ mode: d.mode, modeLabel: d.mode === 'sandbox' ? 'Modo de prueba' : null }} />
        <span className="text-xs text-muted-foreground">Revisado el {formatChileDateTime(d.checkedAt)}</span>
      </div>
      <ul className="divide-y" aria-label="Comprobaciones">
        <CheckRow label="API responde" ok={result.apiResponding} />
        <CheckRow label="Token válido" ok={result.tokenValid} />
        <CheckRow label="Endpoints accesibles" ok={result.endpointsAccessible} />
      </ul>
      <div className="space-y-2">
        <h3 className="font-semibold">Detalle</h3>
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">Servicio</dt>
            <dd>{d.service}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">Dirección</dt>
            <dd className="break-all font-mono text-xs">{d.baseUrl ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Token</dt>
            <dd className="font-mono">{d.tokenConfigured ? (d.tokenHint ?? 'Configurado') : 'Sin token'}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Gastos pendientes</dt>
            <dd className="tabular-nums">{d.pendingCount}</dd>
          </div>
        </dl>
        <ul className="divide-y rounded-lg border" aria-label="Pasos del diagnóstico">
          {d.checks.map((c) => (
            <li key={c.name} className="flex items-start gap-3 p-3">
              {c.ok ? <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden /> : <XCircle className="mt-0.5 h-4 w-4 shrink-0 text-destructive" aria-hidden />}
              <div className="min-w-0 flex-1">
                <p className="font-medium">{c.name}</p>
                <p className="break-words text-xs text-muted-foreground">{c.message}</p>
              </div>
              <span className="shrink-0 text-xs tabular-nums text-muted-foreground">{c.durationMs === null ? '—' : `${c.durationMs} ms`}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function NiudataDiagnosticsScreen() {
  const status = useNiudataStatus();
  const pending = useNiudataPending();
  const test = useConnectionTest();
  const diagnose = useDiagnostics();
  const syncOne = useSyncExpense();
  const connected = isConnected(status.data);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Diagnóstico NiuData</h1>
          <p className="text-sm text-muted-foreground">Comprueba que Rendix llega a NiuData con el token de tu empresa.</p>
        </div>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to="/niudata-integration">
            <ArrowLeft aria-hidden />
            Volver a Integración NiuData
          </Link>
        </Button>
      </div>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle className="text-base">Prueba de conexión</CardTitle>
              {status.data ? <ModeBadge status={status.data} /> : null}
            </div>
            <CardDescription>Verifica que NiuData responde y acepta el token configurado.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <Button onClick={() => test.mutate()} disabled={test.isPending} className="w-full sm:w-auto">
              {test.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <PlugZap aria-hidden />}
              Probar conexión
            </Button>
            {test.data ? <ConnectionResult result={test.data} /> : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="text-base">Diagnóstico completo</CardTitle>
            <CardDescription>Revisa la API, el token y el endpoint de vouchers, con el tiempo de cada paso.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <Button onClick={() => diagnose.mutate()} disabled={diagnose.isPending} className="w-full sm:w-auto">
              {diagnose.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Stethoscope aria-hidden />}
              Diagnóstico completo
            </Button>
            {diagnose.data ? <DiagnosticsResult result={diagnose.data} /> : null}
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="niudata-diag-pending-title" className="space-y-3">
        <div>
          <h2 id="niudata-diag-pending-title" className="text-lg font-semibold">
            Gastos pendientes
          </h2>
          <p className="text-sm text-muted-foreground">Envía uno para probar la sincronización de punta a punta; el resultado queda en el historial.</p>
        </div>
        <PendingList
          pending={pending}
          label="Gastos pendientes para probar"
          actions={(e) => (
            <Button
              size="sm"
              variant="outline"
              disabled={!connected || e.syncing || (syncOne.isPending && syncOne.variables === e.id)}
              title={connected ? undefined : 'Configura el token de NiuData para sincronizar.'}
              onClick={() => syncOne.mutate(e.id)}
              aria-label={`Probar sincronización N° ${e.expenseNumber}`}
            >
              {syncOne.isPending && syncOne.variables === e.id ? <Loader2 className="animate-spin" aria-hidden /> : <UploadCloud aria-hidden />}
              Probar sincronización
            </Button>
          )}
        />
      </section>
    </div>
  );
}
