import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { API_TOKEN_PREFIX, type ApiTokenView, type CreatedApiTokenView } from '@shared/integrations.js';
import type { Db, Tx } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { apiTokens, auditLog, memberships, users } from '../db/schema/index.js';
import { errors } from '../errors.js';
import { randomToken, sha256 } from '../auth/passwords.js';
import type { Actor } from '../policies/index.js';

/** Active tokens a company may hold at once: plenty for its integrations, few enough to review. */
export const MAX_ACTIVE_TOKENS = 25;
/** How often last-used is written: one update a minute per token at most, not one per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** What a valid Bearer token authenticates: its company, acting with the rights of the admin who created it. */
export interface ApiTokenContext {
  id: string;
  companyId: string;
  /** The admin who created it: expenses filed through the API are filed in their name. */
  userId: string;
}

/** `rdx_live_` + 43 URL-safe characters (256 random bits). */
export function generateTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomToken(32)}`;
}

/** The Authorization header's token, or null when it is not a well-formed Rendix Bearer token. */
export function parseBearer(header: string): string | null {
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!m) return null;
  const token = m[1];
  return token.startsWith(API_TOKEN_PREFIX) && token.length <= 200 ? token : null;
}

/**
 * One indexed lookup by the secret's hash (never a scan of hashes). A token works while it is not revoked and its
 * creator is still an active admin of its company (or a super admin): a demoted or removed admin's tokens stop.
 */
export async function authenticateToken(db: Db, secret: string): Promise<ApiTokenContext | null> {
  const lookup = prepared(db, 'api-token', (name) =>
    db
      .select({
        id: apiTokens.id,
        companyId: apiTokens.companyId,
        userId: apiTokens.createdBy,
        lastUsedAt: apiTokens.lastUsedAt,
        isSuperAdmin: users.isSuperAdmin,
        role: memberships.role,
        memberActive: memberships.isActive,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.createdBy))
      .leftJoin(memberships, and(eq(memberships.userId, apiTokens.createdBy), eq(memberships.companyId, apiTokens.companyId)))
      .where(and(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')), isNull(apiTokens.revokedAt)))
      .limit(1)
      .prepare(name),
  );
  const [row] = await lookup.execute({ tokenHash: sha256(secret) });
  if (!row || !row.userId) return null;
  const adminMember = row.role === 'admin' && row.memberActive === true;
  if (!adminMember && !row.isSuperAdmin) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.id));
  }
  return { id: row.id, companyId: row.companyId, userId: row.userId };
}

/** A token reads and files as an admin of its company, never as a super admin. */
export function tokenActor(token: ApiTokenContext): Actor {
  return { userId: token.userId, isSuperAdmin: false, companyId: token.companyId, role: 'admin' };
}

type TokenRow = typeof apiTokens.$inferSelect;
type Creator = { firstName: string | null; lastName: string | null; email: string | null } | null;

function present(row: TokenRow, creator: Creator): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdBy: creator?.email ? { firstName: creator.firstName ?? '', lastName: creator.lastName ?? '', email: creator.email } : null,
  };
}

export async function listTokens(db: Db, companyId: string): Promise<ApiTokenView[]> {
  const rows = await db
    .select({ t: apiTokens, creator: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.companyId, companyId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map((r) => present(r.t, r.creator));
}

/** Creates a token; the secret is in this answer only, the database keeps its SHA-256. `onCreated` runs in its transaction. */
export async function createToken(db: Db, actor: Actor, companyId: string, name: string, onCreated?: (tx: Tx, tokenId: string) => Promise<void>): Promise<CreatedApiTokenView> {
  const secret = generateTokenSecret();
  const row = await db.transaction(async (tx) => {
    // Serialises creations per company, so the cap holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-tokens:${companyId}`}))`);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiTokens)
      .where(and(eq(apiTokens.companyId, companyId), isNull(apiTokens.revokedAt)));
    if (Number(n) >= MAX_ACTIVE_TOKENS) {
      throw errors.conflict(`Tu empresa ya tiene ${MAX_ACTIVE_TOKENS} tokens activos. Elimina uno que no uses para crear otro.`);
    }
    const [created] = await tx
      .insert(apiTokens)
      .values({ companyId, name, prefix: secret.slice(0, API_TOKEN_PREFIX.length + 4), tokenHash: sha256(secret), createdBy: actor.userId })
      .returning();
    await tx.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: 'api_token', entityId: created.id, action: 'api_token.created', changes: { name } });
    await onCreated?.(tx, created.id);
    return created;
  });
  const [creator] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, actor.userId)).limit(1);
  return { ...present(row, creator ?? null), token: secret, message: 'Copia el token ahora: no se volverá a mostrar.' };
}

/** Revokes at once: the next request with it answers 401. Another company's id (or a revoked one) is 404. */
export async function revokeToken(db: Db, actor: Actor, companyId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date(), revokedBy: actor.userId })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.companyId, companyId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, name: apiTokens.name });
    if (!row) throw errors.notFound('Token no encontrado.');
    await tx.insert(auditLog).values({ companyId, actorUserId: actor.userId, entityType: 'api_token', entityId: row.id, action: 'api_token.revoked', changes: { name: row.name } });
  });
}
