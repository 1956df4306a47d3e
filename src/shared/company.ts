import { z } from 'zod';
import { safeText } from './input.js';
import { MSG, ROLES } from './auth.js';
import { isValidRut, normalizeRut } from './rut.js';

/**
 * Request schemas and response shapes of the company page (part 2 §2.1, §5, §7): the server
 * validates with these objects and the client builds its forms from them.
 */

export const COMPANY_MSG = {
  companyName: 'El nombre de la empresa es obligatorio',
  firstName: 'El nombre es obligatorio',
  domain: 'Dominio inválido (ejemplo: miempresa.cl)',
  publicDomain: 'No puedes usar un dominio de correo público (como gmail.com): cualquier persona con ese correo se uniría a tu empresa.',
  rut: 'RUT inválido. Revisa el número y el dígito verificador.',
  userId: 'Usuario inválido',
  role: 'El rol debe ser admin, manager o employee',
} as const;

/**
 * Free webmail providers. A company domain is used to add people who register with a matching
 * e-mail, so one of these would let anyone in the country join (and read) the company.
 */
export const PUBLIC_EMAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.cl',
  'hotmail.es',
  'outlook.com',
  'outlook.cl',
  'outlook.es',
  'live.com',
  'live.cl',
  'msn.com',
  'yahoo.com',
  'yahoo.cl',
  'yahoo.es',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'protonmail.com',
  'proton.me',
  'gmx.com',
  'mail.com',
  'zoho.com',
  'yandex.com',
]);

const DOMAIN_RE = /^(?=.{3,200}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/;

/** The part after '@', lowercased; '' when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).trim().toLowerCase();
}

const max = (n: number) => ({ error: `Máximo ${n} caracteres` });

const email = z.string({ error: MSG.email }).trim().toLowerCase().pipe(z.email({ error: MSG.email }).max(254, { error: MSG.email }));

/** Optional text: '' and absent both mean "not set" (null). */
const optionalText = (n: number) =>
  safeText()
    .trim()
    .max(n, max(n))
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Optional company domain: '@miempresa.cl' or 'MiEmpresa.cl' become 'miempresa.cl'. */
const optionalDomain = safeText()
  .trim()
  .toLowerCase()
  .max(200, max(200))
  .optional()
  .nullable()
  .transform((v) => (v ? v.replace(/^@/, '') || null : null))
  .refine((v) => v === null || DOMAIN_RE.test(v), { error: COMPANY_MSG.domain })
  .refine((v) => v === null || !PUBLIC_EMAIL_DOMAINS.has(v), { error: COMPANY_MSG.publicDomain });

/** Optional Chilean RUT, validated with its check digit and normalised to `76123456-7`. */
const optionalRut = safeText()
  .trim()
  .max(20, { error: COMPANY_MSG.rut })
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isValidRut(v), { error: COMPANY_MSG.rut })
  .transform((v) => (v === null ? null : normalizeRut(v)));

const companyName = safeText({ error: COMPANY_MSG.companyName })
  .trim()
  .min(1, { error: COMPANY_MSG.companyName })
  .max(200, max(200));

const userId = z.uuid({ error: COMPANY_MSG.userId });

/** POST /api/company/create */
export const createCompanySchema = z.object({ name: companyName, domain: optionalDomain });
export type CreateCompanyInput = z.input<typeof createCompanySchema>;

/** PUT /api/company/{id}: absent optional fields are cleared (the form sends them as absent when empty). */
export const updateCompanySchema = z.object({
  name: companyName,
  domain: optionalDomain,
  taxId: optionalRut,
  address: optionalText(300),
});
export type UpdateCompanyInput = z.input<typeof updateCompanySchema>;

/** POST /api/company/invite and /api/company/resend-invitation */
export const inviteUserSchema = z.object({ email });
export type InviteUserInput = z.input<typeof inviteUserSchema>;

/** POST /api/company/change-user-role */
export const changeUserRoleSchema = z.object({ userId, role: z.enum(ROLES, { error: COMPANY_MSG.role }) });
export type ChangeUserRoleInput = z.input<typeof changeUserRoleSchema>;

/** POST /api/company/edit-user */
export const editUserSchema = z.object({
  userId,
  firstName: safeText({ error: COMPANY_MSG.firstName }).trim().min(1, { error: COMPANY_MSG.firstName }).max(100, max(100)),
  lastName: optionalText(100),
  email,
  taxId: optionalRut,
});
export type EditUserInput = z.input<typeof editUserSchema>;

const personName = safeText({ error: MSG.name }).trim().min(2, { error: MSG.name }).max(100, max(100));
const password = safeText({ error: MSG.password }).min(6, { error: MSG.password }).max(200, max(200));
const token = safeText({ error: MSG.token }).trim().min(1, { error: MSG.token }).max(200, { error: MSG.token });
const samePasswords = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

/**
 * POST /api/auth/accept-invitation: someone with a verified login sends only the token; anyone
 * else also chooses the password (the names are set when given; the screen always asks for them).
 */
export const acceptInvitationSchema = z
  .object({ token, firstName: personName.optional(), lastName: personName.optional(), password: password.optional(), confirmPassword: z.string({ error: MSG.mismatch }).optional() })
  .refine((v) => v.password === undefined || v.password === v.confirmPassword, { message: MSG.mismatch, path: ['confirmPassword'] });

/** The accept-invitation screen: the same rules with the names required, as in registration. */
export const acceptInvitationFormSchema = z
  .object({ token, firstName: personName, lastName: personName, password, confirmPassword: z.string({ error: MSG.mismatch }) })
  .refine(samePasswords, { message: MSG.mismatch, path: ['confirmPassword'] });
export type AcceptInvitationInput = z.input<typeof acceptInvitationFormSchema>;

const subscriptionStatus = z.enum(['free', 'pro', 'trial']);

/** GET /api/company/current, and the answer of create and update. */
export const companyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  companyCode: z.string(),
  subscriptionStatus,
  subscriptionPlan: z.string(),
  userRole: z.enum(ROLES).nullable(),
  userCount: z.number(),
  expenseCount: z.number(),
  /** Whether someone can administer the company now; employees may claim the role only when nobody can (make-me-admin). */
  hasActiveAdmin: z.boolean(),
  createdAt: z.string(),
});
export type CompanyView = z.infer<typeof companyViewSchema>;

/** GET /api/company/stats. For non-admins the expense totals are their own expenses (`scope: 'own'`). */
export const companyStatsSchema = z.object({
  totalUsers: z.number(),
  totalExpenses: z.number(),
  totalAmount: z.string(),
  subscriptionStatus,
  /** The plan in force (`Plan.id`), for its name and limit. */
  planId: z.string(),
  monthlyExpenseCount: z.number(),
  scope: z.enum(['company', 'own']),
});
export type CompanyStats = z.infer<typeof companyStatsSchema>;

/** A row of GET /api/company/users. */
export const companyUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  taxId: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  authProvider: z.string(),
  hasPassword: z.boolean(),
  /** Invited and not accepted yet: no access to the company until the person accepts. */
  invitationPending: z.boolean(),
  joinedAt: z.string(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

/** GET /api/auth/invitation?token=: what the accept screen shows before the password is chosen. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  /** false for someone with a verified Rendix login: they only accept; true: they choose their password here. */
  needsPassword: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** An invitation is pending until the person accepts it (part 2 §4). */
export function isPendingInvitation(u: Pick<CompanyUser, 'invitationPending'>): boolean {
  return u.invitationPending;
}

export const SUBSCRIPTION_LABELS: Record<CompanyStats['subscriptionStatus'], string> = {
  free: 'Gratuito',
  pro: 'Activa',
  trial: 'Prueba gratuita',
};
