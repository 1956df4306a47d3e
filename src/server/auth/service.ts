import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CurrentUser, Role } from '@shared/auth.js';
import type { PlanId } from '@shared/plans.js';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { auditLog, memberships, passwordResetTokens, users } from '../db/schema/index.js';
import { createCompany, resolveCurrentCompany, subscriptionStatusOf, type SavedCompanyRow } from '../companies/service.js';
import { effectivePlan } from '../billing/plan-state.js';
import { errors } from '../errors.js';
import { hashPassword, randomToken, sha256 } from './passwords.js';
import { destroyUserSessions } from './sessions.js';

export type UserRow = typeof users.$inferSelect;

export const RESET_TOKEN_TTL_MS = 3600 * 1000;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return u ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}

/**
 * Register: a user, their company and an admin membership, in one transaction. Nothing that needs
 * a proven e-mail happens here: domain auto-join and a partner plan (`plan` other than free) wait
 * for the verification link (`verification.ts`).
 */
export async function registerAccount(
  db: Db,
  input: { firstName: string; lastName: string; email: string; password: string; companyName: string },
  plan: PlanId = 'free',
  /** Runs in the registration's transaction (the verification e-mail commits with the account). */
  followUp?: (tx: Tx, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) throw errors.conflict('Ya existe una cuenta con ese email. Inicia sesión o recupera tu contraseña.');
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw errors.conflict('Ya existe una cuenta con ese email. Inicia sesión o recupera tu contraseña.');
    const company = await createCompany(tx, { name: input.companyName, ownerId: user.id, pendingPlan: plan === 'free' ? null : plan });
    await tx.insert(auditLog).values({
      companyId: company.id,
      actorUserId: user.id,
      entityType: 'user',
      entityId: user.id,
      action: 'user.registered',
      changes: { email: user.email, plan },
    });
    await followUp?.(tx, user);
    return { ...user, currentCompanyId: company.id };
  });
  return created;
}

export type LinkPurpose = 'reset' | 'invite' | 'verify';

/** Creates a single-use e-mailed link token (one hour unless `ttlMs` says otherwise); only its hash is stored. */
export async function createPasswordResetToken(
  db: DbOrTx,
  userId: string,
  purpose: LinkPurpose = 'reset',
  opts: { companyId?: string; ttlMs?: number } = {},
): Promise<string> {
  const token = randomToken(32);
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: sha256(token),
    purpose,
    companyId: opts.companyId ?? null,
    expiresAt: new Date(Date.now() + (opts.ttlMs ?? RESET_TOKEN_TTL_MS)),
  });
  return token;
}

/** The rows of a link token still usable for `purpose`: right hash, not used, not expired. */
export function liveLinkToken(token: string, purpose: LinkPurpose) {
  return and(
    eq(passwordResetTokens.tokenHash, sha256(token.trim())),
    eq(passwordResetTokens.purpose, purpose),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );
}

/**
 * Uses a reset, verification or invitation link up atomically (a second use, even a concurrent
 * one, finds it spent) and returns its row, or answers 400 with `invalidMessage`.
 */
export async function spendLinkToken(tx: DbOrTx, token: string, purpose: LinkPurpose, invalidMessage: string) {
  const [spent] = await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(liveLinkToken(token, purpose)).returning();
  if (!spent) throw errors.badRequest(invalidMessage, 'token');
  return spent;
}

/** A link that reached the person's inbox proves the address: record it once. */
export async function markEmailVerified(tx: DbOrTx, userId: string): Promise<void> {
  await tx.update(users).set({ emailVerifiedAt: new Date() }).where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** Consumes the token atomically (a second use finds it spent), sets the password and ends old sessions. */
export async function resetPassword(db: Db, token: string, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const spent = await spendLinkToken(tx, token, 'reset', 'El enlace para restablecer la contraseña no es válido o ya expiró. Solicita uno nuevo.');
    const [before] = await tx.select({ authProvider: users.authProvider }).from(users).where(eq(users.id, spent.userId)).for('update');
    const [user] = await tx
      .update(users)
      .set({ passwordHash, authProvider: 'local', emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, spent.userId))
      .returning();
    // An account made by an invitation that chooses its password through a reset link took the invitations with it.
    if (before.authProvider === 'invited') {
      await tx.update(memberships).set({ invitedAt: null }).where(and(eq(memberships.userId, user.id), isNotNull(memberships.invitedAt)));
    }
    await destroyUserSessions(tx, user.id);
    await tx.insert(auditLog).values({
      companyId: user.currentCompanyId,
      actorUserId: user.id,
      entityType: 'user',
      entityId: user.id,
      action: 'user.password_reset',
    });
    return user;
  });
}

export interface SessionContext {
  user: UserRow;
  companyId: string | null;
  role: Role | null;
  view: CurrentUser;
}

/** Everything a request needs to know about its user, built once per request (`saved`: see `resolveCurrentCompany`). */
export async function loadSessionContext(db: Db, user: UserRow, saved?: SavedCompanyRow): Promise<SessionContext> {
  const current = await resolveCurrentCompany(db, user, saved);
  const view: CurrentUser = {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    isSuperAdmin: user.isSuperAdmin,
    currentCompanyId: current?.company.id ?? null,
    subscriptionStatus: subscriptionStatusOf(current?.company ?? null),
    planId: current ? effectivePlan(current.company).id : null,
    role: current?.role ?? null,
    darkMode: user.darkMode,
    emailNotifications: user.emailNotifications,
    hasCompletedOnboarding: user.hasCompletedOnboarding,
    emailVerified: user.emailVerifiedAt !== null,
    currentCompanyName: current?.company.name ?? null,
    viewingAsSuperAdmin: current?.viewingAsSuperAdmin ?? false,
  };
  return { user, companyId: view.currentCompanyId, role: view.role, view };
}
