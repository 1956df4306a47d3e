import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signing of billing webhook deliveries, Stripe-style (see README.md in this folder for the receiver's side):
 * `x-rendix-timestamp` carries unix seconds and `x-rendix-signature` is `sha256=` + hex HMAC-SHA256 of
 * `${timestamp}.${rawBody}` keyed with the webhook's secret. Binding the timestamp lets a receiver refuse replays.
 */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Reference verification for receivers (and our own tests): constant-time compare plus a freshness window. */
export function verifyDelivery(
  secret: string,
  { signature, timestamp, body }: { signature: string | undefined; timestamp: string | undefined; body: string },
  opts: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  if (!signature || !timestamp || !/^\d+$/.test(timestamp)) return false;
  const ts = Number(timestamp);
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  if (Math.abs(now - ts) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signDelivery(secret, ts, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
