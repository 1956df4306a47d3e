import { describe, expect, test } from 'vitest';
import { caretAfterFormat, formatAmountInput, parseAmountInput } from '@shared/format';
import { expenseInputSchema } from '@shared/expenses';

describe('amount inputs with Chilean separators (issue 16 item 12)', () => {
  test.each([
    ['12990', '12.990'],
    ['1234567', '1.234.567'],
    ['999', '999'],
    ['0', '0'],
    ['', ''],
    ['45.5', '45,5'],
    ['45.20', '45,20'],
    ['1234.', '1.234,'],
    ['2890260', '2.890.260'],
  ])('format %s → %s', (plain, shown) => {
    expect(formatAmountInput(plain)).toBe(shown);
  });

  // The flag: a foreign currency where the user just added a '.' (the field's own dots group thousands).
  test.each([
    ['12.990', false, '12990'],
    ['12990', false, '12990'],
    ['$ 12.990', false, '12990'],
    ['12.9900', false, '129900'],
    ['12.', false, '12'],
    ['1.234,5', false, '1234.5'],
    ['45,20', false, '45.20'],
    ['45,', false, '45.'],
    ['45.', true, '45.'],
    ['45.20', true, '45.20'],
    ['1.234.', true, '1234.'],
    ['1.23', false, '123'],
    ['1,234.56', false, '1234.56'],
    ['45,999', false, '45.99'],
    ['007', false, '7'],
    [',5', false, '0.5'],
    ['abc', false, ''],
    ['', true, ''],
  ])('parse %s (new dot is decimal: %s) → %s', (typed, newDot, plain) => {
    expect(parseAmountInput(typed, newDot)).toBe(plain);
  });

  test('round trip: what the field shows reads back to the same plain number', () => {
    for (const plain of ['1', '12', '123', '1234', '12990', '1000000', '2890260', '45.2', '45.20', '0.5', '1234.', '99999999.99']) {
      expect(parseAmountInput(formatAmountInput(plain))).toBe(plain);
    }
  });

  test('the plain number is what the shared schema accepts', () => {
    const base = { date: '2026-03-12', currency: 'CLP', description: 'Taxi', category: 'c', paymentMethod: 'p', documentType: 'boleta' };
    const parsed = expenseInputSchema.parse({ ...base, amount: parseAmountInput('12.990') });
    expect(parsed.amount).toBe(12990);
    expect(expenseInputSchema.safeParse({ ...base, amount: '12.990' }).data?.amount).not.toBe(12990);
  });

  test('the caret stays after the digit just typed', () => {
    // '1.234' with a 5 typed after the 1 reads '15.234' → shown '15.234', caret after the 5.
    expect(formatAmountInput(parseAmountInput('15.234'))).toBe('15.234');
    expect(caretAfterFormat('15.234', 2, '15.234')).toBe(2);
    // '999' + '9' at the end → '9.999', caret at the end.
    expect(caretAfterFormat('9999', 4, '9.999')).toBe(5);
    // Caret after the first digit stays there.
    expect(caretAfterFormat('12.345', 1, '12.345')).toBe(1);
    // '12' then '.' for USD → '12,' with the caret after the comma.
    expect(caretAfterFormat('12.', 3, '12,')).toBe(3);
    // '12,5' with the caret after the comma.
    expect(caretAfterFormat('12,5', 3, '12,5')).toBe(3);
    // Inserting 0 in the middle of '1.234' → '1.2034' → '12.034', caret after the 0.
    expect(caretAfterFormat('1.2034', 4, '12.034')).toBe(4);
  });
});
