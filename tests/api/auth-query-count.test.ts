import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions, users } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { bearer, createApiToken, registerUser } from '../helpers/factories.js';
import { QueryRecorder } from '../helpers/queries.js';

// What authentication costs: one query per request, whether by session cookie or API token; none for a session this
// process read before and nothing in it changed since (db/change-feed.ts).

let t: TestApp;
const queries = new QueryRecorder();
const queriesOf = (fn: () => Promise<unknown>) => queries.during(fn);

/**
 * The queries of the first of a few identical requests that needs none. A write is announced to every pooled
 * connection (each LISTENs, db/change-feed.ts); the writer's own copy arrives before its commit resolves, the others a
 * moment later and each drops the cached entry again, which costs a re-read, never a stale answer. On a loaded machine
 * such a late copy can land after the next read, so "from memory" is asked of the next few requests, not of one.
 */
async function settledQueries(request: () => Promise<unknown>): Promise<{ queries: string[]; writes: string[] }> {
  const writes: string[] = [];
  let last: string[] = [];
  for (let i = 0; i < 5; i++) {
    last = await queriesOf(request);
    writes.push(...last.filter((q) => /^(update|insert|delete)/i.test(q)));
    if (!last.length) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { queries: last, writes };
}
beforeAll(async () => {
  t = await startTestApp({ onQuery: queries.observe });
});
afterAll(async () => t?.close());

describe('authentication round trips', () => {
  test('a session GET reads its session, user, company and membership in one query, then none until one of them changes; it writes nothing', async () => {
    const { client, user } = await registerUser(t);
    const read = await queriesOf(async () => expect((await client.get('/api/auth/user')).status).toBe(200));
    expect(read.filter((q) => /from "sessions"/.test(q)).length).toBeLessThanOrEqual(1);
    const cached = await settledQueries(async () => expect((await client.get('/api/auth/user')).status).toBe(200));
    expect(cached).toEqual({ queries: [], writes: [] });
    // A write to the user (here outside the app's routes) is heard before its promise resolves.
    await t.deps.db.update(users).set({ firstName: 'Renombrada' }).where(eq(users.id, user.id));
    let body: { firstName?: string } = {};
    const reread = await queriesOf(async () => {
      const r = await client.get('/api/auth/user');
      body = r.body as { firstName?: string };
    });
    expect(body.firstName).toBe('Renombrada');
    expect(reread).toHaveLength(1);
    expect(reread[0]).toMatch(/from "sessions"/);
    expect(reread.filter((q) => /^(update|insert|delete)/i.test(q))).toEqual([]);
  });

  test('touchSession writes only once last-seen is older than its window', async () => {
    const { client, user } = await registerUser(t);
    await t.deps.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 60 * 60_000) }).where(eq(sessions.userId, user.id));
    const stale = await queriesOf(async () => expect((await client.get('/api/auth/user')).status).toBe(200));
    expect(stale.filter((q) => /^update "sessions"/i.test(q))).toHaveLength(1);
    // The touch itself changed the session: read once more, then from memory, and no further write.
    const fresh = await queriesOf(async () => expect((await client.get('/api/auth/user')).status).toBe(200));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatch(/from "sessions"/);
    const cached = await settledQueries(async () => expect((await client.get('/api/auth/user')).status).toBe(200));
    expect(cached).toEqual({ queries: [], writes: [] });
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
