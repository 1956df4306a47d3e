import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { CompanyUser, InvitationPreview } from '@shared/company.js';
import type { Db } from '../db/client.js';
import { companies, memberships, passwordResetTokens, users } from '../db/schema/index.js';
import type { AppDeps } from '../context.js';
import { createPasswordResetToken, type UserRow } from '../auth/service.js';
import { hashPassword, sha256 } from '../auth/passwords.js';
import { destroyUserSessions } from '../auth/sessions.js';
import { addedToCompanyEmail, invitationEmail } from '../email/templates.js';
import { errors } from '../errors.js';
import type { Actor } from '../policies/index.js';
import { assertFreeSeat, lockCompany, writeAudit } from './service.js';

/**
 * Invitations (part 2 §2.1, §4). One person has one login: inviting an e-mail that already has a
 * Rendix password adds a membership and sends a notice; anyone else gets an account without a
 * password (authProvider 'invited') and a single-use link, valid 1 hour, to choose one.
 */

type Mailing = Pick<AppDeps, 'db' | 'mailer' | 'appUrl'>;

const INVALID_INVITE = 'El enlace de invitación no es válido o ya expiró. Pide a tu administrador que te reenvíe la invitación.';

export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/invitacion?token=${encodeURIComponent(token)}`;
}

/** Revokes every unused invitation link of a user (a new one is about to be sent, or the e-mail changed). */
async function revokeInviteTokens(db: Db, userId: string) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.purpose, 'invite'), isNull(passwordResetTokens.usedAt)));
}

async function sendInvitationLink(deps: Mailing, user: UserRow, companyName: string, inviterName: string) {
  const token = await createPasswordResetToken(deps.db, user.id, 'invite');
  await deps.mailer.send(invitationEmail(user.email, { companyName, inviterName, link: invitationLink(deps.appUrl, token) }));
}

/**
 * Invite by e-mail as an employee. 409 when the person is already a member (active or
 * deactivated: reactivating is its own action); 403 when the plan has no free seat, pending
 * invitations included.
 */
export async function inviteUser(deps: Mailing, actor: Actor, companyId: string, email: string, inviterName: string): Promise<CompanyUser> {
  const { user, company, pending, joinedAt } = await deps.db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    let [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (user) {
      const [m] = await tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, user.id)))
        .limit(1);
      if (m?.isActive) throw errors.conflict('Este usuario ya es miembro activo de la empresa.');
      if (m) throw errors.conflict('Este usuario está desactivado en la empresa. Reactívalo desde la lista de usuarios.');
    }
    await assertFreeSeat(tx, company);
    if (!user) {
      [user] = await tx
        .insert(users)
        .values({ email, firstName: '', lastName: '', passwordHash: null, authProvider: 'invited' })
        .onConflictDoNothing({ target: users.email })
        .returning();
      // Another company invited the same address at this instant.
      if (!user) [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    }
    const pending = !user.passwordHash;
    const [m] = await tx
      .insert(memberships)
      .values({ userId: user.id, companyId, role: 'employee', invitedAt: pending ? new Date() : null, invitedBy: actor.userId })
      .onConflictDoNothing()
      .returning();
    if (!m) throw errors.conflict('Este usuario ya es miembro de la empresa.');
    await writeAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      entityType: 'membership',
      entityId: m.id,
      action: 'membership.invited',
      changes: { userId: user.id, email, role: 'employee', pending },
    });
    return { user, company, pending, joinedAt: m.joinedAt };
  });

  if (pending) await sendInvitationLink(deps, user, company.name, inviterName);
  else await deps.mailer.send(addedToCompanyEmail(user.email, { firstName: user.firstName, companyName: company.name, inviterName, appUrl: deps.appUrl }));

  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    taxId: user.taxId,
    role: 'employee',
    isActive: true,
    authProvider: user.authProvider,
    hasPassword: !pending,
    joinedAt: joinedAt.toISOString(),
  };
}

/** A new link for a pending invitation; the previous links stop working. */
export async function resendInvitation(deps: Mailing, actor: Actor, companyId: string, email: string, inviterName: string): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select({ user: users, membership: memberships, companyName: companies.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.companyId, companyId), eq(users.email, email)))
    .limit(1);
  if (!row) throw errors.notFound('No hay una invitación para ese email en esta empresa.');
  if (row.user.passwordHash) throw errors.conflict('Este usuario ya aceptó la invitación: puede ingresar con su email y contraseña.');
  if (!row.membership.isActive) throw errors.conflict('Este usuario está desactivado en la empresa. Reactívalo antes de reenviar la invitación.');
  await db.transaction(async (tx) => {
    await tx.update(memberships).set({ invitedAt: new Date(), invitedBy: actor.userId }).where(eq(memberships.id, row.membership.id));
    await writeAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      entityType: 'membership',
      entityId: row.membership.id,
      action: 'membership.invitation_resent',
      changes: { userId: row.user.id, email },
    });
  });
  await revokeInviteTokens(db, row.user.id);
  await sendInvitationLink(deps, row.user, row.companyName, inviterName);
}

const liveInviteToken = (token: string) =>
  and(
    eq(passwordResetTokens.tokenHash, sha256(token.trim())),
    eq(passwordResetTokens.purpose, 'invite'),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );

/** The company of the user's most recent pending invitation. */
async function invitingCompany(db: Pick<Db, 'select'>, userId: string) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.isActive, true), isNotNull(memberships.invitedAt)))
    .orderBy(desc(memberships.invitedAt))
    .limit(1);
  return row ?? null;
}

/** What the accept screen shows for a link, without using it up; 400 when it is not valid. */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const [row] = await db
    .select({ user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(liveInviteToken(token))
    .limit(1);
  if (!row || row.user.passwordHash) throw errors.badRequest(INVALID_INVITE, 'token');
  const company = await invitingCompany(db, row.user.id);
  return { email: row.user.email, firstName: row.user.firstName, lastName: row.user.lastName, companyName: company?.name ?? null };
}

/**
 * Accepts an invitation: uses the link up (atomically: a second use finds it spent), sets the
 * password and the names, ends the pending state of every invitation of that person, and makes
 * the inviting company the current one. The caller signs the user in.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; password: string; firstName?: string; lastName?: string },
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [spent] = await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(liveInviteToken(input.token)).returning();
    if (!spent) throw errors.badRequest(INVALID_INVITE, 'token');
    const [before] = await tx.select().from(users).where(eq(users.id, spent.userId)).for('update');
    if (before.passwordHash) throw errors.conflict('Esta invitación ya fue aceptada. Inicia sesión con tu email y contraseña.');
    const company = await invitingCompany(tx, before.id);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        authProvider: 'local',
        ...(input.firstName ? { firstName: input.firstName } : {}),
        ...(input.lastName ? { lastName: input.lastName } : {}),
        ...(company ? { currentCompanyId: company.id } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, before.id))
      .returning();
    await tx.update(memberships).set({ invitedAt: null }).where(and(eq(memberships.userId, user.id), isNotNull(memberships.invitedAt)));
    await destroyUserSessions(tx, user.id);
    await writeAudit(tx, {
      companyId: company?.id ?? null,
      actorUserId: user.id,
      entityType: 'user',
      entityId: user.id,
      action: 'user.invitation_accepted',
      changes: { firstName: user.firstName, lastName: user.lastName },
    });
    return user;
  });
}
