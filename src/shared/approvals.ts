import { z } from 'zod';
import { safeText } from './input.js';

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

export const AUDIT_LABELS: Record<string, string> = {
  'expense.created': 'Rendición creada',
  'expense.updated': 'Rendición editada',
  'expense.receipt_replaced': 'Comprobante reemplazado',
  'expense.approved': 'Rendición aprobada',
  'expense.rejected': 'Rendición rechazada',
};
