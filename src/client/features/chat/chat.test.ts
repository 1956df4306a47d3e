import { describe, expect, test, vi } from 'vitest';
import { chatFallback, CHAT_GREETING, askChatbot, makeMessage, normalizeInput, toHistory } from './chat';

describe('chat helpers', () => {
  test('empty or whitespace-only messages are not sent', () => {
    expect(normalizeInput('')).toBeNull();
    expect(normalizeInput('   \n\t ')).toBeNull();
    expect(normalizeInput('  ¿precio?  ')).toBe('¿precio?');
    expect(normalizeInput('x'.repeat(900))).toHaveLength(500);
  });

  test('history has roles assistant/user, includes the greeting and keeps the last messages', () => {
    const msgs = [makeMessage(CHAT_GREETING, true), makeMessage('hola', false), makeMessage('¡Hola!', true)];
    expect(toHistory(msgs)).toEqual([
      { role: 'assistant', content: CHAT_GREETING },
      { role: 'user', content: 'hola' },
      { role: 'assistant', content: '¡Hola!' },
    ]);
    const many = Array.from({ length: 25 }, (_, i) => makeMessage(`m${i}`, i % 2 === 0));
    const h = toHistory(many);
    expect(h).toHaveLength(10);
    expect(h.at(-1)?.content).toBe('m24');
    expect(new Set(many.map((m) => m.id)).size).toBe(25);
  });

  test('fallback text names the problem, Comenzar Gratis and the three plans with prices', () => {
    expect(chatFallback()).toMatch(/problemas técnicos/);
    expect(chatFallback()).toMatch(/Comenzar Gratis/);
    expect(chatFallback()).toMatch(/Gratuito: hasta 2 usuarios/);
    expect(chatFallback()).toMatch(/Profesional: \$15\.000 CLP al mes por empresa/);
    expect(chatFallback()).toMatch(/Empresarial: \$25\.000 CLP al mes por empresa/);
  });

  test('askChatbot posts {message, history} and reads `response`', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ response: 'El plan Profesional cuesta $15.000.' }), { status: 200 }));
    const reply = await askChatbot('precio', [{ role: 'assistant', content: CHAT_GREETING }], fetchMock as unknown as typeof fetch);
    expect(reply).toBe('El plan Profesional cuesta $15.000.');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/chatbot');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ message: 'precio', history: [{ role: 'assistant', content: CHAT_GREETING }] });
  });

  test('non-OK answers, network errors and bodies without text give the fallback', async () => {
    const r500 = vi.fn(async () => new Response('boom', { status: 500 })) as unknown as typeof fetch;
    const r429 = vi.fn(async () => new Response('{"message":"x"}', { status: 429 })) as unknown as typeof fetch;
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const empty = vi.fn(async () => new Response('{}', { status: 200 })) as unknown as typeof fetch;
    for (const f of [r500, r429, down, empty]) expect(await askChatbot('hola', [], f)).toBe(chatFallback());
  });
});
