import { describe, expect, test } from 'vitest';
import { DEFAULT_RATES, expenseInputSchema, normalizeCurrency, toClp } from '../../src/shared/expenses.js';
import { formatCLP, formatDate, formatDateTime } from '../../src/shared/format.js';
import { formatRut, isValidRut, normalizeRut, rutCheckDigit } from '../../src/shared/rut.js';

describe('CLP conversion', () => {
  test('amount times rate, rounded to whole pesos', () => {
    expect(toClp(45.2, DEFAULT_RATES.USD)).toBe(42940);
    expect(toClp(10.5, 1050)).toBe(11025);
    expect(toClp(0.01, 950)).toBe(10);
    expect(toClp(100000, DEFAULT_RATES.COP)).toBe(24000);
    expect(toClp(1, DEFAULT_RATES.ARS)).toBe(1);
    expect(toClp(2.5, 1)).toBe(3);
  });
  test('COL is an alias of COP; unknown currencies are refused', () => {
    expect(normalizeCurrency('col')).toBe('COP');
    expect(normalizeCurrency('USD')).toBe('USD');
    expect(normalizeCurrency('XYZ')).toBeNull();
  });
  test('formatting follows es-CL', () => {
    expect(formatCLP(12990)).toBe('$12.990');
    expect(formatCLP('1500000')).toBe('$1.500.000');
    expect(formatDate('2026-03-07')).toBe('07/03/2026');
    expect(formatDate(null)).toBe('-');
    // Chile's time (UTC−3 in March), whatever the machine's zone.
    expect(formatDateTime(new Date('2026-03-07T12:05:00Z'))).toBe('07/03/2026 09:05');
  });
});

describe('RUT', () => {
  test('modulo-11 check digit, including K and 0', () => {
    expect(rutCheckDigit('76086428')).toBe('5');
    expect(rutCheckDigit('11111111')).toBe('1');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('44300251')).toBe('0');
  });
  test('valid and invalid forms', () => {
    expect(isValidRut('76.086.428-5')).toBe(true);
    expect(isValidRut('76086428-5')).toBe(true);
    expect(isValidRut('760864285')).toBe(true);
    expect(isValidRut('10.000.013-k')).toBe(true);
    expect(isValidRut('76086428-4')).toBe(false);
    expect(isValidRut('abc')).toBe(false);
    expect(isValidRut('')).toBe(false);
    expect(isValidRut('0-0')).toBe(false);
  });
  test('normalised as 76123456-7 and displayed with dots', () => {
    expect(normalizeRut('76.086.428-5')).toBe('76086428-5');
    expect(normalizeRut('10000013k')).toBe('10000013-K');
    expect(normalizeRut('76086428-4')).toBeNull();
    expect(formatRut('76086428-5')).toBe('76.086.428-5');
  });
});

describe('expense input schema', () => {
  const base = { date: '2026-11-20', amount: '1000', description: 'x', category: 'c', paymentMethod: 'p', documentType: 'boleta' };
  test('factura needs invoice number and a valid RUT', () => {
    expect(expenseInputSchema.safeParse({ ...base, documentType: 'factura' }).success).toBe(false);
    expect(expenseInputSchema.safeParse({ ...base, documentType: 'factura', invoiceNumber: '1', taxId: '76086428-4' }).success).toBe(false);
    expect(expenseInputSchema.safeParse({ ...base, documentType: 'factura', invoiceNumber: '1', taxId: '76086428-5' }).success).toBe(true);
  });
  test('blank exchange rate means automatic', () => {
    const r = expenseInputSchema.parse({ ...base, currency: 'USD', exchangeRate: '' });
    expect(r.exchangeRate).toBeNull();
    expect(r.currency).toBe('USD');
  });
});
