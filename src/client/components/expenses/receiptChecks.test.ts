import { describe, expect, test } from 'vitest';
import type { ReceiptFlag, TimbreSummary } from '@shared/receipts';
import {
  confidenceLevel,
  confidenceText,
  createdToastDescription,
  flagReference,
  flagsLabel,
  normalizeFlags,
  normalizeTimbre,
  saveAnywayText,
  timbreDetails,
  timbreProblem,
  timbreSourcedFields,
  visibleFlags,
  warningCount,
} from './receiptChecks';

const TIMBRE: TimbreSummary = {
  issuerRut: '44300251-0',
  documentTypeCode: 33,
  documentTypeLabel: 'Factura Electrónica',
  folio: '375',
  date: '2025-03-14',
  total: 2890260,
  receiverRut: null,
  receiverName: null,
  firstItem: null,
  signatureValid: true,
  problem: null,
};

const DUP: ReceiptFlag = { code: 'duplicate_document', message: 'Este documento ya fue rendido.', expenseNumber: 12 };
const MISMATCH: ReceiptFlag = { code: 'timbre_total_mismatch', message: 'El total del timbre no coincide con el monto' };

describe('confidence', () => {
  test('levels: Alta from 80, Media from 50, Baja below', () => {
    expect(confidenceLevel(100)).toBe('alta');
    expect(confidenceLevel(80)).toBe('alta');
    expect(confidenceLevel(79)).toBe('media');
    expect(confidenceLevel(50)).toBe('media');
    expect(confidenceLevel(49)).toBe('baja');
    expect(confidenceLevel(0)).toBe('baja');
  });
  test('text', () => {
    expect(confidenceText(87)).toBe('Confianza: 87% · Alta');
    expect(confidenceText(20)).toBe('Confianza: 20% · Baja');
  });
});

describe('timbre', () => {
  test('details line with dotted RUT and CLP total', () => {
    expect(timbreDetails(TIMBRE)).toBe('Factura Electrónica N° 375 · RUT 44.300.251-0 · $2.890.260');
  });
  test('missing parts are left out', () => {
    expect(timbreDetails({ ...TIMBRE, folio: '', issuerRut: '', total: 0 })).toBe('Factura Electrónica');
  });
  test('normalize tolerates old or partial data', () => {
    expect(normalizeTimbre(undefined)).toBeNull();
    expect(normalizeTimbre(null)).toBeNull();
    expect(normalizeTimbre({ folio: 1 })).toBeNull();
    const t = normalizeTimbre({ signatureValid: false, documentTypeCode: 39, folio: 8, total: '1500', problem: 'Firma inválida' });
    expect(t).toMatchObject({ documentTypeLabel: 'Boleta Electrónica', folio: '8', total: 1500, signatureValid: false, problem: 'Firma inválida' });
    expect(normalizeTimbre(TIMBRE)).toEqual(TIMBRE);
  });
  test('problem falls back to the flag, then a generic sentence', () => {
    const bad = { ...TIMBRE, signatureValid: false, problem: null };
    expect(timbreProblem({ ...bad, problem: 'El folio no está en el CAF.' })).toBe('El folio no está en el CAF.');
    expect(timbreProblem(bad, [{ code: 'timbre_invalid', message: 'Timbre alterado.' }])).toBe('Timbre alterado.');
    expect(timbreProblem(bad)).toMatch(/no se pudo verificar/);
  });
});

describe('flags', () => {
  test('normalize drops malformed entries and keeps the expense number', () => {
    expect(normalizeFlags(undefined)).toEqual([]);
    expect(normalizeFlags('x')).toEqual([]);
    expect(
      normalizeFlags([DUP, { code: 'other', message: 'x' }, { code: 'duplicate_file', message: '' }, null, { code: 'duplicate_file', message: ' Mismo archivo ', expenseNumber: '7' }]),
    ).toEqual([DUP, { code: 'duplicate_file', message: 'Mismo archivo', expenseNumber: 7 }]);
  });
  test('an invalid timbre block replaces the timbre_invalid flag', () => {
    const flags: ReceiptFlag[] = [{ code: 'timbre_invalid', message: 'Timbre no válido' }, DUP];
    expect(visibleFlags(flags, { ...TIMBRE, signatureValid: false })).toEqual([DUP]);
    expect(visibleFlags(flags, null)).toEqual(flags);
    expect(warningCount(flags, { ...TIMBRE, signatureValid: false })).toBe(2);
    expect(warningCount([], TIMBRE)).toBe(0);
  });
  test('reference to the expense already filed', () => {
    expect(flagReference(DUP)).toBe('Rendición N° 12');
    expect(flagReference({ ...DUP, message: 'Ya rendido en la rendición N° 12.' })).toBeNull();
    expect(flagReference({ ...DUP, message: 'Igual a la rendición #12' })).toBeNull();
    expect(flagReference({ ...DUP, message: 'Igual a la rendición N° 123' })).toBe('Rendición N° 12');
    expect(flagReference(MISMATCH)).toBeNull();
  });
  test('save-anyway sentence', () => {
    expect(saveAnywayText(1)).toBe('Puedes guardar igual; el administrador verá esta advertencia.');
    expect(saveAnywayText(2)).toBe('Puedes guardar igual; el administrador verá estas advertencias.');
  });
  test('list icon label', () => {
    expect(flagsLabel([DUP, MISMATCH])).toBe('Advertencias del comprobante: Este documento ya fue rendido. El total del timbre no coincide con el monto.');
  });
});

describe('created toast', () => {
  test('no flags: the usual sentence', () => {
    expect(createdToastDescription({ receiptFlags: [], timbre: TIMBRE })).toBe('Tu rendición ha sido enviada para aprobación.');
    expect(createdToastDescription({})).toBe('Tu rendición ha sido enviada para aprobación.');
    expect(createdToastDescription(undefined)).toBe('Tu rendición ha sido enviada para aprobación.');
  });
  test('flags are appended as a warning', () => {
    expect(createdToastDescription({ receiptFlags: [DUP, MISMATCH], timbre: null })).toBe(
      'Tu rendición ha sido enviada para aprobación. Advertencia: Este documento ya fue rendido. El total del timbre no coincide con el monto.',
    );
  });
  test('an invalid timbre is said once', () => {
    const out = createdToastDescription({
      receiptFlags: [{ code: 'timbre_invalid', message: 'Timbre no válido' }],
      timbre: { ...TIMBRE, signatureValid: false, problem: 'La firma no corresponde' },
    });
    expect(out).toBe('Tu rendición ha sido enviada para aprobación. Advertencia: Timbre SII no válido: La firma no corresponde.');
  });
  test('a { data } wrapper is tolerated', () => {
    expect(createdToastDescription({ data: { receiptFlags: [MISMATCH] } })).toContain('Advertencia: El total del timbre no coincide con el monto.');
  });
});

test('timbre-sourced fields', () => {
  expect(timbreSourcedFields({ amount: 'timbre', date: 'timbre', description: 'ocr' })).toEqual(['amount', 'date']);
  expect(timbreSourcedFields(undefined)).toEqual([]);
});
