import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { errorResponses } from '../openapi.js';
import { readForm } from '../storage/multipart.js';

/*
 * The `Idempotency-Key` request header (IETF draft 'The Idempotency-Key HTTP Header Field', Stripe's behaviour) on the
 * create endpoints a client may retry after losing the answer: a route opts in with `config: { idempotent: true }`.
 *
 * - Key: 1–255 visible ASCII characters (the draft's quoted form `"…"` is unwrapped); anything else is a 400. Without
 *   the header a route behaves as it always did.
 * - Scope: the principal (`user:<id>` or `token:<id>`) and the company it acts in (`idempotent: 'principal'`: the user
 *   alone, for company creation, which switches the current company); a key never answers anyone else.
 * - Fingerprint: method, path with query, and the body (JSON canonicalised; multipart: its text fields and the SHA-256
 *   of the file bytes, so a browser's new multipart boundary on a retry does not matter).
 * - The key is taken before the handler runs. A 2xx answer is kept 24 h: the same key with the same request answers it
 *   again, same status and body, with `Idempotent-Replayed: true`; with another request, 409.
 * - A non-2xx answer frees the key (unlike Stripe, which replays 4xx too): Rendix's create endpoints commit nothing
 *   when they fail, and what failed (plan limit, rate limit, a provider down) may pass later, so the same submit can be
 *   retried as it is, or corrected and sent again.
 * - Same key while the first request runs: 409 at once with Retry-After (no waiting, as Stripe); the client retries.
 * - What a route creates is recorded on the key row by the create's own transaction (`request.idempotency.bind`, for
 *   routes whose config names the resource): the write and the key's outcome commit together. A retry that finds the
 *   resource but no stored answer (the process died between its commit and storing the answer, or is finishing) is
 *   answered at once by the route's `replay`, the resource rendered again as the route answers it (its current state),
 *   with `Idempotent-Replayed: true`; a key with a resource is never run again, and is not freed by a failed answer.
 *   A route whose answer cannot be given again (a token's secret, shown once) has `unrepeatable`: 409 in-use while
 *   the holder may still store its answer, then 409 with that message.
 * - A request whose process died before committing anything holds its key for LEASE_SECONDS; after that a retry runs
 *   it again.
 * - The key is stored as a hash, the answer encrypted under a key derived from it: the table alone never shows a
 *   created API token's secret.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_TTL_HOURS = 24;
/** How long an unfinished request holds its key: far above any create endpoint's run time. */
export const LEASE_SECONDS = 60;

export const IDEMPOTENCY_MSG = {
  invalid: 'La clave de idempotencia (encabezado Idempotency-Key) debe tener entre 1 y 255 caracteres ASCII visibles, sin espacios.',
  mismatch: 'Esta clave de idempotencia ya se usó con una solicitud distinta. Usa una clave nueva para cada solicitud diferente.',
  inUse: 'Una solicitud con esta clave de idempotencia aún se está procesando. Espera un momento e inténtalo de nuevo.',
};

/** A route's answer rendered again from what it created: its status and the body its response schema serialises. */
export interface ReplayedAnswer {
  status: number;
  body: unknown;
}

/**
 * `config.idempotent` of a route that records what it created (its handler calls `request.idempotency?.bind(tx, id)`
 * inside the create's transaction). Exactly one of `replay` and `unrepeatable`.
 */
export type IdempotentResource = { resource: string } & (
  | { replay: (request: FastifyRequest, resourceId: string) => Promise<ReplayedAnswer>; unrepeatable?: never }
  | { unrepeatable: string; replay?: never }
);

export interface IdempotencyBinding {
  /** Records on the key row, in the create's transaction, the resource this request created; 409 if the key was lost. */
  bind(tx: Tx, resourceId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while the request holds an Idempotency-Key on a route whose config names its resource. */
    idempotency: IdempotencyBinding | null;
  }
}

/** The documented header, added to every idempotent operation's OpenAPI parameters (app.ts). */
export const idempotencyHeaderDoc = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x21-\\x7E]+$',
  description:
    'Clave única por operación (por ejemplo un UUID v4). Si la respuesta se pierde, reintenta con la misma clave: durante 24 horas la misma solicitud ' +
    'recibe la primera respuesta exitosa (encabezado `Idempotent-Replayed: true`) sin crear nada de nuevo; otra solicitud con la misma clave recibe 409, ' +
    'igual que un reintento mientras la primera aún se procesa. Si la primera alcanzó a crear el recurso pero no a guardar su respuesta (por ejemplo, ' +
    'el servidor se detuvo), el reintento recibe el recurso tal como está ahora, sin crearlo de nuevo. Las respuestas de error no se guardan: el reintento se procesa otra vez.',
};

/** An idempotent operation's OpenAPI schema: the request header, and `Idempotent-Replayed` on its 2xx answers. */
export function documentIdempotency<S extends object>(input: S): S {
  const schema = input as Record<string, unknown>;
  const headers = (schema.headers ?? { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
  const response = { ...((schema.response ?? {}) as Record<string, Record<string, unknown>>) };
  for (const status of Object.keys(response).filter((s) => /^2\d\d$/.test(s))) {
    response[status] = {
      ...response[status],
      headers: { 'Idempotent-Replayed': { type: 'string', enum: ['true'], description: 'Presente cuando la respuesta es la guardada de una solicitud anterior con la misma clave.' } },
    };
  }
  return { ...schema, headers: { ...headers, properties: { ...headers.properties, 'Idempotency-Key': idempotencyHeaderDoc } }, response } as S;
}

const KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;

/** The key as sent, or a 400; a repeated header (joined by Node with ', ') is invalid. */
export function parseIdempotencyKey(value: string | string[]): string {
  const raw = Array.isArray(value) ? '' : value;
  const key = raw.length > 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!KEY_PATTERN.test(key)) throw new AppError('idempotency_key_invalid', 400, IDEMPOTENCY_MSG.invalid, 'Idempotency-Key');
  return key;
}

/** JSON with object keys sorted, so the same body in another key order is the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function scopeOf(request: FastifyRequest): string | null {
  const perCompany = request.routeOptions.config.idempotent !== 'principal';
  if (request.apiToken) return `token:${request.apiToken.id}|${request.apiToken.companyId}`;
  if (request.session) return `user:${request.session.user.id}|${perCompany ? (request.session.companyId ?? '-') : '*'}`;
  return null;
}

async function fingerprintOf(request: FastifyRequest): Promise<string> {
  let body: string;
  if (request.isMultipart()) {
    const fileField = Object.keys(request.routeOptions.config.multipart?.files ?? {})[0];
    const { fields, file } = await readForm(request, fileField);
    body = `multipart:${canonicalJson({ fields, file: file ? { sha256: sha256(file.data), mime: file.mime } : null })}`;
  } else {
    body = `json:${canonicalJson(request.body ?? null)}`;
  }
  return sha256(`${request.method}\n${request.url}\n${body}`);
}

/** AES-256-GCM under a key derived from the idempotency key and its scope: only a holder of the key can read it back. */
function responseCipherKey(scope: string, key: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, scope, 'rendix idempotency response', 32));
}

function sealResponse(scope: string, key: string, body: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', responseCipherKey(scope, key), iv);
  cipher.setAAD(Buffer.from(scope));
  const ct = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ct].map((b) => b.toString('base64url')).join(':');
}

function openResponse(scope: string, key: string, sealed: string): string {
  const [iv, tag, ct] = sealed.split(':').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', responseCipherKey(scope, key), iv);
  decipher.setAAD(Buffer.from(scope));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
}

interface Claim {
  scope: string;
  key: string;
  keyHash: string;
  owner: string;
}

type ClaimResult =
  | { kind: 'owned'; claim: Claim }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'resource'; resourceId: string; leaseAlive: boolean };

const rowOf = (scope: string, keyHash: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.keyHash, keyHash));
const heldBy = (claim: Claim) => and(rowOf(claim.scope, claim.keyHash), eq(idempotencyKeys.owner, claim.owner));
const inUse = () => Object.assign(new AppError('idempotency_key_in_use', 409, IDEMPOTENCY_MSG.inUse, 'Idempotency-Key'), { retryAfterSeconds: 1 });

/**
 * Takes the key (new, expired, or abandoned by a dead request with the same fingerprint that created nothing) in one
 * upsert, so two concurrent requests never both run; otherwise judges the row that holds it.
 */
async function claimKey(db: Db, scope: string, key: string, fingerprint: string): Promise<ClaimResult> {
  const keyHash = sha256(key);
  const t = idempotencyKeys;
  // A row that disappears between the two statements (its request failed and freed it) is simply claimed again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const owner = randomUUID();
    const expired = sql`${t.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;
    const leaseOver = sql`${t.lockedAt} < now() - make_interval(secs => ${LEASE_SECONDS})`;
    const abandoned = sql`${t.completedAt} is null and ${t.resourceId} is null and ${leaseOver} and ${t.fingerprint} = excluded.fingerprint`;
    const taken = await db
      .insert(t)
      .values({ scope, keyHash, fingerprint, owner })
      .onConflictDoUpdate({
        target: [t.scope, t.keyHash],
        set: { fingerprint, owner, resourceType: null, resourceId: null, responseStatus: null, responseBody: null, createdAt: sql`now()`, lockedAt: sql`now()`, completedAt: null },
        setWhere: sql`${expired} or (${abandoned})`,
      })
      .returning({ owner: t.owner });
    if (taken[0]?.owner === owner) return { kind: 'owned', claim: { scope, key, keyHash, owner } };

    const [row] = await db
      .select({ ...getTableColumns(t), leaseOver: sql<boolean>`${leaseOver}` })
      .from(t)
      .where(rowOf(scope, keyHash));
    if (!row) continue;
    if (row.fingerprint !== fingerprint) throw new AppError('idempotency_key_mismatch', 409, IDEMPOTENCY_MSG.mismatch, 'Idempotency-Key');
    if (row.completedAt && row.responseStatus !== null && row.responseBody !== null) {
      return { kind: 'replay', status: row.responseStatus, body: openResponse(scope, key, row.responseBody) };
    }
    if (row.resourceId !== null) return { kind: 'resource', resourceId: row.resourceId, leaseAlive: !row.leaseOver };
    throw inUse();
  }
  throw inUse();
}

/** The create's transaction records its resource on the key row; a claim lost meanwhile (lease over, taken over) rolls the create back. */
function bindingOf(claim: Claim, resourceType: string): IdempotencyBinding {
  return {
    async bind(tx, resourceId) {
      const bound = await tx
        .update(idempotencyKeys)
        .set({ resourceType, resourceId })
        .where(and(heldBy(claim), isNull(idempotencyKeys.completedAt)))
        .returning({ owner: idempotencyKeys.owner });
      if (bound.length === 0) throw inUse();
    },
  };
}

const replayed = (reply: FastifyReply, status: number) => reply.status(status).header(REPLAYED_HEADER, 'true').header('cache-control', 'no-store');

/** A retry whose request created `resourceId` but stored no answer: the route's answer rendered again, or why it cannot be. */
async function answerFromResource(request: FastifyRequest, reply: FastifyReply, route: IdempotentResource, found: { resourceId: string; leaseAlive: boolean }) {
  if (route.replay) {
    const { status, body } = await route.replay(request, found.resourceId);
    // An object: serialised by the route's response schema, as its own answer is.
    return replayed(reply, status).send(body);
  }
  // The request that created it may still store its answer; once its lease is over, it never will.
  if (found.leaseAlive) throw inUse();
  throw new AppError('idempotency_answer_lost', 409, route.unrepeatable, 'Idempotency-Key');
}

async function completeKey(db: Db, claim: Claim, status: number, body: string): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: sealResponse(claim.scope, claim.key, body), completedAt: sql`now()` })
    .where(heldBy(claim));
}

async function releaseKey(db: Db, claim: Claim): Promise<void> {
  // A key whose request committed its resource stays: a retry is answered from the resource, never run again.
  await db.delete(idempotencyKeys).where(and(heldBy(claim), isNull(idempotencyKeys.completedAt), isNull(idempotencyKeys.resourceId)));
}

/** Keys past their 24 h: run by the hourly cleanup (main.ts); an expired key is also taken over when sent again. */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`));
}

/** A create's follow-up, run in its transaction: records the resource on the request's key (nothing without a key). */
export const recordResource = (request: FastifyRequest) => async (tx: Tx, resourceId: string) => {
  await request.idempotency?.bind(tx, resourceId);
};

const resourceRoute = (config: boolean | 'principal' | IdempotentResource | undefined) => (typeof config === 'object' ? config : null);

function replay(reply: FastifyReply, status: number, body: string): FastifyReply {
  return replayed(reply, status).type('application/json; charset=utf-8').send(body);
}

/**
 * Hooks for routes with `config.idempotent`: after authentication and the body schema (a refused request never takes
 * a key), before the handler; the answer is stored or the key freed as it is sent, so a retry that arrives after the
 * client got (or lost) the answer finds it.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  const claims = new WeakMap<FastifyRequest, Claim>();

  app.decorateRequest('idempotency', null);
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    route.schema = { ...(route.schema ?? {}), response: { ...errorResponses(400, 409), ...response } };
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = parseIdempotencyKey(header);
    const scope = scopeOf(request);
    if (!scope) return;
    const result = await claimKey(db, scope, key, await fingerprintOf(request));
    const route = resourceRoute(request.routeOptions.config.idempotent);
    if (result.kind === 'replay') return replay(reply, result.status, result.body);
    if (result.kind === 'resource') {
      // Only a route that binds resources writes one; a row from elsewhere would be a bug: never run it again.
      if (!route) throw inUse();
      return answerFromResource(request, reply, route, result);
    }
    claims.set(request, result.claim);
    if (route) request.idempotency = bindingOf(result.claim, route.resource);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') await completeKey(db, claim, reply.statusCode, payload);
      else await releaseKey(db, claim);
    } catch (err) {
      // The answer still goes out; the key stays taken until its lease ends.
      request.log.error({ err }, 'idempotency key not recorded');
    }
    return payload;
  });
}
