import type { Role } from '@shared/auth.js';
import { errors } from '../errors.js';

/** Who may do what, decided in one place; routes ask, they do not re-decide. */
export interface Actor {
  userId: string;
  isSuperAdmin: boolean;
  /** The session's current company, or null when the user has none. */
  companyId: string | null;
  role: Role | null;
}

export const can = {
  manageCompany: (a: Actor) => a.isSuperAdmin || a.role === 'admin',
  approveExpenses: (a: Actor) => a.isSuperAdmin || a.role === 'admin',
  /** Admins review every pending expense; a manager reviews the steps that wait for them (approval-flow/). */
  reviewApprovals: (a: Actor) => a.isSuperAdmin || a.role === 'admin' || a.role === 'manager',
  seeAllCompanyExpenses: (a: Actor) => a.isSuperAdmin || a.role === 'admin',
  manageCatalog: (a: Actor) => a.isSuperAdmin || a.role === 'admin',
  superAdmin: (a: Actor) => a.isSuperAdmin,
  /** Correcting an expense's exchange rate (with a reason, audited). */
  overrideExchangeRate: (a: Actor) => a.isSuperAdmin || a.role === 'admin',
  /** Payout batches: building, exporting (the file carries account numbers) and marking them paid. */
  manageReimbursements: (a: Actor) => a.isSuperAdmin || a.role === 'admin',
  /**
   * Separation of duties: whoever may approve decides anyone's expense but their own, unless the company turned on
   * 'allowSelfApproval' (one-person companies). An admin's own expense goes to another admin, or to the super admin
   * (who acts on it after entering the company) when there is none.
   */
  decideExpenseOf: (a: Actor, ownerId: string, allowSelfApproval: boolean) =>
    (a.isSuperAdmin || a.role === 'admin') && (a.userId !== ownerId || allowSelfApproval),
  /** An employee sees and edits only what they filed. */
  readExpenseOf: (a: Actor, ownerId: string) => a.isSuperAdmin || a.role === 'admin' || a.userId === ownerId,
  /**
   * 'Convertirme en administrador': a member may promote themselves only while the company has
   * no active admin (the admin left); with an admin in place it would be a takeover.
   */
  claimCompanyAdmin: (a: Actor, activeAdmins: number) => a.companyId !== null && activeAdmins === 0,
};

export function authorize(allowed: boolean, message?: string): void {
  if (!allowed) throw errors.forbidden(message);
}

/** The company every tenant-scoped call works on; 400 when the user has none yet. */
export function requireCompanyId(a: Actor): string {
  if (!a.companyId) throw errors.badRequest('No tienes una empresa asignada. Crea una o pide una invitación.');
  return a.companyId;
}
