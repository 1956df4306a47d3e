import type { PolicyViolation } from '@shared/approval-flow';
import type { ReceiptFlag } from '@shared/receipts';
import { isDuplicateFlag } from '@client/components/expenses/receiptChecks';

/**
 * A duplicate is found twice on the form: by the receipt's analysis (under the upload) and by the policy check (above
 * the buttons), in the same words. It is said once: a warning under the upload, where it was found first; a blocking
 * one in the policy panel, which says the filing will be refused (the upload's 'Puedes guardar igual' would not hold).
 */
export function sayDuplicatesOnce(flags: readonly ReceiptFlag[], violations: readonly PolicyViolation[]): { flags: ReceiptFlag[]; violations: PolicyViolation[] } {
  const blocking = new Set(violations.filter((v) => v.code === 'duplicate' && v.blocking).map((v) => v.message));
  const keptFlags = flags.filter((f) => !(isDuplicateFlag(f) && blocking.has(f.message)));
  const underUpload = new Set(keptFlags.filter(isDuplicateFlag).map((f) => f.message));
  return { flags: keptFlags, violations: violations.filter((v) => !(v.code === 'duplicate' && !v.blocking && underUpload.has(v.message))) };
}
