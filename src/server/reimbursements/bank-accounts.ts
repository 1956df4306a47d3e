import { eq, inArray } from 'drizzle-orm';
import { bankName, type BankAccountView, type AccountType } from '@shared/reimbursements.js';
import { normalizeRut } from '@shared/rut.js';
import type { Env } from '../env.js';
import type { Db, DbOrTx } from '../db/client.js';
import { bankAccounts } from '../db/schema/index.js';
import { SecretBox, secretBoxFor } from '../platform/secret-box.js';

/** The ciphertext's associated data: a number copied onto another user's row does not decrypt. */
const context = (userId: string) => `bank-account:${userId}`;

type Row = typeof bankAccounts.$inferSelect;

export function presentBankAccount(row: Row): BankAccountView {
  return {
    holderRut: row.holderRut,
    bank: row.bank,
    bankName: bankName(row.bank),
    accountType: row.accountType as AccountType,
    accountMasked: `•••• ${row.accountLast4}`,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function bankAccountOf(db: DbOrTx, userId: string): Promise<Row | null> {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).limit(1);
  return row ?? null;
}

/** Saves the user's own bank details; the account number is stored encrypted (platform/secret-box.ts). */
export async function saveBankAccount(db: DbOrTx, env: Env, userId: string, input: { holderRut: string; bank: string; accountType: string; accountNumber: string }): Promise<Row> {
  const values = {
    userId,
    holderRut: normalizeRut(input.holderRut) ?? input.holderRut,
    bank: input.bank,
    accountType: input.accountType,
    accountNumberEnc: secretBoxFor(env).encrypt(input.accountNumber, context(userId)),
    accountLast4: input.accountNumber.slice(-4),
    updatedAt: new Date(),
  };
  const [row] = await db.insert(bankAccounts).values(values).onConflictDoUpdate({ target: bankAccounts.userId, set: values }).returning();
  return row;
}

/** The bank details of these users with their account numbers in clear, for the payout file only. */
export async function bankAccountsForPayout(db: DbOrTx, env: Env, userIds: string[]): Promise<Map<string, Row & { accountNumber: string }>> {
  if (!userIds.length) return new Map();
  const box = secretBoxFor(env);
  const rows = await db.select().from(bankAccounts).where(inArray(bankAccounts.userId, userIds));
  return new Map(rows.map((r) => [r.userId, { ...r, accountNumber: box.decrypt(r.accountNumberEnc, context(r.userId)) }]));
}

/** rotate-secrets: re-encrypts every stored account number under the current key. */
export async function reencryptBankAccounts(deps: { db: Db; env: Env }): Promise<{ total: number; rotated: number; unreadable: number }> {
  const box = secretBoxFor(deps.env);
  const rows = await deps.db.select({ userId: bankAccounts.userId, enc: bankAccounts.accountNumberEnc }).from(bankAccounts);
  let rotated = 0;
  let unreadable = 0;
  for (const r of rows) {
    if (SecretBox.keyIdOfStored(r.enc) === box.currentKeyId) continue;
    try {
      const clear = box.decrypt(r.enc, context(r.userId));
      await deps.db.update(bankAccounts).set({ accountNumberEnc: box.encrypt(clear, context(r.userId)) }).where(eq(bankAccounts.userId, r.userId));
      rotated++;
    } catch {
      unreadable++;
    }
  }
  return { total: rows.length, rotated, unreadable };
}
