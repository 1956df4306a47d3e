import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { NIUDATA_SERVICE } from '@shared/niudata.js';
import type { Db } from '../db/client.js';
import { niudataSandboxVouchers } from '../db/schema/index.js';
import type { FetchLike } from './client.js';
import { IDEMPOTENCY_HEADER, WIRE_PATHS, voucherRequestSchema } from './wire.js';

/*
 * The embedded NiuData sandbox ('Modo de prueba'): with no NIUDATA_API_URL and outside production, Rendix answers the
 * wire format of wire.ts itself, so a newcomer can configure a token, sync and read the history with no NiuData
 * account. Served over HTTP at SANDBOX_PATH (sandbox-routes.ts, for curl and outside tools) and, for the app's own
 * calls, in process through `sandboxFetch` (same requests and answers, no loopback connection to depend on).
 *
 * Tokens: one starting with 'invalido' is refused (401); one starting with 'niu_test_', or any other of 16 characters
 * or more, is valid; shorter ones are refused. Each token is its own account (vouchers are kept per SHA-256 of it).
 * Vouchers: refused with 422 when unbalanced (debits ≠ credits), empty, or with bad amounts; a repeated
 * Idempotency-Key answers the same voucher with 200; stored in `niudata_sandbox_vouchers`, so restarts keep them.
 */

export const SANDBOX_PATH = '/api/niudata-sandbox/v1';
export const SANDBOX_VERSION = 'sandbox-1';

export function sandboxTokenValid(token: string): boolean {
  if (/^invalido/i.test(token)) return false;
  return token.startsWith('niu_test_') || token.length >= 16;
}

export interface SandboxRequest {
  method: string;
  /** Relative to the API base: '/ping', '/vouchers/…'. */
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: unknown;
}

export interface SandboxAnswer {
  status: number;
  body: unknown;
}

const fail = (status: number, message: string): SandboxAnswer => ({ status, body: { message } });

function voucherView(row: { id: number; createdAt: Date }, base: string) {
  const id = `NIU-SBX-${row.id}`;
  return { id, voucher_url: `${base}${WIRE_PATHS.voucher(id)}`, status: 'posted', created_at: row.createdAt.toISOString() };
}

/** Checks the voucher as NiuData would: entries, whole non-negative amounts, one side per line, balanced. */
function voucherProblem(body: unknown): string | null {
  const parsed = voucherRequestSchema.safeParse(body);
  if (!parsed.success) return 'El voucher no tiene el formato esperado.';
  const v = parsed.data;
  if (v.entries.length < 2) return 'El voucher debe tener al menos dos líneas.';
  let debit = 0;
  let credit = 0;
  for (const e of v.entries) {
    if (!e.account_code.trim()) return 'Todas las líneas deben tener una cuenta contable.';
    if (e.debit < 0 || e.credit < 0 || (e.debit > 0 && e.credit > 0) || e.debit + e.credit === 0) return 'Cada línea debe tener un monto en el debe o en el haber, no en ambos.';
    debit += e.debit;
    credit += e.credit;
  }
  if (debit !== credit) return `El voucher no cuadra: debe ${debit} y haber ${credit}.`;
  return null;
}

export async function handleSandboxRequest(db: Db, base: string, req: SandboxRequest): Promise<SandboxAnswer> {
  const path = req.path.replace(/\/+$/, '') || '/';
  if (req.method === 'GET' && path === WIRE_PATHS.ping) return { status: 200, body: { status: 'ok', service: NIUDATA_SERVICE, version: SANDBOX_VERSION } };

  const token = /^Bearer\s+(.+)$/i.exec(req.authorization ?? '')?.[1]?.trim();
  if (!token || !sandboxTokenValid(token)) return fail(401, 'Token inválido o revocado.');
  const tokenHash = createHash('sha256').update(token).digest('hex');

  if (req.method === 'GET' && path === WIRE_PATHS.authCheck) {
    return { status: 200, body: { valid: true, account: { name: `Cuenta de prueba ${tokenHash.slice(0, 6)}` } } };
  }
  if (req.method === 'POST' && path === WIRE_PATHS.vouchers) {
    const key = req.idempotencyKey?.trim();
    if (!key || key.length > 200) return fail(400, `Falta el encabezado ${IDEMPOTENCY_HEADER}.`);
    const [seen] = await db
      .select()
      .from(niudataSandboxVouchers)
      .where(and(eq(niudataSandboxVouchers.tokenHash, tokenHash), eq(niudataSandboxVouchers.idempotencyKey, key)))
      .limit(1);
    if (seen) return { status: 200, body: voucherView(seen, base) };
    const problem = voucherProblem(req.body);
    if (problem) return fail(422, problem);
    const [row] = await db.insert(niudataSandboxVouchers).values({ tokenHash, idempotencyKey: key, payload: req.body as object }).onConflictDoNothing().returning();
    if (row) return { status: 201, body: voucherView(row, base) };
    // Lost a race with the same key: the other request's voucher is the one.
    const [other] = await db
      .select()
      .from(niudataSandboxVouchers)
      .where(and(eq(niudataSandboxVouchers.tokenHash, tokenHash), eq(niudataSandboxVouchers.idempotencyKey, key)))
      .limit(1);
    return { status: 200, body: voucherView(other, base) };
  }
  const one = /^\/vouchers\/NIU-SBX-(\d{1,15})$/.exec(path);
  if (req.method === 'GET' && one) {
    const [row] = await db
      .select()
      .from(niudataSandboxVouchers)
      .where(and(eq(niudataSandboxVouchers.id, Number(one[1])), eq(niudataSandboxVouchers.tokenHash, tokenHash)))
      .limit(1);
    return row ? { status: 200, body: { ...voucherView(row, base), voucher: row.payload } } : fail(404, 'Voucher no encontrado.');
  }
  return fail(404, 'Ruta no encontrada.');
}

/** A fetch that answers from the sandbox in process: the adapter's requests and parsing stay exactly the same. */
export function sandboxFetch(db: Db, base: string): FetchLike {
  return async (input, init) => {
    const url = new URL(input);
    const basePath = new URL(base).pathname.replace(/\/+$/, '');
    const headers = new Headers(init.headers);
    let body: unknown = undefined;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        return new Response(JSON.stringify({ message: 'JSON inválido.' }), { status: 400, headers: { 'content-type': 'application/json' } });
      }
    }
    const answer = await handleSandboxRequest(db, base, {
      method: init.method ?? 'GET',
      path: url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname,
      authorization: headers.get('authorization') ?? undefined,
      idempotencyKey: headers.get(IDEMPOTENCY_HEADER) ?? undefined,
      body,
    });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json; charset=utf-8' } });
  };
}
