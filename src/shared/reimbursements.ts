import { z } from 'zod';
import { filterDate, safeText } from './input.js';
import { isValidRut } from './rut.js';

/** Banks and payment institutions a Chilean payroll transfer reaches, with their CMF (ex SBIF) codes. */
export const CHILEAN_BANKS = [
  { code: '001', name: 'Banco de Chile / Edwards' },
  { code: '009', name: 'Banco Internacional' },
  { code: '012', name: 'BancoEstado' },
  { code: '014', name: 'Scotiabank Chile' },
  { code: '016', name: 'Banco BCI / MACH' },
  { code: '028', name: 'Banco BICE' },
  { code: '031', name: 'HSBC Bank Chile' },
  { code: '037', name: 'Banco Santander Chile' },
  { code: '039', name: 'Banco Itaú Chile' },
  { code: '049', name: 'Banco Security' },
  { code: '051', name: 'Banco Falabella' },
  { code: '053', name: 'Banco Ripley' },
  { code: '055', name: 'Banco Consorcio' },
  { code: '059', name: 'Banco BTG Pactual Chile' },
  { code: '672', name: 'Coopeuch' },
  { code: '729', name: 'Los Héroes' },
  { code: '730', name: 'Tenpo' },
  { code: '875', name: 'Mercado Pago' },
] as const;
export const BANK_CODES = CHILEAN_BANKS.map((b) => b.code) as [string, ...string[]];

export function bankName(code: string): string {
  return CHILEAN_BANKS.find((b) => b.code === code)?.name ?? code;
}

export const ACCOUNT_TYPES = ['corriente', 'vista', 'rut', 'ahorro'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  corriente: 'Cuenta Corriente',
  vista: 'Cuenta Vista',
  rut: 'Cuenta RUT',
  ahorro: 'Cuenta de Ahorro',
};

export const BANK_MSG = {
  rut: 'El RUT del titular no es válido: revisa el dígito verificador.',
  bank: 'Elige un banco de la lista.',
  accountType: 'Elige el tipo de cuenta.',
  accountNumber: 'El número de cuenta debe tener entre 4 y 20 dígitos (sin puntos ni guiones).',
} as const;

/** PUT /api/profile/bank-account: the employee's own bank details. */
export const bankAccountInputSchema = z.object({
  holderRut: safeText({ error: BANK_MSG.rut }).trim().max(20, { error: BANK_MSG.rut }).refine((v) => isValidRut(v), { error: BANK_MSG.rut }),
  bank: z.enum(BANK_CODES, { error: BANK_MSG.bank }),
  accountType: z.enum(ACCOUNT_TYPES, { error: BANK_MSG.accountType }),
  accountNumber: safeText({ error: BANK_MSG.accountNumber })
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .refine((v) => /^\d{4,20}$/.test(v), { error: BANK_MSG.accountNumber }),
});
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;

/** The bank details as the owner sees them: the number masked (it is shown in full only in the payout file). */
export const bankAccountViewSchema = z.object({
  holderRut: z.string(),
  bank: z.string(),
  bankName: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  accountMasked: z.string(),
  updatedAt: z.string(),
});
export type BankAccountView = z.infer<typeof bankAccountViewSchema>;
export const bankAccountAnswerSchema = z.object({ account: bankAccountViewSchema.nullable() });

/** Reimbursement state of an expense, separate from its approval status. */
export const REIMBURSEMENT_STATES = ['none', 'to_reimburse', 'in_batch', 'reimbursed'] as const;
export type ReimbursementState = (typeof REIMBURSEMENT_STATES)[number];
export const REIMBURSEMENT_LABELS: Record<ReimbursementState, string> = {
  none: 'No aplica',
  to_reimburse: 'Por reembolsar',
  in_batch: 'En nómina de pago',
  reimbursed: 'Reembolsado',
};

/** One employee's approved out-of-pocket expenses not yet in a batch. */
export const pendingReimbursementSchema = z.object({
  user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  hasBankAccount: z.boolean(),
  count: z.number(),
  totalClp: z.string(),
  expenses: z.array(z.object({ id: z.string(), expenseNumber: z.number(), date: z.string(), description: z.string(), amountClp: z.string(), paymentMethod: z.string().nullable() })),
});
export const pendingReimbursementsSchema = z.object({ employees: z.array(pendingReimbursementSchema), totalClp: z.string() });
export type PendingReimbursements = z.infer<typeof pendingReimbursementsSchema>;

/** POST /api/reimbursements/batches: the employees (all their pending expenses) to pay together. */
export const createBatchSchema = z.object({
  userIds: z.array(z.uuid({ error: 'Empleado inválido' }), { error: 'Elige al menos un empleado.' }).min(1, { error: 'Elige al menos un empleado.' }).max(500),
});

export const batchLineSchema = z.object({
  userId: z.string(),
  rut: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  bank: z.string().nullable(),
  bankName: z.string().nullable(),
  accountType: z.string().nullable(),
  accountMasked: z.string().nullable(),
  count: z.number(),
  totalClp: z.string(),
});
export const payoutBatchSchema = z.object({
  id: z.string(),
  batchNumber: z.number(),
  status: z.enum(['open', 'paid']),
  totalClp: z.string(),
  count: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  lines: z.array(batchLineSchema),
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;
export const payoutBatchListSchema = z.array(payoutBatchSchema);

/** Dashboard (admins): reimbursed and pending totals per employee in a period. */
export const reimbursementTotalsQuerySchema = z.object({
  from: filterDate(),
  to: filterDate(),
});
export const reimbursementTotalsSchema = z.object({
  from: z.string(),
  to: z.string(),
  employees: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), toReimburseClp: z.string(), reimbursedClp: z.string() })),
  toReimburseClp: z.string(),
  reimbursedClp: z.string(),
});
export type ReimbursementTotals = z.infer<typeof reimbursementTotalsSchema>;
