import { rateRoutes } from './rates/routes.js';
import { reimbursementRoutes } from './reimbursements/routes.js';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authRoutes } from './auth/routes.js';
import { loadSessionContext } from './auth/service.js';
import {
  SESSION_COOKIE,
  SESSION_HINT_COOKIE,
  clearSessionCookie,
  clearSessionHint,
  findSessionWithUser,
  setSessionHint,
  touchSession,
} from './auth/sessions.js';
import { companyRoutes } from './companies/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { expenseRoutes } from './expenses/routes.js';
import { receiptRoutes } from './receipts/routes.js';
import { approvalRoutes } from './approvals/routes.js';
import { approvalFlowRoutes } from './approval-flow/routes.js';
import { billingWebhookRoutes } from './billing-webhooks/routes.js';
import { emailRoutes } from './email/routes.js';
import { billingRoutes } from './billing/routes.js';
import { chatbotRoutes } from './chatbot/routes.js';
import { accountingRoutes } from './accounting/routes.js';
import { apiDocsRoutes } from './api-docs.js';
import { apiTokenRoutes } from './api-tokens/routes.js';
import { invoiceRoutes } from './invoices/routes.js';
import { adminRoutes } from './admin/routes.js';
import { niudataRoutes } from './niudata/routes.js';
import { authenticateToken, parseBearer } from './api-tokens/service.js';
import type { AppDeps } from './context.js';
import { AppError, errors } from './errors.js';
import { SECURITY, multipartJsonSchema, type RouteAuth } from './openapi.js';
import { enforceRateLimit } from './platform/rate-limit.js';
import { registerInputBoundary } from './platform/json-body.js';
import { documentIdempotency, registerIdempotency } from './platform/idempotency.js';
import { acceptedEncoding } from './accepted-encoding.js';
import { registerSecurityHeaders } from './security-headers.js';
import { OneLinePerRequest, loggerOptions, warnOnUntrustedProxy } from './logging.js';
import { projectPath } from './platform/paths.js';
import { healthRoutes } from './platform/health-routes.js';
import { API_TOKEN_MSG } from '@shared/integrations.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BuildOptions {
  logger?: boolean;
  /** Extra browser origins allowed to write (the Vite dev server). */
  allowedOrigins?: string[];
  /** Where the log goes (stdout when unset); tests read it. */
  logStream?: NodeJS.WritableStream;
  /** The built web app served next to the API: `CLIENT_DIST`, else dist/client (tests give a small one of their own). */
  clientDir?: string;
}

export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Query-string tokens, auth headers and SQL parameters never reach the log (logging.ts).
    logger: opts.logger ? loggerOptions(opts.logStream) : false,
    logController: new OneLinePerRequest(),
    trustProxy: deps.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  const clientDir = opts.clientDir ?? process.env.CLIENT_DIST ?? projectPath('dist', 'client');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // CSP (inline-script hashes from the built index.html), frame, referrer, permissions, HSTS over HTTPS: security-headers.ts.
  const clientCsp = await registerSecurityHeaders(app, { clientDir, env: deps.env, appUrl: () => deps.appUrl });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Rendix API',
        version: '1.0.0',
        description:
          'API de Rendix, rendiciones de gastos para empresas chilenas. Los sistemas externos (ERP, software contable) usan las operaciones con seguridad `bearer`: ' +
          'crea un token en Integración API → Tokens de API y envíalo como `Authorization: Bearer rdx_live_…`. Las demás operaciones son las de la aplicación web (cookie de sesión). ' +
          'Los errores son JSON `{ message, code, field? }` con un mensaje en español; los montos vienen como texto numérico en pesos chilenos. ' +
          'Las operaciones de creación aceptan el encabezado `Idempotency-Key`: si se pierde la respuesta, reintenta con la misma clave y recibirás la primera respuesta en vez de crear dos veces.',
      },
      tags: [
        { name: 'accounting', description: 'Exportación contable para sistemas externos (token de API)' },
        { name: 'accounting-webhook', description: 'Webhook de aprobación de la empresa (administradores)' },
        { name: 'tokens', description: 'Tokens de API de la empresa (administradores)' },
        { name: 'invoices', description: 'Facturas y boletas rendidas (administradores)' },
        { name: 'expenses', description: 'Rendiciones' },
        { name: 'catalog', description: 'Categorías, medios de pago y centros de costo' },
      ],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Token de API de Rendix (rdx_live_…); créalo en Integración API → Tokens de API. 600 solicitudes por minuto por token.' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Sesión de la aplicación web.' },
        },
      },
    },
    // Multipart bodies are read by their handlers; their documented fields come from `config.multipart`.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const multipart = input.route.config?.multipart;
      const schema = multipart ? { ...out.schema, body: multipartJsonSchema(multipart) } : out.schema;
      return { ...out, schema: input.route.config?.idempotent ? documentIdempotency(schema) : schema };
    },
  });

  app.decorateRequest('session', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiToken', null);

  // Each route's `config.auth` (default: session) becomes its OpenAPI security statement.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const auth: RouteAuth = route.config?.auth ?? 'session';
    route.schema = { ...(route.schema ?? {}), security: SECURITY[auth] };
  });

  const allowed = new Set([new URL(deps.appUrl).origin, ...(opts.allowedOrigins ?? [])]);

  app.addHook('onRequest', async (request) => warnOnUntrustedProxy(request, deps.env.TRUST_PROXY));

  // Graceful shutdown (shutdown.ts): a request in flight when closing starts ends its connection with its answer, so a
  // keep-alive client cannot hold the process until the shutdown bound (Fastify does this for later requests only).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // CSRF: a browser write must come from our own origin. Requests without browser headers
  // (API clients with Bearer tokens, curl) carry no ambient cookie risk from a foreign page.
  app.addHook('onRequest', async (request) => {
    // Every unsafe method, whatever the path: a percent-encoded '/api' must not slip past.
    if (SAFE_METHODS.has(request.method)) return;
    // A request carrying Authorization is authenticated by that header alone (the session cookie is never read
    // for it), and a foreign page cannot add that header without a CORS preflight we never grant.
    if (request.headers.authorization !== undefined) return;
    const origin = request.headers.origin;
    const own = `${request.protocol}://${request.headers.host}`;
    if (origin) {
      if (origin !== own && !allowed.has(origin)) throw new AppError('bad_origin', 403, 'Origen de la solicitud no permitido.');
    } else if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('bad_origin', 403, 'Origen de la solicitud no permitido.');
    }
  });

  // Authentication, once per API request: a Bearer token where the route takes one, else the session cookie.
  // preValidation: a request without the credentials its route needs is 401 before its body or query is judged.
  app.addHook('preValidation', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const auth: RouteAuth = request.routeOptions.config.auth ?? 'session';
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      if (auth === 'public') return;
      if (auth === 'session') throw errors.unauthorized(API_TOKEN_MSG.notAccepted);
      const secret = parseBearer(authorization);
      const token = secret ? await authenticateToken(deps.db, secret) : null;
      if (!token) throw errors.unauthorized(API_TOKEN_MSG.invalid);
      await enforceRateLimit(deps.db, request, { name: 'api-token', max: deps.env.API_TOKEN_RATE_LIMIT, windowMs: 60_000 }, token.id);
      request.apiToken = token;
      reply.header('cache-control', 'no-store');
      return;
    }
    if (auth === 'bearer') throw errors.unauthorized(API_TOKEN_MSG.bearerOnly);
    await resolveSession(request, reply);
    if (auth !== 'public' && !request.session) throw errors.unauthorized();
  });
  // JSON depth, and query/params text, judged after authentication: platform/json-body.ts.
  registerInputBoundary(app);
  // `config.idempotent` routes: the Idempotency-Key header, after authentication and the body schema.
  registerIdempotency(app, deps.db);

  async function resolveSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const sid = request.cookies[SESSION_COOKIE];
    if (!sid) {
      if (request.cookies[SESSION_HINT_COOKIE]) clearSessionHint(reply);
      return;
    }
    const found = await findSessionWithUser(deps.db, sid);
    if (!found) {
      clearSessionCookie(reply);
      return;
    }
    const { session, user, saved } = found;
    await touchSession(deps.db, session);
    if (!request.cookies[SESSION_HINT_COOKIE]) setSessionHint(request, reply, session);
    request.sessionId = sid;
    request.session = await loadSessionContext(deps.db, user, saved);
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retry = (error as AppError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retry) reply.header('retry-after', String(retry));
      return reply.status(error.status).send({ message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        field: String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Valor inválido',
      }));
      const first = issues[0];
      return reply.status(400).send({ message: first?.message ?? 'Datos inválidos', field: first?.field || undefined, issues, code: 'validation' });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: 'Error interno del servidor. Inténtalo de nuevo en unos minutos.', code: 'internal' });
    }
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'El cuerpo de la solicitud no es JSON válido.'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'La solicitud es demasiado grande.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Tipo de contenido no soportado.'
            : 'Solicitud inválida.';
    return reply.status(status).send({ message, code: 'bad_request' });
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes, deps);
      await api.register(apiTokenRoutes, deps);
      await api.register(accountingRoutes, deps);
      await api.register(invoiceRoutes, deps);
      await api.register(companyRoutes, deps);
      await api.register(dashboardRoutes, deps);
      await api.register(catalogRoutes, deps);
      await api.register(expenseRoutes, deps);
      await api.register(rateRoutes, deps);
      await api.register(reimbursementRoutes, deps);
      await api.register(receiptRoutes, deps);
      await api.register(approvalRoutes, deps);
      await api.register(approvalFlowRoutes, deps);
      await api.register(billingWebhookRoutes, deps);
      await api.register(emailRoutes, deps);
      await api.register(billingRoutes, deps);
      await api.register(chatbotRoutes, deps);
      await api.register(adminRoutes, deps);
      await api.register(niudataRoutes, deps);
      await api.register(apiDocsRoutes);
      api.get('/openapi.json', { schema: { hide: true }, config: { auth: 'public' } }, async () => app.swagger());
      await api.register(healthRoutes, deps);
    },
    { prefix: '/api' },
  );

  const hasClient = existsSync(`${clientDir}/index.html`);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // .br/.gz written at build time (scripts/precompress.mjs): compressed without CPU per request.
      preCompressed: true,
      // Hashed asset names never change content; everything else (sw.js, the manifest) is revalidated.
      setHeaders: (res, path) => {
        res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The service worker precaches /index.html with its headers: its CSP must hash the file as it is now.
        if (/[\\/]index\.html(\.br|\.gz)?$/.test(path)) res.header('content-security-policy', clientCsp(readFileSync(path.replace(/\.(br|gz)$/, ''), 'utf8')));
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // HEAD as GET (the body is left out): load balancers and link checkers ask for the page with it.
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Ruta no encontrada.', code: 'not_found' });
    }
    if (!hasClient) return reply.status(404).type('text/plain').send('Cliente no compilado: ejecuta npm run build.');
    // Read per request (the OS caches it): a rebuild never leaves a stale page pointing at deleted assets.
    const indexHtml = await readFile(`${clientDir}/index.html`, 'utf8');
    // The SPA decides what unknown paths show.
    reply.type('text/html').header('cache-control', 'no-cache').header('content-security-policy', clientCsp(indexHtml)).header('vary', 'accept-encoding');
    // Compressed like the assets (scripts/precompress.mjs): the prerendered landing is ~44 kB, ~6 kB in brotli, which
    // a phone on a slow network reads ~0.2 s sooner (issue 18 item 8).
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const compressed = encoding && (await readFile(`${clientDir}/index.html.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => null));
    if (encoding && compressed) return reply.header('content-encoding', encoding).send(compressed);
    return reply.send(indexHtml);
  });

  return app;
}

