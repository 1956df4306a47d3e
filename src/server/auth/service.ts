import { and, eq, gt, isNull } from 'drizzle-orm';
import type { CurrentUser, Role } from '@shared/auth.js';
import type { PlanId } from '@shared/plans.js';
import type { Db } from '../db/client.js';
import { auditLog, passwordResetTokens, users } from '../db/schema/index.js';
import { createCompany, joinCompaniesByDomain, resolveCurrentCompany, subscriptionStatusOf } from '../companies/service.js';
import { effectivePlan } from '../billing/plan-state.js';
import { errors } from '../errors.js';
import { hashPassword, randomToken, sha256, verifyPassword } from './passwords.js';
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

/** Register: a user, their company on `plan`, and an admin membership, in one transaction. */
export async function registerAccount(
  db: Db,
  input: { firstName: string; lastName: string; email: string; password: string; companyName: string },
  plan: PlanId = 'free',
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
    const company = await createCompany(tx, { name: input.companyName, plan, ownerId: user.id });
    await tx.insert(auditLog).values({
      companyId: company.id,
      actorUserId: user.id,
      entityType: 'user',
      entityId: user.id,
      action: 'user.registered',
      changes: { email: user.email, plan },
    });
    return { ...user, currentCompanyId: company.id };
  });
  // Companies that claim this e-mail's domain take the new user in as an employee.
  await joinCompaniesByDomain(db, created.id, created.email);
  return created;
}

const INVALID_LOGIN = 'Email o contraseña incorrectos.';

export async function authenticate(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user || !ok) throw errors.unauthorized(INVALID_LOGIN);
  return user;
}

/** Creates a single-use token valid for one hour; only its hash is stored. */
export async function createPasswordResetToken(db: Db, userId: string, purpose: 'reset' | 'invite' = 'reset'): Promise<string> {
  const token = randomToken(32);
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: sha256(token),
    purpose,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  return token;
}

/** Consumes the token atomically (a second use finds it spent), sets the password and ends old sessions. */
export async function resetPassword(db: Db, token: string, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token.trim())),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!spent) throw errors.badRequest('El enlace para restablecer la contraseña no es válido o ya expiró. Solicita uno nuevo.', 'token');
    const [user] = await tx
      .update(users)
      .set({ passwordHash, authProvider: 'local', updatedAt: new Date() })
      .where(eq(users.id, spent.userId))
      .returning();
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

/** Everything a request needs to know about its user, built once per request. */
export async function loadSessionContext(db: Db, user: UserRow): Promise<SessionContext> {
  const current = await resolveCurrentCompany(db, user);
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
  };
  return { user, companyId: view.currentCompanyId, role: view.role, view };
}
