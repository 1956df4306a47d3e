import { z } from 'zod';
import { niudataVoucherSchema } from '@shared/niudata.js';

/*
 * NiuData's HTTP API as Rendix speaks it: the ONE description of the wire format. The adapter (client.ts), the
 * embedded sandbox (sandbox.ts) and the tests' double (tests/helpers/niudata-double.ts) all follow it; when NiuData's
 * real API differs, change this file and client.ts, nothing else.
 *
 *   Base URL   NIUDATA_API_URL, e.g. https://api.niudata.cl/v1 (paths below are appended to it).
 *   Auth       Authorization: Bearer <the company's NiuData token>. JSON in and out (charset utf-8).
 *   Errors     Any non-2xx answer may carry { "message": "<texto>" }; Rendix shows that text for 4xx.
 *
 *   GET  /ping                 No token needed. 200 { "status": "ok", "service": "NiuData", "version": "…" }
 *   GET  /auth/check           200 { "valid": true, "account": { "name": "…", "tax_id": "…" } }   401 bad token
 *   POST /vouchers             Idempotency-Key: <key> (Rendix: `rendix:<companyId>:<expenseId>`)
 *                              body VoucherRequest (= NiudataVoucher in src/shared/niudata.ts):
 *                                { external_id, currency: "CLP", accounting_date, description,
 *                                  entries: [{ account_code, document_code, cost_center, tax_id, folio_number,
 *                                              document_date, debit, credit, description, accounting_date }] }
 *                              201 VoucherResponse  a new voucher was booked
 *                              200 VoucherResponse  the key was already used: the SAME voucher, nothing booked again
 *                              401 bad token · 422 refused (unbalanced, no entries, bad amounts) · 5xx retry later
 *   GET  /vouchers/{id}        200 VoucherResponse · 404 unknown (to this token's account)
 *
 *   VoucherResponse = { "id": "…", "voucher_url": "https://…", "status": "posted", "created_at": "ISO-8601" }
 *
 * Rendix retries only network failures, timeouts and 5xx (and 429); a 401 or any other 4xx is final.
 */

export const WIRE_PATHS = {
  ping: '/ping',
  authCheck: '/auth/check',
  vouchers: '/vouchers',
  voucher: (id: string) => `/vouchers/${encodeURIComponent(id)}`,
} as const;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const pingResponseSchema = z.object({ status: z.string(), service: z.string().optional(), version: z.string().optional() });
export type PingResponse = z.infer<typeof pingResponseSchema>;

export const authCheckResponseSchema = z.object({
  valid: z.boolean(),
  account: z.object({ name: z.string().optional(), tax_id: z.string().optional() }).partial().optional(),
});
export type AuthCheckResponse = z.infer<typeof authCheckResponseSchema>;

export const voucherRequestSchema = niudataVoucherSchema;

export const voucherResponseSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  voucher_url: z.string().optional(),
  status: z.string().optional(),
  created_at: z.string().optional(),
});
export type VoucherResponse = z.infer<typeof voucherResponseSchema>;

export const errorBodySchema = z.object({ message: z.string() }).partial();

/** The idempotency key of an expense's voucher: one expense is booked once, whatever runs how many times. */
export function voucherIdempotencyKey(companyId: string, expenseId: string): string {
  return `rendix:${companyId}:${expenseId}`;
}
