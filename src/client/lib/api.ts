import { queryClient } from './queryClient';

/**
 * Error carrying the HTTP status; its message is "status: body text" (part 1 §8). `serverMessage` is the body's
 * own Spanish `{ message }`, or '' when the body is empty or not JSON (a proxy page, a bare 'Service Unavailable'):
 * that text is never shown to the user.
 */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public serverMessage: string,
    public field?: string,
    /** The body's stable `code` (e.g. 'login_code_required'). */
    public code?: string,
  ) {
    super(message);
  }
}

async function toError(res: Response): Promise<ApiError> {
  const text = await res.text();
  let serverMessage = '';
  let field: string | undefined;
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown; field?: unknown; code?: unknown } | null;
    if (body && typeof body === 'object') {
      if (typeof body.message === 'string') serverMessage = body.message.trim();
      if (typeof body.field === 'string') field = body.field;
      if (typeof body.code === 'string') code = body.code;
    }
  } catch {
    /* not JSON: nothing the user should read */
  }
  return new ApiError(res.status, `${res.status}: ${text || res.statusText}`, serverMessage, field, code);
}

/** A failed write that says 401 logs the user out locally (part 1 §8). */
function clearLocalSession() {
  queryClient.clear();
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    /* storage unavailable */
  }
}

/**
 * JSON or multipart write. Throws ApiError for any non-OK answer. `idempotencyKey` goes out as the Idempotency-Key
 * header (lib/idempotency.ts).
 */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, opts: { idempotencyKey?: string } = {}): Promise<T> {
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = {};
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!res.ok) {
    const err = await toError(res);
    if (res.status === 401 || /Unauthorized/.test(err.message)) {
      // Only a session that existed ends; a failed login must not wipe the remembered e-mail.
      if (!url.startsWith('/api/auth/login') && !url.startsWith('/api/auth/register')) clearLocalSession();
    }
    throw err;
  }
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

/** GET returning JSON; `on401: 'null'` turns a 401 into null (the current-user query). */
export async function apiGet<T>(url: string, opts: { on401?: 'null' | 'throw'; noCache?: boolean } = {}): Promise<T> {
  const res = await fetch(url, { credentials: 'include', cache: opts.noCache ? 'no-store' : 'default' });
  if (res.status === 401 && opts.on401 === 'null') return null as T;
  if (!res.ok) throw await toError(res);
  return (await res.json()) as T;
}

/** What to say when the server answered an error without its own message (empty body, proxy page). */
export function statusFallback(status: number): string {
  if (status >= 500) return `El servidor no respondió correctamente (${status}). Inténtalo de nuevo en unos minutos.`;
  if (status === 429) return 'Demasiadas solicitudes seguidas. Espera un momento e inténtalo de nuevo.';
  return `El servidor rechazó la solicitud (${status}).`;
}

/**
 * The message to show the user for a failed call: the server's own Spanish message, else the caller's fallback
 * (the spec's §8 text for that action), else one that says what happened. Never the English status text.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage || fallback || statusFallback(err.status);
  if (err instanceof TypeError) return 'No se pudo conectar con el servidor. Revisa tu conexión.';
  return fallback;
}
