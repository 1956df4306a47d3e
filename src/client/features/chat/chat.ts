import { getPlan } from '@shared/plans';
import type { ChatHistoryEntry, ChatRequest, ChatResponse } from '@shared/chatbot';

/** Part 1 §3 'Chat message'. */
export interface ChatMessage {
  id: string;
  content: string;
  isBot: boolean;
  timestamp: number;
}

/** Part 1 §7: the reply appears 1.5 s after the user sends. */
export const CHAT_REPLY_DELAY_MS = 1500;
/** Mirrors CHAT_MESSAGE_MAX / CHAT_HISTORY_KEEP of @shared/chatbot (imported as types only, so zod stays out of the landing bundle). */
export const CHAT_INPUT_MAX = 500;
export const CHAT_HISTORY_SENT = 10;

export const CHAT_GREETING =
  '¡Hola! Soy el asistente de Rendix. Puedo contarte sobre nuestros planes y precios, la lectura automática de boletas y facturas, y cómo empezar. ¿En qué te puedo ayudar?';

const planLine = (id: string, text: (price: string) => string) => {
  const plan = getPlan(id);
  return `• ${plan.name}: ${text(`$${(plan.price ?? 0).toLocaleString('es-CL')}`)}`;
};

let fallback: string | undefined;
/**
 * Part 1 §8 'Chat': shown on a non-OK answer or a network error. Prices come from the one plan definition. Written on
 * first use: the first es-CL number format loads the locale's data, ~0.2 s of a phone's main thread while the
 * landing's script starts (issue 18 item 8).
 */
export function chatFallback(): string {
  fallback ??=
    'Lo siento, en este momento tengo problemas técnicos. Puedes hacer clic en "Comenzar Gratis" para crear tu cuenta o preguntarme por nuestros planes:\n' +
    `${planLine('free', () => `hasta ${getPlan('free').maxActiveUsers} usuarios`)}\n` +
    `${planLine('professional', (p) => `${p} CLP al mes por empresa`)}\n` +
    planLine('enterprise', (p) => `${p} CLP al mes por empresa`);
  return fallback;
}

let seq = 0;
export function makeMessage(content: string, isBot: boolean, now = Date.now()): ChatMessage {
  seq += 1;
  return { id: `${now.toString(36)}-${seq}`, content, isBot, timestamp: now };
}

/** A message that is empty or only whitespace is not sent (part 1 §5). */
export function normalizeInput(text: string): string | null {
  const t = text.trim();
  return t ? t.slice(0, CHAT_INPUT_MAX) : null;
}

/** History as the server reads it: role and content, greeting included, last messages only. */
export function toHistory(messages: ChatMessage[], keep = CHAT_HISTORY_SENT): ChatHistoryEntry[] {
  return messages.slice(-keep).map((m) => ({ role: m.isBot ? 'assistant' : 'user', content: m.content }));
}

/** POST /api/chatbot; any failure (non-OK, network, bad body) gives the fallback text. */
export async function askChatbot(message: string, history: ChatHistoryEntry[], fetchImpl: typeof fetch = fetch): Promise<string> {
  try {
    const body: ChatRequest = { message, history };
    const res = await fetchImpl('/api/chatbot', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) return chatFallback();
    const data = (await res.json()) as Partial<ChatResponse>;
    return typeof data.response === 'string' && data.response.trim() ? data.response : chatFallback();
  } catch {
    return chatFallback();
  }
}
