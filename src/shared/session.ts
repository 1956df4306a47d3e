/**
 * The name of a cookie scripts may read, holding no secret: the server sets it next to the session cookie with the
 * same lifetime and clears it with it. The client skips the session read when it is absent, so a visitor's landing
 * makes no request that must answer 401. (Its own module: the landing's entry chunk must not pull zod in.)
 */
export const SESSION_HINT_COOKIE = 'rendix_signed_in';

/** Whether this browser holds the hint (a session may still have ended on the server: then the read answers 401). */
export function hasSessionHint(cookie: string): boolean {
  return cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
