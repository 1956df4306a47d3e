import type { DbOrTx } from '../db/client.js';
import { categories, paymentMethods } from '../db/schema/index.js';

/** What a new company starts with (part 2 §9, plus 'Factura' which the creation form needs). */
export const DEFAULT_CATEGORIES: { name: string; accountingCode: string; description: string }[] = [
  { name: 'Alimentación', accountingCode: '5101', description: 'Comidas y colaciones' },
  { name: 'Transporte', accountingCode: '5102', description: 'Taxis, buses, peajes y estacionamientos' },
  { name: 'Hospedaje', accountingCode: '5103', description: 'Hoteles y alojamiento' },
  { name: 'Materiales', accountingCode: '5104', description: 'Materiales e insumos de oficina' },
  { name: 'Combustible', accountingCode: '5105', description: 'Bencina y diésel' },
  { name: 'Capacitación', accountingCode: '5106', description: 'Cursos y seminarios' },
  { name: 'Tecnología', accountingCode: '5107', description: 'Software, hardware y servicios digitales' },
  { name: 'Marketing', accountingCode: '5108', description: 'Publicidad y eventos' },
  { name: 'Factura', accountingCode: '5109', description: 'Gastos respaldados con factura' },
  { name: 'Otros', accountingCode: '5199', description: 'Otros gastos' },
];

/** `reimbursable`: paid with the employee's own money. Cash is; the cards and transfers are the company's by default (editable). */
export const DEFAULT_PAYMENT_METHODS: { name: string; accountingCode: string; reimbursable: boolean }[] = [
  { name: 'Efectivo', accountingCode: '1101', reimbursable: true },
  { name: 'Tarjeta de crédito', accountingCode: '2105', reimbursable: false },
  { name: 'Tarjeta de débito', accountingCode: '1102', reimbursable: false },
  { name: 'Transferencia', accountingCode: '1103', reimbursable: false },
];

export async function seedDefaultCatalog(db: DbOrTx, companyId: string): Promise<void> {
  await db.insert(categories).values(DEFAULT_CATEGORIES.map((c) => ({ ...c, companyId })));
  await db.insert(paymentMethods).values(DEFAULT_PAYMENT_METHODS.map((p) => ({ ...p, companyId })));
}
