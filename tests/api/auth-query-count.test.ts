import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { bearer, createApiToken, registerUser } from '../helpers/factories.js';

// What authentication costs: one query per request, whether by session cookie or API token.

let t: TestApp;
let recording: string[] | null = null;
beforeAll(async () => {
  t = await startTestApp({ onQuery: (sql) => recording?.push(sql) });
});
afterAll(async () => t?.close());

/** The statements `fn` sends (the job queue's own polling goes through the raw runner, not the ORM). */
async function queriesOf(fn: () => Promise<unknown>): Promise<string[]> {
  recording = [];
  try {
    await fn();
    return recording;
  } finally {
    recording = null;
  }
}

describe('authentication round trips', () => {
  test('a session GET reads its session, user, company and membership in one query, and writes nothing', async () => {
    const { client } = await registerUser(t);
    const first = await client.get('/api/auth/user');
    expect(first.status).toBe(200);
    const seen = await queriesOf(async () => expect((await client.get('/api/auth/user')).status).toBe(200));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/from "sessions"/);
    expect(seen.filter((q) => /^(update|insert|delete)/i.test(q))).toEqual([]);
  });

  test('touchSession writes only once last-seen is older than its window', async () => {
    const { client, user } = await registerUser(t);
    await t.deps.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 60 * 60_000) }).where(eq(sessions.userId, user.id));
    const stale = await queriesOf(async () => expect((await client.get('/api/auth/user')).status).toBe(200));
    expect(stale.filter((q) => /^update "sessions"/i.test(q))).toHaveLength(1);
    const fresh = await queriesOf(async () => expect((await client.get('/api/auth/user')).status).toBe(200));
    expect(fresh).toHaveLength(1);
  });

  test('an API token authenticates in one query', async () => {
    const { client } = await registerUser(t);
    const token = await createApiToken(client);
    await t.client(null).get('/api/expenses', bearer(token));
    const seen = await queriesOf(() => t.client(null).get('/api/expenses', bearer(token)));
    expect(seen.filter((q) => /from "api_tokens"/.test(q))).toHaveLength(1);
    expect(seen.filter((q) => /from "(sessions|users|memberships)"/.test(q))).toEqual([]);
  });
});
