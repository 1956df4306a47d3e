import { useState } from 'react';
import { apiRequest } from './api';

/** What makes two submits the same: the text fields as typed, and each file by name, size, type and date. */
function signatureOf(body: unknown): string {
  if (!(body instanceof FormData)) return JSON.stringify(body ?? null);
  const parts: string[] = [];
  for (const [name, value] of body.entries()) {
    parts.push(typeof value === 'string' ? `${name}=${value}` : `${name}=file:${value.name}:${value.size}:${value.type}:${value.lastModified}`);
  }
  return JSON.stringify(parts);
}

/**
 * One Idempotency-Key per submit (the server's platform/idempotency.ts): pressing again after a lost answer or an
 * error sends the same key, so a creation the server already committed is answered again instead of filed twice; a
 * changed form, or the next submit after a success, gets a new key.
 */
export class SubmitKey {
  private last: { signature: string; key: string } | null = null;

  /** The previous key while the same body is still unanswered, else a fresh one. */
  keyFor(body: unknown): string {
    const signature = signatureOf(body);
    if (this.last?.signature !== signature) this.last = { signature, key: crypto.randomUUID() };
    return this.last.key;
  }

  /** `key`'s submit succeeded: the next submit is a new one. */
  settle(key: string): void {
    if (this.last?.key === key) this.last = null;
  }
}

/** POSTs a creation with its submit's key; the key is spent only when the server answered it. */
export async function submitCreate<T>(keys: SubmitKey, url: string, body: unknown): Promise<T> {
  const idempotencyKey = keys.keyFor(body);
  const result = await apiRequest<T>('POST', url, body, { idempotencyKey });
  keys.settle(idempotencyKey);
  return result;
}

/** A form's SubmitKey, kept as long as the form is on screen. */
export function useSubmitKey(): SubmitKey {
  return useState(() => new SubmitKey())[0];
}
