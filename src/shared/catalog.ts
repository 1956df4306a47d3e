import { z } from 'zod';
import { safeText } from './input.js';

/** An optional text of at most `max` characters; empty becomes null. */
export const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Category and payment method share one shape (part 2 §7 Settings). */
export const catalogItemSchema = z.object({
  name: safeText({ error: 'El nombre es obligatorio' }).trim().min(1, { error: 'El nombre es obligatorio' }).max(100, { error: 'Máximo 100 caracteres' }),
  accountingCode: optionalText(50),
  description: optionalText(300),
  isActive: z.boolean().optional(),
});
export type CatalogItemInput = z.input<typeof catalogItemSchema>;

/** A payment method adds whether it is the employee's own money (reimbursed once approved). */
export const paymentMethodSchema = catalogItemSchema.extend({
  reimbursable: z.boolean({ error: 'Indica si el medio de pago se reembolsa (true o false).' }).optional(),
});
export type PaymentMethodInput = z.input<typeof paymentMethodSchema>;

export const costCenterSchema = z.object({
  code: safeText({ error: 'El código es obligatorio' }).trim().min(1, { error: 'El código es obligatorio' }).max(50, { error: 'Máximo 50 caracteres' }),
  description: optionalText(300),
  isActive: z.boolean().optional(),
});
export type CostCenterInput = z.input<typeof costCenterSchema>;

/** A category or payment method as the API answers it (part 2 §3). */
export const catalogItemViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  accountingCode: z.string().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
});
export type CatalogItem = z.infer<typeof catalogItemViewSchema>;
export const paymentMethodViewSchema = catalogItemViewSchema.extend({ reimbursable: z.boolean() });
export type PaymentMethodItem = z.infer<typeof paymentMethodViewSchema>;

export const costCenterViewSchema = z.object({ id: z.string(), code: z.string(), description: z.string().nullable(), isActive: z.boolean() });
export type CostCenter = z.infer<typeof costCenterViewSchema>;

/** DELETE of a catalog entry: removed, or deactivated because expenses use it. */
export const catalogDeleteResultSchema = z.object({ deleted: z.boolean(), deactivated: z.boolean(), message: z.string() });

/** Icon key of a category name: lowercase, no accents, spaces as underscores ('Alimentación' → 'alimentacion'). */
export function categoryKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_');
}
