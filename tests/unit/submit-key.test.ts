import { afterEach, describe, expect, test, vi } from 'vitest';
import { SubmitKey, submitCreate } from '../../src/client/lib/idempotency.js';

// The web client's Idempotency-Key per submit (lib/idempotency.ts): a press again after a failure resends the same key,
// so the server answers the first result instead of filing twice; a success or a changed form starts a new key.

const sent: { url: string; key: string | null }[] = [];
/** The browser's fetch for these tests: answers from `answers` in turn and records the key each request carried. */
function stubFetch(answers: (() => Response)[]) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, key: new Headers(init.headers).get('idempotency-key') });
    const next = answers.shift();
    if (!next) throw new Error('unexpected request');
    return next();
  });
}
const networkError = () => {
  throw new TypeError('Failed to fetch');
};
const created = () => new Response(JSON.stringify({ id: 'g1' }), { status: 201, headers: { 'content-type': 'application/json' } });
const refused = () => new Response(JSON.stringify({ message: 'El monto es obligatorio', code: 'validation' }), { status: 400, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
});

function expenseForm(amount: string, file: File) {
  const form = new FormData();
  form.append('amount', amount);
  form.append('description', 'Taxi');
  form.append('receipt', file);
  return form;
}

describe('SubmitKey', () => {
  test('a resubmit after a network error reuses the key; the next submit after a success gets a new one', async () => {
    const keys = new SubmitKey();
    stubFetch([networkError, created, created]);
    const file = new File([new Uint8Array([1, 2, 3])], 'boleta.png', { type: 'image/png', lastModified: 1 });
    await expect(submitCreate(keys, '/api/expenses', expenseForm('12990', file))).rejects.toThrow(TypeError);
    // The user presses 'Enviar' again: the form builds a new FormData with the same content.
    await expect(submitCreate(keys, '/api/expenses', expenseForm('12990', file))).resolves.toEqual({ id: 'g1' });
    await submitCreate(keys, '/api/expenses', expenseForm('12990', file));
    expect(sent.map((s) => s.url)).toEqual(['/api/expenses', '/api/expenses', '/api/expenses']);
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1].key).toBe(sent[0].key);
    expect(sent[2].key).not.toBe(sent[0].key);
  });

  test('a server refusal keeps the key for the same body; a corrected form is a new submit', async () => {
    const keys = new SubmitKey();
    stubFetch([refused, refused, created]);
    await expect(submitCreate(keys, '/api/tokens', { name: '' })).rejects.toMatchObject({ status: 400 });
    await expect(submitCreate(keys, '/api/tokens', { name: '' })).rejects.toMatchObject({ status: 400 });
    await submitCreate(keys, '/api/tokens', { name: 'ERP contable' });
    expect(sent[1].key).toBe(sent[0].key);
    expect(sent[2].key).not.toBe(sent[0].key);
  });

  test('another file, even with the same name, is another submit', () => {
    const keys = new SubmitKey();
    const a = new File([new Uint8Array([1, 2, 3])], 'boleta.png', { type: 'image/png', lastModified: 1 });
    const b = new File([new Uint8Array([1, 2, 3, 4])], 'boleta.png', { type: 'image/png', lastModified: 2 });
    const first = keys.keyFor(expenseForm('12990', a));
    expect(keys.keyFor(expenseForm('12990', a))).toBe(first);
    expect(keys.keyFor(expenseForm('12990', b))).not.toBe(first);
    expect(keys.keyFor(expenseForm('5000', b))).not.toBe(keys.keyFor(expenseForm('12990', b)));
  });
});
