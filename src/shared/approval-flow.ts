import { z } from 'zod';
import { optionalText } from './catalog.js';
import { isUuid, safeText } from './input.js';
import { currencyField } from './expenses.js';

/*
 * Issue 20 items 1-3: the company's approval flow (ordered rules that choose the approvers of an expense), who
 * manages whom (manager assignments), the steps an expense goes through, and the policies checked at filing.
 * Shared by the server (routes, evaluation) and the client (Configuración → 'Flujo de aprobación', the cards).
 */

export const MAX_RULES = 50;
export const MAX_STEPS = 5;
/** Whole pesos; fits the bigint columns with room to spare. */
const CLP_LIMIT = 999_999_999_999;

const id = (message: string) => safeText({ error: message }).trim().refine(isUuid, { error: message });
const optionalId = (message: string) =>
  z
    .union([id(message), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));
const optionalClp = (message: string) =>
  z
    .union([z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(CLP_LIMIT, { error: message }), z.null()])
    .optional()
    .transform((v) => (v === undefined ? null : v));

/** Who approves one step: the manager of the expense's cost center (or of its submitter), any admin, or one person. */
export const approverSpecSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('manager') }),
    z.object({ kind: z.literal('admin') }),
    z.object({ kind: z.literal('user'), userId: id('Elige a la persona que aprueba este paso.') }),
  ],
  { error: 'Cada paso debe ser manager, admin o user.' },
);
export type ApproverSpec = z.infer<typeof approverSpecSchema>;

export const APPROVER_KIND_LABELS: Record<ApproverSpec['kind'], string> = {
  manager: 'Jefe a cargo (del centro de costo o de quien rinde)',
  admin: 'Un administrador',
  user: 'Una persona específica',
};

/** One rule: every condition set must hold (amounts in CLP, inclusive); the first rule that matches decides. */
export const approvalRuleInputSchema = z
  .object({
    name: safeText({ error: 'Ponle un nombre a la regla.' }).trim().min(1, { error: 'Ponle un nombre a la regla.' }).max(100, { error: 'Máximo 100 caracteres' }),
    minAmountClp: optionalClp('El monto mínimo debe ser un número entero de pesos, 0 o más.'),
    maxAmountClp: optionalClp('El monto máximo debe ser un número entero de pesos, 0 o más.'),
    categoryId: optionalId('La categoría no es válida.'),
    costCenterId: optionalId('El centro de costo no es válido.'),
    submitterId: optionalId('La persona que rinde no es válida.'),
    steps: z
      .array(approverSpecSchema, { error: 'Indica los pasos de aprobación.' })
      .min(1, { error: 'Una regla necesita al menos un paso de aprobación.' })
      .max(MAX_STEPS, { error: `Una regla admite hasta ${MAX_STEPS} pasos.` }),
  })
  .superRefine((r, ctx) => {
    if (r.minAmountClp !== null && r.maxAmountClp !== null && r.minAmountClp > r.maxAmountClp) {
      ctx.addIssue({ code: 'custom', path: ['maxAmountClp'], message: 'El monto máximo debe ser mayor o igual al mínimo.' });
    }
  });
export type ApprovalRuleInput = z.input<typeof approvalRuleInputSchema>;

export const approvalRulesInputSchema = z.object({
  rules: z.array(approvalRuleInputSchema, { error: 'Envía la lista de reglas.' }).max(MAX_RULES, { error: `Hasta ${MAX_RULES} reglas por empresa.` }),
});
export type ApprovalRulesInput = z.input<typeof approvalRulesInputSchema>;

export const approvalRuleSchema = z.object({
  id: z.string(),
  position: z.number(),
  name: z.string(),
  minAmountClp: z.number().nullable(),
  maxAmountClp: z.number().nullable(),
  categoryId: z.string().nullable(),
  costCenterId: z.string().nullable(),
  submitterId: z.string().nullable(),
  steps: z.array(approverSpecSchema),
});
export type ApprovalRule = z.infer<typeof approvalRuleSchema>;

/** What a rule is matched against. */
export interface RoutingFacts {
  amountClp: number;
  categoryId: string | null;
  costCenterId: string | null;
  submitterId: string;
}

/** Does `rule` apply? Unset conditions match anything. */
export function ruleMatches(rule: Omit<ApprovalRule, 'id' | 'position' | 'name' | 'steps'>, f: RoutingFacts): boolean {
  if (rule.minAmountClp !== null && f.amountClp < rule.minAmountClp) return false;
  if (rule.maxAmountClp !== null && f.amountClp > rule.maxAmountClp) return false;
  if (rule.categoryId !== null && rule.categoryId !== f.categoryId) return false;
  if (rule.costCenterId !== null && rule.costCenterId !== f.costCenterId) return false;
  if (rule.submitterId !== null && rule.submitterId !== f.submitterId) return false;
  return true;
}

/** The first rule (in order) that applies, or null: then one admin approves, as before rules existed. */
export function firstMatchingRule<R extends ApprovalRule>(rules: readonly R[], f: RoutingFacts): R | null {
  return [...rules].sort((a, b) => a.position - b.position).find((r) => ruleMatches(r, f)) ?? null;
}

/** Manager assignments: a manager approves for these cost centers and these people. */
export const managerAssignmentInputSchema = z.object({
  costCenterIds: z.array(id('El centro de costo no es válido.')).max(200, { error: 'Demasiados centros de costo.' }),
  userIds: z.array(id('La persona no es válida.')).max(500, { error: 'Demasiadas personas.' }),
});
export type ManagerAssignmentInput = z.input<typeof managerAssignmentInputSchema>;
export const managerAssignmentSchema = z.object({ managerId: z.string(), costCenterIds: z.array(z.string()), userIds: z.array(z.string()) });
export type ManagerAssignment = z.infer<typeof managerAssignmentSchema>;

/** A step of an expense's approval. waiting: a previous step is open; cancelled: an earlier step rejected. */
export const STEP_STATUSES = ['waiting', 'pending', 'approved', 'rejected', 'cancelled'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];
export const STEP_STATUS_LABELS: Record<StepStatus, string> = {
  waiting: 'En espera',
  pending: 'Por decidir',
  approved: 'Aprobado',
  rejected: 'Rechazado',
  cancelled: 'No se revisó',
};

const person = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });
export const approvalStepSchema = z.object({
  id: z.string(),
  position: z.number(),
  total: z.number(),
  /** admin: any admin of the company decides; user: `approver` decides. */
  approverKind: z.enum(['admin', 'user']),
  approver: person.nullable(),
  status: z.enum(STEP_STATUSES),
  decidedBy: person.nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ApprovalStep = z.infer<typeof approvalStepSchema>;

/** The step an expense waits on, as the employee's list and the approval card show it. */
export const currentStepSchema = z.object({ position: z.number(), total: z.number(), approverName: z.string().nullable() });
export type CurrentStep = z.infer<typeof currentStepSchema>;

/** The line under the 'Pendiente' badge: 'Paso 2 de 3 · Ana Pérez'. */
export function stepDetail(step: CurrentStep): string {
  return `Paso ${step.position} de ${step.total} · ${step.approverName ?? 'un administrador'}`;
}

/** 'Pendiente · paso 2 de 3 (Ana Pérez)'; a single admin step reads as plain 'Pendiente'. */
export function pendingStepLabel(step: CurrentStep | null | undefined): string {
  if (!step) return 'Pendiente';
  const who = step.approverName ? ` (${step.approverName})` : ' (un administrador)';
  return `Pendiente · paso ${step.position} de ${step.total}${who}`;
}

export const reassignStepSchema = z.object({ userId: id('Elige a la persona que recibe el paso.') });
export type ReassignStepInput = z.input<typeof reassignStepSchema>;

export const FLOW_MSG = {
  onlyAdmins: 'Solo un administrador puede cambiar el flujo de aprobación.',
  notYourStep: 'Este paso de la aprobación le corresponde a otra persona.',
  stepDecided: 'Este paso de la aprobación ya fue decidido por otra persona.',
  notApprover: 'Solo administradores y jefes aprueban rendiciones.',
  approverNotEligible: 'La persona elegida debe ser un administrador o jefe activo de tu empresa.',
  noOpenStep: 'Esta rendición no tiene un paso de aprobación abierto que reasignar.',
  sameApprover: 'Ese paso ya está asignado a esa persona.',
  managerNotEligible: 'Solo se asignan equipos a un jefe (rol manager) o administrador activo de tu empresa.',
} as const;

/* ---------------------------------- Policies checked at filing ---------------------------------- */

export const POLICY_MODES = ['warn', 'block'] as const;
export type PolicyMode = (typeof POLICY_MODES)[number];
export const POLICY_MODE_LABELS: Record<PolicyMode, string> = { warn: 'Advertir', block: 'Bloquear' };
const mode = z.enum(POLICY_MODES, { error: 'El modo debe ser warn o block.' });

export const expensePoliciesSchema = z.object({
  /** Per category: the most one expense may be, in CLP. */
  categoryLimits: z
    .array(z.object({ categoryId: id('La categoría no es válida.'), maxAmountClp: z.number({ error: 'El máximo debe ser un número entero de pesos.' }).int({ error: 'El máximo debe ser un número entero de pesos.' }).min(1, { error: 'El máximo debe ser mayor que 0.' }).max(CLP_LIMIT, { error: 'El máximo es demasiado grande.' }) }))
    .max(200, { error: 'Demasiados límites por categoría.' }),
  categoryLimitMode: mode,
  /** A receipt must be attached when the expense is above this amount in CLP (null: never required). */
  receiptRequiredAboveClp: optionalClp('El monto para exigir comprobante debe ser un número entero de pesos, 0 o más.'),
  receiptMode: mode,
  /** The receipt's date may be at most this many days old when filed (null: no limit). */
  maxReceiptAgeDays: z
    .union([z.number({ error: 'Los días deben ser un número entero entre 1 y 3650.' }).int({ error: 'Los días deben ser un número entero entre 1 y 3650.' }).min(1, { error: 'Los días deben ser un número entero entre 1 y 3650.' }).max(3650, { error: 'Los días deben ser un número entero entre 1 y 3650.' }), z.null()])
    .optional()
    .transform((v) => (v === undefined ? null : v)),
  receiptAgeMode: mode,
  /** The same file or tax document filed twice (receipts/service.ts findDuplicates): warn as always, or refuse. */
  duplicateMode: mode,
});
export type ExpensePolicies = z.output<typeof expensePoliciesSchema>;
/** The answer's shape (no transforms: responses are serialised, not parsed). */
export const expensePoliciesViewSchema = z.object({
  categoryLimits: z.array(z.object({ categoryId: z.string(), maxAmountClp: z.number() })),
  categoryLimitMode: z.enum(POLICY_MODES),
  receiptRequiredAboveClp: z.number().nullable(),
  receiptMode: z.enum(POLICY_MODES),
  maxReceiptAgeDays: z.number().nullable(),
  receiptAgeMode: z.enum(POLICY_MODES),
  duplicateMode: z.enum(POLICY_MODES),
});
export type ExpensePoliciesInput = z.input<typeof expensePoliciesSchema>;

export const DEFAULT_POLICIES: ExpensePolicies = {
  categoryLimits: [],
  categoryLimitMode: 'warn',
  receiptRequiredAboveClp: null,
  receiptMode: 'warn',
  maxReceiptAgeDays: null,
  receiptAgeMode: 'warn',
  duplicateMode: 'warn',
};

export const POLICY_CODES = ['category_limit', 'receipt_required', 'receipt_too_old', 'duplicate'] as const;
export const policyViolationSchema = z.object({
  code: z.enum(POLICY_CODES),
  /** true: the filing is refused. */
  blocking: z.boolean(),
  message: z.string(),
  /** The form field to point at. */
  field: z.string(),
});
export type PolicyViolation = z.infer<typeof policyViolationSchema>;

/** What the policies are checked against; `duplicateMessages` come from the server's duplicate detection. */
export interface PolicyFacts {
  amountClp: number;
  categoryId: string | null;
  categoryName?: string | null;
  /** yyyy-mm-dd */
  date: string;
  /** yyyy-mm-dd, America/Santiago */
  today: string;
  hasReceipt: boolean;
  duplicateMessages: string[];
}

const clp = (n: number) => `$${Math.round(n).toLocaleString('es-CL')}`;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Every policy the expense breaks, in a fixed order; the server and the form show the same words. */
export function evaluatePolicies(p: ExpensePolicies, f: PolicyFacts): PolicyViolation[] {
  const out: PolicyViolation[] = [];
  const limit = f.categoryId ? p.categoryLimits.find((l) => l.categoryId === f.categoryId) : undefined;
  if (limit && f.amountClp > limit.maxAmountClp) {
    out.push({
      code: 'category_limit',
      blocking: p.categoryLimitMode === 'block',
      field: 'amount',
      message: `El monto (${clp(f.amountClp)}) supera el máximo de ${clp(limit.maxAmountClp)} para ${f.categoryName ? `la categoría ${f.categoryName}` : 'esta categoría'}.`,
    });
  }
  if (p.receiptRequiredAboveClp !== null && !f.hasReceipt && f.amountClp > p.receiptRequiredAboveClp) {
    out.push({ code: 'receipt_required', blocking: p.receiptMode === 'block', field: 'receipt', message: `Sobre ${clp(p.receiptRequiredAboveClp)} se exige adjuntar el comprobante.` });
  }
  if (p.maxReceiptAgeDays !== null) {
    const age = daysBetween(f.date, f.today);
    if (age > p.maxReceiptAgeDays) {
      out.push({ code: 'receipt_too_old', blocking: p.receiptAgeMode === 'block', field: 'date', message: `El comprobante tiene ${age} días; la política permite rendir hasta ${p.maxReceiptAgeDays} días después de su fecha.` });
    }
  }
  for (const message of f.duplicateMessages) out.push({ code: 'duplicate', blocking: p.duplicateMode === 'block', field: 'receipt', message });
  return out;
}

/** The first blocking violation's words, for the 422 of a refused filing. */
export function blockingMessage(violations: readonly PolicyViolation[]): PolicyViolation | null {
  return violations.find((v) => v.blocking) ?? null;
}

/** POST /api/expenses/policy-check: the fields the form has, before sending. */
export const policyCheckResultSchema = z.object({ violations: z.array(policyViolationSchema) });
export type PolicyCheckResult = z.infer<typeof policyCheckResultSchema>;

const optionalRef = optionalText;

/** The form's fields as they are (the check runs while the person types: anything may still be missing). */
export const policyCheckInputSchema = z.object({
  date: safeText({ error: 'Indica la fecha del comprobante.' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La fecha debe tener el formato AAAA-MM-DD.' }),
  amount: z.number({ error: 'El monto debe ser un número.' }).min(0, { error: 'El monto no puede ser negativo.' }).max(1e12, { error: 'El monto es demasiado grande.' }),
  currency: currencyField(),
  exchangeRate: z.number({ error: 'La tasa de cambio debe ser un número.' }).positive({ error: 'La tasa de cambio debe ser mayor que 0.' }).max(1e7, { error: 'La tasa de cambio es demasiado grande.' }).optional().nullable().transform((v) => v ?? null),
  category: optionalRef(100),
  hasReceipt: z.boolean({ error: 'Indica si adjuntas comprobante (true o false).' }).optional().default(false),
  /** SHA-256 (hex) of the attached file, computed in the browser: the same file filed twice is a duplicate. */
  receiptSha256: safeText().regex(/^[0-9a-f]{64}$/, { error: 'La huella del archivo no es válida.' }).optional().nullable().transform((v) => v ?? null),
  documentType: optionalRef(20),
  invoiceNumber: optionalRef(50),
  taxId: optionalRef(20),
});
export type PolicyCheckInput = z.input<typeof policyCheckInputSchema>;
