import { z } from 'zod';
import { MSG, ROLES } from './auth.js';
import { subscriptionInvoiceViewSchema } from './billing.js';
import { companyUserSchema } from './company.js';
import { safeText } from './input.js';

/**
 * The super admin's platform API (part 2 §2.2, §2.9, §2.10, §7 'Super admin'): every company and user of the
 * platform, global statistics, any company's team, manual plan assignment and catalog initialization. Every
 * route under /api/admin needs the super admin flag (401 without a session, 403 for anyone else). The server
 * validates with these objects and the super admin screens build their forms and read their answers from them.
 */

export const ADMIN_MSG = {
  onlySuperAdmin: 'Solo el super admin puede usar la administración de la plataforma.',
  companyNotFound: 'Empresa no encontrada.',
  userNotInCompany: 'Usuario no encontrado en esta empresa.',
  companyRequired: 'Selecciona una empresa primero',
  planRequired: 'Selecciona un plan.',
  unknownPlan: 'El plan seleccionado no existe.',
  role: 'El rol debe ser employee o admin',
  lastAdmin: 'No se puede quitar de la empresa a su único administrador activo. Asigna otro administrador primero.',
  /** The client shows 'Categorías ya configuradas' when the message contains 'already has categories' (part 2 §8). */
  categoriesExist: 'La empresa ya tiene categorías configuradas (already has categories).',
  /** The client shows 'Métodos de pago ya configurados' when the message contains 'already' (part 2 §8). */
  paymentMethodsExist: 'La empresa ya tiene medios de pago configurados (already has payment methods).',
  page: 'Página inválida',
  pageSize: 'Máximo 100 por página',
} as const;

/** What a manual assignment writes as the purchase's payment method and in its description. */
export const MANUAL_ASSIGNMENT_LABEL = 'Asignado por super admin';

/** Default page size of the admin lists (the dashboard shows the first 10 users, then 'Y N usuarios más...'). */
export const ADMIN_PAGE_SIZE = 20;

const uuid = (message: string) => z.uuid({ error: message });

// ---------------------------------------------------------------- lists

/**
 * GET /api/admin/companies and /api/admin/users query string. `search` matches name, domain or code (companies),
 * e-mail or name (users), ignoring case; a full UUID also matches the id exactly. '' means no search.
 */
export const adminListQuerySchema = z.object({
  search: safeText().trim().max(200, { error: 'Máximo 200 caracteres' }).optional(),
  page: z.coerce.number({ error: ADMIN_MSG.page }).int({ error: ADMIN_MSG.page }).min(1, { error: ADMIN_MSG.page }).max(100_000, { error: ADMIN_MSG.page }).default(1),
  pageSize: z.coerce.number({ error: ADMIN_MSG.pageSize }).int({ error: ADMIN_MSG.pageSize }).min(1, { error: ADMIN_MSG.pageSize }).max(100, { error: ADMIN_MSG.pageSize }).default(ADMIN_PAGE_SIZE),
});
export type AdminListQuery = z.input<typeof adminListQuerySchema>;

/**
 * The subscription state as the admin list shows it, from the plan in force now: `trial` while the 7-day trial
 * runs, `active` while a paid period (or a plan assigned without period, or the NiuData partner plan) runs,
 * `free` on the free plan or once a paid plan lapsed; `pending` and `canceled` when the row says so.
 */
export const ADMIN_SUBSCRIPTION_STATUSES = ['free', 'trial', 'active', 'pending', 'canceled'] as const;
export type AdminSubscriptionStatus = (typeof ADMIN_SUBSCRIPTION_STATUSES)[number];
export const ADMIN_SUBSCRIPTION_LABELS: Record<AdminSubscriptionStatus, string> = {
  free: 'Gratuito',
  trial: 'Prueba gratuita',
  active: 'Activo',
  pending: 'Pendiente',
  canceled: 'Cancelado',
};

const dateTime = z.string().describe('Fecha y hora ISO 8601 (UTC)');

/** A row of GET /api/admin/companies. */
export const adminCompanySchema = z.object({
  id: z.string().describe('UUID'),
  name: z.string(),
  domain: z.string().nullable(),
  companyCode: z.string().describe("'Código' de la empresa"),
  /** The plan in force now (a lapsed paid plan reads 'free'). */
  planId: z.string(),
  planName: z.string(),
  subscriptionStatus: z.enum(ADMIN_SUBSCRIPTION_STATUSES),
  /** End of the paid (or manually assigned) month; null without a period. */
  periodEnd: dateTime.nullable(),
  /** End of the running 7-day trial; null when none runs. */
  trialEndsAt: dateTime.nullable(),
  /** Members who can open the company: active and with their invitation accepted. */
  userCount: z.number().int(),
  expenseCount: z.number().int(),
  createdAt: dateTime,
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

export const adminCompanyPageSchema = z.object({
  items: z.array(adminCompanySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminCompanyPage = z.infer<typeof adminCompanyPageSchema>;

/** A row of GET /api/admin/users. */
export const adminUserSchema = z.object({
  id: z.string().describe('UUID'),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isSuperAdmin: z.boolean(),
  emailVerified: z.boolean(),
  /** false for someone invited who has not chosen a password yet. */
  hasPassword: z.boolean(),
  /** Companies the person can open (active, invitation accepted). */
  companyCount: z.number().int(),
  createdAt: dateTime,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.object({
  items: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** GET /api/admin/subscription-stats: the five cards of /super-admin. */
export const subscriptionStatsSchema = z.object({
  totalCompanies: z.number().int(),
  totalUsers: z.number().int(),
  /** Companies on a paid plan in force now, trials excluded (a manually assigned plan counts). */
  totalActiveSubscriptions: z.number().int(),
  /** CLP: the sum of the monthly price of those plans (src/shared/plans.ts). */
  totalMonthlyRevenue: z.number().int(),
  /** Expenses filed on the platform this calendar month, America/Santiago time. */
  monthlyExpenses: z.number().int(),
});
export type SubscriptionStats = z.infer<typeof subscriptionStatsSchema>;

// ---------------------------------------------------------------- one company's team

/** Path of /api/admin/company/{id}/... and /api/admin/companies/{id}/... */
export const adminCompanyParamsSchema = z.object({ id: uuid(ADMIN_MSG.companyNotFound) });
/** Path of DELETE /api/admin/company/{id}/users/{userId}. */
export const adminCompanyUserParamsSchema = z.object({ id: uuid(ADMIN_MSG.companyNotFound), userId: uuid(ADMIN_MSG.userNotInCompany) });

/** GET /api/admin/company/{id}/users: the same rows as the company page's team list (pending invitations included). */
export const adminCompanyUsersSchema = z.array(companyUserSchema);

/** The roles the super admin screens offer (part 2 §5): employee (default) or admin. */
export const ADMIN_ROLES = ['employee', 'admin'] as const;
const adminRole = z.enum(ADMIN_ROLES, { error: ADMIN_MSG.role });

const email = z.string({ error: MSG.email }).trim().toLowerCase().pipe(z.email({ error: MSG.email }).max(254, { error: MSG.email }));

/** POST /api/admin/company/{id}/invite-user. */
export const adminInviteUserSchema = z.object({ email, role: adminRole.default('employee') });
export type AdminInviteUserInput = z.input<typeof adminInviteUserSchema>;

/** POST /api/admin/company/{id}/change-user-role (manager, which exists in the data, is accepted too). */
export const adminChangeUserRoleSchema = z.object({
  userId: uuid(ADMIN_MSG.userNotInCompany),
  role: z.enum(ROLES, { error: ADMIN_MSG.role }),
});
export type AdminChangeUserRoleInput = z.input<typeof adminChangeUserRoleSchema>;

/** 201 of invite-user. */
export const adminInviteResultSchema = z.object({ message: z.string(), user: companyUserSchema });
export type AdminInviteResult = z.infer<typeof adminInviteResultSchema>;

// ---------------------------------------------------------------- plan assignment

/** POST /api/admin/companies/{id}/assign-plan: any plan id of src/shared/plans.ts ('premium' reads 'professional'). */
export const assignPlanSchema = z.object({
  planId: safeText({ error: ADMIN_MSG.planRequired }).trim().toLowerCase().min(1, { error: ADMIN_MSG.planRequired }).max(100, { error: ADMIN_MSG.unknownPlan }),
});
export type AssignPlanInput = z.input<typeof assignPlanSchema>;

/**
 * Answer of assign-plan: the company as the list now shows it, and the purchase-history entry written for a paid
 * plan (amount 0, payment method 'Asignado por super admin'); null for a free plan, which has no period.
 */
export const assignPlanResultSchema = z.object({
  message: z.string(),
  company: adminCompanySchema,
  invoice: subscriptionInvoiceViewSchema.nullable(),
});
export type AssignPlanResult = z.infer<typeof assignPlanResultSchema>;

// ---------------------------------------------------------------- catalog initialization

/** POST /api/admin/initialize-categories and /api/admin/initialize-payment-methods. */
export const initializeCatalogSchema = z.object({ companyId: uuid(ADMIN_MSG.companyRequired) });
export type InitializeCatalogInput = z.input<typeof initializeCatalogSchema>;

/** 201 of initialize-categories: how many default categories and payment methods were created. */
export const initializeCategoriesResultSchema = z.object({ message: z.string(), categories: z.number().int(), paymentMethods: z.number().int() });
export type InitializeCategoriesResult = z.infer<typeof initializeCategoriesResultSchema>;

/** 201 of initialize-payment-methods. */
export const initializePaymentMethodsResultSchema = z.object({ message: z.string(), count: z.number().int() });
export type InitializePaymentMethodsResult = z.infer<typeof initializePaymentMethodsResultSchema>;
