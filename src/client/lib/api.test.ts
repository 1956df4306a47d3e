import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, apiGet, apiRequest, errorMessage } from './api';

function answer(status: number, statusText: string, body: string, type = 'application/json') {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body || null, { status, statusText, headers: body ? { 'content-type': type } : {} })));
}

async function failure(call: () => Promise<unknown>): Promise<ApiError> {
  const err = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('errors without a message of their own (part 1 §8)', () => {
  test('an empty 503 shows the action’s Spanish fallback, never the English status text', async () => {
    answer(503, 'Service Unavailable', '');
    const err = await failure(() => apiRequest('POST', '/api/niudata/sync-all'));
    // The error keeps "status: status text" for logs and the 401 rule…
    expect(err.message).toBe('503: Service Unavailable');
    expect(err.status).toBe(503);
    // …but nothing English reaches the user.
    expect(err.serverMessage).toBe('');
    expect(errorMessage(err, 'No se pudieron enviar las rendiciones a NiuData.')).toBe('No se pudieron enviar las rendiciones a NiuData.');
    expect(errorMessage(err, '')).toBe('El servidor no respondió correctamente (503). Inténtalo de nuevo en unos minutos.');
  });

  test('a proxy’s HTML page or plain text is not shown either', async () => {
    answer(502, 'Bad Gateway', '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
    const err = await failure(() => apiGet('/api/niudata/pending'));
    expect(errorMessage(err, 'Inténtalo de nuevo.')).toBe('Inténtalo de nuevo.');
    answer(500, 'Internal Server Error', 'Internal Server Error', 'text/plain');
    const plain = await failure(() => apiRequest('POST', '/api/niudata/sync/x'));
    expect(errorMessage(plain, '')).toBe('El servidor no respondió correctamente (500). Inténtalo de nuevo en unos minutos.');
    answer(400, 'Bad Request', '{"error":"Bad Request"}');
    const noMessage = await failure(() => apiRequest('POST', '/api/niudata/configure', {}));
    expect(errorMessage(noMessage, '')).toBe('El servidor rechazó la solicitud (400).');
  });

  test('the server’s own Spanish message, field and code still come through', async () => {
    answer(400, 'Bad Request', JSON.stringify({ message: 'El token es obligatorio', field: 'token', code: 'validation' }));
    const err = await failure(() => apiRequest('POST', '/api/niudata/configure', {}));
    expect(err).toMatchObject({ status: 400, serverMessage: 'El token es obligatorio', field: 'token', code: 'validation' });
    expect(errorMessage(err, 'Revisa el token e inténtalo de nuevo.')).toBe('El token es obligatorio');
  });
});
