import { z } from 'zod';

export const decisionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved') }),
  z.object({
    status: z.literal('rejected'),
    rejectionReason: z
      .string()
      .trim()
      .max(500, { error: 'Máximo 500 caracteres' })
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
  }),
], { error: 'El estado debe ser approved o rejected' });
export type DecisionInput = z.input<typeof decisionSchema>;

export interface AuditEntry {
  id: string;
  action: string;
  actor: { firstName: string; lastName: string; email: string } | null;
  changes: Record<string, unknown> | null;
  createdAt: string;
}

export const AUDIT_LABELS: Record<string, string> = {
  'expense.created': 'Rendición creada',
  'expense.updated': 'Rendición editada',
  'expense.receipt_replaced': 'Comprobante reemplazado',
  'expense.approved': 'Rendición aprobada',
  'expense.rejected': 'Rendición rechazada',
};
