import { describe, expect, test } from 'vitest';
import { PLANS } from '../../src/shared/plans.js';

// What the plan cards promise is read by customers: no developer words, no promise the product does not keep.
describe('plan cards', () => {
  test('no feature speaks of development, testing or placeholders', () => {
    for (const plan of PLANS) {
      for (const feature of plan.features) expect(feature, `${plan.id}: ${feature}`).not.toMatch(/desarrollo|prueba interna|\bbeta\b|próximamente|\btest\b|\bTODO\b/);
    }
  });

  test('the free plan lists its real limits', () => {
    const free = PLANS.find((p) => p.id === 'free')!;
    expect(free.features).toEqual(expect.arrayContaining(['Hasta 2 usuarios', '10 documentos por mes', '1 empresa']));
  });
});
