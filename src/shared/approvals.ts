import { z } from 'zod';
import { safeText } from './input.js';
import { expenseViewSchema } from './expenses.js';
import { policyViolationSchema } from './approval-flow.js';

export const decisionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved') }),
  z.object({
    status: z.literal('rejected'),
    rejectionReason: safeText()
      .trim()
      .max(500, { error: 'Máximo 500 caracteres' })
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
  }),
], { error: 'El estado debe ser approved o rejected' });
export type DecisionInput = z.input<typeof decisionSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Separation of duties (issue 16 item 5): the messages both sides show. */
export const SELF_APPROVAL_MSG = {
  forbidden: 'No puedes aprobar tu propia rendición: la revisa otro administrador.',
  ownCard: 'Tu rendición: la aprueba otro administrador',
  ownCardHint: 'Si no hay otro administrador, la revisa el equipo de Rendix. Una empresa de una sola persona puede permitir la autoaprobación en Empresa.',
  ownCardAllowed: 'Tu rendición: tu empresa permite que la apruebes tú (queda registrado como autoaprobación).',
} as const;

/**
 * A row of GET /api/admin/expenses/pending: the expense and whether the reader may decide it. An admin's own
 * expense is listed (they see it waits) with `canDecide: false` unless the company allows self-approval.
 */
export const pendingExpenseSchema = expenseViewSchema.extend({
  ownExpense: z.boolean(),
  canDecide: z.boolean(),
  /** The open step of an expense filed under a multi-step rule; null: one admin approves. */
  approvalStep: z
    .object({ position: z.number(), total: z.number(), approverName: z.string().nullable(), approverKind: z.enum(['admin', 'user']), approverId: z.string().nullable() })
    .nullable(),
  /** The company's policies the expense broke when filed (warnings; blocking ones were never filed). */
  policyViolations: z.array(policyViolationSchema),
});
export type PendingExpenseView = z.infer<typeof pendingExpenseSchema>;

/** GET/PUT /api/company/approval-settings (admins): the company's separation-of-duties setting. */
export const approvalSettingsSchema = z.object({
  allowSelfApproval: z.boolean(),
  /** Active admins who accepted their invitation: with one, nobody else in the company can approve that admin's expenses. */
  activeAdmins: z.number(),
});
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;
export const updateApprovalSettingsSchema = z.object({ allowSelfApproval: z.boolean({ error: 'Indica si se permite la autoaprobación (true o false).' }) });
export type UpdateApprovalSettingsInput = z.input<typeof updateApprovalSettingsSchema>;

/** The pending-approvals badge counts only what the reader can act on. */
export function actionableCount(rows: readonly { canDecide?: boolean }[]): number {
  return rows.filter((r) => r.canDecide !== false).length;
}

export const AUDIT_LABELS: Record<string, string> = {
  'expense.created': 'Rendición creada',
  'expense.updated': 'Rendición editada',
  'expense.receipt_replaced': 'Comprobante reemplazado',
  'expense.approved': 'Rendición aprobada',
  'expense.rejected': 'Rendición rechazada',
  'expense.self_approved': 'Autoaprobada por quien la envió',
  'expense.self_rejected': 'Rechazada por quien la envió',
  'expense.step_approved': 'Paso de aprobación aprobado',
  'expense.step_reassigned': 'Paso de aprobación reasignado',
  'expense.rerouted': 'Aprobación reiniciada por el cambio',
  'expense.rate_overridden': 'Tipo de cambio corregido',
};
