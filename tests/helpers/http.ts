import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { sessions, users } from '../../src/server/db/schema/index.js';
import type { TestApp, TestClient, TestResponse } from './app.js';

export const SESSION_COOKIE = 'rendix_sid';

/** The Set-Cookie line of `name` in a response, split into value and lower-cased attributes. */
export function setCookie(res: TestResponse, name = SESSION_COOKIE): { value: string; attrs: Map<string, string> } | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) return null;
  const [pair, ...rest] = line.split(';').map((s) => s.trim());
  const attrs = new Map<string, string>();
  for (const a of rest) {
    const i = a.indexOf('=');
    attrs.set((i < 0 ? a : a.slice(0, i)).toLowerCase(), i < 0 ? '' : a.slice(i + 1));
  }
  return { value: pair.slice(name.length + 1), attrs };
}

/** Hex SHA-256, computed here independently of the server's helper. */
export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** A browser that carries exactly this session cookie and nothing else. */
export function clientWithSession(t: TestApp, sid: string): TestClient {
  const c = t.client();
  c.cookies.set(SESSION_COOKIE, sid);
  return c;
}

/** An error body as DECISIONS.md wants it: JSON with a Spanish `message`, no stack or internals. */
export function expectCleanError(res: TestResponse, status: number, message?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type') ?? '').toContain('application/json');
  expect(typeof res.body).toBe('object');
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else if (message) expect(res.body.message).toMatch(message);
  expect(res.body).not.toHaveProperty('stack');
  const text = JSON.stringify(res.body);
  expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.ts:\d+|Error:|Invalid input/);
}

/** A 400 naming exactly one field with the Spanish message of part 1 §5. */
export function expectFieldError(res: TestResponse, field: string, message: string) {
  expectCleanError(res, 400, message);
  expect(res.body.field).toBe(field);
}

export async function sessionRowsOf(t: TestApp, userId: string) {
  return t.deps.db.select().from(sessions).where(eq(sessions.userId, userId));
}

export async function userRowByEmail(t: TestApp, email: string) {
  const [u] = await t.deps.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return u ?? null;
}
