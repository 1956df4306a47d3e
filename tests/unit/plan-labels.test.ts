import { describe, expect, it } from 'vitest';
import { PLANS, planLabel, usageLabel } from '../../src/shared/plans.js';

describe('plan labels follow the plan in force (issue 16 item 2)', () => {
  it('names every plan by its own name', () => {
    expect(planLabel('free')).toBe('Plan Gratuito');
    expect(planLabel('basic')).toBe('Plan Básico');
    expect(planLabel('professional')).toBe('Plan Profesional');
    expect(planLabel('enterprise')).toBe('Plan Empresarial');
    expect(planLabel('niudata-free')).toBe('Plan Premium NiuData');
    expect(planLabel('premium')).toBe('Plan Profesional');
    expect(planLabel(null)).toBe('Sin empresa');
  });

  it('counts against the limit of limited plans and says unlimited for the others', () => {
    expect(usageLabel('free', 3)).toBe('3/10 rendiciones este mes');
    expect(usageLabel('basic', 12)).toBe('12/50 rendiciones este mes');
    expect(usageLabel('professional', 99)).toBe('Plan Profesional - Ilimitado');
    expect(usageLabel('enterprise', 0)).toBe('Plan Empresarial - Ilimitado');
    expect(usageLabel('niudata-free', 7)).toBe('Plan Premium NiuData - Ilimitado');
  });

  it('never says Pro for any plan', () => {
    for (const p of PLANS) {
      expect(planLabel(p.id)).not.toMatch(/\bPro\b/);
      expect(usageLabel(p.id, 1)).not.toMatch(/\bPro\b/);
    }
  });
});
