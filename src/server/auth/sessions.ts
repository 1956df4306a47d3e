import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { feedCache } from '../db/change-feed.js';
import { companies, memberships, sessions, users } from '../db/schema/index.js';
import { savedCompanyColumns } from '../companies/service.js';
import { SESSION_HINT_COOKIE } from '@shared/session.js';
import { randomToken, sha256 } from './passwords.js';

export const SESSION_COOKIE = 'rendix_sid';
export { SESSION_HINT_COOKIE };
export const REMEMBER_MS = 30 * 24 * 3600 * 1000;
/** A browser-session login still ends on the server after this long without use. */
export const BROWSER_SESSION_MS = 12 * 3600 * 1000;

export async function createSession(
  db: Db,
  userId: string,
  persistent: boolean,
  meta: { userAgent?: string; ip?: string },
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomToken(32);
  const expiresAt = new Date(Date.now() + (persistent ? REMEMBER_MS : BROWSER_SESSION_MS));
  await db.insert(sessions).values({
    idHash: sha256(id),
    userId,
    persistent,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 500),
    ip: meta.ip,
  });
  return { id, expiresAt };
}

type SessionLookup = Awaited<ReturnType<typeof readSession>>;

/** Sessions kept in memory per process (about 2 kB each), and the longest any is trusted without a notification. */
export const SESSION_CACHE_MAX = 10_000;
const SESSION_CACHE_TTL_MS = 5 * 60_000;

/** The lookup below, kept for the sessions in use; the change feed drops an entry on any write to what it holds. */
const sessionCacheOf = (db: Db) =>
  feedCache<NonNullable<SessionLookup>>(db, 'sessions', {
    max: SESSION_CACHE_MAX,
    ttlMs: SESSION_CACHE_TTL_MS,
    // What the entry was read from: the session, the user (and their memberships), the saved company.
    keysOf: ({ session, user, saved }) => [`s:${session.idHash}`, `u:${user.id}`, ...(saved.company ? [`c:${saved.company.id}`] : [])],
  });

async function readSession(db: Db, idHash: string, now: Date) {
  const lookup = prepared(db, 'session', (name) =>
    db
      .select({ session: sessions, user: users, ...savedCompanyColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.currentCompanyId))
      .leftJoin(memberships, and(eq(memberships.companyId, users.currentCompanyId), eq(memberships.userId, users.id)))
      .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare(name),
  );
  const [row] = await lookup.execute({ idHash, now });
  if (!row) return null;
  const { session, user, ...saved } = row;
  return { session, user, saved };
}

/**
 * A live session with its user, the user's saved company and their membership in it: one query, or none when this
 * process read it before and nothing in it changed since (the change feed, db/change-feed.ts, drops the entry on any
 * write to the session, the user, their memberships or the company, before that write's promise resolves here and
 * within milliseconds on other instances). The result is shared between requests: never mutate it.
 */
export async function findSessionWithUser(db: Db, id: string) {
  const idHash = sha256(id);
  const now = new Date();
  const cache = sessionCacheOf(db);
  const hit = cache?.get(idHash);
  if (hit && hit.session.expiresAt > now) return hit;
  const since = cache?.generation ?? 0;
  const found = await readSession(db, idHash, now);
  if (found) cache?.set(idHash, found, since);
  return found;
}

/** How stale last-seen may get before a request writes it: sliding expiry costs one write per session per window, not one per request. */
export const TOUCH_RESOLUTION_MS = 3 * 60_000;

/** Sliding expiry for browser sessions, refreshed at most once per `TOUCH_RESOLUTION_MS` per session. */
export async function touchSession(db: Db, session: typeof sessions.$inferSelect): Promise<void> {
  if (Date.now() - session.lastSeenAt.getTime() < TOUCH_RESOLUTION_MS) return;
  const expiresAt = session.persistent ? session.expiresAt : new Date(Date.now() + BROWSER_SESSION_MS);
  await db.update(sessions).set({ lastSeenAt: new Date(), expiresAt }).where(eq(sessions.idHash, session.idHash));
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, sha256(id)));
}

export async function destroyUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** Both cookies share path, SameSite and Secure; without maxAge a cookie ends with the browser. */
function cookieOptions(request: FastifyRequest, maxAgeSeconds: number | null) {
  return { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https', ...(maxAgeSeconds === null ? {} : { maxAge: maxAgeSeconds }) };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, id: string, persistent: boolean) {
  const options = cookieOptions(request, persistent ? REMEMBER_MS / 1000 : null);
  reply.setCookie(SESSION_COOKIE, id, { ...options, httpOnly: true });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...options, httpOnly: false });
}

/** A valid session whose hint is missing (cleared by hand, or older than the hint) gets it back, to its end. */
export function setSessionHint(request: FastifyRequest, reply: FastifyReply, session: typeof sessions.$inferSelect) {
  const remaining = session.persistent ? Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000)) : null;
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...cookieOptions(request, remaining), httpOnly: false });
}

/** A hint that outlived its session cookie would make every page read a session that is not there. */
export function clearSessionHint(reply: FastifyReply) {
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  clearSessionHint(reply);
}
