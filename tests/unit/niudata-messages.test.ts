import { describe, expect, test } from 'vitest';
import { NiudataClient, NiudataError, exhaustedMessage, withoutRetryNote } from '../../src/server/niudata/client.js';

/** A client whose every request gets this answer. */
const answering = (status: number, body: unknown) =>
  new NiudataClient({ baseUrl: 'https://niudata.test', timeoutMs: 1000, fetch: async () => new Response(JSON.stringify(body), { status }) });

async function failure(p: Promise<unknown>): Promise<NiudataError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(NiudataError);
  return err as NiudataError;
}

describe('NiuData failure messages read as one sentence', () => {
  test('a 5xx whose message ends with a period: no double period before the retry note', async () => {
    const err = await failure(answering(503, { message: 'Mantención programada.' }).createVoucher('tok', {} as never, 'k'));
    expect(err.message).toBe('NiuData no está disponible (HTTP 503): Mantención programada. Se reintentará.');
    expect(withoutRetryNote(err.message)).toBe('NiuData no está disponible (HTTP 503): Mantención programada.');
  });

  test('the final message after every attempt: the count inside the sentence, one period at the end', () => {
    expect(exhaustedMessage('NiuData no está disponible (HTTP 503): Error 503 de prueba. Se reintentará.', 6)).toBe(
      'NiuData no está disponible (HTTP 503): Error 503 de prueba (6 intentos).',
    );
    expect(exhaustedMessage('NiuData no está disponible (HTTP 502). Se reintentará.', 6)).toBe('NiuData no está disponible (HTTP 502) (6 intentos).');
    expect(exhaustedMessage('NiuData no respondió en 5 s. Se reintentará.', 1)).toBe('NiuData no respondió en 5 s (1 intento).');
  });
});
