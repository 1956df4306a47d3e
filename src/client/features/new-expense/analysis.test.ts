import { describe, expect, test } from 'vitest';
import type { CatalogItem } from '@shared/catalog';
import { analysisFindings, analysisToValues, confidencePercent, keepChosenPaymentMethod, matchCatalog, matchPaymentMethod, paymentKind, toIsoDate } from './analysis';

const item = (id: string, name: string): CatalogItem => ({ id, name, accountingCode: null, description: null, isActive: true });
const LISTS = {
  categories: [item('c1', 'Alimentación'), item('c2', 'Transporte'), item('c3', 'Factura')],
  paymentMethods: [item('p1', 'Efectivo'), item('p2', 'Tarjeta Crédito')],
};

describe('analysisToValues (tolerant mapping)', () => {
  test('a full CLP factura', () => {
    expect(
      analysisToValues(
        {
          amount: 2890260,
          currency: 'CLP',
          amountCLP: 2890260,
          date: '2025-03-14',
          description: 'Materiales',
          category: 'transporte',
          paymentMethod: 'tarjeta_credito',
          documentType: 'factura',
          invoiceNumber: 375,
          taxId: '44300251-0',
          address: 'Av. Siempre Viva 123',
          confidence: 0.93,
        },
        LISTS,
      ),
    ).toEqual({
      currency: 'CLP',
      amount: '2890260',
      date: '2025-03-14',
      description: 'Materiales',
      category: 'c2',
      paymentMethod: 'p2',
      documentType: 'factura',
      invoiceNumber: '375',
      taxId: '44.300.251-0',
      address: 'Av. Siempre Viva 123',
    });
  });
  test('strings, Chilean dates and unknown values', () => {
    const v = analysisToValues({ amount: '12,5', currency: 'usd', exchangeRate: null, date: '5/3/2025', category: 'Nada', documentType: 'Boleta', taxId: 'ABC-123' }, LISTS);
    expect(v).toEqual({ currency: 'USD', amount: '12.5', exchangeRate: '', date: '2025-03-05', documentType: 'boleta', taxId: 'ABC-123' });
  });
  test('only amountCLP in CLP', () => {
    expect(analysisToValues({ amountCLP: '4500.4' }, LISTS)).toEqual({ amount: '4500' });
  });
  test('nothing read: nothing filled', () => {
    expect(analysisToValues({ amount: 0, date: '31/02/2025', documentType: 'otro', confidence: 0.1 }, LISTS)).toEqual({});
  });
});

test('helpers', () => {
  expect(toIsoDate('2025-03-14T10:00:00Z')).toBe('2025-03-14');
  expect(toIsoDate('2025-02-30')).toBe('');
  expect(matchCatalog(LISTS.categories, 'alimentacion')).toBe('c1');
  expect(matchCatalog(LISTS.categories, 'c3')).toBe('c3');
  expect(confidencePercent(0.876)).toBe(88);
  expect(confidencePercent(75)).toBe(75);
  expect(confidencePercent('x')).toBe(0);
  expect(confidencePercent(3)).toBe(3);
  expect(confidencePercent(150)).toBe(100);
});

describe('analysisFindings', () => {
  test('timbre-sourced values, timbre and flags', () => {
    const data = {
      amount: 2890260,
      date: '2025-03-14',
      documentType: 'factura',
      invoiceNumber: '375',
      taxId: '44300251-0',
      description: 'x',
      confidence: 0.95,
      sources: { amount: 'timbre', date: 'timbre', invoiceNumber: 'timbre', taxId: 'timbre', documentType: 'timbre', description: 'ocr' },
      timbre: { signatureValid: true, issuerRut: '44300251-0', documentTypeCode: 33, documentTypeLabel: 'Factura Electrónica', folio: '375', date: '2025-03-14', total: 2890260 },
      flags: [{ code: 'duplicate_file', message: 'Este archivo ya fue subido.', expenseNumber: 3 }],
    };
    const f = analysisFindings(data, analysisToValues(data, LISTS));
    expect(f.confidence).toBe(95);
    expect(f.timbre?.folio).toBe('375');
    expect(f.flags).toEqual([{ code: 'duplicate_file', message: 'Este archivo ya fue subido.', expenseNumber: 3 }]);
    expect(f.timbreValues).toEqual({ amount: '2890260', date: '2025-03-14', documentType: 'factura', invoiceNumber: '375', taxId: '44.300.251-0' });
  });
  test('old answers without the new fields', () => {
    expect(analysisFindings({ confidence: 0.4 }, {})).toEqual({ confidence: 40, timbre: null, flags: [], timbreValues: {}, reviewValues: {}, smallPrint: false });
  });
  test('a photo whose print was too small to read well is told apart; anything but true is not', () => {
    expect(analysisFindings({ confidence: 0.5, smallPrint: true }, {}).smallPrint).toBe(true);
    expect(analysisFindings({ confidence: 0.5, smallPrint: false }, {}).smallPrint).toBe(false);
    expect(analysisFindings({ confidence: 0.5, smallPrint: 'true' }, {}).smallPrint).toBe(false);
  });
  test('fields read without high confidence are marked for review (issue 19 item 6); high ones and timbre ones are not', () => {
    const data = {
      amount: 15660,
      currency: 'CLP',
      date: '2025-02-06',
      documentType: 'boleta',
      taxId: '76123456-0',
      sources: { amount: 'ocr', currency: 'ocr', date: 'ocr', documentType: 'guess', taxId: 'timbre' },
      fieldConfidence: { amount: 'high', currency: 'high', date: 'medium', documentType: 'low', taxId: 'low' },
    };
    const f = analysisFindings(data, analysisToValues(data, LISTS));
    expect(f.reviewValues).toEqual({ date: '2025-02-06', documentType: 'boleta' });
  });
  test('a date the reader did not find leaves the form\'s date marked for review; a found one does not', () => {
    const data = { amount: 4600, currency: 'CLP', date: null, sources: { amount: 'ocr' }, fieldConfidence: { amount: 'high' } };
    expect(analysisFindings(data, analysisToValues(data, LISTS), { date: '2026-11-26' }).reviewValues).toEqual({ date: '2026-11-26' });
    const dated = { ...data, date: '2024-03-20', fieldConfidence: { amount: 'high', date: 'high' } };
    expect(analysisFindings(dated, analysisToValues(dated, LISTS), { date: '2026-11-26' }).reviewValues).toEqual({});
  });
});

describe('matchPaymentMethod (issue 16: TARJETA DEBITO on the receipt was not prefilled)', () => {
  // The catalog a new company starts with (server/catalog/defaults.ts), in another case for good measure.
  const DEFAULTS = [item('m1', 'Efectivo'), item('m2', 'Tarjeta de crédito'), item('m3', 'Tarjeta de Débito'), item('m4', 'Transferencia')];

  test.each([
    ['tarjeta_debito', 'm3'],
    ['TARJETA DEBITO', 'm3'],
    ['DEBITO', 'm3'],
    ['débito', 'm3'],
    ['Redcompra', 'm3'],
    ['tarjeta_credito', 'm2'],
    ['CREDITO', 'm2'],
    ['Visa', 'm2'],
    ['EFECTIVO', 'm1'],
    ['efectivo', 'm1'],
    ['TRANSFERENCIA', 'm4'],
    ['transferencia', 'm4'],
    ['m3', 'm3'],
    ['Tarjeta de debito', 'm3'],
  ])('%s → %s', (ref, id) => {
    expect(matchPaymentMethod(DEFAULTS, ref)).toBe(id);
  });

  test('nothing for unknown words, empty values or a kind the company does not have', () => {
    expect(matchPaymentMethod(DEFAULTS, 'cheque')).toBe('');
    expect(matchPaymentMethod(DEFAULTS, '')).toBe('');
    expect(matchPaymentMethod(DEFAULTS, null)).toBe('');
    expect(matchPaymentMethod([item('m1', 'Efectivo')], 'tarjeta_debito')).toBe('');
  });

  test('two entries of the same kind are left for the user to choose', () => {
    const two = [item('a', 'Tarjeta de crédito empresa'), item('b', 'Tarjeta de crédito personal'), item('c', 'Efectivo')];
    expect(matchPaymentMethod(two, 'tarjeta_credito')).toBe('');
    expect(matchPaymentMethod(two, 'efectivo')).toBe('c');
  });

  test('paymentKind reads débito before crédito and folds accents and case', () => {
    expect(paymentKind('Tarjeta de Débito')).toBe('debito');
    expect(paymentKind('TARJ DEB')).toBe('debito');
    expect(paymentKind('Tarjeta de Crédito')).toBe('credito');
    expect(paymentKind('Caja chica')).toBeNull();
  });

  test('the analysis fills the default catalog\'s Tarjeta de Débito', () => {
    expect(analysisToValues({ paymentMethod: 'tarjeta_debito' }, { categories: [], paymentMethods: DEFAULTS }).paymentMethod).toBe('m3');
  });
});

describe('keepChosenPaymentMethod', () => {
  test('fills an empty choice or one an earlier analysis made; never the user\'s own', () => {
    const read = { amount: '100', paymentMethod: 'm3' };
    expect(keepChosenPaymentMethod(read, '', null)).toEqual(read);
    expect(keepChosenPaymentMethod(read, 'm2', 'm2')).toEqual(read);
    expect(keepChosenPaymentMethod(read, 'm1', null)).toEqual({ amount: '100' });
    expect(keepChosenPaymentMethod(read, 'm1', 'm2')).toEqual({ amount: '100' });
  });
});
