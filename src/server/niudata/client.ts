import type { NiudataVoucher } from '@shared/niudata.js';
import {
  IDEMPOTENCY_HEADER,
  WIRE_PATHS,
  authCheckResponseSchema,
  errorBodySchema,
  pingResponseSchema,
  voucherResponseSchema,
  type AuthCheckResponse,
  type PingResponse,
  type VoucherResponse,
} from './wire.js';

/*
 * The adapter: the only code that sends HTTP to NiuData (wire format in wire.ts). Requests go to the configured base
 * URL and nowhere else (fixed paths appended, no redirects followed), each with a timeout. Failures become a
 * NiudataError with a Spanish message and whether trying again later can help.
 */

export type NiudataErrorKind = 'unauthorized' | 'rejected' | 'unavailable' | 'network' | 'timeout' | 'protocol';

export class NiudataError extends Error {
  constructor(
    public readonly kind: NiudataErrorKind,
    message: string,
    public readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'NiudataError';
  }

  /** Network failures, timeouts, 5xx and 429: the same request may succeed later. 401 and other 4xx never will. */
  get retryable(): boolean {
    return this.kind === 'unavailable' || this.kind === 'network' || this.kind === 'timeout';
  }
}

/** A sentence without its closing period (and the spaces around it), to go on with more text. */
function openSentence(text: string): string {
  return text.replace(/[\s.]+$/, '');
}

/** A retryable failure's message without the 'Se reintentará.' note (for when no retry follows). */
export function withoutRetryNote(message: string): string {
  return message.replace(/ Se reintentará\.$/, '');
}

/** The final message of a sync that failed every attempt: '… Error 503 de prueba (6 intentos).' */
export function exhaustedMessage(message: string, attempts: number): string {
  return `${openSentence(withoutRetryNote(message))} (${attempts === 1 ? '1 intento' : `${attempts} intentos`}).`;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface NiudataClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Global fetch (undici) for the real service; the embedded sandbox passes its in-process handler. */
  fetch?: FetchLike;
}

export interface VoucherResult extends VoucherResponse {
  /** false when NiuData answered an earlier voucher for the same idempotency key (nothing booked again). */
  created: boolean;
}

function clip(text: string, max = 300): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

export class NiudataClient {
  private readonly base: string;
  private readonly fetchImpl: FetchLike;

  constructor(private readonly opts: NiudataClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = opts.fetch ?? ((input, init) => fetch(input, init));
  }

  get baseUrl(): string {
    return this.base;
  }

  private async request(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown }> {
    const h: Record<string, string> = { accept: 'application/json', 'user-agent': 'Rendix/1.0 (+https://rendix.cl)', ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    if (body !== undefined) h['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await this.fetchImpl(this.base + path, {
        method,
        headers: h,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new NiudataError('timeout', `NiuData no respondió en ${Math.round(this.opts.timeoutMs / 1000)} s. Se reintentará.`);
      }
      throw new NiudataError('network', 'No se pudo conectar con NiuData (error de red). Se reintentará.');
    }
    let text: string;
    try {
      text = await res.text();
    } catch {
      throw new NiudataError('network', 'La conexión con NiuData se cortó antes de recibir la respuesta. Se reintentará.');
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.status >= 200 && res.status < 300) return { status: res.status, json };
    const given = errorBodySchema.safeParse(json);
    const serverMessage = given.success && given.data.message ? clip(given.data.message) : null;
    if (res.status === 401 || res.status === 403) {
      throw new NiudataError('unauthorized', `Token de NiuData inválido o revocado (HTTP ${res.status}). Revisa el token en tu cuenta NiuData.`, res.status);
    }
    if (res.status === 429 || res.status >= 500) {
      throw new NiudataError('unavailable', `NiuData no está disponible (HTTP ${res.status})${serverMessage ? `: ${openSentence(serverMessage)}` : ''}. Se reintentará.`, res.status);
    }
    if (res.status >= 300 && res.status < 400) {
      throw new NiudataError('protocol', `NiuData respondió una redirección (HTTP ${res.status}); revisa NIUDATA_API_URL.`, res.status);
    }
    throw new NiudataError('rejected', serverMessage ? `NiuData rechazó la solicitud: ${serverMessage}` : `NiuData rechazó la solicitud (HTTP ${res.status}).`, res.status);
  }

  private parse<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }, json: unknown): T {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new NiudataError('protocol', 'NiuData respondió en un formato inesperado.');
    return parsed.data;
  }

  /** GET /ping: is the service up (no token)? */
  async ping(): Promise<PingResponse> {
    return this.parse(pingResponseSchema, (await this.request('GET', WIRE_PATHS.ping, null)).json);
  }

  /** GET /auth/check: throws NiudataError('unauthorized') for a bad token. */
  async checkToken(token: string): Promise<AuthCheckResponse> {
    const out = this.parse(authCheckResponseSchema, (await this.request('GET', WIRE_PATHS.authCheck, token)).json);
    if (!out.valid) throw new NiudataError('unauthorized', 'Token de NiuData inválido o revocado. Revisa el token en tu cuenta NiuData.', 401);
    return out;
  }

  /** POST /vouchers with an idempotency key: the same key always gives the same voucher. */
  async createVoucher(token: string, voucher: NiudataVoucher, idempotencyKey: string): Promise<VoucherResult> {
    const res = await this.request('POST', WIRE_PATHS.vouchers, token, voucher, { [IDEMPOTENCY_HEADER]: idempotencyKey });
    return { ...this.parse(voucherResponseSchema, res.json), created: res.status === 201 };
  }

  /** GET /vouchers/{id}. */
  async getVoucher(token: string, id: string): Promise<VoucherResponse> {
    return this.parse(voucherResponseSchema, (await this.request('GET', WIRE_PATHS.voucher(id), token)).json);
  }
}
