import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/*
 * What the logs may hold (issue 13): no live secret (invitation, reset and verification tokens travel in query strings;
 * sessions and API tokens in headers) and no user data from SQL parameters or database messages.
 */

/** Query parameters whose values are secrets (token, reset code, password, signature, key...). */
const SECRET_PARAM = /token|secret|code|pass(word|wd)?|signature|sig$|key|otp/i;
const REDACTED = '[REDACTED]';

/** The URL with the value of every secret-looking query parameter replaced. The path is kept as is. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        /* a malformed name is judged as written */
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Drizzle puts the parameters in its message ("Failed query: …\nparams: a,b") and so in the stack. */
function scrubText(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${REDACTED}`);
}

/** A PostgreSQL error (node-postgres, PGlite): SQLSTATE code and severity. */
function isDatabaseError(e: Record<string, unknown>): boolean {
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
}

/** Data exceptions (class 22) quote the offending value in the message: `invalid input syntax for type uuid: "…"`. */
function scrubDatabaseMessage(code: string, message: string): string {
  return code.startsWith('22') ? message.replace(/: ".*"$/s, `: ${REDACTED}`).replace(/"[^"]*"/g, `"${REDACTED}"`) : message;
}

/**
 * An error as it may be logged: type, message, stack, SQLSTATE code, the SQL text (placeholders only) and the
 * table/constraint it hit; never `params`, the database's `detail` (`Key (email)=(…) already exists`), `where`
 * or any other property that may carry values. Causes are followed a few levels.
 */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: typeof err === 'string' ? scrubText(err) : 'non-error thrown', stack: '' };
  const e = err as Error & Record<string, unknown>;
  const db = isDatabaseError(e);
  const message = db ? scrubDatabaseMessage(e.code as string, e.message) : scrubText(e.message);
  const stack = typeof e.stack !== 'string' ? '' : db ? e.stack.replace(e.message, message) : scrubText(e.stack);
  const out: SerializedError = { type: e.constructor?.name ?? e.name, message, stack };
  for (const key of ['code', 'statusCode', 'severity', 'table', 'constraint', 'column', 'routine'] as const) {
    if (typeof e[key] === 'string' || typeof e[key] === 'number') out[key] = e[key];
  }
  if (typeof e.query === 'string') out.query = e.query;
  if (e.cause !== undefined && depth < 4) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** One line for a human log (main.ts's console messages): the scrubbed message and the cause's. */
export function describeError(err: unknown): string {
  const s = serializeError(err);
  const cause = s.cause as { message?: string } | undefined;
  return cause?.message ? `${String(s.message)} (${cause.message})` : String(s.message);
}

/** A log object with every Error in it (top-level values) serialized safely. */
export function safeLogObject(obj: unknown): unknown {
  if (obj instanceof Error) return serializeError(obj);
  if (!obj || typeof obj !== 'object') return obj;
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? serializeError(v) : v]));
}

/** Fastify's request serializer with the query-string secrets redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Fastify/pino logger options: redacted URLs and headers, safe errors; `stream` for tests that read the log. */
export function loggerOptions(stream?: NodeJS.WritableStream) {
  return {
    level: process.env.LOG_LEVEL ?? 'info',
    serializers: { req: serializeRequest, err: (err: unknown) => serializeError(err) },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-signature"]',
        'headers.authorization',
        'headers.cookie',
        'headers["x-signature"]',
        'res.headers["set-cookie"]',
      ],
      censor: REDACTED,
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One log line per request, written when it ends (what was asked, redacted by the `req` serializer, the answer and its
 * time), instead of Fastify's two: the log is one of the busiest writes of a loaded server (issue 18's load profile).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

let proxyWarned = false;

/**
 * Behind a proxy that nobody told us to trust, every client has the proxy's IP: rate limits per IP then count the
 * whole world as one client. Said once per process, on the first request that shows a proxy (X-Forwarded-For).
 */
export function warnOnUntrustedProxy(request: FastifyRequest, trustProxy: unknown): void {
  if (proxyWarned || trustProxy || request.headers['x-forwarded-for'] === undefined) return;
  proxyWarned = true;
  request.log.warn(
    'Llegó una solicitud con X-Forwarded-For y TRUST_PROXY no está configurado: las IP de los clientes (límites de intentos por IP) son la del proxy. Configura TRUST_PROXY=true o la lista de IP de los proxies.',
  );
}
