import { describe, expect, test } from 'vitest';
import { DEFAULT_POLICIES, approvalRuleInputSchema, evaluatePolicies, firstMatchingRule, pendingStepLabel, stepDetail, type ApprovalRule } from '../../src/shared/approval-flow.js';

const rule = (over: Partial<ApprovalRule>): ApprovalRule => ({ id: 'x', position: 1, name: 'r', minAmountClp: null, maxAmountClp: null, categoryId: null, costCenterId: null, submitterId: null, steps: [{ kind: 'admin' }], ...over });
const facts = { amountClp: 50_000, categoryId: 'cat-fuel', costCenterId: 'cc-1', submitterId: 'u-1' };

describe('rule matching', () => {
  test('amount bounds are inclusive; every set condition must hold; the lowest position wins', () => {
    const upTo = rule({ id: 'upto', position: 2, maxAmountClp: 50_000 });
    const above = rule({ id: 'above', position: 3, minAmountClp: 50_001 });
    const fuel = rule({ id: 'fuel', position: 1, categoryId: 'cat-fuel', costCenterId: 'cc-2' });
    expect(firstMatchingRule([above, upTo, fuel], facts)?.id).toBe('upto');
    expect(firstMatchingRule([above, upTo, fuel], { ...facts, amountClp: 50_001 })?.id).toBe('above');
    expect(firstMatchingRule([above, upTo, fuel], { ...facts, costCenterId: 'cc-2' })?.id).toBe('fuel');
    expect(firstMatchingRule([rule({ submitterId: 'u-2' })], facts)).toBeNull();
    expect(firstMatchingRule([], facts)).toBeNull();
  });

  test('the input schema refuses min above max, empty and overlong step lists, in Spanish', () => {
    const bad = approvalRuleInputSchema.safeParse({ name: 'x', minAmountClp: 10, maxAmountClp: 5, steps: [{ kind: 'admin' }] });
    expect(bad.success ? null : bad.error.issues[0].message).toBe('El monto máximo debe ser mayor o igual al mínimo.');
    expect(approvalRuleInputSchema.safeParse({ name: 'x', steps: [] }).success).toBe(false);
    expect(approvalRuleInputSchema.safeParse({ name: 'x', steps: [{ kind: 'user', userId: 'no-uuid' }] }).success).toBe(false);
    const ok = approvalRuleInputSchema.parse({ name: ' Flota ', categoryId: '', steps: [{ kind: 'manager' }] });
    expect(ok).toMatchObject({ name: 'Flota', categoryId: null, minAmountClp: null });
  });

  test('the employee-facing step labels', () => {
    expect(pendingStepLabel(null)).toBe('Pendiente');
    expect(pendingStepLabel({ position: 2, total: 3, approverName: 'Ana Pérez' })).toBe('Pendiente · paso 2 de 3 (Ana Pérez)');
    expect(stepDetail({ position: 2, total: 2, approverName: null })).toBe('Paso 2 de 2 · un administrador');
  });
});

describe('policies', () => {
  const base = { amountClp: 25_000, categoryId: 'food', categoryName: 'Alimentación', date: '2026-01-01', today: '2026-01-31', hasReceipt: false, duplicateMessages: [] };

  test('nothing set, nothing broken', () => {
    expect(evaluatePolicies(DEFAULT_POLICIES, base)).toEqual([]);
  });

  test('each rule at its boundary, warn or block', () => {
    const p = { ...DEFAULT_POLICIES, categoryLimits: [{ categoryId: 'food', maxAmountClp: 25_000 }], receiptRequiredAboveClp: 25_000, maxReceiptAgeDays: 30, receiptAgeMode: 'block' as const };
    expect(evaluatePolicies(p, base)).toEqual([]);
    const over = evaluatePolicies(p, { ...base, amountClp: 25_001, today: '2026-02-01' });
    expect(over.map((v) => [v.code, v.blocking, v.field])).toEqual([
      ['category_limit', false, 'amount'],
      ['receipt_required', false, 'receipt'],
      ['receipt_too_old', true, 'date'],
    ]);
    expect(over[2].message).toBe('El comprobante tiene 31 días; la política permite rendir hasta 30 días después de su fecha.');
    expect(evaluatePolicies(p, { ...base, amountClp: 25_001, hasReceipt: true }).map((v) => v.code)).toEqual(['category_limit']);
  });

  test('duplicates follow the duplicate mode', () => {
    const warn = evaluatePolicies(DEFAULT_POLICIES, { ...base, duplicateMessages: ['Boleta N° 4 ya se rindió.'] });
    expect(warn).toEqual([{ code: 'duplicate', blocking: false, field: 'receipt', message: 'Boleta N° 4 ya se rindió.' }]);
    expect(evaluatePolicies({ ...DEFAULT_POLICIES, duplicateMode: 'block' }, { ...base, duplicateMessages: ['x'] })[0].blocking).toBe(true);
  });
});
