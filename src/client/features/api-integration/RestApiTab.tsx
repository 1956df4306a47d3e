import { useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { API_TOKEN_PREFIX } from '@shared/integrations';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState } from '@client/components/ui/state-message';
import { apiGet, errorMessage } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';
import { CodeBlock } from './CodeBlock';
import { externalEndpoints, type OpenApiDocument } from './openapi-examples';

const METHOD_VARIANT: Record<string, 'success' | 'default'> = { GET: 'success', POST: 'default' };

/** 'API REST': the external endpoints with copyable curl examples, generated from /api/openapi.json. */
export function RestApiTab() {
  const doc = useQuery({ queryKey: qk.openApi, queryFn: () => apiGet<OpenApiDocument>('/api/openapi.json'), staleTime: Infinity });
  const origin = window.location.origin;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Cómo autenticarse</CardTitle>
          <CardDescription>
            Crea un token en la pestaña <strong>Tokens de API</strong> (empieza con <code>{API_TOKEN_PREFIX}</code>) y envíalo en cada llamada. El token
            lee los datos de esta empresa con permisos de administrador; no sirve para entrar a la aplicación.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <CodeBlock label="encabezado de autenticación" code={`export RENDIX_TOKEN="${API_TOKEN_PREFIX}…"\ncurl -H "Authorization: Bearer $RENDIX_TOKEN" "${origin}/api/categories"`} />
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            <li>Un token inválido o eliminado responde <strong>401</strong>; una rendición de otra empresa, <strong>404</strong>.</li>
            <li>Límite: 600 solicitudes por minuto por token; al superarlo, <strong>429</strong> con el encabezado Retry-After.</li>
            <li>
              Las rendiciones aprobadas vienen por páginas: si la respuesta trae <code>nextCursor</code>, pídelo como <code>cursor</code> para la siguiente
              página. <code>count</code> y <code>totalAmount</code> cubren todo el período.
            </li>
            <li>Los montos vienen como texto numérico en pesos chilenos; las fechas en ISO 8601.</li>
          </ul>
          <a href="/api/docs" target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
            <BookOpen className="h-4 w-4" aria-hidden />
            Referencia interactiva de la API (OpenAPI)
          </a>
        </CardContent>
      </Card>

      <section aria-labelledby="endpoints-title" className="space-y-3">
        <h2 id="endpoints-title" className="text-base font-semibold">
          Endpoints para sistemas externos
        </h2>
        {doc.isPending ? (
          <Card aria-busy="true" aria-label="Cargando endpoints" className="space-y-3 p-4">
            <Skeleton className="h-5 w-80" />
            <Skeleton className="h-16 w-full" />
          </Card>
        ) : doc.isError ? (
          <LoadErrorState title="No se pudo cargar la documentación" message={errorMessage(doc.error, 'Inténtalo de nuevo.')} onRetry={() => void doc.refetch()} retrying={doc.isFetching} />
        ) : (
          externalEndpoints(doc.data, origin).map((e) => (
            <Card key={`${e.method} ${e.path}`}>
              <CardContent className="space-y-2 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={METHOD_VARIANT[e.method] ?? 'secondary'}>{e.method}</Badge>
                  <code className="break-all text-sm font-semibold">{e.path}</code>
                </div>
                {e.summary ? <p className="text-sm text-muted-foreground">{e.summary}</p> : null}
                {e.query.length ? (
                  <p className="text-xs text-muted-foreground">
                    Parámetros: {e.query.map((q, i) => (
                      <span key={q}>
                        {i ? ', ' : ''}
                        <code>{q}</code>
                      </span>
                    ))}
                  </p>
                ) : null}
                <CodeBlock label={`ejemplo curl de ${e.method} ${e.path}`} code={e.curl} />
              </CardContent>
            </Card>
          ))
        )}
      </section>
    </div>
  );
}
