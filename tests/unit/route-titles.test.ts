import { describe, expect, test } from 'vitest';
import { NAV_ITEMS } from '../../src/client/features/shell/nav.js';
import { titleFor } from '../../src/client/routes.js';

describe('top bar titles (part 2 §2.14)', () => {
  test('/api-integration is titled as its page and its sidebar item: Integración API (§2.5)', () => {
    expect(titleFor('/api-integration')).toBe('Integración API');
    expect(NAV_ITEMS.find((i) => i.to === '/api-integration')?.label).toBe(titleFor('/api-integration'));
  });

  test('the other titles of the §2.14 list, and the product name elsewhere', () => {
    expect(['/', '/expenses', '/new-expense', '/approvals', '/subscription', '/company', '/settings'].map(titleFor)).toEqual([
      'Dashboard', 'Mis Gastos', 'Nueva Rendición', 'Aprobaciones', 'Suscripción', 'Empresa', 'Configuración',
    ]);
    expect(titleFor('/no-existe')).toBe('Rendix');
  });
});
