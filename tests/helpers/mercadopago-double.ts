import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One request the double received. */
export interface MpRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface MpPayment {
  id: number;
  status: string;
  status_detail: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  payment_method_id: string;
  payment_type_id: string;
  date_approved: string | null;
  date_created: string;
  installments: number;
  live_mode: boolean;
}

/**
 * A local stand-in for MercadoPago's REST API, written from its public contract: `POST /checkout/preferences`
 * (Checkout Pro), `GET /v1/payments/{id}` (the payments a test registers), `GET /users/me`, all behind
 * `Authorization: Bearer <access token>`. It also sends webhook notifications the way MercadoPago does: to
 * `notification_url?data.id=...&type=payment`, signed in `x-signature: ts=...,v1=HMAC-SHA256(secret,
 * "id:{data.id};request-id:{x-request-id};ts:{ts};")`.
 */
export async function startMercadoPagoDouble(opts: { accessToken: string; siteId?: string }) {
  const requests: MpRequest[] = [];
  const payments = new Map<string, MpPayment>();
  let nextPaymentId = 90_000_001;
  const collectorId = 123456789;

  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const error = (res: import('node:http').ServerResponse, status: number, message: string, code: string) =>
    json(res, status, { message, error: code, status, cause: [] });

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body: any;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return error(res, 400, 'invalid json', 'bad_request');
      }
      // The SDK writes some paths with a trailing slash (`/checkout/preferences/`); the API accepts both.
      const path = (req.url ?? '').split('?')[0].replace(/(.)\/$/, '$1');
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (req.headers.authorization !== `Bearer ${opts.accessToken}`) return error(res, 401, 'invalid access token', 'unauthorized');

      if (req.method === 'POST' && path === '/checkout/preferences') {
        const items = body?.items;
        if (!Array.isArray(items) || !items.length || items.some((i: any) => typeof i.unit_price !== 'number' || !i.quantity)) {
          return error(res, 400, 'items invalid', 'invalid_items');
        }
        if (body.auto_return && !body.back_urls?.success) return error(res, 400, 'auto_return invalid. back_url.success must be defined', 'invalid_auto_return');
        const id = `${collectorId}-${randomUUID()}`;
        return json(res, 201, {
          ...body,
          id,
          collector_id: collectorId,
          client_id: '6295877106812064',
          date_created: new Date().toISOString(),
          operation_type: 'regular_payment',
          init_point: `https://www.mercadopago.cl/checkout/v1/redirect?pref_id=${id}`,
          sandbox_init_point: `https://sandbox.mercadopago.cl/checkout/v1/redirect?pref_id=${id}`,
        });
      }
      const paymentMatch = /^\/v1\/payments\/(\d+)$/.exec(path);
      if (req.method === 'GET' && paymentMatch) {
        const p = payments.get(paymentMatch[1]);
        return p ? json(res, 200, { ...p, collector_id: collectorId }) : error(res, 404, 'Payment not found', 'not_found');
      }
      if (req.method === 'GET' && path === '/users/me') {
        return json(res, 200, { id: collectorId, nickname: 'TESTRENDIX', site_id: opts.siteId ?? 'MLC', country_id: 'CL', email: 'test_user_rendix@testuser.com' });
      }
      return error(res, 404, 'resource not found', 'not_found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The preference bodies our server created, oldest first. */
    preferences: () => requests.filter((r) => r.method === 'POST' && r.path === '/checkout/preferences').map((r) => r.body),
    /** Registers a payment as MercadoPago would report it (approved, CLP, by card, unless told otherwise). */
    addPayment(p: Partial<MpPayment> & { external_reference: string | null; transaction_amount: number }): MpPayment {
      const status = p.status ?? 'approved';
      const payment: MpPayment = {
        id: nextPaymentId++,
        status,
        status_detail: status === 'approved' ? 'accredited' : status === 'rejected' ? 'cc_rejected_insufficient_amount' : 'pending_contingency',
        currency_id: 'CLP',
        payment_method_id: 'visa',
        payment_type_id: 'credit_card',
        date_approved: status === 'approved' ? new Date().toISOString() : null,
        date_created: new Date().toISOString(),
        installments: 3,
        live_mode: false,
        ...p,
      };
      payments.set(String(payment.id), payment);
      return payment;
    },
    updatePayment(id: number, changes: Partial<MpPayment>) {
      const p = payments.get(String(id));
      if (!p) throw new Error(`no payment ${id}`);
      Object.assign(p, changes);
    },
    /**
     * POSTs a payment notification to `webhookUrl` as MercadoPago does (no Origin, no cookie). `secret` signs it;
     * `ts` (default: now, in seconds), `requestId` and `signature` (a forged header) can be overridden.
     */
    async notify(
      webhookUrl: string,
      paymentId: number | string,
      o: { secret: string; ts?: string; requestId?: string; signature?: string; type?: string },
    ) {
      const id = String(paymentId);
      const type = o.type ?? 'payment';
      const requestId = o.requestId ?? randomUUID();
      const ts = o.ts ?? String(Math.floor(Date.now() / 1000));
      const manifest = `id:${/^[a-z0-9]+$/i.test(id) ? id.toLowerCase() : id};request-id:${requestId};ts:${ts};`;
      const v1 = createHmac('sha256', o.secret).update(manifest).digest('hex');
      const url = `${webhookUrl}?data.id=${encodeURIComponent(id)}&type=${encodeURIComponent(type)}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': o.signature ?? `ts=${ts},v1=${v1}`, 'x-request-id': requestId, 'user-agent': 'MercadoPago WebHook v1.0 payment' },
        body: JSON.stringify({
          action: type === 'payment' ? 'payment.updated' : `${type}.updated`,
          api_version: 'v1',
          data: { id },
          date_created: new Date().toISOString(),
          id: Math.floor(Math.random() * 1e12),
          live_mode: false,
          type,
          user_id: String(collectorId),
        }),
      });
      const text = await res.text();
      let body: any = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* keep text */
      }
      return { status: res.status, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MercadoPagoDouble = Awaited<ReturnType<typeof startMercadoPagoDouble>>;
