import { ADMIN_MSG } from '@shared/admin.js';
import { authorize, can, type Actor } from './index.js';

/**
 * The platform's operator area (/api/admin/*, the e-mail page): only the super admin flag opens it, whatever role the
 * person holds in their current company (a company admin gets 403). Route plugins call it from a preValidation hook,
 * so anyone else gets 403 whatever body or query they send; `message` names the area refused.
 */
export function authorizeSuperAdmin(actor: Actor, message: string = ADMIN_MSG.onlySuperAdmin): void {
  authorize(can.superAdmin(actor), message);
}
