import { ExternalLink } from 'lucide-react';
import { formatDateTime } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatDetails, testStatusView } from '../format';
import type { PaymentTestResult } from './usePaymentTests';

function Block({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-medium">{title}</h3>
      <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 font-mono text-xs">{text}</pre>
    </div>
  );
}

/** Part 2 §2.12 result area: status badge, message, preference id, payment link and details. */
export function TestResultPanel({ result }: { result: PaymentTestResult | null }) {
  const view = result ? testStatusView(result.status) : null;
  return (
    <Card className="h-full">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-base">Resultado</CardTitle>
        {view ? <Badge variant={view.variant}>{view.label}</Badge> : null}
      </CardHeader>
      <CardContent aria-live="polite" className="space-y-4">
        {!result ? (
          <p className="text-sm text-muted-foreground">Aún no has ejecutado pruebas. Usa la prueba de conexión o crea una preferencia de prueba.</p>
        ) : (
          <>
            <div className="space-y-0.5">
              <p className="text-xs text-muted-foreground">
                {result.kind === 'connection' ? 'Prueba de conexión' : 'Preferencia de prueba'} · {formatDateTime(result.at)}
              </p>
              <p className="break-words text-sm">{result.message}</p>
            </div>
            {result.preferenceId ? (
              <div className="space-y-1">
                <h3 className="text-sm font-medium">ID de preferencia</h3>
                <code className="block break-all rounded-md bg-muted px-3 py-2 font-mono text-xs">{result.preferenceId}</code>
              </div>
            ) : null}
            {result.initPoint ? (
              <a
                href={result.initPoint}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 break-all text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <ExternalLink className="h-4 w-4 shrink-0" aria-hidden />
                Abrir link de pago
              </a>
            ) : null}
            <Block title={result.status === 'error' ? 'Detalles del error' : 'Detalles'} text={formatDetails(result.details)} />
            <Block title="Datos de prueba" text={formatDetails(result.testData)} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
