import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@shared/auth.js';
import type { CompanyUser } from '@shared/company.js';
import type { Db, DbOrTx } from '../db/client.js';
import { memberships, passwordResetTokens, users } from '../db/schema/index.js';
import { errors } from '../errors.js';
import { authorize, can, type Actor } from '../policies/index.js';
import { assertFreeSeat, countActiveAdmins, lockCompany, writeAudit } from './service.js';

/** Team management of the company page (part 2 §2.1, §6): every function works on one company. */

const NOT_A_MEMBER = 'Usuario no encontrado en esta empresa.';

export type MembershipRow = typeof memberships.$inferSelect;

/** The company's people, active or not, with pending invitations (GET /api/company/users). */
export async function listCompanyUsers(db: Db, companyId: string): Promise<CompanyUser[]> {
  return selectCompanyUsers(db, eq(memberships.companyId, companyId));
}

/** One person of the company as the team list shows them (an invitation's answer); 404 when not a member. */
export async function companyUser(db: Db, companyId: string, userId: string): Promise<CompanyUser> {
  const [user] = await selectCompanyUsers(db, and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  if (!user) throw errors.notFound(NOT_A_MEMBER);
  return user;
}

async function selectCompanyUsers(db: Db, where: SQL | undefined): Promise<CompanyUser[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      taxId: users.taxId,
      role: memberships.role,
      isActive: memberships.isActive,
      authProvider: users.authProvider,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      invitationPending: sql<boolean>`${memberships.invitedAt} is not null`,
      joinedAt: memberships.joinedAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows.map((u) => ({ ...u, role: u.role as Role, joinedAt: u.joinedAt.toISOString() }));
}

/** The membership of `userId` in the company, locked for the transaction; 404 when there is none (another company's user). */
export async function lockMembership(tx: DbOrTx, companyId: string, userId: string): Promise<MembershipRow> {
  const [m] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)))
    .for('update');
  if (!m) throw errors.notFound(NOT_A_MEMBER);
  return m;
}

export const ROLE_MSG = {
  pendingInvitee: 'La persona aún no acepta la invitación. Podrás hacerla administradora cuando la acepte.',
  inactive: 'La persona está desactivada. Reactívala antes de hacerla administradora.',
} as const;

/**
 * Any role change is validated here (the page offers 'Hacer administrador' and 'Quitar administrador',
 * both confirmed). The company keeps at least one active admin: demoting the last one answers 409.
 * Only someone who accepted their invitation and is active can be made admin (409 otherwise): an
 * invitation is not yet a person in the company, and a deactivated member has no access.
 */
export async function changeUserRole(db: Db, actor: Actor, companyId: string, userId: string, role: Role): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const m = await lockMembership(tx, companyId, userId);
    if (m.role === role) return;
    if (role === 'admin' && m.invitedAt) throw errors.conflict(ROLE_MSG.pendingInvitee);
    if (role === 'admin' && !m.isActive) throw errors.conflict(ROLE_MSG.inactive);
    if (m.role === 'admin' && m.isActive && (await countActiveAdmins(tx, companyId, userId)) === 0) {
      throw errors.conflict(
        userId === actor.userId
          ? 'No puedes quitarte el rol de administrador: eres el único administrador activo de la empresa.'
          : 'No se puede quitar el rol al único administrador activo de la empresa.',
      );
    }
    await tx.update(memberships).set({ role }).where(eq(memberships.id, m.id));
    await writeAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      entityType: 'membership',
      entityId: m.id,
      action: 'membership.role_changed',
      changes: { userId, role: { from: m.role, to: role } },
    });
  });
}

/**
 * Edit user. Names, RUT and e-mail belong to the person, not to one company: an admin may change
 * them only for someone who belongs to this company alone (and is not a super admin). Anyone who
 * also belongs to another company keeps them for themselves (otherwise the admin of one company
 * could rewrite another company's admin, or redirect their login to an address they own). A new
 * e-mail is unproven until its owner opens a link sent to it.
 */
export async function editCompanyUser(
  db: Db,
  actor: Actor,
  companyId: string,
  input: { userId: string; firstName: string; lastName: string | null; email: string; taxId: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMembership(tx, companyId, input.userId);
    const [before] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
    const next = { firstName: input.firstName, lastName: input.lastName ?? '', email: input.email, taxId: input.taxId };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['firstName', 'lastName', 'email', 'taxId'] as const) {
      if ((before[key] ?? null) !== (next[key] ?? null)) changes[key] = { from: before[key] ?? null, to: next[key] ?? null };
    }
    if (!Object.keys(changes).length) return;
    const [elsewhere] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.userId, before.id), ne(memberships.companyId, companyId)))
      .limit(1);
    authorize(!before.isSuperAdmin && !elsewhere, 'Esta persona también pertenece a otra empresa: solo ella puede cambiar su nombre, RUT y email.');
    if (changes.email) {
      const [other] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, next.email), ne(users.id, before.id))).limit(1);
      if (other) throw errors.conflict('Ya existe otro usuario con ese email.');
      // Links already sent went to the old address: they stop working.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, before.id), isNull(passwordResetTokens.usedAt)));
    }
    try {
      await tx
        .update(users)
        .set({ ...next, ...(changes.email ? { emailVerifiedAt: null } : {}), updatedAt: new Date() })
        .where(eq(users.id, before.id));
    } catch (err) {
      // Two edits racing to the same address: the unique index decides.
      if (isUniqueViolation(err)) throw errors.conflict('Ya existe otro usuario con ese email.');
      throw err;
    }
    await writeAudit(tx, { companyId, actorUserId: actor.userId, entityType: 'user', entityId: before.id, action: 'user.updated', changes });
  });
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Deactivate: the membership stops counting and the user can no longer open or switch to the
 * company. Their sessions stay (they belong to the person, who may work in other companies): every
 * request resolves the current company afresh, so the next one no longer reaches this company.
 * Nobody deactivates themselves, and the last active admin stays.
 */
export async function deactivateMember(db: Db, actor: Actor, companyId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const m = await lockMembership(tx, companyId, userId);
    if (userId === actor.userId) throw errors.conflict('No puedes desactivarte a ti mismo.');
    if (!m.isActive) return;
    if (m.role === 'admin' && (await countActiveAdmins(tx, companyId, userId)) === 0) {
      throw errors.conflict('No puedes desactivar al único administrador activo de la empresa.');
    }
    await tx.update(memberships).set({ isActive: false }).where(eq(memberships.id, m.id));
    await writeAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      entityType: 'membership',
      entityId: m.id,
      action: 'membership.deactivated',
      changes: { userId, isActive: { from: true, to: false } },
    });
  });
}

/** Reactivate: takes a seat again, so the plan's active-user limit applies (403). */
export async function reactivateMember(db: Db, actor: Actor, companyId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    const m = await lockMembership(tx, companyId, userId);
    if (m.isActive) return;
    await assertFreeSeat(tx, company);
    await tx.update(memberships).set({ isActive: true }).where(eq(memberships.id, m.id));
    await writeAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      entityType: 'membership',
      entityId: m.id,
      action: 'membership.reactivated',
      changes: { userId, isActive: { from: false, to: true } },
    });
  });
}

/**
 * 'Convertirme en administrador' (make-me-admin). The spec offers self-promotion to employees;
 * taken literally anyone could seize a company. Rule: an active member may promote themselves
 * only while the company has no active admin (the admin left or was deactivated), decided by
 * can.claimCompanyAdmin; otherwise 403. Claims run under the company row lock, so of two members
 * claiming at once only the first becomes admin; the second then finds an admin and gets 403.
 */
export async function claimCompanyAdmin(db: Db, actor: Actor, companyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const [m] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, actor.userId), eq(memberships.isActive, true)))
      .for('update');
    if (!m) throw errors.forbidden('Solo los miembros activos de la empresa pueden convertirse en administrador.');
    if (m.role === 'admin') throw errors.conflict('Ya eres administrador de esta empresa.');
    authorize(
      can.claimCompanyAdmin(actor, await countActiveAdmins(tx, companyId)),
      'Solo puedes convertirte en administrador si la empresa no tiene un administrador activo.',
    );
    await tx.update(memberships).set({ role: 'admin' }).where(eq(memberships.id, m.id));
    await writeAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      entityType: 'membership',
      entityId: m.id,
      action: 'membership.self_promoted',
      changes: { userId: actor.userId, role: { from: m.role, to: 'admin' } },
    });
  });
}
