import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@shared/billing.js';
import type { Env } from '../env.js';
import { errors } from '../errors.js';
import { signDelivery } from './signature.js';
import { BlockedAddressError, PRIVATE_NETWORK_MESSAGE, assertPublicUrl, guardedLookup } from './ssrf.js';

/*
 * Outgoing webhooks, whatever their kind (billing `subscription.paid`, the companies' `expense.approved`): one signed
 * POST, the same headers and signature, the same SSRF rules. See README.md in this folder for the receiver's side.
 */

/** Private and loopback targets are refused in production only: the embedded default and tests use local receivers. */
export function guardsPrivateNetworks(env: Pick<Env, 'NODE_ENV'>): boolean {
  return env.NODE_ENV === 'production';
}

/** Save-time check of a receiver URL: in production, an address on a private network is a 400 on `field`. */
export async function assertAllowedWebhookUrl(env: Pick<Env, 'NODE_ENV'>, url: string, field: string): Promise<void> {
  if (!guardsPrivateNetworks(env)) return;
  try {
    await assertPublicUrl(url);
  } catch (err) {
    throw errors.badRequest(err instanceof BlockedAddressError ? PRIVATE_NETWORK_MESSAGE : (err as Error).message, field);
  }
}

/** Our headers for one attempt: event, timestamp and (with a secret) the signature of `${timestamp}.${body}`. */
export function signedHeaders(event: string, body: string, secret: string | null, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Rendix-Webhooks/1.0',
    [WEBHOOK_EVENT_HEADER]: event,
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    ...(secret ? { [WEBHOOK_SIGNATURE_HEADER]: signDelivery(secret, timestamp, body) } : {}),
  };
}

export interface AttemptOutcome {
  ok: boolean;
  responseStatus: number | null;
  errorMessage: string | null;
}

/**
 * One POST with node:http: redirects are never followed (a 3xx is a failure), the whole exchange is bounded by the
 * timeout, and when guarded the socket's DNS answer goes through the SSRF guard.
 */
function post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal, guard: boolean): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, signal, agent: false, ...(guard ? { lookup: guardedLookup } : {}) },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < 500) text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: text.slice(0, 500) }));
        res.on('error', reject);
        res.on('close', () => {
          if (!res.complete) reject(new Error('la respuesta se cortó antes de terminar'));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Why a connection failed, in words a super admin or accountant can act on; the system code stays for support. */
const CONNECTION_REASONS: Record<string, string> = {
  ECONNREFUSED: 'la conexión fue rechazada',
  ENOTFOUND: 'el nombre del servidor no existe',
  EAI_AGAIN: 'no se pudo resolver el nombre del servidor',
  ECONNRESET: 'el servidor cortó la conexión',
  EHOSTUNREACH: 'el servidor no es alcanzable',
  ENETUNREACH: 'la red del servidor no es alcanzable',
  ETIMEDOUT: 'el servidor no respondió a la conexión',
  CERT_HAS_EXPIRED: 'su certificado TLS expiró',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'su certificado TLS es autofirmado',
  SELF_SIGNED_CERT_IN_CHAIN: 'su certificado TLS no es de confianza',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'su certificado TLS no se pudo verificar',
  ERR_TLS_CERT_ALTNAME_INVALID: 'su certificado TLS no corresponde al nombre del servidor',
};

function failureMessage(err: unknown, timedOut: boolean, timeoutSeconds: number, url: string): string {
  if (timedOut) return `Tiempo de espera agotado: sin respuesta completa en ${timeoutSeconds} s.`;
  if (err instanceof BlockedAddressError || (err as { cause?: unknown })?.cause instanceof BlockedAddressError) return PRIVATE_NETWORK_MESSAGE;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    /* keep the raw URL */
  }
  const code = (err as { code?: unknown })?.code;
  const reason = typeof code === 'string' && CONNECTION_REASONS[code] ? `${CONNECTION_REASONS[code]} (${code})` : err instanceof Error ? err.message : String(err);
  return `No se pudo conectar con ${host}: ${reason.replace(/\.$/, '')}.`.slice(0, 500);
}

/**
 * Sends one attempt and says how it went; never throws. Success is any 2xx. In production the URL is checked again
 * now (the DNS answer may have changed since it was saved) and at connect time.
 */
export async function sendWebhook(
  env: Pick<Env, 'NODE_ENV'>,
  target: { url: string; headers: Record<string, string>; body: string; timeoutSeconds: number },
): Promise<AttemptOutcome> {
  const guard = guardsPrivateNetworks(env);
  const signal = AbortSignal.timeout(target.timeoutSeconds * 1000);
  try {
    if (guard) await assertPublicUrl(target.url);
    const res = await post(target.url, target.headers, target.body, signal, guard);
    if (res.status >= 200 && res.status < 300) return { ok: true, responseStatus: res.status, errorMessage: null };
    const detail = res.text.trim() ? `: ${res.text.trim().replace(/\s+/g, ' ').slice(0, 200)}` : '';
    return { ok: false, responseStatus: res.status, errorMessage: `El receptor respondió HTTP ${res.status}${detail}` };
  } catch (err) {
    return { ok: false, responseStatus: null, errorMessage: failureMessage(err, signal.aborted, target.timeoutSeconds, target.url) };
  }
}

/** Wait before attempt `failedAttempt + 1`: base, 2×base, 4×base... (30 s, 60 s, 120 s by default). */
export function retryDelayMs(baseMs: number, failedAttempt: number): number {
  return baseMs * 2 ** (failedAttempt - 1);
}
