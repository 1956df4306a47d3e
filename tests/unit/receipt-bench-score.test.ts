import { describe, expect, test } from 'vitest';
import { inWords, formatDay, cnpj } from '../../bench/receipts/eval-chile/format.js';
import { Rng } from '../../bench/receipts/eval-chile/rng.js';
import { checkFields, sameAmount, sameCurrency, sameDate, sameIssuer, sameTaxId, smallPrintLine, type FileRun } from '../../bench/receipts/score.js';
import type { ReceiptAnalysisResult } from '../../src/shared/receipts.js';

// The receipt bench's scoring rules are the contract behind every before/after figure: pin them down.

describe('receipt bench scoring', () => {
  test('amounts are exact to the cent', () => {
    expect(sameAmount(21.2, 21.2)).toBe(true);
    expect(sameAmount(21.2, 21.204)).toBe(true);
    expect(sameAmount(21.2, 21.21)).toBe(false);
    expect(sameAmount(275.9, 27590)).toBe(false);
    expect(sameAmount(593.1, 593)).toBe(false);
    expect(sameAmount(12345, 12345)).toBe(true);
    expect(sameAmount(10, null)).toBe(false);
    expect(sameAmount(10, Number.NaN)).toBe(false);
  });

  test('dates are exact ISO days: a day/month swap is a miss', () => {
    expect(sameDate('2017-09-11', '2017-09-11')).toBe(true);
    expect(sameDate('2017-09-11', '2017-11-09')).toBe(false);
    expect(sameDate('2017-09-11', null)).toBe(false);
  });

  test('currency is an exact ISO code, case aside', () => {
    expect(sameCurrency('MYR', 'myr')).toBe(true);
    expect(sameCurrency('MYR', 'CLP')).toBe(false);
    expect(sameCurrency('BRL', null)).toBe(false);
  });

  test('tax ids: Chilean RUT normalised, foreign ids without punctuation, null only matches null', () => {
    expect(sameTaxId('76543210-3', '76.543.210-3')).toBe(true);
    expect(sameTaxId('76543210-3', '76.543.211-1')).toBe(false);
    expect(sameTaxId('12.345.678/0001-95', '12345678000195')).toBe(true);
    expect(sameTaxId(null, null)).toBe(true);
    expect(sameTaxId(null, '76543210-3')).toBe(false);
  });

  test('merchant names compare loosely: legal forms, accents and punctuation aside', () => {
    expect(sameIssuer('GARDENIA BAKERIES (KL) SDN BHD', 'Gardenia Bakeries (KL) Sdn. Bhd.')).toBe(true);
    expect(sameIssuer('OGN GROUP SDN BHD', 'OGN GROUP')).toBe(true);
    expect(sameIssuer('TIMELESS KITCHENETTE SDN BHD', 'KITCHENETTE')).toBe(true);
    expect(sameIssuer('TIMELESS KITCHENETTE SDN BHD', 'TAX INVOICE')).toBe(false);
    expect(sameIssuer('OGN GROUP SDN BHD', 'GROUP')).toBe(false);
    expect(sameIssuer('X', null)).toBe(false);
  });

  test('only the fields a set knows are scored', () => {
    const result = { amount: 52.4, currency: 'MYR', date: '2018-06-24', documentType: 'boleta', taxId: null, invoiceNumber: null, category: null, issuerName: 'OGN GROUP' } as unknown as ReceiptAnalysisResult;
    const run: FileRun = { truth: { file: 'a.jpg', kind: 'sroie', amount: 52.4, currency: 'MYR', date: '2018-06-24', merchant: 'OGN GROUP SDN BHD' }, result, error: null, wallMs: 1 };
    expect(checkFields(run).map((c) => [c.field, c.ok])).toEqual([
      ['amount', true],
      ['currency', true],
      ['date', true],
      ['issuer', true],
    ]);
    const folio: FileRun = { ...run, truth: { ...run.truth, merchant: undefined, documentType: null, taxId: null, folio: '0042' }, result: { ...result, invoiceNumber: '42' } };
    expect(checkFields(folio).map((c) => [c.field, c.ok])).toEqual([
      ['amount', true],
      ['currency', true],
      ['date', true],
      ['taxId', true],
      ['folio', true],
    ]);
  });

  test('the small-print line counts photos marked, and which of them, and of all, have a key field wrong or blank', () => {
    const truth = { file: 'b.jpg', kind: 'boleta', amount: 5000, currency: 'CLP', date: '2025-01-02', documentType: 'boleta', taxId: '76086428-5', folio: '77' } as const;
    const right = { amount: 5000, currency: 'CLP', date: '2025-01-02', documentType: 'boleta', taxId: '76086428-5', invoiceNumber: null } as unknown as ReceiptAnalysisResult;
    const run = (result: Partial<ReceiptAnalysisResult>): FileRun => ({ truth: { ...truth }, result: { ...right, ...result } as ReceiptAnalysisResult, error: null, wallMs: 1 });
    const runs = [
      run({ smallPrint: true, date: null }), // marked, a key field blank
      run({ smallPrint: true }), // marked, only the folio missed: not a key field
      run({ smallPrint: false, amount: 500 }), // not marked, a key field wrong
      run({ smallPrint: false }),
      run({}), // a PDF's text layer: not a photo
    ];
    expect(smallPrintLine(runs)).toBe('letra pequeña: 2 de 4 fotos; 1 de las 2 fotos con un dato clave errado o vacío');
    expect(smallPrintLine([run({})])).toBeNull();
  });
});

describe('evaluation set printing', () => {
  test('amounts in words as a receipt book writes them', () => {
    expect(inWords(45_300)).toBe('cuarenta y cinco mil trescientos');
    expect(inWords(1_000)).toBe('mil');
    expect(inWords(100)).toBe('cien');
    expect(inWords(121_000)).toBe('ciento veintiún mil');
    expect(inWords(2_500_000)).toBe('dos millones quinientos mil');
  });

  test('the long Spanish date names the right weekday', () => {
    expect(formatDay({ y: 2025, m: 2, d: 6 }, 'largo')).toBe('jueves, 6 de febrero de 2025');
  });

  test('CNPJ check digits are valid', () => {
    const digits = cnpj(new Rng(7)).replace(/\D/g, '').split('').map(Number);
    const dv = (n: number[], w: number[]) => {
      const r = n.reduce((s, d, i) => s + d * w[i], 0) % 11;
      return r < 2 ? 0 : 11 - r;
    };
    expect(dv(digits.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])).toBe(digits[12]);
    expect(dv(digits.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])).toBe(digits[13]);
  });
});

describe('the real-text set (text-set.ts)', () => {
  test("a key's date is read day first, as Malaysia prints it", async () => {
    const { keyDate } = await import('../../bench/receipts/text-set.js');
    expect(keyDate('12/01/2018')).toBe('2018-01-12');
    expect(keyDate('05-03-18')).toBe('2018-03-05');
    expect(keyDate('2018-03-23')).toBe('2018-03-23');
    expect(keyDate('29 MAR 2018')).toBe('2018-03-29');
    expect(keyDate('Jan 7, 2018')).toBe('2018-01-07');
    expect(keyDate('20180304')).toBe('2018-03-04');
    expect(keyDate('12/28/2017')).toBe('2017-12-28');
    expect(keyDate('31/13/2018')).toBeNull();
    expect(keyDate('')).toBeNull();
  });

  test('a piece keeps the commas of its text and its four corners', async () => {
    const { piecesOf } = await import('../../bench/receipts/text-set.js');
    const pieces = piecesOf('94,214,838,214,838,250,94,250,NO 290, JALAN AIR PANAS,\r\nnot a piece\n1,2,3,4,5,6,7,8,TOTAL : 7.95');
    expect(pieces).toEqual([
      { text: 'NO 290, JALAN AIR PANAS,', mean: 1, box: [[94, 214], [838, 214], [838, 250], [94, 250]] },
      { text: 'TOTAL : 7.95', mean: 1, box: [[1, 2], [3, 4], [5, 6], [7, 8]] },
    ]);
  });
});
