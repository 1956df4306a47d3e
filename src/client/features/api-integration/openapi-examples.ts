/**
 * The 'API REST' tab's endpoint list, generated from the server's own OpenAPI document, so the curl examples can
 * never drift from the routes: every operation whose security accepts a Bearer token is an external endpoint.
 */

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { type?: string; default?: unknown; enum?: unknown[] };
}
interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface ExternalEndpoint {
  method: string;
  path: string;
  summary: string;
  /** Query parameters the endpoint takes, for the reference line under the example. */
  query: string[];
  curl: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Spanish one-liners for operations whose document has no summary yet. */
const FALLBACK_SUMMARIES: Record<string, string> = {
  'GET /api/expenses': 'Lista paginada de rendiciones de la empresa (filtros: status, startDate, endDate, category, page, pageSize)',
  'POST /api/expenses': 'Crea una rendición a nombre del administrador dueño del token (JSON o multipart con el comprobante)',
  'GET /api/expenses/{id}': 'Una rendición',
  'GET /api/expenses/{id}/receipt': 'El comprobante de una rendición',
  'GET /api/categories': 'Categorías con su código contable',
  'GET /api/payment-methods': 'Medios de pago con su código contable',
  'GET /api/cost-centers': 'Centros de costo',
};

/** Example values for the query parameters worth showing; others are listed but left out of the command. */
function exampleQuery(params: OpenApiParameter[], today: Date): string {
  const month = today.toISOString().slice(0, 7);
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  const values: Record<string, string> = { startDate: `${month}-01`, endDate: last };
  const parts = params.filter((p) => p.in === 'query' && (p.required || p.name in values)).map((p) => `${p.name}=${encodeURIComponent(values[p.name] ?? 'VALOR')}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

const EXPENSE_EXAMPLE = JSON.stringify({
  date: '2025-03-01',
  amount: 12990,
  currency: 'CLP',
  description: 'Taxi a reunión con cliente',
  category: 'Transporte',
  paymentMethod: 'Efectivo',
  documentType: 'boleta',
});

/** `curl` for one operation; the token and ids stay as shell variables the reader sets once. */
export function curlFor(origin: string, method: string, path: string, params: OpenApiParameter[], today = new Date()): string {
  const url = `${origin}${path.replace(/\{(\w+)\}/g, (_m, name: string) => `$${name === 'id' ? 'ID' : name.toUpperCase()}`)}${exampleQuery(params, today)}`;
  const lines = [`curl${method === 'GET' ? '' : ` -X ${method}`} "${url}"`, `  -H "Authorization: Bearer $RENDIX_TOKEN"`];
  if (method === 'POST' && path === '/api/expenses') lines.push(`  -H "Content-Type: application/json"`, `  -d '${EXPENSE_EXAMPLE}'`);
  return lines.join(' \\\n');
}

export function externalEndpoints(doc: OpenApiDocument, origin: string, today = new Date()): ExternalEndpoint[] {
  const out: ExternalEndpoint[] = [];
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const m of METHODS) {
      const op = ops[m];
      if (!op?.security?.some((s) => 'bearer' in s)) continue;
      const method = m.toUpperCase();
      const params = op.parameters ?? [];
      out.push({
        method,
        path,
        summary: op.summary ?? FALLBACK_SUMMARIES[`${method} ${path}`] ?? '',
        query: params.filter((p) => p.in === 'query' && p.name !== 'companyId' && p.name !== '_t').map((p) => p.name),
        curl: curlFor(origin, method, path, params, today),
      });
    }
  }
  // The accounting export first: it is what an accountant's system calls.
  const rank = (e: ExternalEndpoint) => (e.path.startsWith('/api/accounting') ? 0 : 1);
  return out.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
