import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatRequestSchema, chatResponseSchema, type ChatResponse } from '@shared/chatbot.js';
import type { AppDeps } from '../context.js';
import { enforceRateLimit, type RateRule } from '../platform/rate-limit.js';
import { answerFromKnowledge } from './knowledge.js';
import { askChatModel } from './model.js';

/** Per client IP: a person chats a few times a minute; a script is stopped early. */
export const CHAT_RULES: RateRule[] = [
  { name: 'chatbot-minute', max: 20, windowMs: 60_000 },
  { name: 'chatbot-day', max: 200, windowMs: 86_400_000 },
];

export const chatbotRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = deps;

  /** Part 1 §7 'Chat and install': public (the landing), `{ message, history }` → `{ response }`. */
  r.post(
    '/chatbot',
    { config: { auth: 'public' }, schema: { tags: ['chatbot'], body: chatRequestSchema, response: { 200: chatResponseSchema } } },
    async (request): Promise<ChatResponse> => {
      for (const rule of CHAT_RULES) await enforceRateLimit(db, request, rule, request.ip);
      const { message, history } = request.body;
      const kb = answerFromKnowledge(message);
      if (env.OPENAI_BASE_URL && env.OPENAI_CHAT_MODEL) {
        const answer = await askChatModel({ baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_CHAT_MODEL }, kb.entries, history, message);
        if (answer) return { response: answer };
        request.log.warn('chat model failed; answering from the knowledge base');
      }
      return { response: kb.text };
    },
  );
};
