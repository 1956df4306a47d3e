import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** One request the double received. */
export interface NiuRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface NiuVoucher {
  id: string;
  token: string;
  idempotencyKey: string;
  body: any;
}

/**
 * A local stand-in for NiuData's API, written from the wire format documented in src/server/niudata/wire.ts (not from
 * the adapter): `GET /v1/ping`, `GET /v1/auth/check`, `POST /v1/vouchers` with `Idempotency-Key` (201 new, 200 the same
 * voucher for a key already used, 422 unbalanced), `GET /v1/vouchers/{id}`, all but ping behind `Bearer <token>`.
 * Switches: answer the next voucher posts with a status (`failVouchers`), book a voucher and then cut the connection
 * before answering (`dropAfterBooking`: the client never learns it), or stop answering ping (`down`).
 */
export async function startNiudataDouble(opts: { tokens: string[] }) {
  const requests: NiuRequest[] = [];
  const vouchers: NiuVoucher[] = [];
  const valid = new Set(opts.tokens);
  let nextId = 5001;
  let failScript: number[] = [];
  let dropNext = 0;
  let down = false;

  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const view = (v: NiuVoucher) => ({ id: v.id, voucher_url: `https://app.niudata.test/vouchers/${v.id}`, status: 'posted', created_at: '2026-01-01T00:00:00.000Z' });

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body: any;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return json(res, 400, { message: 'JSON inválido' });
      }
      const path = (req.url ?? '').split('?')[0];
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (down) return json(res, 503, { message: 'Mantención programada' });
      if (req.method === 'GET' && path === '/v1/ping') return json(res, 200, { status: 'ok', service: 'NiuData', version: 'double-1' });
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !valid.has(token)) return json(res, 401, { message: 'Token inválido' });
      if (req.method === 'GET' && path === '/v1/auth/check') return json(res, 200, { valid: true, account: { name: 'Comercial Andes SpA', tax_id: '76086428-5' } });
      if (req.method === 'POST' && path === '/v1/vouchers') {
        const scripted = failScript.shift();
        if (scripted) return json(res, scripted, { message: `Error ${scripted} de prueba` });
        const key = String(req.headers['idempotency-key'] ?? '');
        if (!key) return json(res, 400, { message: 'Falta Idempotency-Key' });
        const seen = vouchers.find((v) => v.token === token && v.idempotencyKey === key);
        if (seen) return json(res, 200, view(seen));
        const entries: { debit: number; credit: number }[] = body?.entries ?? [];
        const debit = entries.reduce((s, e) => s + e.debit, 0);
        const credit = entries.reduce((s, e) => s + e.credit, 0);
        if (entries.length < 2 || debit !== credit || debit <= 0) return json(res, 422, { message: `Voucher descuadrado: debe ${debit}, haber ${credit}` });
        const v: NiuVoucher = { id: `V-${nextId++}`, token, idempotencyKey: key, body };
        vouchers.push(v);
        if (dropNext > 0) {
          dropNext--;
          // Booked, but the answer never arrives: what the client sees after a crash or a cut connection.
          return req.socket.destroy();
        }
        return json(res, 201, view(v));
      }
      const one = /^\/v1\/vouchers\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && one) {
        const v = vouchers.find((x) => x.id === decodeURIComponent(one[1]) && x.token === token);
        return v ? json(res, 200, view(v)) : json(res, 404, { message: 'Voucher no encontrado' });
      }
      return json(res, 404, { message: 'Ruta no encontrada' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: `${origin}/v1`,
    requests,
    vouchers,
    /** The next voucher posts answer these statuses, in order (e.g. 503, 503: two failures, then normal). */
    failVouchers: (...statuses: number[]) => {
      failScript = statuses;
    },
    dropAfterBooking: (n = 1) => {
      dropNext = n;
    },
    setDown: (value: boolean) => {
      down = value;
    },
    revoke: (token: string) => valid.delete(token),
    allow: (token: string) => valid.add(token),
    voucherPosts: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/vouchers'),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type NiudataDouble = Awaited<ReturnType<typeof startNiudataDouble>>;
