import { and, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Role } from '@shared/auth.js';
import type { CompanyUser, InvitationPreview } from '@shared/company.js';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { companies, memberships, passwordResetTokens, users } from '../db/schema/index.js';
import type { AppDeps } from '../context.js';
import { createPasswordResetToken, liveLinkToken, markEmailVerified, spendLinkToken, type UserRow } from '../auth/service.js';
import { hashPassword } from '../auth/passwords.js';
import { destroyUserSessions } from '../auth/sessions.js';
import { invitationEmail, joinInvitationEmail } from '../email/templates.js';
import { errors } from '../errors.js';
import type { Actor } from '../policies/index.js';
import { faultPoint } from '../platform/faults.js';
import { assertFreeSeat, lockCompany, writeAudit } from './service.js';

/**
 * Invitations (part 2 §2.1, §4). One person has one login, and nobody is added to a company
 * without their consent: every invitation is a pending membership (no access) plus a single-use
 * link, valid 1 hour, e-mailed to the address. Opening it proves the address. Someone with a
 * verified login just accepts; anyone else (no account, or an account whose e-mail was never
 * proven, which may have been registered by somebody else) chooses the password there, which
 * ends every session the unproven password had.
 */

type Mailing = Pick<AppDeps, 'db' | 'mailer' | 'appUrl'>;

const INVALID_INVITE = 'El enlace de invitación no es válido o ya expiró. Pide a tu administrador que te reenvíe la invitación.';

export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/invitacion?token=${encodeURIComponent(token)}`;
}

/** A login whose owner proved the address: invitations to it are accepted, not claimed with a new password. */
function hasProvenLogin(user: Pick<UserRow, 'passwordHash' | 'emailVerifiedAt'>): boolean {
  return user.passwordHash !== null && user.emailVerifiedAt !== null;
}

/** Revokes the unused invitation links of a user to one company (a new one is about to be sent). */
async function revokeInviteTokens(db: DbOrTx, userId: string, companyId: string) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.purpose, 'invite'),
        or(eq(passwordResetTokens.companyId, companyId), isNull(passwordResetTokens.companyId)),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}

/** The link and its e-mail, in the transaction of the invitation they belong to: no invitation without its e-mail. */
async function sendInvitationLink(deps: Mailing, tx: DbOrTx, user: UserRow, company: { id: string; name: string }, inviterName: string) {
  const token = await createPasswordResetToken(tx, user.id, 'invite', { companyId: company.id });
  const link = invitationLink(deps.appUrl, token);
  await deps.mailer.send(
    hasProvenLogin(user)
      ? joinInvitationEmail(user.email, { firstName: user.firstName, companyName: company.name, inviterName, link })
      : invitationEmail(user.email, { companyName: company.name, inviterName, link }),
    { tx },
  );
}

/**
 * Invite by e-mail, as an employee unless `role` says otherwise (the super admin may invite an
 * admin). 409 when the person is already a member (active or deactivated: reactivating is its own
 * action); 403 when the plan has no free seat, pending invitations included. `onInvited` runs in its transaction.
 */
export async function inviteUser(
  deps: Mailing,
  actor: Actor,
  companyId: string,
  email: string,
  inviterName: string,
  role: Role = 'employee',
  onInvited?: (tx: Tx, userId: string) => Promise<void>,
): Promise<CompanyUser> {
  const { user, joinedAt } = await deps.db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    let [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (user) {
      const [m] = await tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, user.id)))
        .limit(1);
      if (m?.isActive && m.invitedAt) throw errors.conflict('Este email ya tiene una invitación pendiente. Puedes reenviarla desde la lista de usuarios.');
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
    const [m] = await tx
      .insert(memberships)
      .values({ userId: user.id, companyId, role, invitedAt: new Date(), invitedBy: actor.userId })
      .onConflictDoNothing()
      .returning();
    if (!m) throw errors.conflict('Este usuario ya es miembro de la empresa.');
    await writeAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      entityType: 'membership',
      entityId: m.id,
      action: 'membership.invited',
      changes: { userId: user.id, email, role, existingAccount: hasProvenLogin(user) },
    });
    await sendInvitationLink(deps, tx, user, company, inviterName);
    await onInvited?.(tx, user.id);
    return { user, joinedAt: m.joinedAt };
  });
  faultPoint('invitation.after-commit');

  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    taxId: user.taxId,
    role,
    isActive: true,
    authProvider: user.authProvider,
    hasPassword: user.passwordHash !== null,
    invitationPending: true,
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
  if (!row.membership.invitedAt) throw errors.conflict('Este usuario ya aceptó la invitación: puede ingresar con su email y contraseña.');
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
    await revokeInviteTokens(tx, row.user.id, companyId);
    await sendInvitationLink(deps, tx, row.user, { id: companyId, name: row.companyName }, inviterName);
  });
}

const liveInviteToken = (token: string) => liveLinkToken(token, 'invite');

/** The invitation a link stands for: its company (older links without one: the most recent pending invitation). */
async function invitedCompany(db: Pick<Db, 'select'>, userId: string, companyId: string | null) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.isActive, true),
        isNotNull(memberships.invitedAt),
        companyId ? eq(memberships.companyId, companyId) : undefined,
      ),
    )
    .orderBy(desc(memberships.invitedAt))
    .limit(1);
  return row ?? null;
}

/** What the accept screen shows for a link, without using it up; 400 when it is not valid (or the invitation is gone). */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const [row] = await db
    .select({ user: users, companyId: passwordResetTokens.companyId })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(liveInviteToken(token))
    .limit(1);
  const company = row ? await invitedCompany(db, row.user.id, row.companyId) : null;
  if (!row || !company) throw errors.badRequest(INVALID_INVITE, 'token');
  const proven = hasProvenLogin(row.user);
  return {
    email: row.user.email,
    firstName: proven ? row.user.firstName : '',
    lastName: proven ? row.user.lastName : '',
    companyName: company.name,
    needsPassword: !proven,
  };
}

/**
 * Accepts an invitation: uses the link up (atomically: a second use finds it spent), ends the
 * pending state of that company's membership, records the address as verified and makes the
 * company the current one. Without a proven login the person also sets the password (and names)
 * here, and every earlier session of the account ends. The caller signs the user in.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; password?: string; firstName?: string; lastName?: string },
): Promise<UserRow> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const spent = await spendLinkToken(tx, input.token, 'invite', INVALID_INVITE);
    const [before] = await tx.select().from(users).where(eq(users.id, spent.userId)).for('update');
    const company = await invitedCompany(tx, before.id, spent.companyId);
    if (!company) throw errors.badRequest(INVALID_INVITE, 'token');
    const claim = !hasProvenLogin(before);
    if (claim && !passwordHash) throw errors.badRequest('La contraseña debe tener al menos 6 caracteres', 'password');
    const [user] = await tx
      .update(users)
      .set({
        ...(claim ? { passwordHash, authProvider: 'local' } : {}),
        ...(claim && input.firstName ? { firstName: input.firstName } : {}),
        ...(claim && input.lastName ? { lastName: input.lastName } : {}),
        currentCompanyId: company.id,
        updatedAt: new Date(),
      })
      .where(eq(users.id, before.id))
      .returning();
    await markEmailVerified(tx, user.id);
    await tx
      .update(memberships)
      .set({ invitedAt: null })
      .where(and(eq(memberships.userId, user.id), eq(memberships.companyId, company.id), isNotNull(memberships.invitedAt)));
    // A password chosen by someone who never proved the address stops opening the account.
    if (claim) await destroyUserSessions(tx, user.id);
    await writeAudit(tx, {
      companyId: company.id,
      actorUserId: user.id,
      entityType: 'user',
      entityId: user.id,
      action: 'user.invitation_accepted',
      changes: claim ? { firstName: user.firstName, lastName: user.lastName, passwordSet: true } : { existingAccount: true },
    });
    return { ...user, emailVerifiedAt: user.emailVerifiedAt ?? new Date() };
  });
}
