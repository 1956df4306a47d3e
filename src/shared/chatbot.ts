import { z } from 'zod';
import { safeText } from './input.js';

/** Longest message a visitor may send to the landing assistant. */
export const CHAT_MESSAGE_MAX = 500;
/** History entries accepted in a request; the server keeps only the last CHAT_HISTORY_KEEP. */
export const CHAT_HISTORY_MAX = 50;
export const CHAT_HISTORY_KEEP = 10;
/** Each history entry is cut to this many characters. */
export const CHAT_HISTORY_CONTENT_MAX = 1000;

export const chatHistoryEntrySchema = z.object({
  role: z.enum(['user', 'bot', 'assistant'], { error: 'El rol del historial debe ser user o assistant' }),
  content: safeText({ error: 'El contenido del historial debe ser texto' })
    .transform((v) => v.slice(0, CHAT_HISTORY_CONTENT_MAX)),
});

/** Part 1 §7 'Chat and install': POST /api/chatbot `{ message, history }`. */
export const chatRequestSchema = z.object({
  message: safeText({ error: 'Escribe un mensaje' })
    .trim()
    .min(1, { error: 'Escribe un mensaje' })
    .max(CHAT_MESSAGE_MAX, { error: `El mensaje no puede superar los ${CHAT_MESSAGE_MAX} caracteres` }),
  history: z
    .array(chatHistoryEntrySchema, { error: 'El historial debe ser una lista' })
    .max(CHAT_HISTORY_MAX, { error: `El historial no puede tener más de ${CHAT_HISTORY_MAX} mensajes` })
    .optional()
    .transform((h) => (h ?? []).slice(-CHAT_HISTORY_KEEP)),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;
export type ChatHistoryEntry = z.output<typeof chatHistoryEntrySchema>;

/** The reply text is in the field `response` (part 1 §7). */
export const chatResponseSchema = z.object({ response: z.string() });
export type ChatResponse = z.infer<typeof chatResponseSchema>;
