import type { FastifyRequest } from 'fastify';
import type { AppDeps } from './context.js';

/** A Host header we can put in a link: a host name, IPv4 or [IPv6] and an optional port, nothing else. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function validHost(host: string | undefined): host is string {
  return !!host && host.length <= 260 && HOST.test(host);
}

/**
 * The base URL of links for this request (checkout, back URLs, e-mails sent while answering it). APP_URL, when
 * set, always wins. Without it (the embedded default), the host the browser used, so a page opened at another name
 * than localhost gets links its session cookie travels to; the scheme comes from X-Forwarded-Proto only through a
 * trusted proxy (Fastify's `request.protocol` honours TRUST_PROXY). A Host that is not a plain host[:port] is ignored.
 */
export function requestAppUrl(deps: Pick<AppDeps, 'env' | 'appUrl'>, request: FastifyRequest): string {
  if (deps.env.APP_URL) return deps.appUrl;
  const host = request.headers.host;
  if (!validHost(host)) return deps.appUrl;
  const proto = request.protocol === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}
