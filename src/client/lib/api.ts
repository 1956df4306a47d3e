import { queryClient } from './queryClient';

/** Error carrying the HTTP status; its message is "status: body text" (part 1 §8). */
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
  let serverMessage = text || res.statusText;
  let field: string | undefined;
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as { message?: string; field?: string; code?: string };
    if (body.message) serverMessage = body.message;
    field = body.field;
    code = body.code;
  } catch {
    /* not JSON */
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

/** The message to show the user for a failed call. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage || fallback;
  if (err instanceof TypeError) return 'No se pudo conectar con el servidor. Revisa tu conexión.';
  return fallback;
}
