import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { companies, memberships, users } from '../../src/server/db/schema/index.js';
import { sha256 } from '../../src/server/auth/passwords.js';
import { SESSION_COOKIE } from '../../src/server/auth/sessions.js';
import { testAppForFile, type TestClient } from '../helpers/app.js';
import { companyWithEmployee, registerUser } from '../helpers/factories.js';

// The session lookup is kept in memory between requests (auth/sessions.ts, db/change-feed.ts). These are the ways a
// session's meaning changes: each must show on the very next request, never a request later.

const t = testAppForFile({ freshRateLimits: true });

async function me(client: TestClient) {
  const r = await client.get('/api/auth/user');
  return { status: r.status, body: r.body as { role: string | null; currentCompanyId: string | null; firstName: string } };
}

/** Reads twice, so that the second answer surely came from memory. */
async function warm(client: TestClient) {
  expect((await me(client)).status).toBe(200);
  expect((await me(client)).status).toBe(200);
}

describe('the session cache never outlives a change', () => {
  test('logout ends the session on the next request', async () => {
    const { client } = await registerUser(t);
    const sid = client.sessionId!;
    await warm(client);
    expect((await client.post('/api/auth/logout', {})).status).toBe(200);
    // The browser drops its cookie; someone who kept it must be refused too.
    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, sid);
    expect((await me(replay)).status).toBe(401);
  });

  test('a role change shows on the next request, both ways', async () => {
    const { admin, employee } = await companyWithEmployee(t);
    await warm(employee.client);
    expect((await employee.client.get('/api/company/users')).status).toBe(403);
    expect((await admin.client.post('/api/company/change-user-role', { userId: employee.user.id, role: 'admin' })).status).toBe(200);
    expect((await me(employee.client)).body.role).toBe('admin');
    expect((await employee.client.get('/api/company/users')).status).toBe(200);
    expect((await admin.client.post('/api/company/change-user-role', { userId: employee.user.id, role: 'employee' })).status).toBe(200);
    expect((await me(employee.client)).body.role).toBe('employee');
    expect((await employee.client.get('/api/company/users')).status).toBe(403);
  });

  test('deactivation takes the company away on the next request, reactivation gives it back', async () => {
    const { admin, employee, companyId } = await companyWithEmployee(t);
    await warm(employee.client);
    expect((await me(employee.client)).body.currentCompanyId).toBe(companyId);
    expect((await admin.client.post(`/api/company/users/${employee.user.id}/deactivate`, {})).status).toBe(200);
    const after = await me(employee.client);
    expect(after.body.currentCompanyId).not.toBe(companyId);
    expect((await admin.client.post(`/api/company/users/${employee.user.id}/reactivate`, {})).status).toBe(200);
    expect((await employee.client.post('/api/user/switch-company', { companyId })).status).toBe(200);
    expect((await me(employee.client)).body.currentCompanyId).toBe(companyId);
  });

  test('a company switch and a plan change show on the next request', async () => {
    const { admin, employee, companyId } = await companyWithEmployee(t);
    const own = employee.user.currentCompanyId as string;
    await warm(employee.client);
    expect((await employee.client.post('/api/user/switch-company', { companyId: own })).status).toBe(200);
    expect((await me(employee.client)).body.currentCompanyId).toBe(own);
    expect((await employee.client.post('/api/user/switch-company', { companyId })).status).toBe(200);
    expect((await me(employee.client)).body.currentCompanyId).toBe(companyId);
    await warm(admin.client);
    await t.deps.db.update(companies).set({ plan: 'free', subscriptionStatus: 'free' }).where(eq(companies.id, companyId));
    expect(((await admin.client.get('/api/auth/user')).body as { planId: string }).planId).toBe('free');
  });

  test('a membership removed by hand, or a user deleted, is seen at once', async () => {
    const { employee, companyId } = await companyWithEmployee(t);
    await warm(employee.client);
    await t.deps.db.delete(memberships).where(eq(memberships.userId, employee.user.id));
    expect((await me(employee.client)).body.currentCompanyId).not.toBe(companyId);
    await t.deps.db.delete(users).where(eq(users.id, employee.user.id));
    expect((await me(employee.client)).status).toBe(401);
  });
});

describe.runIf(process.env.DATABASE_URL)('another process on the same PostgreSQL', () => {
  test("another process's logout and role change reach this one within the notification's delay", async () => {
    const { admin, employee, companyId } = await companyWithEmployee(t);
    await warm(employee.client);
    await warm(admin.client);
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('update memberships set role = $1 where user_id = $2 and company_id = $3', ['admin', employee.user.id, companyId]);
      await expect.poll(async () => (await me(employee.client)).body.role, { timeout: 2000, interval: 20 }).toBe('admin');
      await other.query('delete from sessions where id_hash = $1', [sha256(admin.client.sessionId!)]);
      await expect.poll(async () => (await me(admin.client)).status, { timeout: 2000, interval: 20 }).toBe(401);
    } finally {
      await other.end();
    }
  });

  test('a lost listening connection stops the cache until it is back, and what was kept is dropped', async () => {
    const { client, user } = await registerUser(t);
    await warm(client);
    const feed = t.deps.database.changes;
    const killer = new pg.Client({ connectionString: t.databaseUrl });
    await killer.connect();
    try {
      // Ends this database's backends that only listen (the dedicated listener; idle pooled ones reconnect on use).
      await killer.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`);
      await expect.poll(() => feed.live, { timeout: 2000, interval: 10 }).toBe(false);
      // Written while nobody in this process listens: must still be seen.
      await killer.query('update users set first_name = $1 where id = $2', ['Mientras', user.id]);
      expect((await me(client)).body.firstName).toBe('Mientras');
      await expect.poll(() => feed.live, { timeout: 5000, interval: 50 }).toBe(true);
      expect((await me(client)).body.firstName).toBe('Mientras');
    } finally {
      await killer.end();
    }
  });
});
