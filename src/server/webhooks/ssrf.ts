import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';

/**
 * SSRF guard for billing webhooks. A super admin types the URL, but the server makes the call from inside our network:
 * in production a URL that reaches loopback, private, link-local or otherwise internal addresses (the cloud metadata
 * service at 169.254.169.254, a database on 10.x) is refused, at save time and again when delivering, because the
 * DNS answer may change between the two (rebinding).
 */
export const PRIVATE_NETWORK_MESSAGE = 'La URL del webhook no puede apuntar a una red privada.';
export const UNRESOLVABLE_HOST_MESSAGE = 'No se pudo resolver el dominio de la URL del webhook.';

export class BlockedAddressError extends Error {
  readonly code = 'EWEBHOOKBLOCKED';
  constructor(message = PRIVATE_NETWORK_MESSAGE) {
    super(message);
  }
}

function parseIPv4(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return octets.every((o) => o >= 0 && o <= 255) ? octets : null;
}

/** Eight 16-bit groups, or null. Accepts `::` compression, a trailing dotted quad and a `%zone`. */
function parseIPv6(input: string): number[] | null {
  let ip = input.replace(/%.*$/, '').toLowerCase();
  // A trailing dotted quad (::ffff:127.0.0.1) becomes its two hex groups (::ffff:7f00:1).
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (dotted) {
    const v4 = parseIPv4(dotted[1]);
    if (!v4) return null;
    ip = ip.slice(0, dotted.index) + `${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = ip.split('::');
  if (halves.length > 2) return null;
  const toGroups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = toGroups(halves[0]);
  const rest = halves.length === 2 ? toGroups(halves[1]) : [];
  if (![...head, ...rest].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = new Array<number>(8 - known).fill(0);
  return [...head, ...zeros.map(String), ...rest].map((g) => parseInt(g, 16));
}

function isBlockedIPv4([a, b]: number[]): boolean {
  return (
    a === 0 || // 0.0.0.0/8 "this network" (0.0.0.0 reaches the local host)
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT 100.64/10
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // 192.0.0.0/24 IETF protocol assignments (its /29 is DS-Lite)
    (a === 198 && (b === 18 || b === 19)) || // benchmarking 198.18/15
    a >= 224 // multicast 224/4, reserved 240/4, broadcast
  );
}

function embeddedIPv4(g: number[]): number[] {
  return [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff];
}

function isBlockedIPv6(g: number[]): boolean {
  const firstSixZero = g.slice(0, 6).every((x) => x === 0);
  if (firstSixZero && g[6] === 0 && g[7] <= 1) return true; // :: and ::1
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return isBlockedIPv4(embeddedIPv4(g)); // ::ffff:a.b.c.d mapped
  if (firstSixZero) return isBlockedIPv4(embeddedIPv4(g)); // ::a.b.c.d, the deprecated IPv4-compatible form
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isBlockedIPv4(embeddedIPv4(g)); // NAT64
  if (g[0] === 0x2002) return isBlockedIPv4([g[1] >> 8, g[1] & 0xff, g[2] >> 8, g[2] & 0xff]); // 6to4 carries an IPv4
  return (
    (g[0] & 0xfe00) === 0xfc00 || // unique-local fc00::/7
    (g[0] & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (g[0] & 0xffc0) === 0xfec0 || // deprecated site-local fec0::/10
    (g[0] & 0xff00) === 0xff00 || // multicast
    (g[0] === 0x100 && g.slice(1, 4).every((x) => x === 0)) // discard-only 100::/64
  );
}

/** True when `ip` is an address a webhook must not reach in production; anything that is not an IP also counts. */
export function isBlockedAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  const family = isIP(bare.replace(/%.*$/, ''));
  if (family === 4) {
    const v4 = parseIPv4(bare);
    return !v4 || isBlockedIPv4(v4);
  }
  if (family === 6) {
    const v6 = parseIPv6(bare);
    return !v6 || isBlockedIPv6(v6);
  }
  return true;
}

export type ResolveAll = (hostname: string) => Promise<string[]>;

const resolveWithDns: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses.map((a) => a.address))));
  });

/**
 * Resolves the URL's host (every address, as the connection could use any) and throws BlockedAddressError when one is
 * internal, or an Error with UNRESOLVABLE_HOST_MESSAGE when it does not resolve.
 */
export async function assertPublicUrl(url: string, resolveAll: ResolveAll = resolveWithDns): Promise<void> {
  // WHATWG URL already normalises 2130706433, 0x7f.1 and friends to dotted quads.
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolveAll(host);
    } catch {
      throw new Error(UNRESOLVABLE_HOST_MESSAGE);
    }
  }
  if (addresses.length === 0) throw new Error(UNRESOLVABLE_HOST_MESSAGE);
  if (addresses.some(isBlockedAddress)) throw new BlockedAddressError();
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses internal answers: the check runs on the very addresses the socket is about
 * to connect to, so a DNS answer that changed after assertPublicUrl cannot slip through.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address))) return callback(new BlockedAddressError(), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
