import { ADMIN_MSG } from '@shared/admin.js';
import { authorize, can, type Actor } from './index.js';

/**
 * The platform's operator area (/api/admin/*): only the super admin flag opens it, whatever role the person
 * holds in their current company (a company admin gets 403).
 */
export function authorizeSuperAdmin(actor: Actor): void {
  authorize(can.superAdmin(actor), ADMIN_MSG.onlySuperAdmin);
}
