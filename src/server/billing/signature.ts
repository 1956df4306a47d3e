import { createHmac, timingSafeEqual } from 'node:crypto';

/** A notification signed longer ago (or further ahead) than this is refused as a replay. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

/** MercadoPago lowercases an alphanumeric `data.id` before signing it. */
export function manifestDataId(dataId: string): string {
  return /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
}

/** `id:{data.id};request-id:{x-request-id};ts:{ts};`, leaving out the parts MercadoPago did not send. */
export function signatureManifest(dataId: string | null, requestId: string | null, ts: string): string {
  return `${dataId ? `id:${manifestDataId(dataId)};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
}

export function signManifest(manifest: string, secret: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

/**
 * Verifies MercadoPago's `x-signature: ts=...,v1=...` (HMAC-SHA256 hex of the manifest with the webhook's secret),
 * in constant time, and refuses a `ts` outside the tolerance. MercadoPago documents `ts` in seconds but has sent
 * milliseconds: a value above 10^12 is read as milliseconds.
 */
export function verifyMercadoPagoSignature(input: {
  xSignature: string | undefined;
  xRequestId: string | undefined;
  dataId: string | null;
  secret: string;
  now?: number;
}): SignatureCheck {
  if (!input.xSignature?.trim()) return { ok: false, reason: 'missing' };
  let ts: string | undefined;
  let v1: string | undefined;
  for (const part of input.xSignature.split(',')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const key = part.slice(0, i).trim().toLowerCase();
    const value = part.slice(i + 1).trim();
    if (key === 'ts') ts = value;
    else if (key === 'v1') v1 = value;
  }
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(signManifest(signatureManifest(input.dataId, input.xRequestId?.trim() || null, ts), input.secret), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return { ok: false, reason: 'mismatch' };
  const tsNum = Number(ts);
  const tsMs = tsNum > 1e12 ? tsNum : tsNum * 1000;
  if (Math.abs((input.now ?? Date.now()) - tsMs) > SIGNATURE_TOLERANCE_MS) return { ok: false, reason: 'stale' };
  return { ok: true };
}
