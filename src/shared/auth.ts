import { z } from 'zod';
import { safeText } from './input.js';

// Spanish for every message zod produces that we did not write ourselves.
z.config(z.locales.es());

/** Request schemas of the auth screens: the forms and the server validate with these same objects. */
export const MSG = {
  email: 'Email inválido',
  password: 'Mínimo 6 caracteres',
  name: 'Mínimo 2 caracteres',
  mismatch: 'Las contraseñas no coinciden',
  token: 'Token requerido',
} as const;

const email = z.string({ error: MSG.email }).trim().toLowerCase().pipe(z.email({ error: MSG.email }).max(254, { error: MSG.email }));
const password = safeText({ error: MSG.password }).min(6, { error: MSG.password }).max(200, { error: 'Máximo 200 caracteres' });
const name = safeText({ error: MSG.name }).trim().min(2, { error: MSG.name }).max(100, { error: 'Máximo 100 caracteres' });

export const LOGIN_CODE_MSG = 'Ingresa el código de 6 dígitos que te enviamos por email';

export const loginSchema = z.object({
  email,
  password,
  rememberMe: z.boolean().optional(),
  /** The 6-digit code e-mailed when the server answers `login_code_required` (many failed attempts on the account). */
  code: z.string({ error: LOGIN_CODE_MSG }).trim().regex(/^\d{6}$/, { error: LOGIN_CODE_MSG }).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z
  .object({
    firstName: name,
    lastName: name,
    email,
    companyName: name,
    password,
    confirmPassword: z.string({ error: MSG.mismatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.mismatch, path: ['confirmPassword'] });
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotSchema = z.object({ email });
export type ForgotInput = z.input<typeof forgotSchema>;

export const resetSchema = z
  .object({
    token: safeText({ error: MSG.token }).trim().min(1, { error: MSG.token }).max(200, { error: MSG.token }),
    password,
    confirmPassword: z.string({ error: MSG.mismatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.mismatch, path: ['confirmPassword'] });
export type ResetInput = z.input<typeof resetSchema>;

/** POST /api/auth/verify-email: the token of the link e-mailed at registration. */
export const verifyEmailSchema = z.object({
  token: safeText({ error: MSG.token }).trim().min(1, { error: MSG.token }).max(200, { error: MSG.token }),
});

export const preferencesSchema = z
  .object({ darkMode: z.boolean().optional(), emailNotifications: z.boolean().optional() })
  .refine((v) => v.darkMode !== undefined || v.emailNotifications !== undefined, {
    message: 'Indica darkMode o emailNotifications',
  });

export const switchCompanySchema = z.object({ companyId: z.uuid({ error: 'Empresa inválida' }) });

export const ROLES = ['admin', 'manager', 'employee'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', manager: 'Gerente', employee: 'Empleado' };

/** GET /api/auth/user */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  isSuperAdmin: z.boolean(),
  currentCompanyId: z.string().nullable(),
  subscriptionStatus: z.enum(['free', 'pro', 'trial']),
  planId: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  darkMode: z.boolean(),
  emailNotifications: z.boolean(),
  hasCompletedOnboarding: z.boolean(),
  /** false until the person opens the verification link e-mailed at registration. */
  emailVerified: z.boolean(),
  /** Name of the current company (null without one). */
  currentCompanyName: z.string().nullable(),
  /** A super admin working in a company they are not a member of (entered from the switcher): the top bar says so. */
  viewingAsSuperAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Registration, login and invitation acceptance answer the signed-in user. */
export const signedInSchema = z.object({ user: currentUserSchema });

export const membershipSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  role: z.enum(ROLES),
  company: z.object({ id: z.string(), name: z.string() }),
});
export type Membership = z.infer<typeof membershipSchema>;
