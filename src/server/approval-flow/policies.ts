import { and, eq, inArray, sql } from 'drizzle-orm';
import { evaluatePolicies, type PolicyViolation } from '@shared/approval-flow.js';
import { defaultRate, toClp } from '@shared/expenses.js';
import { isUuid } from '@shared/input.js';
import type { ReceiptFlag } from '@shared/receipts.js';
import type { Db, DbOrTx } from '../db/client.js';
import { categories, expensePolicyFlags } from '../db/schema/index.js';
import { documentKeyOf, findDuplicates } from '../receipts/service.js';
import { getPolicies } from './config.js';

/** Today in Chile (yyyy-mm-dd): the receipt's age counts in the company's days. */
export const chileToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });

async function categoryOf(db: DbOrTx, companyId: string, ref: string | null | undefined): Promise<{ id: string; name: string } | null> {
  if (!ref) return null;
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.companyId, companyId), isUuid(ref) ? eq(categories.id, ref) : sql`lower(${categories.name}) = lower(${ref})`))
    .limit(1);
  return row ?? null;
}

export interface PolicyProbe {
  date: string;
  amount: number;
  /** Any ISO 4217 code. */
  currency: string;
  /** The rate the expense will be filed with (typed, or of its date); null: the default rate, if the currency has one. */
  exchangeRate: number | null;
  category: string | null;
  hasReceipt: boolean;
}

/**
 * The company's policies against an expense about to be filed. Duplicates are those the receipt checks found
 * (receipts/service.ts findDuplicates: same file or same tax document, rejected ones aside).
 */
export async function policyViolations(db: DbOrTx, companyId: string, p: PolicyProbe, receiptFlags: readonly ReceiptFlag[]): Promise<PolicyViolation[]> {
  const policies = await getPolicies(db, companyId);
  const category = await categoryOf(db, companyId, p.category);
  // Without any rate the filing itself asks for one (400); the amount rules then have nothing to judge yet.
  const rate = p.currency === 'CLP' ? 1 : (p.exchangeRate ?? defaultRate(p.currency) ?? 0);
  return evaluatePolicies(policies, {
    amountClp: toClp(p.amount, rate),
    categoryId: category?.id ?? null,
    categoryName: category?.name ?? null,
    date: p.date,
    today: chileToday(),
    hasReceipt: p.hasReceipt,
    duplicateMessages: receiptFlags.filter((f) => f.code === 'duplicate_file' || f.code === 'duplicate_document').map((f) => f.message),
  });
}

/** The form's check before sending: duplicates by the file's SHA-256 (computed in the browser) and the tax document. */
export async function checkBeforeFiling(
  db: Db,
  companyId: string,
  p: PolicyProbe & { receiptSha256: string | null; taxId: string | null; documentType: string | null; invoiceNumber: string | null },
): Promise<PolicyViolation[]> {
  const duplicates = await findDuplicates(db, companyId, { sha256: p.receiptSha256, documentKey: documentKeyOf(p) });
  return policyViolations(db, companyId, p, duplicates);
}

/** Stores the warnings an expense was filed with, for its approvers (in the filing's transaction). */
export async function recordPolicyFlags(tx: DbOrTx, companyId: string, expenseId: string, violations: readonly PolicyViolation[]): Promise<void> {
  if (violations.length) await tx.insert(expensePolicyFlags).values({ companyId, expenseId, violations: [...violations] });
}

export async function policyFlagsOf(db: DbOrTx, companyId: string, expenseIds: readonly string[]): Promise<Map<string, PolicyViolation[]>> {
  if (!expenseIds.length) return new Map();
  const rows = await db
    .select()
    .from(expensePolicyFlags)
    .where(and(eq(expensePolicyFlags.companyId, companyId), inArray(expensePolicyFlags.expenseId, [...expenseIds])));
  return new Map(rows.map((r) => [r.expenseId, r.violations]));
}
