/**
 * Issue 19 item 4: the reader reasons about the numbers, not just the words. Each rule is checked on a few text lines
 * shaped like the receipts it comes from (none is a benchmark file).
 */
import { describe, expect, test } from 'vitest';
import { amountInWords, findMoney } from '../../src/server/receipts/amounts.js';
import { currencyFromSymbols } from '../../src/server/receipts/currency.js';
import { findDate } from '../../src/server/receipts/dates.js';
import { findTaxId } from '../../src/server/receipts/ids.js';
import { mergeReadings, parseReceiptText } from '../../src/server/receipts/parser.js';

const parse = (lines: string[]) => parseReceiptText(lines.join('\n'), { source: 'ocr' });
const MY = ['KEDAI ELEKTRIK SDN BHD', 'GST ID: 000143474688', 'TAX INVOICE'];

describe('the total is the candidate the arithmetic agrees with', () => {
  test('cash − change = total beats a TOTAL that OCR misread', () => {
    const r = parse([...MY, 'SUB TOTAL (Inc GST)   18.80', 'TOTAL      16.00', 'CASH       50.00', 'CHANGE     31.20']);
    expect(r.amount).toBe(18.8);
  });

  test('subtotal + tax + rounding = total repairs a digit OCR misread in the total', () => {
    const r = parse([...MY, 'SUB-TOTAL    27.27', 'GST          1.64', 'ROUNDING     -0.01', 'TOTAL        28.70']);
    expect(r.amount).toBe(28.9);
  });

  test('with no TOTAL line, subtotal + tax is the total (and a GST registration number is not a tax amount)', () => {
    const r = parse([...MY, 'GST No. : 000584089600', 'Sub Total     RM 68.87', 'GST/TAX 6%    RM 4.13', 'CHANGE:  RM 0.00']);
    expect(r.amount).toBe(73);
  });

  test('the rounded total printed after the rounding line is the one paid', () => {
    const r = parse([...MY, 'Total (Inclusive of GST):   23.26', 'Rounding Adj:   0.01', 'TOTAL:   23.25']);
    expect(r.amount).toBe(23.25);
  });

  test('a rounding line and the cash paid give the rounded total when it is not printed', () => {
    const r = parse([...MY, 'Total Sales (Inclusive of GST) : 101.76', 'Rounding :   -0.01', 'CASH :  101.75', 'Change :    0.00']);
    expect(r.amount).toBe(101.75);
  });

  test("the rate's supplies add up to the total payable", () => {
    const r = parse([...MY, 'Total 0% supplies: 26.61', 'Total 6% supplies (Inc. GST): 15.26', 'Total Payable: 41.47']);
    expect(r.amount).toBe(41.87);
  });

  test('a cents currency total printed without its point is read in cents when the other amounts show theirs', () => {
    const r = parse([...MY, 'Total with GST @ 6%   6.83', 'TOTAL          685', 'Cash          20.00', 'CHANGE        13.15']);
    expect(r.amount).toBe(6.85);
  });

  test('IVA 19 % of the neto confirms the total (Chile)', () => {
    const money = findMoney(['NETO      $10.000', 'TOTAL     $11.900', 'TOTAL     $99.999'], () => 'CLP');
    expect(money.amount).toBe(11900);
    expect(money.agreement).toBeGreaterThan(0);
  });

  test('a pre-cuenta: the total is the consumption, not the grand total with the suggested tip', () => {
    const r = parse(['RESTAURANTE EL PUERTO', 'PRE-CUENTA  Mesa 12', 'SUBTOTAL      $20.000', 'TOTAL         $20.000', 'PROPINA SUGERIDA 10%   $2.000', 'TOTAL CON PROPINA   $22.000', 'NO VALIDO COMO BOLETA']);
    expect(r.amount).toBe(20000);
  });

  test('SALDO $0 at the foot of a hotel folio is not the total', () => {
    const r = parse(['HOTEL COSTA AZUL', 'RUT: 76.123.456-0', 'TOTAL CARGOS   $ 55.000', 'PAGOS   $ 55.000', 'SALDO   $ 0']);
    expect(r.amount).toBe(55000);
  });

  test('TARIFA is the amount of a toll ticket with no TOTAL line', () => {
    const r = parse(['AUTOPISTA DEL SOL', 'TICKET N° 4846934', 'CATEGORIA 1', 'TARIFA   $ 4.600']);
    expect(r.amount).toBe(4600);
  });

  test('MONTO A PAGAR on a parking ticket', () => {
    const r = parse(['ESTACIONAMIENTOS CENTRO', 'ENTRADA 09/06/2025 22:10', 'SALIDA 10/06/2025 08:05', 'TIEMPO 595 MIN', 'VALOR MINUTO $ 10', 'MONTO A PAGAR $ 5.950']);
    expect(r.amount).toBe(5950);
  });

  test('Brazilian NFC-e: BRL, decimal comma, Valor a pagar, Troco is not the total', () => {
    const r = parse(['SUPERMERCADO PAULISTA LTDA', 'CNPJ: 63.628.094/0001-68', 'DANFE NFC-e', 'Qtd. total de itens 3', 'Valor total R$ 16,53', 'Desconto R$ 1,50', 'Valor a Pagar R$ 15,03', 'Dinheiro 20,00', 'Troco R$ 4,97']);
    expect(r.amount).toBe(15.03);
    expect(r.currency).toBe('BRL');
    expect(r.documentType).toBe('boleta');
  });

  test('an amount in words confirms the handwritten digits', () => {
    expect(amountInWords('Son: doce mil quinientos pesos')).toBe(12500);
    expect(amountInWords('la suma de trescientos sesenta y dos mil pesos')).toBe(362000);
    const money = findMoney(['RECIBO N° 2804', 'VALOR $ 12.500.-', 'Son: doce mil quinientos pesos'], () => 'CLP');
    expect(money.amount).toBe(12500);
    expect(money.agreement).toBeGreaterThan(0);
  });

  test('a hand\'s words as a line recogniser reads them: split, glued, a letter off', () => {
    expect(amountInWords('cantidad& Doscientos sezentay sie te milpesos')).toBe(267000);
    expect(amountInWords('la cantidad de trescientosochomil pesos')).toBe(308000);
    expect(amountInWords('la suma de ecuarentay un mil pesos')).toBe(41000);
    expect(amountInWords('la cantidad de\nnovecientos mil quinientos pesos')).toBe(900500);
    // Words out of Spanish order are no amount; a word before the amount that ends in a number word is not one.
    expect(amountInWords('la suma de un doce mil pesos')).toBe(12000);
    expect(amountInWords('segun doce mil pesos')).toBe(12000);
    expect(amountInWords('son 5000 pesos')).toBeNull();
  });

  test('the words decide where the hand\'s digits differ from them in one digit', () => {
    const book = ['RECIBO N 004512', '261.000.-', 'Recibi de Comercial Sur Ltda.', 'cantidad& Doscientos sezentay sie te milpesos', 'por concepto de Pintura bodega'];
    expect(findMoney(book, () => 'CLP').amount).toBe(267000);
    // Two digits apart is no misread digit: the digits stand.
    expect(findMoney(['RECIBO N 004512', '$ 251.000.-', 'cantidad& Doscientos sezentay sie te milpesos'], () => 'CLP').amount).toBe(251000);
  });
});

describe('the decimal separator follows the currency and the digits after it', () => {
  test('MYR 275.90 is not 27590', () => {
    expect(parse([...MY, 'TOTAL   RM 275.90']).amount).toBe(275.9);
  });
  test('CLP has no decimals: 12.990 is twelve thousand nine hundred ninety', () => {
    expect(parse(['RUT: 76.123.456-0', 'TOTAL $12.990']).amount).toBe(12990);
  });
});

describe('currencies: any ISO 4217 code the receipt shows', () => {
  test('RM on a Malaysian receipt with GST is MYR, even with no symbol on the total', () => {
    expect(parse([...MY, 'TOTAL   275.90']).currency).toBe('MYR');
    expect(parse(['99 SPEED MART S/B', 'NO. 7 JALAN BUNGA', 'TOTAL RM 12.00']).currency).toBe('MYR');
  });
  test('GBP, MXN, JPY, CNY', () => {
    expect(currencyFromSymbols('TOTAL £12.50')).toBe('GBP');
    expect(currencyFromSymbols('TOTAL 120.00 MXN')).toBe('MXN');
    expect(currencyFromSymbols('合計 ¥1,280 円')).toBe('JPY');
    expect(currencyFromSymbols('合计 ¥56.50 人民币')).toBe('CNY');
  });
  test('a code next to an amount: CLP 15.660', () => {
    expect(parse(['Recibo de viaje', 'Total   CLP 15.660']).currency).toBe('CLP');
  });
  test('OCR noise on a Chilean boleta (a stray ¥ or a random three-letter word) does not change the peso', () => {
    expect(parse(['BOLETA ELECTRONICA N° 350198', 'RUT: 76.871.515-7', 'MONTO TOTAL $ 11.950', 'A MUR 4 ¥', 'Timbre Electrónico SII']).currency).toBe('CLP');
  });
});

describe('day/month order and Spanish dates', () => {
  test('day first outside the US (Malaysia, Chile)', () => {
    expect(parse([...MY, 'DATE: 11/09/2017', 'TOTAL 5.00']).date).toBe('2017-09-11');
  });
  test('a Spanish long date with the weekday', () => {
    expect(findDate(['jueves, 6 de febrero de 2025 · 18:42'], false)?.date).toBe('2025-02-06');
  });
  test("a receipt book's printed 20 and the handwritten year", () => {
    expect(findDate(['Rancagua, 22 de junio de 20 25'], false)?.date).toBe('2025-06-22');
  });
  test("a car park's exit date, not its entry date", () => {
    expect(findDate(['ENTRADA 09/06/2025 22:10', 'SALIDA 10/06/2025 08:05'], false)?.date).toBe('2025-06-10');
  });
  test('a date OCR glued together on a labelled line', () => {
    expect(findDate(['Date: 1210212018'], false)?.date).toBe('2018-02-12');
    expect(findDate(['30032018 No. CS20322'], false)?.date).toBe('2018-03-30');
  });
  test('a year in the future is an OCR misreading, not a date', () => {
    expect(findDate(['Date: 22/03/2078'], false)).toBeNull();
  });
});

describe('the issuer RUT, never the receptor', () => {
  test("the receptor block's R.U.T. under 'Señor(es)' is skipped", () => {
    const r = findTaxId(['Señor(es): CONSTRUCTORA ANDES SPA', 'R.U.T.: 77.940.016-6', 'GIRO: CONSTRUCCION', 'DETALLE', 'FACTURA ELECTRONICA', 'R.U.T.: 76.100.060-8']);
    expect(r.taxId?.value).toBe('76100060-8');
  });
  test("the RUT in the SII box wins over a RUT printed first in the client's block", () => {
    const r = findTaxId(['CLIENTE', 'RUT 77.940.016-6', 'R.U.T.: 76.100.060-8', 'FACTURA ELECTRONICA', 'N° 1234', 'S.I.I. - SANTIAGO']);
    expect(r.taxId?.value).toBe('76100060-8');
  });
  test('OCR punctuation in a RUT (comma for a point, point for the dash) is read when the check digit holds', () => {
    expect(findTaxId(['RUT: 76.871,515.7'])).toMatchObject({ taxId: { value: '76871515-7' } });
  });
});

describe('per-field confidence', () => {
  test('a total confirmed by the arithmetic is high; an unconfirmed one is not', () => {
    expect(parse([...MY, 'SUB TOTAL 10.00', 'GST 0.60', 'TOTAL 10.60']).fieldConfidence.amount).toBe('high');
    expect(parse([...MY, 'TOTAL 10.60']).fieldConfidence.amount).not.toBe('high');
  });
  test('a guessed currency is low', () => {
    expect(parse(['TIENDA', 'TOTAL 5.000']).fieldConfidence.currency).toBe('low');
  });
  test('a labelled date that cannot swap day and month is high, from OCR too; an ambiguous or unlabelled one is not', () => {
    expect(parse([...MY, 'DATE: 23/03/2018', 'TOTAL 10.60']).fieldConfidence.date).toBe('high');
    expect(parse([...MY, 'DATE: 05 MAR 2018', 'TOTAL 10.60']).fieldConfidence.date).toBe('high');
    expect(parse([...MY, 'DATE: 05/03/2018', 'TOTAL 10.60']).fieldConfidence.date).toBe('medium');
    expect(parse([...MY, '23/03/2018 12:48', 'TOTAL 10.60']).fieldConfidence.date).toBe('medium');
  });
  test("a peso document's printed type is high from OCR; a foreign one's nearest Chilean type is not; two readings that differ are not", () => {
    expect(parse(['SUPERMERCADO LA ESTRELLA', 'R.U.T.: 76.086.428-5', 'BOLETA ELECTRONICA', 'TOTAL $1.990']).fieldConfidence.documentType).toBe('high');
    expect(parse([...MY, 'TOTAL 10.60']).fieldConfidence.documentType).toBe('medium');
    // No type printed: defaulted, low.
    expect(parse(['SUPERMERCADO LA ESTRELLA', 'TOTAL $1.990']).fieldConfidence.documentType).toBe('low');
    const boleta = parse(['MINIMARKET', 'R.U.T.: 76.086.428-5', 'BOLETA ELECTRONICA', 'TOTAL $1.990']);
    const factura = parse(['MINIMARKET', 'R.U.T.: 76.086.428-5', 'FACTURA ELECTRONICA', 'TOTAL $1.990']);
    expect(mergeReadings(boleta, factura)).toMatchObject({ documentType: 'boleta', fieldConfidence: { documentType: 'medium' } });
    expect(mergeReadings(boleta, boleta).fieldConfidence.documentType).toBe('high');
  });
  test('two recognisers that read different days leave neither sure', () => {
    const first = parse([...MY, 'DATE: 23/03/2018', 'TOTAL 10.60']);
    const second = parse([...MY, 'DATE: 28/03/2018', 'TOTAL 10.60']);
    expect(mergeReadings(first, second)).toMatchObject({ date: '2018-03-23', fieldConfidence: { date: 'medium' } });
    expect(mergeReadings(first, first).fieldConfidence.date).toBe('high');
  });
});

describe('a labelled RUT whose punctuation OCR broke', () => {
  test('spaces for points, a missing dash, a colon read before it: the check digit decides', () => {
    expect(findTaxId(['RUT: 76.100.0608']).taxId?.value).toBe('76100060-8');
    expect(findTaxId(['RUT:176.876.238-4']).taxId?.value).toBe('76876238-4');
    expect(findTaxId(['RUT: 76 374.215 6']).taxId?.value ?? null).toBe(findTaxId(['RUT: 76.374.215-6']).taxId?.value ?? null);
  });
  test('a damaged number whose check digit fails is not taken', () => {
    expect(findTaxId(['RUT: 76.100.0609']).taxId).toBeNull();
  });
});
