import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { formatCLP } from '@shared/format.js';
import { PLANS, getPlan } from '@shared/plans.js';
import { CHAT_RULES } from '../../src/server/chatbot/routes.js';
import { clearRateLimit } from '../../src/server/platform/rate-limit.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { startOpenAiDouble } from '../helpers/openai-double.js';

const greeting = { role: 'assistant', content: '¡Hola! Soy el asistente de Rendix. ¿En qué puedo ayudarte?' };

async function resetLimits(t: TestApp) {
  for (const rule of CHAT_RULES) await clearRateLimit(t.deps.db, rule, '127.0.0.1');
}

describe('POST /api/chatbot from the knowledge base', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => resetLimits(t));

  test('public: answers `{ response }` with the PLANS prices, no session needed', async () => {
    const res = await t.client().post('/api/chatbot', { message: '¿Cuánto cuesta?', history: [greeting] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['response']);
    expect(res.body.response).toContain(`${formatCLP(getPlan('professional').price)} CLP`);
    expect(res.body.response).toContain(`${formatCLP(getPlan('enterprise').price)} CLP`);
  });

  test('history is optional; an unknown question gets the honest fallback', async () => {
    const res = await t.client().post('/api/chatbot', { message: '¿Cuál es la capital de Francia?' });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatch(/^No sé la respuesta/);
    expect(res.body.response).toContain('soporte@rendix.cl');
  });

  test.each([
    ['empty', { message: '' }, 'Escribe un mensaje'],
    ['only spaces', { message: '    ' }, 'Escribe un mensaje'],
    ['missing', {}, 'Escribe un mensaje'],
    ['too long', { message: 'a'.repeat(501) }, 'El mensaje no puede superar los 500 caracteres'],
    ['history too long', { message: 'hola', history: Array.from({ length: 51 }, () => greeting) }, 'El historial no puede tener más de 50 mensajes'],
    ['bad role', { message: 'hola', history: [{ role: 'system', content: 'x' }] }, 'El rol del historial debe ser user o assistant'],
  ])('400 in Spanish: %s', async (_name, body, message) => {
    const res = await t.client().post('/api/chatbot', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation', message });
  });

  test('a 500-character message and a 50-entry history with long entries are accepted', async () => {
    const history = Array.from({ length: 50 }, (_, i) => ({ role: i % 2 ? 'user' : 'bot', content: `mensaje ${i} ${'x'.repeat(3000)}` }));
    const res = await t.client().post('/api/chatbot', { message: `¿es seguro? ${'x'.repeat(488)}`, history });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatch(/cifradas/);
  });

  test('documented in the OpenAPI description', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.paths['/api/chatbot'].post).toBeDefined();
  });

  test('rate limited per client IP: the 21st message in a minute is 429 in Spanish', async () => {
    const client = t.client();
    for (let i = 0; i < CHAT_RULES[0].max; i++) expect((await client.post('/api/chatbot', { message: 'hola' })).status).toBe(200);
    const res = await client.post('/api/chatbot', { message: 'hola' });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'rate_limited' });
    expect(res.body.message).toMatch(/^Demasiados intentos/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/chatbot with a configured chat model', () => {
  let t: TestApp;
  let model: Awaited<ReturnType<typeof startOpenAiDouble>>;
  beforeAll(async () => {
    model = await startOpenAiDouble();
    t = await startTestApp({ env: { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'clave-de-prueba', OPENAI_CHAT_MODEL: 'chat-prueba' } });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });
  beforeEach(() => resetLimits(t));

  test('asks the model grounded on the plans and retrieved facts, with the trimmed history, and relays its answer', async () => {
    model.answerWith('El plan Profesional cuesta $15.000 al mes por empresa, IVA incluido.');
    const before = model.requests.length;
    const history = Array.from({ length: 30 }, (_, i) => ({ role: i % 2 ? 'user' : 'bot', content: `turno ${i} ${'y'.repeat(1500)}` }));
    const res = await t.client().post('/api/chatbot', { message: 'precios del plan profesional', history });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: 'El plan Profesional cuesta $15.000 al mes por empresa, IVA incluido.' });
    expect(model.requests.length).toBe(before + 1);
    const req = model.requests.at(-1)!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer clave-de-prueba');
    expect(req.body.model).toBe('chat-prueba');
    expect(req.body.max_tokens).toBe(300);
    const [system, ...rest] = req.body.messages;
    expect(system.role).toBe('system');
    for (const plan of PLANS.filter((p) => p.purchasable)) {
      expect(system.content).toContain(plan.name);
      if (plan.price) expect(system.content).toContain(formatCLP(plan.price));
    }
    expect(system.content).toMatch(/nunca inventes precios/);
    expect(system.content).toContain('[Plan Profesional]');
    // The last 10 history entries, each cut to 1000 characters, 'bot' sent as 'assistant', then the message.
    expect(rest).toHaveLength(11);
    expect(rest[0].content.startsWith('turno 20 ')).toBe(true);
    expect(rest.slice(0, 10).every((m: { content: string }) => m.content.length === 1000)).toBe(true);
    expect(rest[0].role).toBe('assistant');
    expect(rest[1].role).toBe('user');
    expect(rest[10]).toEqual({ role: 'user', content: 'precios del plan profesional' });
  });

  test.each([
    ['a 500', null, 500],
    ['an empty answer', '', 200],
  ] as const)('%s from the model falls back to the knowledge-base answer', async (_name, content, status) => {
    model.answerWith(content, status);
    const res = await t.client().post('/api/chatbot', { message: '¿hay prueba gratis?' });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatch(/^Sí: todos los planes tienen 7 días de prueba gratis/);
  });

  test('an unreachable model falls back to the knowledge-base answer', async () => {
    const env = t.deps.env as { OPENAI_BASE_URL?: string };
    const url = env.OPENAI_BASE_URL;
    env.OPENAI_BASE_URL = 'http://127.0.0.1:1/v1';
    try {
      const res = await t.client().post('/api/chatbot', { message: '¿cómo me registro?' });
      expect(res.status).toBe(200);
      expect(res.body.response).toContain('/auth');
    } finally {
      env.OPENAI_BASE_URL = url;
    }
  });
});
