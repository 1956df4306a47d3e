import { and, count, eq, isNull } from 'drizzle-orm';
import { ADMIN_MSG, type InitializeCategoriesResult } from '@shared/admin.js';
import type { Db } from '../db/client.js';
import { categories, memberships, passwordResetTokens, paymentMethods, users } from '../db/schema/index.js';
import { DEFAULT_CATEGORIES, DEFAULT_PAYMENT_METHODS } from '../catalog/defaults.js';
import { countActiveAdmins, lockCompany, writeAudit } from '../companies/service.js';
import { lockMembership } from '../companies/team.js';
import { errors } from '../errors.js';
import type { Actor } from '../policies/index.js';

/*
 * What the super admin does inside any company (part 2 §2.2, §2.10): remove a member, and give a company the default
 * catalog it lacks. Inviting and changing roles reuse the company page's own services (invitations.ts, team.ts),
 * so their rules (e-mail ownership, pending invitations, seats, the last admin) are the same for everyone.
 */

/**
 * 'Eliminar de la empresa': the membership goes (the person, their login and the expenses they filed stay), with any
 * unused invitation link to this company. The company keeps at least one active admin: removing the last one is 409.
 */
export async function removeMember(db: Db, actor: Actor, companyId: string, userId: string): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const m = await lockMembership(tx, companyId, userId);
    if (m.role === 'admin' && m.isActive && (await countActiveAdmins(tx, companyId, userId)) === 0) throw errors.conflict(ADMIN_MSG.lastAdmin);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await tx.delete(memberships).where(eq(memberships.id, m.id));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.purpose, 'invite'), eq(passwordResetTokens.companyId, companyId), isNull(passwordResetTokens.usedAt)));
    await writeAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      entityType: 'membership',
      entityId: m.id,
      action: 'membership.removed',
      changes: { userId, email: user.email, role: m.role, isActive: m.isActive, invitationPending: m.invitedAt !== null },
    });
    return { email: user.email };
  });
}

/**
 * 'Inicializar' on the super admin API page: the default categories, and the default payment methods when the company
 * has none either. Only for a company without categories (409 'already has categories', which the page shows as
 * 'Categorías ya configuradas').
 */
export async function initializeCategories(db: Db, actor: Actor, companyId: string): Promise<Omit<InitializeCategoriesResult, 'message'>> {
  return db.transaction(async (tx) => {
    // Under the company lock: two clicks at once cannot both find the list empty.
    await lockCompany(tx, companyId);
    const [cats] = await tx.select({ n: count() }).from(categories).where(eq(categories.companyId, companyId));
    if (cats.n > 0) throw errors.conflict(ADMIN_MSG.categoriesExist);
    const [pms] = await tx.select({ n: count() }).from(paymentMethods).where(eq(paymentMethods.companyId, companyId));
    await tx.insert(categories).values(DEFAULT_CATEGORIES.map((c) => ({ ...c, companyId })));
    if (pms.n === 0) await tx.insert(paymentMethods).values(DEFAULT_PAYMENT_METHODS.map((p) => ({ ...p, companyId })));
    const result = { categories: DEFAULT_CATEGORIES.length, paymentMethods: pms.n === 0 ? DEFAULT_PAYMENT_METHODS.length : 0 };
    await writeAudit(tx, { companyId, actorUserId: actor.userId, entityType: 'company', entityId: companyId, action: 'catalog.initialized', changes: result });
    return result;
  });
}

/** The default payment methods, for a company that has none (409 'already has payment methods' otherwise). */
export async function initializePaymentMethods(db: Db, actor: Actor, companyId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const [pms] = await tx.select({ n: count() }).from(paymentMethods).where(eq(paymentMethods.companyId, companyId));
    if (pms.n > 0) throw errors.conflict(ADMIN_MSG.paymentMethodsExist);
    await tx.insert(paymentMethods).values(DEFAULT_PAYMENT_METHODS.map((p) => ({ ...p, companyId })));
    await writeAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      entityType: 'company',
      entityId: companyId,
      action: 'catalog.payment_methods_initialized',
      changes: { paymentMethods: DEFAULT_PAYMENT_METHODS.length },
    });
    return DEFAULT_PAYMENT_METHODS.length;
  });
}
