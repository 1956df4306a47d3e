import { describe, expect, test } from 'vitest';
import type { PolicyViolation } from '@shared/approval-flow';
import type { ReceiptFlag } from '@shared/receipts';
import { sayDuplicatesOnce } from './warnings';

const SAME_FILE = 'Este mismo archivo ya se rindió en la rendición N° 1 del 14/03/2025.';
const flag: ReceiptFlag = { code: 'duplicate_file', message: SAME_FILE, expenseNumber: 1 };
const mismatch: ReceiptFlag = { code: 'timbre_total_mismatch', message: 'El total no coincide con el timbre.' };
const dup = (blocking: boolean): PolicyViolation => ({ code: 'duplicate', blocking, field: 'receipt', message: SAME_FILE });
const limit: PolicyViolation = { code: 'category_limit', blocking: false, field: 'amount', message: 'El monto supera el máximo.' };

describe('sayDuplicatesOnce', () => {
  test('a warning duplicate stays under the upload and leaves the policy panel', () => {
    expect(sayDuplicatesOnce([flag, mismatch], [dup(false), limit])).toEqual({ flags: [flag, mismatch], violations: [limit] });
  });

  test('a blocking duplicate stays in the policy panel and leaves the upload, whose text says saving is allowed', () => {
    expect(sayDuplicatesOnce([flag, mismatch], [dup(true)])).toEqual({ flags: [mismatch], violations: [dup(true)] });
  });

  test('each side alone keeps what it found; other warnings with the same words are not touched', () => {
    expect(sayDuplicatesOnce([], [dup(false)])).toEqual({ flags: [], violations: [dup(false)] });
    expect(sayDuplicatesOnce([flag], [])).toEqual({ flags: [flag], violations: [] });
    const otherWithSameWords: PolicyViolation = { ...limit, message: SAME_FILE };
    expect(sayDuplicatesOnce([flag], [otherWithSameWords]).violations).toEqual([otherWithSameWords]);
  });
});
