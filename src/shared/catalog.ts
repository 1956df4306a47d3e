import { z } from 'zod';

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Category and payment method share one shape (part 2 §7 Settings). */
export const catalogItemSchema = z.object({
  name: z.string({ error: 'El nombre es obligatorio' }).trim().min(1, { error: 'El nombre es obligatorio' }).max(100, { error: 'Máximo 100 caracteres' }),
  accountingCode: optional(50),
  description: optional(300),
  isActive: z.boolean().optional(),
});
export type CatalogItemInput = z.input<typeof catalogItemSchema>;

export const costCenterSchema = z.object({
  code: z.string({ error: 'El código es obligatorio' }).trim().min(1, { error: 'El código es obligatorio' }).max(50, { error: 'Máximo 50 caracteres' }),
  description: optional(300),
  isActive: z.boolean().optional(),
});
export type CostCenterInput = z.input<typeof costCenterSchema>;

export interface CatalogItem {
  id: string;
  name: string;
  accountingCode: string | null;
  description: string | null;
  isActive: boolean;
}

export interface CostCenter {
  id: string;
  code: string;
  description: string | null;
  isActive: boolean;
}

/** Icon key of a category name: lowercase, no accents, spaces as underscores ('Alimentación' → 'alimentacion'). */
export function categoryKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_');
}
