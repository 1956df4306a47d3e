import { ROUTE_TITLES } from '@client/routes';

/**
 * The `next` of /auth?next=…: only a same-origin relative path ('/…', never '//…' or '/\…', no control characters),
 * so a crafted link cannot send the user to another site after signing in. Anything else is '/'.
 */
export function safeNext(raw: string | null | undefined): string {
  if (!raw || raw.length > 2000) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(raw)) return '/';
  try {
    const url = new URL(raw, window.location.origin);
    if (url.origin !== window.location.origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** Signed-in screens a signed-out visitor is sent to sign in for (then back), instead of the landing page. */
const SIGNED_IN_PATHS = new Set([...Object.keys(ROUTE_TITLES).filter((p) => p !== '/'), '/subscription-success', '/subscription-failure']);

export function needsSignIn(pathname: string): boolean {
  return SIGNED_IN_PATHS.has(pathname.replace(/\/+$/, '') || '/');
}

/** /auth with the way back to `pathname + search`. */
export function signInPath(pathname: string, search: string): string {
  return `/auth?next=${encodeURIComponent(`${pathname}${search}`)}`;
}
