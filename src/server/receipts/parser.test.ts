import { describe, expect, it } from 'vitest';
import { amountsInLine, itemsSum, moneyRole, parseAmount } from './amounts';
import { fold } from './text';
import { findDate } from './dates';
import { mergeReadings, parseReceiptText } from './parser';
import { splitLines } from './text';

const COPEC = `
COPEC
COMPAÑIA DE PETROLEOS DE CHILE COPEC S.A.
R.U.T.: 99.520.000-7
BOLETA ELECTRONICA
N° 4587123
Av. Apoquindo 5400, Las Condes
FECHA: 12/03/2026  HORA: 14:35
GASOLINA 95 OCT   32,5 L
TOTAL                 $45.990
EFECTIVO              $50.000
VUELTO                 $4.010
El IVA de esta boleta es: $7.343
Timbre Electrónico SII
Res. 80 de 2014 - Verifique documento: www.sii.cl
`;

const RESTAURANT = `
RESTAURANT EL CIRUELO LTDA.
RUT 77.261.280-K
Giro: Restaurante
Dirección: Av. Italia 1234, Providencia
BOLETA ELECTRÓNICA Nº 88231
Fecha emisión: 12 de marzo de 2026
Mesa 12   Garzón: Pedro
2 x Lomo a lo pobre      25.800
1 x Pisco sour            5.900
SUBTOTAL                 31.700
PROPINA SUGERIDA 10%      3.170
TOTAL                    31.700
TOTAL CON PROPINA        34.870
Pago: Tarjeta de débito Redcompra
`;

const FACTURA = `
SERVICIOS INFORMATICOS ANDES SPA
Giro: Desarrollo de software
Casa Matriz: Huérfanos 1160, Santiago
R.U.T.: 76.086.428-5
FACTURA ELECTRONICA N° 1234
S.I.I. - SANTIAGO CENTRO
Fecha Emision: 2026-03-05
SEÑOR(ES): CLIENTE DEMO S.A.
R.U.T.: 96.511.460-2
Servicio de soporte mensual     1 x 100.000
MONTO NETO $ 100.000
IVA 19%  $ 19.000
TOTAL $ 119.000
Forma de pago: Transferencia
`;

const UBER = `
Uber
Thanks for riding, Ana
Here's your receipt for your trip on 03/04/2026
Total US$ 45.20
Trip fare  38.50
Booking fee  2.70
Tip  4.00
Paid with Visa ••••1234
`;

const SPAIN = `
CAFETERÍA LA PEPITA S.L.
C/ Mayor 12, Madrid
NIF: B12345678
Fecha: 14/02/2026
2 Café con leche    4,80
1 Tostada           3,20
Menú del día       15,50
TOTAL             23,50 €
IVA incluido
`;

const PERU = `
HOTEL CUSCO PLAZA S.A.C.
RUC: 20123456789
Jr. Garcilaso 265, Cusco
BOLETA DE VENTA ELECTRONICA
B001-00004567
Fecha: 10/01/2026
Noche habitación doble
OP. GRAVADA      S/ 72.03
IGV 18%          S/ 12.97
IMPORTE TOTAL    S/ 85.00
`;

const BRAZIL = `
POSTO SHELL AVENIDA LTDA
CNPJ: 12.345.678/0001-95
Rua Augusta 1500, São Paulo
CUPOM FISCAL ELETRONICO
Data: 21/01/2026 10:12
GASOLINA COMUM 20,150 L
VALOR TOTAL R$ 120,90
Dinheiro R$ 150,00
Troco R$ 29,10
`;

const ARGENTINA = `
LIBRERIA EL ATENEO SRL
CUIT: 30-71234567-8
FACTURA B N° 0003-00012345
Fecha: 05/02/2026
Resmas A4 x 5
TOTAL ARS 45.300,00
`;

// OCR of a thermal Líder boleta: the brand on top, the company (a generic "SUPERMERCADOS" name) below.
const LIDER_OCR = `
LIDER
ADMINISTRADORA DE SUPERMERCADOS HIPER LTDA
RUT: 76.126.849-K
AV. AMERICO VESPUCIO 1737, HUECHURABA
BOLETA ELECTRÓNICA
N*: 87226224
FECHA EMISION: 2 de enero de 2024
TOTAL                             $4.200
`;

// OCR of a scanned factura: the SII box (FACTURA ELECTRONICA, N°) merged into the issuer's lines, table borders as |.
const FACTURA_SCAN_OCR = `
FERRETERIA INDUSTRIAL EL ROBLE S.A.                             R.UT.: 96.507.905-K
Giro: VENTA AL POR MAYOR DE FERRETERIA                                                                FACTURA ELECTRONICA
Casa Mahiz: LOS LEONES 2345
CONCHALI - SANTIAGO                                                                                      N° 1351
S.LL - SANTIAGO CENTRO
|  Señortes): INGENIERIA Y MONTAJES BIO BIO LTDA                       Fecha Emisión: — 01/08/2024
RUT:              77.976.550-4
|   Dirección: COLO COLO 550
MONTO NETO $ 100.000
I.V.A. 19% $ 19.000
TOTAL $ 119.000
`;

const ARGENTINA_TIQUE_OCR = `
SUPERMERCADOS DIA
DIA ARGENTINA S.A.
C.U.I.T. Nro.: 30-19241623-6
IVA RESPONSABLE INSCRIPTO
Av. Rivadavia 5402 - C.A.B.A.
TIQUE
P.V. Nro.: 0004   Nro. T.: 65873151
Fecha 29/03/2024 Hora 18:21
LECHE LA SERENISIMA 1L          3.430,00
TOTAL        $ 11.400,13
Su pago EFECTIVO             $ 12.000,00
Su vuelto                       $ 599,87
`;

// A US till receipt: no '$' anywhere, month-first date.
const US_PHARMACY_OCR = `
WALGREENS #11872
1471 BROADWAY, NEW YORK NY
BAND-AID 30CT                        15.98
SUBTOTAL                            42.02
SALES TAX 8.875%                      3.73
TOTAL                               45.75
VISA CREDIT XXXXXXXXXXXX2428         45.75
09/08/2025 18:53 4471 08 1956
THANK YOU FOR SHOPPING AT WALGREENS
`;

describe('parseReceiptText: Chilean receipts', () => {
  it('Copec boleta: TOTAL, not EFECTIVO or VUELTO', () => {
    const r = parseReceiptText(COPEC);
    expect(r.amount).toBe(45990);
    expect(r.currency).toBe('CLP');
    expect(r.date).toBe('2026-03-12');
    expect(r.documentType).toBe('boleta');
    expect(r.invoiceNumber).toBe('4587123');
    expect(r.taxId).toBe('99520000-7');
    expect(r.category).toBe('combustible');
    expect(r.description).toBe('Compra en COPEC');
    expect(r.paymentMethod).toBe('efectivo');
    expect(r.taxAmount).toBe(7343);
    expect(r.netAmount).toBe(45990 - 7343);
    expect(r.sources.netAmount).toBe('guess');
    expect(r.address).toBe('Av. Apoquindo 5400, Las Condes');
    expect(r.issuerName).toBe('COMPAÑIA DE PETROLEOS DE CHILE COPEC S.A.');
    expect(r.sources.amount).toBe('text');
    expect(r.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('restaurant boleta: TOTAL rather than SUBTOTAL, PROPINA SUGERIDA or TOTAL CON PROPINA', () => {
    const r = parseReceiptText(RESTAURANT);
    expect(r.amount).toBe(31700);
    expect(r.date).toBe('2026-03-12');
    expect(r.category).toBe('alimentacion');
    expect(r.invoiceNumber).toBe('88231');
    expect(r.taxId).toBe('77261280-K');
    expect(r.issuerName).toBe('RESTAURANT EL CIRUELO LTDA.');
    expect(r.address).toBe('Av. Italia 1234, Providencia');
    expect(r.paymentMethod).toBe('tarjeta_debito');
    expect(r.netAmount).toBeNull();
    expect(r.taxAmount).toBeNull();
  });

  it('factura: issuer RUT (not the customer), folio, neto + IVA that add up', () => {
    const r = parseReceiptText(FACTURA);
    expect(r.documentType).toBe('factura');
    expect(r.invoiceNumber).toBe('1234');
    expect(r.taxId).toBe('76086428-5');
    expect(r.amount).toBe(119000);
    expect(r.netAmount).toBe(100000);
    expect(r.taxAmount).toBe(19000);
    expect(r.sources.netAmount).toBe('text');
    expect(r.sources.taxAmount).toBe('text');
    expect(r.date).toBe('2026-03-05');
    expect(r.issuerName).toBe('SERVICIOS INFORMATICOS ANDES SPA');
    expect(r.address).toBe('Huérfanos 1160, Santiago');
    expect(r.paymentMethod).toBe('transferencia');
    expect(r.category).toBe('otros');
    expect(r.description).toBe('Compra en SERVICIOS INFORMATICOS ANDES SPA');
    expect(r.confidence).toBeGreaterThanOrEqual(0.85);
  });

  it('a neto larger than the total is a misread: neto and IVA are worked out from the total instead', () => {
    const r = parseReceiptText('EMPRESA X LTDA\nRUT 76.086.428-5\nFACTURA ELECTRONICA\nNETO 810.000\nTOTAL $11.900', { source: 'ocr' });
    expect(r.amount).toBe(11900);
    expect(r.netAmount).toBe(10000);
    expect(r.sources.netAmount).toBe('guess');
  });

  it('factura with only a total: neto and IVA 19 % are derived and marked as guesses', () => {
    const r = parseReceiptText('EMPRESA X LTDA\nRUT 76.086.428-5\nFACTURA ELECTRONICA\nFOLIO: 99\nTOTAL $11.900');
    expect(r.amount).toBe(11900);
    expect(r.netAmount).toBe(10000);
    expect(r.taxAmount).toBe(1900);
    expect(r.sources.netAmount).toBe('guess');
    expect(r.sources.taxAmount).toBe('guess');
    expect(r.invoiceNumber).toBe('99');
  });

  it('SII type codes set the document type', () => {
    expect(parseReceiptText('TIPO DTE: 33\nTOTAL 1.000').documentType).toBe('factura');
    expect(parseReceiptText('TIPO DTE: 39\nTOTAL 1.000').documentType).toBe('boleta');
    expect(parseReceiptText('DTE 61\nTOTAL 1.000').documentType).toBe('factura');
    expect(parseReceiptText('TIPO DOCUMENTO 41\nTOTAL 1.000').documentType).toBe('boleta');
    expect(parseReceiptText('RECIBO DE DINERO\nTOTAL 1.000').documentType).toBe('recibo');
    expect(parseReceiptText('TICKET N° 55\nTOTAL 1.000').documentType).toBe('ticket');
  });

  it('an invalid RUT check digit is never returned and lowers confidence', () => {
    const good = parseReceiptText('FERRETERIA LOS ANDES LTDA\nRUT: 76.086.428-5\nBOLETA\nFecha 01/02/2026\nTOTAL $5.990');
    const bad = parseReceiptText('FERRETERIA LOS ANDES LTDA\nRUT: 76.086.428-3\nBOLETA\nFecha 01/02/2026\nTOTAL $5.990');
    expect(good.taxId).toBe('76086428-5');
    expect(bad.taxId).toBeNull();
    expect(bad.sources.taxId).toBeUndefined();
    expect(bad.currency).toBe('CLP');
    expect(bad.amount).toBe(5990);
    expect(bad.category).toBe('materiales');
    expect(bad.confidence).toBeLessThan(good.confidence);
  });

  it('uses a label-less total as a guess when there is no TOTAL line', () => {
    const r = parseReceiptText('ESTACIONAMIENTO MALL PLAZA\n2 horas 3.500\nGracias');
    expect(r.amount).toBe(3500);
    expect(r.sources.amount).toBe('guess');
    expect(r.category).toBe('transporte');
    expect(r.currency).toBe('CLP');
    expect(r.sources.currency).toBe('guess');
    expect(r.confidence).toBeLessThan(0.5);
    expect(r.address).toBeNull();
  });

  it('without a TOTAL line, cash handed over and change are not the amount', () => {
    const r = parseReceiptText('COPEC\nGASOLINA 93   $45.990\nEFECTIVO   $50.000\nVUELTO   $4.010');
    expect(r.amount).toBe(45990);
    expect(r.sources.amount).toBe('guess');
    expect(r.paymentMethod).toBe('efectivo');
  });

  it('without a TOTAL line, a number glued to a slash (a date with its time) is not the amount', () => {
    const r = parseReceiptText('TRATTORIA SAN\nPRECUEN\n3004/251027 Comkm5ams\n1CERVEZASCHOP\nSUBTOTAL\nTOTALAPAGAR');
    expect(r.amount).toBeNull();
    expect(parseReceiptText('COPEC\nGASOLINA 93 $2.990\nTurno 3004/25').amount).toBe(2990);
  });

  it('folio written the ways OCR reads N°', () => {
    for (const line of ['BOLETA N° 5521', 'BOLETA N* 5521', 'BOLETA N? 5521', 'BOLETA Nº 5521', 'BOLETA NO 5521', 'BOLETA N 5521']) {
      expect(parseReceiptText(`COMERCIAL SUR LTDA\n${line}\nTOTAL $1.990`, { source: 'ocr' }).invoiceNumber).toBe('5521');
    }
    expect(parseReceiptText('COPEC S.A.\nBOLETA ELECTRONICA\nN* 88123\nTOTAL $5.000').invoiceNumber).toBe('88123');
    // "NO" before a number outside a document line is not a folio.
    expect(parseReceiptText('MINIMARKET\nNO 5 PASAJE\nTOTAL $1.990').invoiceNumber).toBeNull();
  });

  it('folio glued to the title or to its label, and a hotel folio\'s', () => {
    const folio = (line: string) => parseReceiptText(`COMERCIAL SUR LTDA\n${line}\nTOTAL $1.990`, { source: 'ocr' }).invoiceNumber;
    expect(['BOLETAELECTRONICAN°716388', 'BOLETAELECTRONICAN*716388', 'BOLETAELECTRONICAN 716388', 'BOLETA ELECTRONICA N716388', 'TICKETN716388'].map(folio)).toEqual(Array(5).fill('716388'));
    expect(['ESTADODECUENTA-FOLIO775497', 'Folio huesped: 775497', 'Folio huesped:775497', 'Foliohuesped:775497'].map(folio)).toEqual(Array(4).fill('775497'));
    // A receipt's short number glued to its N, or its degree sign read as a backtick.
    expect(['RECIBO N4417', 'RECIBO N` 4417', 'RECIBON`4417', 'TICKET N´4417'].map(folio)).toEqual(Array(4).fill('4417'));
    // A number glued to an N outside a document line is still no folio.
    expect(folio('CALLE N12345 SANTIAGO')).toBeNull();
    expect(folio('CALLE N123 SANTIAGO')).toBeNull();
  });

  it('a fare line is not taken for an address', () => {
    const r = parseReceiptText('TAXI OFICIAL\nValor carrera 12.000\nFecha 5/3/2026');
    expect(r.address).toBeNull();
    expect(r.amount).toBe(12000);
    expect(r.date).toBe('2026-03-05');
    expect(r.category).toBe('transporte');
  });
});

describe('mergeReadings: one page read by two recognisers', () => {
  // A half-scale photo of a fuel boleta, as each recogniser reads it: the first keeps the folio and the document type
  // but loses the RUT's digits and reads the total's zeros as letters; the second reads the RUT and the total.
  const first = parseReceiptText(
    ['SERVICENTRO LOS ANDES', 'R.U.T.: 77. 2.770-', 'BOLETA ELECTRONICA N° 3799849', 'Emision: 18-12-2024 12:23', '1 x 50.000', 'T0TAL 5 50.O00'].join('\n'),
    { source: 'ocr' },
  );
  const second = parseReceiptText(
    ['SERVICENTRO LOS ANCES', 'R.U.T.: 77.882.778-6', 'ROLETA ELECTRORECA', 'Emision: 18-12-2O24 12:23', 'TOTAL $50.000', 'EFECTIVO $60.000', 'VUELTO $10.000'].join('\n'),
    { source: 'ocr' },
  );

  it('keeps what the first reading read unless the second is sure of it, and fills what the first left empty or defaulted', () => {
    expect([first.amount, first.taxId, second.invoiceNumber, second.documentType, second.sources.documentType]).toEqual([50, null, null, 'boleta', 'guess']);
    const merged = mergeReadings(first, second);
    expect(merged.amount).toBe(50000);
    expect(merged.fieldConfidence.amount).toBe('high');
    expect(merged.taxId).toBe('77882778-6');
    expect(merged.fieldConfidence.taxId).toBe('high');
    expect(merged.invoiceNumber).toBe('3799849');
    expect(merged.documentType).toBe('boleta');
    expect(merged.sources.documentType).toBe('ocr');
    expect(merged.date).toBe('2024-12-18');
    expect(merged.issuerName).toBe('SERVICENTRO LOS ANDES');
    // A 'medium' of the second reading does not replace a 'low' of the first.
    const unsure = { ...first, amount: 50000, fieldConfidence: { ...first.fieldConfidence, amount: 'low' as const } };
    const kept = mergeReadings(unsure, { ...second, amount: 550000, fieldConfidence: { ...second.fieldConfidence, amount: 'medium' } });
    expect([kept.amount, kept.fieldConfidence.amount]).toEqual([50000, 'low']);
  });

  it("takes the second's amount where the first read its peso sign as a 5", () => {
    const ticket = (amountLine: string) => parseReceiptText(['PARKING TERMINAL SUR', 'TICKET N 394396', 'VALOR MINUTO: $25', amountLine, 'PAGADO CON TARJETA'].join('\n'), { source: 'ocr' });
    const [five, sign] = [ticket('MONTO A PAGAR 54.050'), ticket('KONTO A PAGAR $4.050')];
    expect([five.amount, sign.amount]).toEqual([54050, 4050]);
    expect(mergeReadings(five, sign).amount).toBe(4050);
    // The other way round, or two amounts that differ otherwise, the first's stands.
    expect(mergeReadings(sign, five).amount).toBe(4050);
    expect(mergeReadings(ticket('MONTO A PAGAR $4.950'), sign).amount).toBe(4950);
  });

  it("takes the second's labelled total, confirmed by the bill's own sums, where the first only guessed the largest number", () => {
    const bill = (total: string, tip: string) => parseReceiptText(['RESTAURANT EL FOGON', 'PRE CUENTA', '1 LOMO A LO POBRE $12.900', '2 PISCO SOUR $9.800', '1 ENSALADA', total, tip, 'TOTAL CON PROPINA'].join('\n'), { source: 'ocr' });
    const [guessed, read] = [bill('TOTAL 5Z6.200', '2.620'), bill('TOTAL $26.200', 'Prop a a $2.620')];
    expect([guessed.amount, guessed.sources.amount]).toEqual([12900, 'guess']);
    // A tip line that prints no share, 10 % of the total: the share Chilean law suggests confirms what was consumed.
    expect([read.amount, read.amountAgreement]).toEqual([26200, 1]);
    expect(mergeReadings(guessed, read).amount).toBe(26200);
    // A labelled total nothing confirms does not replace the guess.
    expect(mergeReadings(guessed, bill('TOTAL $26.200', 'Prop a a $2.950')).amount).toBe(12900);
  });

  it('moves the amount with its currency, net and tax, and leaves no source behind for a field it empties', () => {
    const dollars = parseReceiptText(['WALGREENS', 'SUBTOTAL $10.00', 'TAX $0.80', 'TOTAL USD 10.80'].join('\n'), { source: 'ocr' });
    const unread = parseReceiptText(['WALGREENS', 'TOTAL 1O.8O'].join('\n'), { source: 'ocr' });
    expect([unread.amount, unread.currency]).toEqual([null, 'CLP']);
    for (const merged of [mergeReadings(unread, dollars), mergeReadings(dollars, unread)]) {
      expect([merged.amount, merged.currency, merged.taxAmount, merged.sources.taxAmount]).toEqual([10.8, 'USD', 0.8, 'ocr']);
    }
    const factura = parseReceiptText(['FERRETERIA SUR', 'NETO $10.000', 'IVA $1.900', 'T0TAL 5 11.9O0'].join('\n'), { source: 'ocr' });
    const boleta = parseReceiptText(['FERRETERIA SUR', 'TOTAL $11.900', 'EFECTIVO $20.000', 'VUELTO $8.100'].join('\n'), { source: 'ocr' });
    expect([factura.netAmount, factura.fieldConfidence.amount, boleta.netAmount, boleta.fieldConfidence.amount]).toEqual([10000, 'medium', null, 'medium']);
    expect(mergeReadings(factura, boleta).netAmount).toBe(10000);
    const surer = mergeReadings(factura, { ...boleta, fieldConfidence: { ...boleta.fieldConfidence, amount: 'high' } });
    expect([surer.amount, surer.netAmount, surer.taxAmount, surer.fieldConfidence.amount]).toEqual([11900, null, null, 'high']);
    expect(surer.sources).not.toHaveProperty('netAmount');
    expect(surer.sources).not.toHaveProperty('taxAmount');
  });
});

describe('parseReceiptText: OCR folios, RUTs and addresses', () => {
  it('folio on the line after BOLETA ELECTRONICA, with N° read as Ne, N*: or behind a border bar', () => {
    for (const line of ['Ne 320458', 'N*: 320458', '|                 N° 320458', 'FOLIO: 320458', 'Nº 320458 |']) {
      const text = `SABA ESTACIONAMIENTOS\nR.U.T.: 77938988-K\nBOLETA ELECTRONICA\n${line}\nFecha: 2024-11-18 Hora: 13:52\nTOTAL $ 9.070`;
      expect(parseReceiptText(text, { source: 'ocr' }).invoiceNumber).toBe('320458');
    }
    expect(parseReceiptText(LIDER_OCR, { source: 'ocr' }).invoiceNumber).toBe('87226224');
  });

  it('"Ne" is a folio label only on a document line; other numbers below the heading are not the folio', () => {
    expect(parseReceiptText('MINIMARKET EL SOL\nNe 5 PASAJE\nTOTAL $1.990').invoiceNumber).toBeNull();
    expect(parseReceiptText('BOLETA ELECTRONICA\nN° OPERACION: 911499\nTOTAL $1.990').invoiceNumber).toBeNull();
    expect(parseReceiptText('BOLETA ELECTRONICA\nFecha: 01/02/2026\nTRANSACCION N° 4455\nTOTAL $1.990').invoiceNumber).toBeNull();
  });

  it('scanned factura: the N° that OCR put at the end of a line below FACTURA ELECTRONICA is the folio', () => {
    const r = parseReceiptText(FACTURA_SCAN_OCR, { source: 'ocr' });
    expect(r.invoiceNumber).toBe('1351');
    expect(r.documentType).toBe('factura');
    expect(r.taxId).toBe('96507905-K');
    // Three lines below the heading is too far: that N° belongs to something else.
    expect(parseReceiptText('FACTURA ELECTRONICA\nGiro: VENTAS\nCasa Matriz: TEATINOS 120\nSANTIAGO N° 1351\nTOTAL $1.000').invoiceNumber).toBeNull();
  });

  it('scanned factura: the issuer address (CASA MATRIZ misread) rather than the customer\'s Dirección', () => {
    expect(parseReceiptText(FACTURA_SCAN_OCR, { source: 'ocr' }).address).toBe('LOS LEONES 2345');
    // The customer's address is never the issuer's; a mention of clients elsewhere does not open the customer block.
    expect(parseReceiptText('EMPRESA X LTDA\nSEÑOR(ES): CLIENTE DEMO S.A.\nDirección: COLO COLO 550\nTOTAL $1.000').address).toBeNull();
    expect(parseReceiptText('EMPRESA X LTDA\nATENCION AL CLIENTE 600 123 4567\nDirección: TEATINOS 120\nTOTAL $1.000').address).toBe('TEATINOS 120');
  });

  it('border bars are not part of the issuer name', () => {
    const r = parseReceiptText('| COMPAÑIA DE PETROLEOS DE CHILE COPEC S.A.\n| R.U.T. 96988376-7\nBOLETA ELECTRONICA\nTOTAL $24.955 |', { source: 'ocr' });
    expect(r.issuerName).toBe('COMPAÑIA DE PETROLEOS DE CHILE COPEC S.A.');
    expect(r.amount).toBe(24955);
  });

  it('RUT with a space after a thousands dot', () => {
    expect(parseReceiptText('EASY RETAIL S.A.\nR.U.T. 76.399. 189-K\nBOLETA\nTOTAL $7.150', { source: 'ocr' }).taxId).toBe('76399189-K');
  });

  it('an abbreviation read as "cop." or a PEN DRIVE is not a currency code', () => {
    const latam = 'LATAM AIRLINES GROUP S.A,\nRUT 96.903.142-6\nBOLETA ELECTRÓNICA\nFOLIO: 190347\nTOTAL   $31.970\nVISA CREDITO 7033  $31.970\nCUOTAS: 3 cop. AUT.: 980373';
    expect(parseReceiptText(latam, { source: 'ocr' }).currency).toBe('CLP');
    expect(parseReceiptText('LIBRERIA NACIONAL\nPEN DRIVE 32GB  $5.990\nTOTAL $5.990').currency).toBe('CLP');
    expect(parseReceiptText('CREPES Y WAFFLES\nTOTAL COP 79.800').currency).toBe('COP');
    expect(parseReceiptText('TOTAL PEN 85.00').currency).toBe('PEN');
    expect(parseReceiptText('Valores en COP\nTOTAL $ 79.800').currency).toBe('COP');
  });
});

describe('parseReceiptText: foreign receipts', () => {
  it("a Malaysian issuer: its registration number aside, its legal form preferred, a name over two lines joined", () => {
    const name = (head: string) => parseReceiptText(`${head}\nTAX INVOICE\nDATE: 20/03/18\nTOTAL RM 11.80\nCASH RM 20.00`, { source: 'ocr' }).issuerName;
    expect(name('77 QUICK MART S/B (S19537-X)\nLOT 12, JALAN MERAK,\n41150 KLANG, SELANGOR')).toBe('77 QUICK MART S/B');
    expect(name('KOPI CORNER (JM0761170-K)\n15, JALAN PERMAS 10/7')).toBe('KOPI CORNER');
    // A person's name printed above the company: the company, by its legal form.
    expect(name('LIM AH KOW\n*** COPY ***\nBINTANG MARKETING SDN BHD\nROC NO: 538358-H')).toBe('BINTANG MARKETING SDN BHD');
    expect(name('PASARAYA HARGA JIMAT\nSDN BHD\n(CO. NO. 113825-W)')).toBe('PASARAYA HARGA JIMAT SDN BHD');
    expect(name('GLOBAL BOOK\nCO.. (M) SDN BHD\n(Co. No. 113825-W)')).toBe('GLOBAL BOOK CO.. (M) SDN BHD');
    expect(name('LIM AH KOW\nKWONG FATT ENTERPRISE\n(JM0517726)\nNO 122 JALAN DEDAP 13')).toBe('KWONG FATT ENTERPRISE');
    expect(name('SENG HIN HARDWARE\nENTERPRISE (BUKIT\nJALIL) SDN BHD\n822737-X')).toBe('SENG HIN HARDWARE ENTERPRISE (BUKIT JALIL) SDN BHD');
    expect(name('TQ FOR SHOPPING WITH KEDAIKU.COM\nSEREMBAN REST AREA\nLOT R1, JALAN UTAMA')).toBe('SEREMBAN REST AREA');
    expect(name('LIM AH KOW\nBOOK CITY (TAMAN DAYA) SDN BND\n789417-W')).toBe('BOOK CITY (TAMAN DAYA) SDN BND');
  });

  it('Uber in USD: month-first date, tip ignored, card payment', () => {
    const r = parseReceiptText(UBER);
    expect(r.amount).toBe(45.2);
    expect(r.currency).toBe('USD');
    expect(r.date).toBe('2026-03-04');
    expect(r.category).toBe('transporte');
    expect(r.description).toBe('Compra en Uber');
    expect(r.paymentMethod).toBe('tarjeta_credito');
    expect(r.documentType).toBe('recibo');
    expect(r.taxId).toBeNull();
  });

  it('US hotel with a bare $: USD guessed from English text, TAX line read, hotel brand', () => {
    const r = parseReceiptText('Hilton Garden Inn\nDate: 11/20/2025\nRoom 189.00\nTax 24.57\nTotal $213.57\nThank you for staying');
    expect(r.amount).toBe(213.57);
    expect(r.currency).toBe('USD');
    expect(r.sources.currency).toBe('guess');
    expect(r.taxAmount).toBe(24.57);
    expect(r.netAmount).toBeNull();
    expect(r.date).toBe('2025-11-20');
    expect(r.category).toBe('hospedaje');
  });

  it('Spanish café in EUR with a decimal comma', () => {
    const r = parseReceiptText(SPAIN);
    expect(r.amount).toBe(23.5);
    expect(r.currency).toBe('EUR');
    expect(r.date).toBe('2026-02-14');
    expect(r.category).toBe('alimentacion');
    expect(r.issuerName).toBe('CAFETERÍA LA PEPITA S.L.');
    expect(r.address).toBe('C/ Mayor 12, Madrid');
  });

  it('Peruvian hotel: S/ and RUC → PEN, OP. GRAVADA and IGV', () => {
    const r = parseReceiptText(PERU);
    expect(r.amount).toBe(85);
    expect(r.currency).toBe('PEN');
    expect(r.taxId).toBe('20123456789');
    expect(r.netAmount).toBe(72.03);
    expect(r.taxAmount).toBe(12.97);
    expect(r.category).toBe('hospedaje');
    expect(r.documentType).toBe('boleta');
    expect(r.invoiceNumber).toBe('B001-00004567');
    expect(r.date).toBe('2026-01-10');
    expect(r.address).toBe('Jr. Garcilaso 265, Cusco');
  });

  it('Brazilian fuel: R$ with CNPJ, VALOR TOTAL rather than Dinheiro or Troco', () => {
    const r = parseReceiptText(BRAZIL);
    expect(r.amount).toBe(120.9);
    expect(r.currency).toBe('BRL');
    expect(r.taxId).toBe('12.345.678/0001-95');
    expect(r.category).toBe('combustible');
    expect(r.description).toBe('Compra en SHELL');
    expect(r.paymentMethod).toBe('efectivo');
    expect(r.documentType).toBe('ticket');
    expect(r.date).toBe('2026-01-21');
  });

  it('Argentine factura: CUIT → ARS, 1.234,56 style total, punto de venta folio', () => {
    const r = parseReceiptText(ARGENTINA);
    expect(r.currency).toBe('ARS');
    expect(r.taxId).toBe('30-71234567-8');
    expect(r.amount).toBe(45300);
    expect(r.documentType).toBe('factura');
    expect(r.invoiceNumber).toBe('0003-00012345');
    expect(r.category).toBe('materiales');
  });

  it('Argentine TIQUE: C.U.I.T. Nro. → ARS, $ 11.400,13 with decimal comma, supermarket', () => {
    const r = parseReceiptText(ARGENTINA_TIQUE_OCR, { source: 'ocr' });
    expect(r.taxId).toBe('30-19241623-6');
    expect(r.currency).toBe('ARS');
    expect(r.amount).toBe(11400.13);
    expect(r.documentType).toBe('ticket');
    expect(r.date).toBe('2024-03-29');
    expect(r.category).toBe('alimentacion');
  });

  it('US till receipt without $: English words and a total in dollars and cents → USD, month-first date, recibo', () => {
    const r = parseReceiptText(US_PHARMACY_OCR, { source: 'ocr' });
    expect(r.currency).toBe('USD');
    expect(r.sources.currency).toBe('guess');
    expect(r.amount).toBe(45.75);
    expect(r.date).toBe('2025-09-08');
    expect(r.documentType).toBe('recibo');
    expect(r.taxAmount).toBe(3.73);
    expect(r.category).toBe('otros');
    // Pesos group thousands with the point: an English word next to TOTAL 12.990 is still CLP.
    expect(parseReceiptText('MINIMARKET\nSUBTOTAL 12.990\nTOTAL 12.990\nTHANK YOU').currency).toBe('CLP');
  });

  it('Spanish NIF / CIF → tax id and EUR', () => {
    const cafe = parseReceiptText('CAFETERIA LA PLAZA\nHOSTELERIA PLAZA MAYOR S.L.\nNIF: B65547473\nTICKET N* 6265\nTOTAL                  14,69', { source: 'ocr' });
    expect(cafe.taxId).toBe('B65547473');
    expect(cafe.currency).toBe('EUR');
    expect(cafe.amount).toBe(14.69);
    expect(parseReceiptText('CATALONIA HOTELS & RESORTS S.L.\nCIF: B27969898\nTOTAL FACTURA 200,49 €').taxId).toBe('B27969898');
    expect(parseReceiptText('N.I.F. 12345678-Z\nTOTAL 10,00 €').taxId).toBe('12345678-Z');
    // An Incoterm is not a tax id.
    expect(parseReceiptText('CIF VALPARAISO\nTOTAL 10,00 €').taxId).toBeNull();
  });

  it('tax ids alone give the currency', () => {
    expect(parseReceiptText('CUIT 30-71234567-8\nTOTAL 1.500,50').currency).toBe('ARS');
    expect(parseReceiptText('CUIT 30-71234567-8\nTOTAL 1.500,50').amount).toBe(1500.5);
    expect(parseReceiptText('NIT: 900.123.456-7\nTOTAL 35.000').currency).toBe('COP');
    expect(parseReceiptText('NIT: 900.123.456-7\nTOTAL 35.000').amount).toBe(35000);
    expect(parseReceiptText('RUC 20123456789\nTOTAL 85.00').currency).toBe('PEN');
    expect(parseReceiptText('CNPJ 12.345.678/0001-95\nTOTAL 120,90').currency).toBe('BRL');
    expect(parseReceiptText('RUT 211234560018\nTOTAL 1.200').currency).toBe('UYU');
  });
});

describe('amounts', () => {
  it("an English till's 'DUE' is the total and 'PAY' what was handed over; a Malaysian address says ringgit", () => {
    const r = parseReceiptText(
      "QUEEN'S BAKERY S/B 273500-U\nNO. 20-A1, JALAN SS6/3,\n47301 PETALING JAYA\nTAX INVOICE\nINV NO :KJ130659712 DATE:09/02/17 11:12\n181010 FRENCH LOAF 8 2.40 0 19.20 S\nQTY 8 19.20\nROUNDING ADJ 0.00\nDUE 19.20\nPAY 20.00\nCHANGE 0.80\n(TOTAL INCLUDED GST @ 6% : 1.09)",
      { source: 'ocr' },
    );
    expect(r).toMatchObject({ amount: 19.2, currency: 'MYR', date: '2017-02-09' });
    // No SDN BHD, GST nor RM: the postcode and the state still say Malaysia, not dollars.
    const thai = parseReceiptText('SIAM GARDEN RESTAURANT\nNO.22 JALAN PUTERI 2/4\n47100 PUCHONG, SELANGOR\nDATE : 02/02/2017 7:31:08 PM\nTOTAL: 92.80\nCASH RECEIVED: 100.00\nCHANGE: 7.20', { source: 'ocr' });
    expect(thai).toMatchObject({ amount: 92.8, currency: 'MYR' });
  });

  it("a restaurant's service charge is part of the bill, and an unlabelled rounding between two totals makes the later the amount paid", () => {
    const bill = (after: string) =>
      parseReceiptText(
        `PEPPER GRILL & BAR\nTAX RECEIPT\n30 DEC 17 18:40:57\n1 ICED TEA 10.95 S\n1 NACHOS 18.95 S\n1 FISH AND CHIPS 31.95 S\nSUBTOTAL 61.85\n10% SRV CHG 6.19\nGST @6% 4.08\n${after}\nAMOUNT (RM) GST (RM)\nS=GST @6%;68.04 4.08`,
        { source: 'ocr' },
      );
    // 61.85 + 6.19 + 4.08 = 72.12; without the service charge the arithmetic would make it 65.93.
    expect(bill('TOTAL: 72.12')).toMatchObject({ amount: 72.12, currency: 'MYR' });
    expect(bill('TOTAL: 72.12').fieldConfidence.amount).toBe('high');
    expect(bill('TOTAL: 72.12\n0.03\nTOTAL 72.15').amount).toBe(72.15);
    // An amount between two totals that is not their difference is no rounding.
    expect(bill('TOTAL: 72.12\n4.00\nTOTAL 72.15').amount).not.toBe(72.15);
    // The total printed rounded to 5 sen, no rounding line: the printed total, not the sum's cent (nor its float noise).
    expect(bill('TOTAL 72.10').amount).toBe(72.1);
    // A total two digits off what the arithmetic gives is still a misreading of it.
    expect(bill('TOTAL 12.12').amount).toBe(72.12);
    // A total worked out from cents comes out to the cent (231.06 + 23.10 + 15.25 is no 269.40999999999997).
    expect(parseReceiptText('GRILL\nSUBTOTAL 231.06\n10% SRV CHG 23.10\nGST @6% 15.25\nTOTAL 269.47\nTHANK YOU', { source: 'ocr' }).amount).toBe(269.41);
    // A subtotal on a 5-cent step is no rounding of the arithmetic.
    expect(parseReceiptText('CAFE\n1 TEA 10.95\n1 NACHOS 18.95\nSUBTOTAL 29.90\nTAX 0.01\nTOTAL 29.91', { source: 'ocr' }).amount).toBe(29.91);
  });

  it('the amount paid after a rounding: AMOUNT TO BE PAID, a negative cash tender, change from a total rounded to 5 sen', () => {
    const ocr = (text: string) => parseReceiptText(`KEDAI RUNCIT MAJU SDN BHD\nGST REG NO: 001234567890\n${text}`, { source: 'ocr' });
    expect(ocr('1 RED POLE 2.99\nTOTAL SALES INCLUSIVE GST : 2.99\nROUNDING ADJUSTMENT: 0.01\nAMOUNT TO BE PAID : 3.00\nCASH RECEIVED : 3.00').amount).toBe(3);
    // The till prints the cash handed over as a negative tender: it still says what was paid.
    expect(ocr('TOTAL INCL. OF GST 12.40\nCASH -20.00\nCHANGE 7.60').fieldConfidence.amount).toBe('high');
    // A total less its own rounding line is no misreading of it: the rounded total, what the cash says, is paid.
    expect(ocr('S RM7.00\nS RM35.88\nTOTAL RM42.88\nROUNDING RM0.02\nCASH RM42.90').amount).toBe(42.9);
    // No rounding line: cash less change gives the total rounded to 5 sen.
    expect(ocr('TOTAL : 46.89\nCASH 56.90\nCHANGE DUE 10.00').amount).toBe(46.9);
    // An English till's NET AMT is the total, tax included; RECEIVED is the cash handed over.
    expect(ocr('SEAL TAPE 3 1.00 3.00\nGAS REFILL 2 12.90 25.80\nGROSS AMT : 27.17\nGST (6%) : 1.63\nNET AMT: 28.80\nRECEIVED 30.00\nCHANGE : 1.20').amount).toBe(28.8);
    // A service charge spelt SRV CHRG or SERVICE CHRG is one.
    expect(['SRV CHRG 10% RM3.17', 'SERVICE CHRG (10%) 4.00', 'SVC CHRG 5.00'].map(moneyRole)).toEqual(['service', 'service', 'service']);
    // Cash less change that is not a rounding of the total leaves the printed total.
    expect(ocr('TOTAL : 46.89\nCASH 56.90\nCHANGE DUE 9.00').amount).toBe(46.89);
  });

  it('a tax said to be included adds nothing, a tax id or a CASH document number is no amount, a summary row ends in its tax', () => {
    const ocr = (text: string) => parseReceiptText(`RESTORAN SRI MELATI SDN BHD\n<552109-K>\n${text}`, { source: 'ocr' });
    // The subtotal already holds the tax the till says is included: cash less change confirms it, no 18.50 + 1.05.
    const included = ocr('NO 20417\nNASI GORENG 9.50\nTEH TARIK 9.00\nSUBTOTAL 18.50\nRM CASH 20.00\nCHANGE 1.50\nINC 6% GST 1.05\nGST : 001987654321');
    expect(included).toMatchObject({ amount: 18.5, currency: 'MYR' });
    expect(['INCL. 6% GST 1.05', 'GST 6% INCLUDED 1.05', '*6% GST INCLUDED : 0.70'].map((l) => moneyRole(l))).toEqual(['tax', 'tax', 'tax']);
    // 'CASH BILL NO.' titles the document: its number is no tender (it had made 183.10 - 21.70 the total).
    expect(ocr('CASH BILL NO. : CB-18310\nDATE : 02/10/2017\n2 X 6.15 12.30\nCASH 20.00\nCHANGE 7.70').amount).toBe(12.3);
    expect(moneyRole('CASH SALES NO. : CS-19204')).toBeNull();
    // A tax summary's heading names no amount; its row ends in the tax, not the total.
    expect(moneyRole('GST SUMMARY AMOUNT(RM) TAX(RM)')).toBeNull();
    expect(moneyRole('SR:INCLUSIVE OF GST @6% 16.98 1.02')).toBe('tax');
    expect(moneyRole('TOTAL SALES INCLUSIVE GST @6% 18.00')).toBe('strong');
  });

  it('a postcode before a state whose name starts like a currency code is no amount; a total the print broke leaves the subtotal', () => {
    expect(amountsInLine('11900 PENANG.')).toEqual([{ raw: '11900', symbol: null }]);
    expect(amountsInLine('TOTAL 12.50 PEN')).toEqual([{ raw: '12.50', symbol: 'PEN' }]);
    const broken = parseReceiptText('KEDAI MAKANAN HENG\n11900 PENANG.\nTEL: 04-262 0635\n2 KUIH @9.00 18.00\nSUBTOTAL 18.00\nNET TOTAL 18. 0\nC 50.00\nC. GE 32.00', { source: 'ocr' });
    expect(broken).toMatchObject({ amount: 18, currency: 'MYR' });
    expect(broken.fieldConfidence.amount).not.toBe('high');
  });

  it('the total printed after its rounding line is what was paid, and wins a tie with the total before it', () => {
    const ocr = (text: string) => parseReceiptText(`KEDAI RUNCIT MAJU SDN BHD\nGST REG NO: 001234567890\n${text}`, { source: 'ocr' });
    // The same sum printed twice before the rounding does not outweigh the till's last word.
    expect(ocr('1X 000000118927 16.90SR\n1X 000005270385 29.07SR\nSUB-TOTAL 45.97\nTOTAL SALES INCL GST 45.97\nROUNDING ADJ -0.02\nTOTAL AFTER ADJ INCL GST 45.95\nCASH 50.00').amount).toBe(45.95);
    // No total printed after it: the rounded total the cash paid beats the printed one it ties with.
    expect(ocr('TOTAL RM INCL. OF GST 15.48\nROUNDING ADJ 0.02\nCASH -15.50').amount).toBe(15.5);
  });

  it("a car park's amount under its label ('*AMT RM' / '1.00'), and never a postcode where the page prints cents", () => {
    const ticket = (amt: string) =>
      parseReceiptText(
        `CITY PARKING SDN BHD\nJALAN KUCHING\n51200 KL.\nGSTNO.000296652800\nRECEIPT NUMBER:\nK0131800235697\nEXIT TIME:\n23.03.18 15:27\nPARKING FEE RM\n1.89\nADD GST RM\n0.11\n${amt}\n2.00\nTHANK YOU`,
        { source: 'ocr' },
      );
    expect(ticket('*AMT RM')).toMatchObject({ amount: 2, currency: 'MYR', date: '2018-03-23' });
    // With no label the reader can use, the largest amount with its cents, not '51200'.
    expect(ticket('*** RM').amount).toBe(2);
  });

  it('parses Chilean and foreign number conventions', () => {
    expect(parseAmount('$12.990', 'CLP')).toBe(12990);
    expect(parseAmount('12.990', 'CLP')).toBe(12990);
    expect(parseAmount('1.234.567', 'CLP')).toBe(1234567);
    expect(parseAmount('23,50', 'EUR')).toBe(23.5);
    expect(parseAmount('45.20', 'USD')).toBe(45.2);
    expect(parseAmount('1.234,56', 'EUR')).toBe(1234.56);
    expect(parseAmount('1,234.56', 'USD')).toBe(1234.56);
    expect(parseAmount('120,90', 'BRL')).toBe(120.9);
    expect(parseAmount('abc', 'CLP')).toBeNull();
  });

  it('reads symbols written before or after the amount', () => {
    expect(parseReceiptText('TOTAL 23,50 €').currency).toBe('EUR');
    expect(parseReceiptText('TOTAL EUR 23,50').amount).toBe(23.5);
    expect(parseReceiptText('TOTAL US$ 1,234.56').amount).toBe(1234.56);
    expect(parseReceiptText('TOTAL S/. 85.00').currency).toBe('PEN');
    expect(parseReceiptText('TOTAL $12.990').amount).toBe(12990);
    expect(parseReceiptText('TOTAL A PAGAR\n$ 8.450').amount).toBe(8450);
  });

  it("adds up the items above the total: money-shaped amounts only, each 'qty x price' line checked", () => {
    const sum = (text: string, currency: string) => {
      const lines = text.split('\n');
      return itemsSum(lines, lines.map((l) => fold(l)), currency);
    };
    const boleta = 'MINIMARKET\nR.U.T.77.507.023-4\nBOLETA ELECTRONICA N 6051527\nLECHE ENTERA 1L\n2 x 1.110 2.220\nPAN AMASADO $990\nQUESO 250G 3.500\nTOTAL $6.710';
    expect(sum(boleta, 'CLP')).toBe(6710);
    // A product whose quantity times price is not its amount was misread: no sum at all.
    expect(sum(boleta.replace('2.220', '2.320'), 'CLP')).toBeNull();
    // Codes, quantities and a bare peso amount without its thousands point are no items; one item is no sum.
    expect(sum('001 31572 GASOLINA\n3UNX173,52 520,56\nValor total R$ 520,56', 'BRL')).toBeNull();
    expect(sum('001 81314 SUCO LARANJA 300ML\n1UNX8,24 8,24\n002 47946 MISTO QUENTE\n1 UN X 14,48 14,48\nValor total R$ 22,72', 'BRL')).toBe(22.72);
    // Nothing above a total: no items.
    expect(sum('PAN 1.000\nLECHE 2.000', 'CLP')).toBeNull();
  });

  it('a rounding of cents printed without their zero, then the rounded total under the rounding label', () => {
    const receipt = (rounding: string) =>
      parseReceiptText(
        `KEDAI RUNCIT MAJU SDN BHD\nGST ID NO : 000123456789\nSUSU PEKAT 2 RM7.70 S\nGULA PASIR 1KG RM2.95 Z\nTotal Sales (Inclusive GST) RM 10.64\nRounding Adjustment RM ${rounding}\nRounding RM 10.65\nCASH RM 20.00\nCHANGE RM 9.35`,
        { source: 'ocr' },
      );
    const r = receipt('.01');
    expect(r.amount).toBe(10.65);
    expect(r.currency).toBe('MYR');
    expect(r.fieldConfidence.amount).toBe('high');
    expect(receipt('0.01').amount).toBe(10.65);
  });

  it('a tax total whose label OCR read apart is no second label of the amount paid', () => {
    const r = parseReceiptText(
      'FARMASI SEJAHTERA\nPANADOL 1 25.00\nTotal Sales (Excluding GST) 23.58\nTotal G S T 1.42\nTotal Sales (lnclusive of GST): 25.00\nCASH 50.00\nChange 25.00\nTax Code % Amt (RM) Tax (RM)\nSR 6 23.58 1.42\nTotal: 23.58 1.42',
      { source: 'ocr' },
    );
    expect(r.amount).toBe(25);
  });

  it("an I read as L or 1 in INCLUSIVE still names the total, not the tax ('INCLUSLVE OF GST')", () => {
    for (const word of ['INCLUSLVE', 'INCLUS1VE', '1NCLUSIVE']) {
      const r = parseReceiptText(
        `HARDWARE KEDAI SDN BHD\nTAX INVOICE\nDATE: 05/02/2018\nPVC ELBOW 1.000 PC X 3.20\nSUBTOTAL : 8.40\nTOTAL SALES EXCLUDING GST : 7.92\nTOTAL SALES ${word} OF GST: 8.40\nROUNDING ADJUSTMENT : 0.00\nPAYMENT : 8.40\nCHANGE DUE : 0.00`,
        { source: 'ocr' },
      );
      expect(r).toMatchObject({ amount: 8.4, taxAmount: null });
    }
  });

  it('the items confirm the total: the reading is marked sure, and a rounding goes after them', () => {
    const items = 'MINIMARKET DONA ROSA\nR.U.T.77.507.023-4\nBOLETA ELECTRONICA\nLECHE 2 x 1.110 2.220\nQUESO 4 X 3.500 14.000\n';
    expect(parseReceiptText(`${items}Total: $16.220`, { source: 'ocr' }).fieldConfidence?.amount).toBe('high');
    expect(parseReceiptText(`${items.replace('14.000', '14.500').replace('4 X 3.500', 'X')}Total: $16.220`, { source: 'ocr' }).fieldConfidence?.amount).toBe('medium');
    // A Malaysian receipt: items 4.90 + 6.60 and GST 0.69 make 12.19 before rounding; 12.15 was paid.
    const rounded = parseReceiptText(
      'OLIVE9 PHARMACY SDN BHD\nTAX INVOICE\n9555060603117 1 4.90 0.00 4.90 S\n9555060603162 1 5.60 0.00 6.60 S\nTOTAL QUANTITY 2\nSUB-TOTAL (GST) 12.19\nDISC 0.00\nGST 0.69\nROUNDING -0.04\nTOTAL 12.15\nCASH 50.15\nCHANGE 38.00',
      { source: 'ocr' },
    );
    expect(rounded.amount).toBe(12.15);
    // Items at full price add up to the subtotal, before the discount: they confirm what is left after it, and
    // nothing when the discount's amount is unreadable ('-s10.000'), so the printed total stands.
    const discounted = (discount: string) =>
      parseReceiptText(
        `FARMACIA DEL PUEBLO\nRut 76.998.494-1\nVITAMINA C\n2x3.510 $7.020\nPROTECTOR SOLAR\n4×12.280 $49.120\nSUBTOTAL $56.140\nDESCUENTO ${discount}\nTOTALA PAGAR $46.140\nEFECTIVO $50.000\nVUELTO $3.860`,
        { source: 'ocr' },
      );
    expect(discounted('-s10.000').amount).toBe(46140);
    expect(discounted('-$10.000').amount).toBe(46140);
  });

  it("what a line recogniser glues: a peso sign read as s or S, PROPINA and its next word, a RUT and its label, 'ValorS:'", () => {
    // A receipt book's amount with its $ read as a small s, confirmed by the amount in words.
    const book = parseReceiptText('RECIBO N 002009\ns270.000\nRecibi de Constructora Alerces SpA\nla cantidad de doscientos Setenta mil pesos\nFecha: 5-04-2024', { source: 'ocr' });
    expect(book.amount).toBe(270000);
    // A pre-bill's glued suggested tip ('S603' is $603, 15 % of $4.020): what was consumed, not the grand total.
    const preBill = 'PRECUENTA\nMesa6 Garzon:CAMILA\n1BEBIDALATA $2.090\n1CAFEESPRESSO $1.930\nSUBTOTAL $4.020\nPROPINASUGERIDA15% S603\nTOTALA PAGAR $4.623';
    expect(parseReceiptText(preBill, { source: 'ocr' }).amount).toBe(4020);
    // A taxi receipt: the fare after 'ValorS:', not the RUT glued to its label.
    const taxi = parseReceiptText('RADIO TAXI LOS ANDES\nRosVdC.RUT6129.814-2\nRECIBO N 0262\nFecha: 15dic2024\nValorS: 32000\nFirma conductor', { source: 'ocr' });
    expect(taxi.amount).toBe(32000);
    // A handwritten fare whose thousands a space split, a tip's thousands point read as a space ('$12 290', 15 % of
    // $81.930), and a card's masked number, which is no amount.
    expect(parseReceiptText('TAXI AEROPUERTO\nRECIBO N°2655\nFecha: 03-01-2025\nValor $: 25.0 00.-\nFirma conductor', { source: 'ocr' }).amount).toBe(25000);
    expect(parseReceiptText('TAXI EJECUTIVO\nRECIBO N°2959\nFecha: 10-04-2025\nValor $: 25.00 0\nFirma conductor', { source: 'ocr' }).amount).toBe(25000);
    // A peso sign read as S before the label's colon, a phone's country code that is no money.
    expect(parseReceiptText('RADIO TAXI PROVIDENCIA\nFo08:+56 987654321\nRECIBO N 0311\nFecha: 20/2/24\nValor S: 8.0 00.-\nFirma conductor', { source: 'ocr' }).amount).toBe(8000);
    expect(parseReceiptText('TAXI EJECUTIVO\nRECIBO N 0769\nFecha: 8/1/2 5\nValor $: 22.000.-').date).toBe('2025-01-08');
    // An O among the digits; a 5 right after a '$' is a digit, not the sign read again (the words, cut short, say 1990).
    expect(parseReceiptText('RADIO TAXI\nRECIBO N° 3781\nFecha: 12/1/24\nValor $: 32.0o0.-', { source: 'ocr' }).amount).toBe(32000);
    expect(parseReceiptText('TAXI AEROPUERTO\nFono:+56 98765 4321\nN°2000\n13-04-2024\n15000\nFirma conductor', { source: 'ocr' }).amount).toBe(15000);
    expect(parseReceiptText('TAXI\nRECIBO N 4411\nFecha: 14 abr 2025\nValor $: 22 000\nFirma conductor', { source: 'ocr' }).amount).toBe(22000);
    expect(parseReceiptText('RECIBO N°000749\n$ 51.990\nla cantidad de ecincuentay un mil novecientos noventa pesos', { source: 'ocr' }).amount).toBe(51990);
    // Digits split by a space, joined because the amount in words says so.
    expect(parseReceiptText('RECIBO N° 9611\n$ 11 5.000=\nRecibi de Inmobiliaria Cumbre\nla cantidad de ciento quince mil pesos', { source: 'ocr' }).amount).toBe(115000);
    const tipped = 'PRE-CUENTA\n1CAFE $2.500\nSUBTOTAL S81930\nPROPINASUGERIDA15% $12 290\nTOTALAPAGAR S94.220';
    expect(parseReceiptText(tipped, { source: 'ocr' }).amount).toBe(81930);
    expect(parseReceiptText('HOTEL TERMAS\nPago Visa****1623\nTotal cargos $146.990', { source: 'ocr' }).amount).toBe(146990);
    expect(parseReceiptText('HOTEL TERMAS\nAlojamiento $117.000\nPago Visa****1623').amount).toBe(117000);
    // An S before digits that are no amount on a line naming none stays a code.
    expect(parseReceiptText('FERRETERIA\nSKU S603\nTOTAL $1.990').amount).toBe(1990);
  });
});

describe('dates', () => {
  const d = (s: string, monthFirst = false) => findDate([s], monthFirst)?.date ?? null;
  it("a year-first date glued to its time, and a two-digit year before a time's spaced hour", () => {
    expect(d('DATE/TIME : 20180428/191204')).toBe('2018-04-28');
    expect(d('18-11-18 13 : 58 SH01 ZI53 T2 R000002902')).toBe('2018-11-18');
    expect(d('8/9/20 25')).toBe('2025-09-08');
  });
  it("a period printed on the receipt is not the day of the purchase ('25 AUG - 3 SEPT 2017'), unless it is the only date", () => {
    expect(findDate(['BOOK FAIR @ CONVENTION CENTRE', '25 AUG - 3 SEPT 2017', '20/08/17 12:48 SLIP NO.: 90203'], false)?.date).toBe('2017-08-20');
    expect(findDate(['Plan mensual 01/03 - 31/03/2025', 'Pagado 02/03/2025'], false)?.date).toBe('2025-03-02');
    expect(findDate(['FERIA DEL LIBRO', '25 AUG - 3 SEPT 2017'], false)?.date).toBe('2017-09-03');
  });
  it.each([
    ['Fecha: 12/03/2026', '2026-03-12'],
    ['12-03-2026', '2026-03-12'],
    ['12.03.2026', '2026-03-12'],
    ['12/03/26', '2026-03-12'],
    ['2026-03-12', '2026-03-12'],
    ['2026/03/12 10:15', '2026-03-12'],
    ['12 de marzo de 2026', '2026-03-12'],
    ['Emitida el 1 de Septiembre del 2026', '2026-09-01'],
    ['12 MAR 2026', '2026-03-12'],
    ['12-MAR-2026', '2026-03-12'],
    ['12/dic/2025', '2025-12-12'],
    ['March 12, 2026', '2026-03-12'],
    ['12 Março 2026', '2026-03-12'],
    ['25/12/2025', '2025-12-25'],
  ])('%s → %s', (input, expected) => {
    expect(d(input)).toBe(expected);
  });

  it('03/12/2026 is 3 December unless the receipt is in USD', () => {
    expect(d('03/12/2026')).toBe('2026-12-03');
    expect(d('03/12/2026', true)).toBe('2026-03-12');
    expect(d('13/12/2026', true)).toBe('2026-12-13');
  });

  it('reads a date that a line recogniser printed with full-width punctuation or glued to the time', () => {
    const read = (line: string) => parseReceiptText(`TAX INVOICE\n${line}\nTOTAL RM 10.00`).date;
    expect(read('Date ：24/06/20184:37:37PM')).toBe('2018-06-24');
    expect(read('Date 03/02/201815:28')).toBe('2018-02-03');
    expect(read('15-07-1810:35SH01 ZI33 T2 R000010082')).toBe('2018-07-15');
    expect(read('Fecha：１２/０３/２０２６')).toBe('2026-03-12');
  });

  it('a register number before the date is not read as its day; a separator read as 1 is still a date', () => {
    expect(d('ORD #07 -REG #19- 10/03/2018 17:24:07')).toBe('2018-03-10');
    expect(findDate(['INV NO: CS-SA-0078908 Date: 18104/2017'], false)?.date).toBe('2017-04-18');
  });

  it('rejects impossible dates and skips due dates', () => {
    expect(d('31/02/2026')).toBeNull();
    expect(d('45/13/2026')).toBeNull();
    expect(findDate(['Vencimiento: 30/04/2026', 'Fecha: 01/04/2026'], false)?.date).toBe('2026-04-01');
    expect(findDate(['10/04/2026', 'Fecha de emisión: 01/04/2026'], false)).toMatchObject({ date: '2026-04-01', labelled: true });
  });
});

describe('categories', () => {
  it.each([
    ['STARBUCKS COFFEE CHILE S.A.', 'alimentacion'],
    ['JUAN MAESTRO', 'alimentacion'],
    ['UBER EATS', 'alimentacion'],
    ['ARAMCO ESTACION LAS CONDES', 'combustible'],
    ['ENEX S.A.', 'combustible'],
    ['HOSTAL LOS ANDES', 'hospedaje'],
    ['CABIFY', 'transporte'],
    ['AUTOPISTA CENTRAL - PEAJE', 'transporte'],
    ['LATAM AIRLINES GROUP', 'transporte'],
    ['JETSMART SPA', 'transporte'],
    ['SKY AIRLINE S.A.', 'transporte'],
    // 'Sky' alone is an address's word ('Lot 50, Sky Avenue Genting Highlands'), not the airline.
    ['MORGAN GRILL\nLot 50, Floor 12, Sky Avenue Genting', 'otros'],
    ['SODIMAC S.A.', 'materiales'],
    ['LIBRERIA NACIONAL', 'materiales'],
    ['LÁPIZ LÓPEZ', 'materiales'],
    ['OFFICEDEPOT', 'materiales'],
    ['FARMACIA AHUMADA', 'otros'],
    ['LIDER', 'alimentacion'],
    ['Líder Express', 'alimentacion'],
    ['HIPER LIDER', 'alimentacion'],
    ['JUMBO', 'alimentacion'],
    ['UNIMARC', 'alimentacion'],
    ['SANTA ISABEL', 'alimentacion'],
    ['TOTTUS', 'alimentacion'],
    ['ACUENTA', 'alimentacion'],
    ['TIENDA INGLESA S.A.', 'alimentacion'],
    ['SUPERMERCADOS DIA', 'alimentacion'],
    ['MINIMARKET DON PEPE', 'alimentacion'],
    ['CONSULTORA LIDERAZGO SPA', 'otros'],
  ])('%s → %s', (name, category) => {
    expect(parseReceiptText(`${name}\nBOLETA\nTOTAL $1.000`).category).toBe(category);
  });
});

describe('categories of glued words, trips and recibos', () => {
  const category = (text: string) => parseReceiptText(text).category;

  it('a merchant word glued to the name by the recogniser still names the trade', () => {
    expect(category('PANADERIALAESPIGA\nBOLETA\nTOTAL $1.000')).toBe('alimentacion');
    expect(category('ESTACIONAMIENTOSCENTROPARK\nTICKET N 1234\nA PAGAR $2.500')).toBe('transporte');
    expect(category('CAFEALTURA\nBOLETA\nTOTAL $3.200')).toBe('alimentacion');
    // The brand on the page's first line, above the company's legal name.
    expect(category('CAFEALTURA\nINVERSIONESALTURA SPA\nRUT:77.262.568-5\nBOLETA\nTOTAL $3.200')).toBe('alimentacion');
    expect(category('SERVICENTRO EL ROBLE\nBOLETA\nTOTAL $30.000')).toBe('combustible');
    expect(category('PADARIA E LANCHONETE CENTRAL\nNFC-e\nValor total R$ 9,50')).toBe('alimentacion');
  });

  it('a short word glued in the body, or a word that starts another, is no trade', () => {
    expect(category('FARMACIA EL SOL\nBOLETA\nPAGO TRANSFERENCIA\nTOTAL $4.000')).toBe('otros');
    expect(category('CLINICA METROPOLITANA\nBOLETA\nTOTAL $40.000')).toBe('otros');
    expect(category('COMERCIAL SUR\nBOLETA\nCAFETERA ITALIANA $19.990\nTOTAL $19.990')).toBe('otros');
  });

  it("a taxi's trip ends are places, not the merchant", () => {
    const text = 'TAXIPLATINO\nRECIBO N 3805\nFecha: 9 oct 2024\nPatente: FHLP98\nDesde: Hotel Plaza\nHasta: Providencia\nValor $: 32.000';
    expect(category(text)).toBe('transporte');
    expect(category('JUAN PEREZ\nRECIBO N 12\nDesde: Hotel Sol\nHasta: Centro\nFirma conductor\nValor $ 8.000')).toBe('transporte');
    expect(category('inDrive\nRecibo\nTotal pagado $ 10.920')).toBe('transporte');
  });

  it("a recibo's concept is what was paid for, whoever issued it", () => {
    const recibo = (concept: string) => `RECIBO DE DINERO N 6152\n$ 148.990\nRecibi de Asesorias Norte\npor concepto de${concept}\nFLETESHERMANOSROJAS\nFirma`;
    expect(category(recibo(' Arriendo bodega'))).toBe('otros');
    expect(category(recibo('Almuerzos cuadrilla'))).toBe('alimentacion');
    expect(category(recibo(' Flete Santiago - Rancagua'))).toBe('transporte');
    expect(category(recibo(' Alojamiento 2 noches'))).toBe('hospedaje');
    expect(category(recibo(' Aloja miento 2 noches'))).toBe('hospedaje');
    // The concept glued to its label ('porconceptodeAlojamiento2noches').
    expect(category(recibo('Alojamiento2noches').replace('por concepto de', 'porconceptode'))).toBe('hospedaje');
    // A repair's materials and work (a roof, the plumbing) are the company's premises, not a meal or a trip.
    expect(category(recibo(' Reparación techumbre'))).toBe('materiales');
    expect(category(recibo('ReparaCiontechumbre'))).toBe('materiales');
    expect(category(recibo(' Compra de áridos'))).toBe('materiales');
  });

  it("a recibo's payer is not its issuer, and its concept is its description", () => {
    const r = parseReceiptText('RECIBO DE DINERO N°3880\n$ 400.990.-\nRecibi de Servicios Norte Ltda.\nla cantidad de cuatrocientos mil pesos\npor concepto de Reparación techumbre\nFirma', { source: 'ocr' });
    expect(r.issuerName).toBeNull();
    expect(r.description).toBe('Reparación techumbre');
    // Whoever signs issued it: the rubber stamp's name above its RUT, its U perhaps read as L.
    const stamped = parseReceiptText('RECIBODE DINERO N 3880\n$ 400.990\nRecibi de Servicios Norte Ltda.\npor concepto de Reparación techumbre\nTalca 6 de agosto de 2024\nTALLER EL SOL\nRLT 15.008.668-K\nFirma', { source: 'ocr' });
    expect([stamped.issuerName, stamped.description]).toEqual(['TALLER EL SOL', 'Reparación techumbre']);
    // Its labels misread, the form is still known by its amount in words; the stamp's border read as digits is no name.
    const misread = parseReceiptText('RECIBO N 5120\n128.000=\nRoi& Pedro Rojas\nuda& ciento veintiocho mil pesos\nFlete Talca\nCOMERCIAL SAN ROQUE 3S2\nRUT 77.309.876-K', { source: 'ocr' });
    expect(misread.issuerName).toBe('COMERCIAL SAN ROQUE');
    expect(parseReceiptText('RECIBO N 5120\n128.000=\nRoi& Pedro Rojas\nuda& ciento veintiocho mil pesos\nFirma', { source: 'ocr' }).issuerName).toBeNull();
    // Nor is the place and date it was signed, nor a payer whose RECIBI was misread.
    expect(parseReceiptText('RECIBO N 5521\n$ 35.000\nRucibi de Inmobiliaria Cumbre\nPto. Montt 28 de enero de 2024\nFirma', { source: 'ocr' }).issuerName).toBeNull();
    expect(parseReceiptText('RECIBODE DINERO N 3880\n$ 400.990\nRecibi deServiciosNorteLtda\npor concepto de\nflete a Rancagua', { source: 'ocr' }).description).toBe('Flete a Rancagua');
    // A concept the recogniser left unreadable gives the usual description.
    expect(parseReceiptText('TAXI LOS ANDES\nRECIBO N 12\npor concepto de -\nValor $ 8.000', { source: 'ocr' }).description).toBe('Compra en TAXI LOS ANDES');
  });
});

describe('supermarkets', () => {
  it('the brand on top beats the company name below it and is the description', () => {
    const r = parseReceiptText(LIDER_OCR, { source: 'ocr' });
    expect(r.category).toBe('alimentacion');
    expect(r.description).toBe('Compra en LIDER');
    expect(r.sources.category).toBe('ocr');
  });

  it('a supermarket name in the body is a product, not the merchant', () => {
    const text = 'COMERCIAL SAN JOSE LTDA\nRUT 76.086.428-5\nBOLETA\nN° 123\nFecha 01/02/2026\nBOLSA BASURA JUMBO 10 UN  $1.990\nTOTAL $1.990';
    expect(parseReceiptText(text).category).toBe('otros');
  });

  it('Santa Isabel as a street is not the supermarket', () => {
    expect(parseReceiptText('HOSTAL LOS ANDES\nAV. SANTA ISABEL 0450, SANTIAGO\nBOLETA\nTOTAL $30.000').category).toBe('hospedaje');
    expect(parseReceiptText('FERRETERIA EL CLAVO\nSANTA ISABEL 450, SANTIAGO\nBOLETA\nTOTAL $3.000').category).toBe('materiales');
  });
});

describe('low-quality input', () => {
  it('garbage text gives nulls and low confidence', () => {
    const r = parseReceiptText('asd qwe ### ~~ 0x');
    expect(r.amount).toBeNull();
    expect(r.date).toBeNull();
    expect(r.taxId).toBeNull();
    expect(r.invoiceNumber).toBeNull();
    expect(r.paymentMethod).toBeNull();
    expect(r.category).toBe('otros');
    expect(r.sources.category).toBe('guess');
    expect(r.sources.currency).toBe('guess');
    expect(r.confidence).toBeLessThan(0.3);
  });

  it('a zero between capitals is read as the letter O, digits stay digits', () => {
    const r = parseReceiptText('B0LETA ELECTR0NICA N° 5521\nFecha: 02-05-2025\nT0TAL $10.090');
    expect(r).toMatchObject({ documentType: 'boleta', invoiceNumber: '5521', amount: 10090 });
  });

  it('the parser\'s words glued together by a line recogniser are split apart; other words are left alone', () => {
    const r = parseReceiptText('INVERSIONESALTURA SPA\nRUT:77.262.568-5\nFACTURAELECTRONICA N°77205\nCONDICIONDEVENTA: CONTADO\nMONTOTOTAL $3.190');
    expect(r).toMatchObject({ documentType: 'factura', invoiceNumber: '77205', amount: 3190, taxId: '77262568-5' });
    expect(splitLines('CONDE PAGARA INVERSIONESALTURA TOTALAPAGAR')).toEqual(['CONDE PAGARA INVERSIONESALTURA TOTAL A PAGAR']);
  });

  describe('what a line recogniser does to the spacing and the signs (issue 19)', () => {
    it("a sign glued to a word elsewhere ('ES $' read as 'S$') names no currency for a total printed in whole pesos", () => {
      const r = parseReceiptText('PANADERIA LA ESPIGA\nCAFE $2.800\nTOTAL $4.600\nEl monto del IVA deesta compra.s$734', { source: 'ocr' });
      expect(r.amount).toBe(4600);
      expect(r.currency).toBe('CLP');
      // A Singapore receipt's dollars with cents keep their symbol.
      const sg = parseReceiptText('KOPITIAM\nKAYA TOAST 3.20\nTOTAL $7.40\nPAID S$7.40', { source: 'ocr' });
      expect(sg.currency).toBe('SGD');
      expect(sg.amount).toBe(7.4);
    });

    it('a date glued to its time is split: year first, and with a month\'s name', () => {
      expect(splitLines('2025-08-0607:23 Mesa 4\n02-MAR-202419:54Caja3')).toEqual(['2025-08-06 07:23 Mesa 4', '02-MAR-2024 19:54Caja3']);
      expect(parseReceiptText('PRE-CUENTA\n2025-08-0607:23\nTOTAL $5.000').date).toBe('2025-08-06');
      expect(parseReceiptText('BOLETA ELECTRONICA\n02-MAR-202419:54\nTOTAL $5.000').date).toBe('2024-03-02');
    });

    it('a long Spanish date without its spaces is still read', () => {
      expect(parseReceiptText('FACTURA ELECTRONICA\nFecha Emision:9deOctubre del2024\nTOTAL $5.000').date).toBe('2024-10-09');
      expect(parseReceiptText('FACTURA ELECTRONICA\nFechaEmision:26de Abrildel2025\nTOTAL $5.000').date).toBe('2025-04-26');
      // A word that starts like a month is not one.
      expect(parseReceiptText('5 DE MARCA 2024\nTOTAL $5.000').date).toBeNull();
    });

    it('a date glued to the number before it is found when nothing else reads as a date', () => {
      expect(parseReceiptText('NFC-e n 60105 Serie 00403/07/2024 22:52:49\nValor a Pagar R$ 65,93').date).toBe('2024-07-03');
    });

    it('a 5 or a 1 inside a word is a letter; codes keep their digits', () => {
      expect(splitLines('Emi5orRUT.77.082.5164\nSer1e 608 Propina suger1da\nA5T X1 1GX10')).toEqual([
        'Emisor RUT.77.082.5164',
        'Serie 608 Propina sugerida',
        'A5T X1 1GX10',
      ]);
    });

    it('a peso sign read as an S is still the total', () => {
      const r = parseReceiptText('FACTURA ELECTRONICA N°135781\nRUT: 76.086.428-5\nNETO $269.990\nIVA19% $51.298\nTOTAL S321.288');
      expect(r.amount).toBe(321288);
      expect(r.currency).toBe('CLP');
    });

    it('A PAGAR glued together is still the amount to pay; the end of a RUT cut off is not money', () => {
      const r = parseReceiptText('MINIMARKET\n163.318-8 Giro minimarket\nVALOR MINUTO:$35\nSUBTOTAL $29.570\nAPAGAR $23.980');
      expect(r.amount).toBe(23980);
      expect(parseReceiptText('DROGARIA\nCNPJ:60.019.299/0001-58\nValor total R$ 69,40\nValora Pagar R$ 65,93\nDinheiro 70,00\nTroco R$ 4,07').amount).toBe(65.93);
    });

    it('a label ending in R before a peso sign is not reais', () => {
      const r = parseReceiptText('RADIO TAXI LOS ANDES\nRECIBO N° 4644\nFecha: 18 jun 2024\nValor$: 6.000');
      expect(r).toMatchObject({ currency: 'CLP', amount: 6000 });
    });

    it("a pre-bill's PROPINA and TOTAL CON PROPINA as a recogniser garbles them; a total the print broke takes no other line's number", () => {
      const bill = (tip: string, withTip: string) =>
        parseReceiptText(`RESTAURANT EL FOGON CRIOLLO\nPRE CUENTA\n1 PASTEL DE CHOCLO $10.470\n1 PISCO SOUR $5.560\nTOTAL $48.060\n${tip}\n${withTip}`, { source: 'ocr' });
      expect(bill('Prop a a $4.806', 'TOTAL CON POPA $52.864').amount).toBe(48060);
      expect(bill('Propina $4.806', 'TOTALCON PRPINA $52.866').amount).toBe(48060);
      expect(['PROP A A $4.806', 'TOTAL CON POPA $52.864', 'PROPIEDAD 12 $5.000'].map(moneyRole)).toEqual(['tip', 'tipTotal', null]);
      // 'TOTAL 54L.060': no 60, and not the number on the next line either.
      expect(amountsInLine('TOTAL 54L.060')).toEqual([]);
      const broken = parseReceiptText('RESTAURANT EL FOGON CRIOLLO\n1 PASTEL DE CHOCLO $10.470\nTOTAL 54L.060\n4.806\nGRACIAS', { source: 'ocr' });
      expect(broken.amount).not.toBe(4806);
      expect(broken.fieldConfidence.amount).toBe('low');
    });

    it('a pre-bill\'s total with the suggested tip gives what was consumed', () => {
      const r = parseReceiptText('PRE CUENTA\nRUT 77.291.652-3\n1 LOMO A LO POBRE $10.070\nSUBTOTAL $115.030\nPROPINA SUGERIDA 15% $17.255\nTOTAL A PAGAR $132.285');
      expect(r.amount).toBe(115030);
      expect(r.documentType).toBe('ticket');
      // A paper that says it is no boleta (nor factura) is a ticket.
      expect(parseReceiptText('BAR LA OLA\nRUT 76.232.438-5\nTOTAL $12.969\nDOCUMENTONOVALIDOCOMOBOLETA').documentType).toBe('ticket');
      expect(parseReceiptText('HOSTAL\nTotal cargos $192.980\nEste documento no es valido como boleta ni factura.').documentType).toBe('ticket');
      // The sentence as a line recogniser spaces, glues or misreads it: a hotel folio is still no factura.
      for (const sentence of ['Este docum ento no es valido co mo boleta ni factura.', 'Estedocumentono esvalidocomoboletani factura.', 'Este documento no es vilido como boletani factura.']) {
        const folio = parseReceiptText(`HOTEL TERMAS DEL SUR\nRUT 76.795.176-0\nTotal cargos $192.980\n${sentence}`);
        expect(folio.documentType).toBe('ticket');
      }
      // A car park's TICKET glued to the N° of its number, its K read as 1 (or, once the line is tidied, as I).
      for (const title of ["TIC1ETN'394396", 'TICKETN°146525', 'TICIET N 394396']) {
        expect(parseReceiptText(`PARKING TERMINAL SUR\nR.U.T. 77.495.297-7\n${title}\nPATENTE: HJOG-45\nMONTO A PAGAR $4.050`).documentType).toBe('ticket');
      }
      const consumo = parseReceiptText('PRE CUENTA\nRUT 76.232.438-5\nConsumo $11.790\nPropina (10%) $1.179\nTotal $12.969\nLa propina es voluntaria');
      expect(consumo.amount).toBe(11790);
    });

    it('a Brazilian CNPJ glued to the next label is read', () => {
      expect(parseReceiptText('DROGARIA SAO JOSE\nCNPJ:63.628.094/0001-68IE:793757643\nValor a Pagar R$ 15,03').taxId).toBe('63.628.094/0001-68');
      // One digit misread fails the CNPJ's check digits: no id rather than another company's; still reais. (A misread
      // in the establishment's number, 0081 for 0001, is the head office's: tested below.)
      const misread = parseReceiptText('DROGARIA SAO JOSE\nCNPJ:63.628.494/0001-68\nDANFE NFC-e\nValor a Pagar R$ 15,03');
      expect(misread).toMatchObject({ taxId: null, currency: 'BRL', amount: 15.03 });
      // Unless the digit is a look-alike of the right one (8 for 0) and no other such change passes: worked out, unsure.
      const lookAlike = parseReceiptText('DROGARIA SAO JOSE\nCNPJ:63.628.894/0001-68\nDANFE NFC-e\nValor a Pagar R$ 15,03', { source: 'ocr' });
      expect(lookAlike).toMatchObject({ taxId: '63.628.094/0001-68', currency: 'BRL', amount: 15.03 });
      expect(lookAlike.fieldConfidence.taxId).toBe('low');
      expect(parseReceiptText('PADARIA E LANCHONETE PAULISTA\nCNPJ: 64.208.612/0001-99 IE: 728162096\nValor a Pagar R$ 42,71').taxId).toBe('64.208.012/0001-99');
      expect(parseReceiptText('PADARIA E LANCHONETE PAULISTA\nCNPJ:57.194.545/0001-81IE:436632757\nValor a Pagar R$ 31,86').taxId).toBe('57.194.545/0001-01');
      // The label's J read as 3, a dot as a colon, the next label's I as a 1, a doubled colon: still the CNPJ, as Brazil writes it.
      expect(parseReceiptText('POSTO ESTRELA DO SUL LTDA\nCNP3:27.606:498/0001-971E:646695775\nValor a Pagar Rs 842,49').taxId).toBe('27.606.498/0001-97');
      expect(parseReceiptText('DROGARIA SAO JOSE\nCNPJ::39.077.197/0001-00 1E: 100675171\nValor a Pagar R$ 11,74').taxId).toBe('39.077.197/0001-00');
      expect(parseReceiptText('DROGARIA SAO JOSE\nCNPJ:78.902.229/000109IE:369871265\nValor a Pagar R$ 52,02').taxId).toBe('78.902.229/0001-09');
      // A peso total cut off at the paper's edge ('$24.3' for $24.390) and its echo agree, yet neither is trusted.
      const cut = parseReceiptText('MINIMARKET DONA ROSA\nR.U.T.77.507.023-4\nBOLETA ELECTRONICA\nTotal: $24.3\nREDCOMPRA $24.3');
      expect(cut.fieldConfidence?.amount).not.toBe('high');
      expect(parseReceiptText('MINIMARKET DONA ROSA\nR.U.T.77.507.023-4\nBOLETA ELECTRONICA\nTotal: $24.390\nREDCOMPRA $24.390').fieldConfidence?.amount).toBe('high');
      // A total read in a guessed currency ('134,45' is 134 pesos or 134.45 reais) is not high either.
      const guessed = parseReceiptText('PADARIA PAULISTA\nTotal 134,45\nPago 134,45');
      expect(guessed.sources.currency).toBe('guess');
      expect(guessed.fieldConfidence?.amount).not.toBe('high');
      // R$ read as RS, the NFC-e's title glued or cut: still reais, still the consumer's receipt.
      const nfce = parseReceiptText('PADARIA E LANCHONETE PAULISTA\nDANFENFC--Documento AuxiLiar\notaFiscat de Consumidor Eletronich\ntotal RS 134,45\na Pagar Rs 134,45');
      expect(nfce).toMatchObject({ currency: 'BRL', amount: 134.45, documentType: 'boleta' });
    });

    it("a payment table's amount under its heading confirms the total against a misread 'Valor a Pagar'", () => {
      const table = (pay: string) =>
        parseReceiptText(`MERCADO BOM PRECO LTDA\nDANFE NFC-e\nValor total R$ 212,40\nValor a Pagar R$ 712,40\nFORMA PAGAMENTO VALOR PAGO R$\n${pay}\nTroco R$ 0,00`, { source: 'ocr' });
      expect(table('Cartao de Credito 212,40').amount).toBe(212.4);
      expect(table('PIX 212,40').amount).toBe(212.4);
      // A line with a label of its own under the heading is not what was paid.
      expect(table('Troco R$ 0,00').amount).toBe(712.4);
    });

    it('letters read for digits inside a date, a lost separator, & for de', () => {
      expect(parseReceiptText('PEAJE\nFECHA: 0S/10/2025\nTARIFA: $1.900').date).toBe('2025-10-05');
      expect(parseReceiptText('FACTURA ELECTRONICA\nFecha Emision:13-e2-2025\nTOTAL $3.808').date).toBe('2025-02-13');
      expect(parseReceiptText('NFC-e n° 800462 Serie 002 1e/06/2025 12:39:58\nValor a Pagar R$ 9,90').date).toBe('2025-06-10');
      expect(parseReceiptText('PEAJE\n04.07 2024 08:50\nTARIFA: $5.200').date).toBe('2024-07-04');
      // The first separator lost instead, on the labelled line; an unlabelled stay's first day does not win over it.
      const folio = parseReceiptText('HOSTAL DEL MAR\nLegadx:15/05/2024 Sadr1905/2024\nFecha de emision:19 05/2024 19:54\nSALDO $0');
      expect(folio.date).toBe('2024-05-19');
      expect(parseReceiptText('RECIBO N° 958\nValparaiso 21&febrero 2025\n$ 210.000').date).toBe('2025-02-21');
      // Words are not dates.
      expect(parseReceiptText('SI-IS-2024\nTOTAL $1.000').date).toBeNull();
    });

    it('a peso sign read as a 5 on every amount: the reading without it wins when its arithmetic holds', () => {
      const r = parseReceiptText('LIBRERIA EL ESTUDIANTE\nRUT 76.086.428-5\nBOLETA ELECTRONICA N 3955494\nTONER 20.990\nMONTO NETO 523.479\nIVA 54461\nTOTAL 527.940');
      expect(r.amount).toBe(27940);
      const cash = parseReceiptText('MINIMARKET\nRUT 76.086.428-5\nSUBTOTAL $23.870\nDESCUENTO -53.810\nTOTAL A PAGAR 520.060\nEFECTIVO 540.000\nVUELTO 519.940');
      expect(cash.amount).toBe(20060);
      // Real amounts starting with 5 stay: nothing adds up better without the 5.
      expect(parseReceiptText('FERRETERIA\nRUT 76.086.428-5\nNETO $45.378\nIVA $8.622\nTOTAL 54.000').amount).toBe(54000);
      expect(parseReceiptText('FERRETERIA\nRUT 76.086.428-5\nTOTAL 58.990').amount).toBe(58990);
    });

    it('a pre-bill whose consumption label OCR garbled: the total less the tip is printed, so it is what was consumed', () => {
      const r = parseReceiptText('TRATTORIA SAN MARCO\nPRE-CUENTA\n1 PASTEL DE CHOCLO $8.280\nCorisuma $30.860\nPropina (10% ) $3.086\nTotal $33.946');
      expect(r.amount).toBe(30860);
      // An address's number is not a printed amount.
      const address = parseReceiptText('DOGGIS\nAV. PAJARITOS 1800, MAIPU\nPAPAS FRITAS 2.000\nTOTAL 2.000\nPROPINA SUGERIDA 10% 200\nTOTAL + PROPINA 2.200');
      expect(address.amount).toBe(2000);
    });

    it("a tip is the share its line prints: what is left is what was consumed, whatever OCR made of the tip's label or the consumption's line", () => {
      // The consumption misread ($41.716 for $41.710), the total's amount alone on the next line, its $ read as S.
      const misread = parseReceiptText('TRATTORIA SAN MARCO\nRUT 77.443.830-0\nPRE-CUENTA\nconsumo $41.716\nPropina (10) $4.171\nTotal\nS45.881\nLa propina es voluntaria');
      expect(misread.amount).toBe(41710);
      // PROPINA 15% garbled to 'P D 15' and every $ read as a 5: the tip is the difference of the two totals and 15 % of the first.
      const garbled = parseReceiptText('TRATTORIA SAN MARCO\n7 76.508.059-2\nPAECUENTA\nCAFE ESPRESSO $2.300\nPASTEL D CMOCLO 516.380\nSU TOTAL 532.670\nP D 15 54.901\nTOTAL A PAGAN $37.571');
      expect(garbled.amount).toBe(32670);
      // A line between two totals that is their difference but no share of the first is no tip: the larger total stays.
      expect(parseReceiptText('FERRETERIA\nRUT 76.086.428-5\nSUB TOTAL $32.670\nFLETE 3 $4.901\nTOTAL $37.571').amount).toBe(37571);
      // A share that does not fit the tip proves nothing: the total with the tip stays the grand total, as printed.
      expect(parseReceiptText('PRE CUENTA\nRUT 77.443.830-0\nPropina (10) $4.000\nTotal $45.881').amount).toBe(45881);
      // The tip's amount unreadable, its % read as H, SUBTOTAL as SUETOTAL, the total's $ as a 5: the share the tip's
      // line prints of the subtotal gives the total, so the subtotal is what was consumed.
      const share = 'PICADA DONTITO\nPRE-CUENTA\nSUETOTAL $46.800\nPROPINASUGERICA 10H J4.600\nTOTALAPAGAR 551.480\nDOCUMENTONO VALCO CONO BOLETA';
      expect(parseReceiptText(share).amount).toBe(46800);
      expect(parseReceiptText(share.replace('551.480', '$51.480')).amount).toBe(46800);
      // A total that is not the subtotal plus that share stays, as printed.
      expect(parseReceiptText(share.replace('551.480', '$51.400')).amount).toBe(51400);
    });

    it("a year's hundreds misread ('2824') and a stray digit between the year and the time are read through", () => {
      expect(parseReceiptText('PLAZA DE PEAJE MELIPILLA\nFECHA: 29-ENE-2824\nTARIFA: $3.400').date).toBe('2024-01-29');
      expect(parseReceiptText('BOLETA ELECTRONICA\n14/03/2925\nTOTAL $5.000').date).toBe('2025-03-14');
      // Year first: the hundreds misread and the first separator read as a point; a colon and a space for the first
      // separator, the day's 0 read as 8.
      expect(parseReceiptText('MINIMARKET DONA ROSA\nB. ELECTRONICA NrO: S94201\n2925.03-20 18:19 Caja 5\nTOTAL 54.060').date).toBe('2025-03-20');
      expect(parseReceiptText('PLAZA DE PEAJE LAS VEGAS\nFECHA: 2025: 1-88\nTARIFA: S5.200').date).toBe('2025-01-08');
      // The second separator lost ('21.012024'), not read as a 1 (21/0/2024 is no date); OCTUBRE's O read as 0 and glued.
      expect(parseReceiptText('PANADERIA LA ESPIGA\nFecha:21.012024 Hora:14:13\nTotal: $27.260').date).toBe('2024-01-21');
      expect(parseReceiptText('TAXI EJECUTIVO\nRECIBO N°3901\nFecha: 250ct 2024\nValor $: 12000').date).toBe('2024-10-25');
      expect(parseReceiptText('B.ELECTRONICA N:2142487\n07-JUL-20242 22:32Caja8\nTOTAL A PAGAR $21.950').date).toBe('2024-07-07');
      expect(splitLines('07/07/20242 22:32')).toEqual(['07/07/2024 22:32']);
      // Year first, and a stray digit after a year that ends the line.
      expect(parseReceiptText('PARKING TERMINAL SUR\nENTRA0A: 20J5-69-07-21:22\nSAL1DA 1 2625-09-08 06:38\nTOTAL $5.660').date).toBe('2025-09-08');
      expect(parseReceiptText('PADARIA PAULISTA\nCNPJ 40.031.169/0001-23\nValor a Pagar R$ 134,45\n618891 Ser1e 606 14/08/28241').date).toBe('2024-08-14');
      expect(splitLines('Serie 606 14/08/20241\n14/08/2024 12345')).toEqual(['Serie 606 14/08/2024', '14/08/2024 12345']);
      // A year-first number whose hundreds are not 0 needs one separator twice, and a calendar's day and month.
      expect(parseReceiptText('FERRETERIA\nCODIGO 2625-09/08\nFONO 2632-45-12\nTOTAL $5.000').date).toBeNull();
      // A year past next year in this century is still no receipt's.
      expect(parseReceiptText('BOLETA ELECTRONICA\n22/03/2078\nTOTAL $5.000').date).toBeNull();
    });

    it('a month whose tens digit is misread, a year-first date with its time glued on, a broken month name after DE', () => {
      // A month's tens digit is 0 or 1: '66' is June; '62' is 02 (a 6 is a 0 misread, never a 1), '72' is 12 (a 7 is
      // a 1 misread); '52' and '40' are not guessed.
      expect(parseReceiptText('Valor a Pagar R$ 842,49\nNFC-e n 630463 Ser1e 067 17/66/2024 07:21:37').date).toBe('2024-06-17');
      expect(parseReceiptText('BOLETA\nFecha 17/62/2024\nTOTAL $5.000').date).toBe('2024-02-17');
      expect(parseReceiptText('BOLETA\nFecha 17/72/2024\nTOTAL $5.000').date).toBe('2024-12-17');
      expect(parseReceiptText('BOLETA\nFecha 17/52/2024\nTOTAL $5.000').date).toBeNull();
      expect(parseReceiptText('BOLETA\nFecha 17/40/2024\nTOTAL $5.000').date).toBeNull();
      // A car park's SALIDA with its D read as 0 is the exit, and ENTRADA the entry; a month 62 and a year 2624 too.
      const exit = 'PARKING TERMINAL SUR\nENTRADA: 14-02-2024 21:05\nSALI0A : 15-62-2624 03:11\nMONTO A PAGAR S13.860';
      expect(parseReceiptText(exit).date).toBe('2024-02-15');
      expect(parseReceiptText(exit.replace('ENTRADA', 'ENTRA0A').replace('SALI0A', 'SALIDA')).date).toBe('2024-02-15');
      // The separator before a two-digit year lost ('15/0925').
      expect(parseReceiptText('PARKING PLAZA OESTE\nTICKETN 367147\nENTRA0A:15/0925 12-37\nMONTO APAGAR $5.220').date).toBe('2025-09-15');
      // A day's 0 read as B (then 8) before a month's name; a year-first month's 0 read as 9; a year-first date's
      // letters; a long month split by a space; a glued ddmmyy with the next label's letters glued on.
      expect(parseReceiptText('PLAZA PEAJE ANGOSTURA\nTICKET N 759834\nB3-JUN-2025 88:32\nTARIFA: S2.400').date).toBe('2025-06-03');
      expect(parseReceiptText('PLAZA PEAJE ANGOSTURA\nFECHA: 2025-97-07\nTARIFA:S 3.400').date).toBe('2025-07-07');
      expect(parseReceiptText('PARKING\nENTRADA: 2824-02-01:19:29\nSALIDA : 2024-B2-92:05:37\nTOTAL S19.810').date).toBe('2024-02-02');
      expect(parseReceiptText('FACTURA ELECTRONICA\nFecha E misi6n:30 de Septie mbre del2024\nTOTAL $ 6.807.847').date).toBe('2024-09-30');
      expect(parseReceiptText('MINIMARKET\nFecha:270424HK14:34\nTOTAL $8.470').date).toBe('2024-04-27');
      expect(parseReceiptText('FACTURAELECTRONICA\nN 938408\nFechaEmior18-SEP-2024\nTOTAL $19.076').date).toBe('2024-09-18');
      // R.U.T.'s T read as 1; a year's 0 lost ('224').
      const small = parseReceiptText('MINIHARKET DONA ROSA\nR.U.1.77.079.728-4\nBOLETA ELECTRONICA\nFolio 9577292\nFecha:11-06-224Hor:17:29\nTotal: $5.730');
      expect(small).toMatchObject({ taxId: '77079728-4', date: '2024-06-11' });
      // A C for a 0 in a date's month.
      expect(parseReceiptText('MINIMARKET DONA ROSA\nBOLETA ELECTRONICA\nFecha:23-C5-2024Hora:12:05\nTOTAL S 36.950').date).toBe('2024-05-23');
      // A CNPJ whose next label's I was read as 1 and then again ('…-131 IE:').
      expect(parseReceiptText('DROGARIA SAO JOSE EIRELI\nCNPJ:00.685.097/0001-131 IE: 142636759\nValor a Pagar Rs 136,34').taxId).toBe('00.685.097/0001-13');
      // A 1 read as an L between the peso sign read as S and the thousands point.
      expect(parseReceiptText('PLAZA DE PEAJE\nBOLETA ELECTRONICA N 307343\nTAR1FA: SL.900\nBUEN VIAJE').amount).toBe(1900);
      expect(parseReceiptText('PLAZA DE PEAJE LAS VEGAS\nBOLETA ELECTRONICA N 6807672\nTARIFA:SZ.400\nBUEN VIAJE').amount).toBe(2400);
      expect(parseReceiptText('PRE-CUENTA\nMesa1 Garzon: JoSE L.\n2025-01-0716:42 comensales:5\nconsumo $41.716').date).toBe('2025-01-07');
      // The time glued on a year-first date that no calendar has is no date, unless the day's 0 was read as an 8, 6 or 9.
      expect(parseReceiptText('PRE-CUENTA\n2025-01-4716:42 comensales:5\nconsumo $41.716').date).toBeNull();
      expect(parseReceiptText('PRE-CUENTA\n2025-01-8716:42 comensales:5\nconsumo $41.716').date).toBe('2025-01-07');
      expect(parseReceiptText('RECIBO N4903\ns 239.000=\nAntofagasta 10 de ab ii 2025\nRUT18.210.132-K').date).toBe('2025-04-10');
      expect(parseReceiptText('RECIBO\nSantiago, 3 DE N0VIEMBR DEL 2024\nTOTAL $5.000').date).toBe('2024-11-03');
      // MA- and JU- need their third letter; a word no month begins like is no month, broken or not.
      expect(parseReceiptText('RECIBO\nSantiago, 3 DE M A 2024\nTOTAL $5.000').date).toBeNull();
      expect(parseReceiptText('RECIBO\nSantiago, 3 DE JU XIO 2024\nTOTAL $5.000').date).toBeNull();
      expect(parseReceiptText('RECIBO\nPago 3 DE SANTIAGO 2024\nTOTAL $5.000').date).toBeNull();
    });

    it("a day's 0 read as O before a month's name, DE without its E, a year's separator lost before a glued time", () => {
      expect(parseReceiptText('PEAJE LO PRADO\nFECHA: O1-JUN-2024\nTARIFA $1.900').date).toBe('2024-06-01');
      expect(parseReceiptText('PEAJE LO PRADO\nFECHA: SI-JUN-2024\nTARIFA $1.900').date).toBeNull();
      expect(parseReceiptText('RECIBO\nSantiago 14dagosto de2025\nTOTAL $5.000').date).toBe('2025-08-14');
      expect(parseReceiptText('FARMACIA DEL PUEBLO\n27.01202519:43Caja4\nTOTAL $5.000').date).toBe('2025-01-27');
      // A two-digit year with the time glued on; four digits that begin a year stay one.
      expect(parseReceiptText('PICADA DON TITO\n13/01/2420.53Comensales2\nTOTAL $5.000').date).toBe('2024-01-13');
      expect(parseReceiptText('BOLETA\nFecha 13/01/2020.53\nTOTAL $5.000').date).toBe('2020-01-13');
      // A shelf code of two letters and digits ('GB12-21-22') is no date glued to its label.
      expect(parseReceiptText('MR. TOOLS SDN BHD\nBOPP TAPE 48MM\nGB12-21-22 - 36\nTOTAL RM 21.50\n21-03-18 12:27 SH01', { source: 'ocr' }).date).toBe('2018-03-21');
      // Its colon lost too.
      expect(parseReceiptText('PRECUENTA\nMesa 4\n12/05/251948C\nTOTAL $5.000').date).toBe('2025-05-12');
      expect(parseReceiptText('BOLETA\nFecha 12/05/20251948\nTOTAL $5.000').date).not.toBe('2020-05-12');
    });

    it("a RUT glued to its misread label ('RLI7'), and a labelled RUT whose check digit was lost at the paper's edge", () => {
      expect(parseReceiptText('TRATTORIA SAN MARCO\nRLI776606.841-3\nPRE-CUENTA\nTotal $12.000').taxId).toBe('76606841-3');
      const edge = parseReceiptText('PARKING PLAZA OESTE\nR.U.T. 76.384.522-\nTICKET N° 670979\nA PAGAR $5.370');
      expect(edge.taxId).toBe('76384522-2');
      expect(edge.fieldConfidence.taxId).toBe('low');
      // Not the receptor's, and not when the digit is printed but wrong.
      expect(parseReceiptText('FACTURA ELECTRONICA\nSEÑOR(ES): CONSTRUCTORA ANDES\nR.U.T. 76.384.522-\nTOTAL $5.370').taxId).toBeNull();
      expect(parseReceiptText('PARKING PLAZA OESTE\nR.U.T. 76.384.522-5\nA PAGAR $5.370').taxId).toBeNull();
    });

    it('a labelled RUT whose check digit was misread as a digit that looks like the right one is worked out, unsure', () => {
      const eight = parseReceiptText('AUTOPISTA LOS LIBERTADORES\nRUT: 77.042.102-8\nPEAJE CHACABUCO\nTARIFA: $3.900');
      expect(eight.taxId).toBe('77042102-0');
      expect(eight.fieldConfidence.taxId).toBe('low');
      // Its dash read as a space.
      expect(parseReceiptText('CONCESIONARIA RUTA 68\nRUT: 76.195.414 6\nTARIFA: $5.200').taxId).toBe('76195414-8');
      // A digit that looks nothing like the right one (a body digit is likelier wrong), the customer's RUT, or a
      // valid RUT elsewhere: nothing is worked out.
      expect(parseReceiptText('AUTOPISTA LOS LIBERTADORES\nRUT: 77.042.102-4\nTARIFA: $3.900').taxId).toBeNull();
      expect(parseReceiptText('FACTURA ELECTRONICA\nSEÑOR(ES): CONSTRUCTORA ANDES\nRUT: 77.042.102-8\nTOTAL $3.900').taxId).toBeNull();
      expect(parseReceiptText('COPEC\nRUT: 99.520.000-7\nRUT: 77.042.102-8\nTOTAL $3.900').taxId).toBe('99520000-7');
    });

    it("TICKET as OCR reads it on a blurred photo ('T1CEET'); a word that only starts alike is not one", () => {
      expect(parseReceiptText('ESTACIONAMIENTO CENTRAL\nT1CEET 4934743\nTAR1FA:$1.900').documentType).toBe('ticket');
      expect(parseReceiptText('ESTACIONAMIENTO CENTRAL\nTICKETERA 12\nTARIFA:$1.900').documentType).not.toBe('ticket');
    });

    it("a toll's slip naming no document, TICKET glued to its N° or with its K read as X", () => {
      expect(parseReceiptText('AUTOPISTA DEL SOL\nPLAZA DE PEAJE MELIPILLA\n9258967\nTARIFA $1.300').documentType).toBe('ticket');
      // A toll plaza's boleta is still a boleta; a slip with no toll and no document's name stays unnamed.
      expect(parseReceiptText('AUTOPISTA LOS LIBERTADORES\nPEAJE CHACABUCO\nBOLETA ELECTRONICA N° 6367775\nTARIFA $3.900').documentType).toBe('boleta');
      expect(parseReceiptText('FERRETERIA\n9258967\nTOTAL $1.300').documentType).toBe('boleta');
      expect(parseReceiptText('AUTOPISTA DEL ACONCAGUA\nTICKETN*S183453\nTARIFA: $4.600').documentType).toBe('ticket');
      expect(parseReceiptText('RUTA DEL MAIPO\nTICXET 5858354\nTARIFA: $3.400').documentType).toBe('ticket');
      expect(parseReceiptText('PARKING PLAZA OESTE\nTICKETN318846\nMONTO A PAGAR $3.540').documentType).toBe('ticket');
      expect(parseReceiptText('PARKING TERMINAL SUR\nTICKETN 524628\nVALOR $8.090').documentType).toBe('ticket');
      expect(parseReceiptText('FERRETERIA\nBROCHA 52.500\nMONTOTGTAL 5 32.360').amount).toBe(32360);
      expect(parseReceiptText('LIBRERIA\nCUADERNO 31.200\nTO TAL 5 27.940').amount).toBe(27940);
      // REDCOMPRA with its M read as N pays the total printed under it.
      expect(parseReceiptText('MINIMARKET\nHUEVOS X12 53.500\nMONTOTOTAL\nREDCONPRA $18.360\n$18.360').amount).toBe(18360);
      // A pre-bill's tip with a letter lost ('PROINA SUGERIDA'): what was consumed, not the total with the tip.
      expect(parseReceiptText('EL FOGON CRIOLLO\nPRE-CUENTA\nSUBTOTAL $91.970\nPROINA SUGERIDA 10% $9.197\nTOTAL A PAGAR $101.167').amount).toBe(91970);
      // The amounts read again without a leading 5 ('510.000' as $10.000) do not overturn a printed total with only the
      // card payment on their side.
      expect(parseReceiptText('LIBRERIA\nBOLETA ELECTRONICA\nRESMA CARTA 34.390\nMONTO TOTAL 3 10.900\nREDCONPRA 510.000').amount).toBe(10900);
      expect(parseReceiptText('LIBRERIA\nCUADERNO $31.200\nSUB TO TAL $31.200\nDESCUENTO $3.260\nTO TAL $27.940').amount).toBe(27940);
      expect(parseReceiptText('JUAN MAESTRO\nBOLETA ELECTRONICA\nN9 924838\nTOTAL $1.670').invoiceNumber).toBe('924838');
    });

    it("a J read as 3 in a month's name, a date's separator read as a colon, a year-first date with its time glued on without a colon, a handwritten slash read as 1", () => {
      expect(parseReceiptText('PANADERIA LA ESPIGA\nFecha: 08-3UL-2024 Hora: 17:24\nTOTAL $1.890').date).toBe('2024-07-08');
      expect(parseReceiptText('LIBRERIA\nEmiSi0n:10:09.202411:03\nTotal: $95.080').date).toBe('2024-09-10');
      // A time before a year is no date.
      expect(parseReceiptText('LIBRERIA\nHORA 12:10:09.2024\nTotal: $95.080').date).toBeNull();
      expect(parseReceiptText('PARKING TERMINAL SUR\nENTRADA:2025-10-10850\nVALOR $5.080').date).toBe('2025-10-10');
      // A space inside the month or the day.
      expect(parseReceiptText('RECIBO DE DINERO\nFecha: 11/1 1/2024\nTOTAL $102.990').date).toBe('2024-11-11');
      expect(parseReceiptText('RECIBO DE DINERO\nFecha: 2 3/04/2024\nTOTAL $102.990').date).toBe('2024-04-23');
      expect(parseReceiptText('RECIBO DE DINERO\nCaja 2 3/04/2024\nTOTAL $102.990').date).toBe('2024-04-03');
      expect(parseReceiptText('SANTA ISABEL\nFecha:23.07.24Hora:17:25\nTOTAL $6.750').date).toBe('2024-07-23');
      expect(parseReceiptText('SERVICENTRO\nFecha:23-MAR-2025Hora:18:50\nTOTAL $39.000').date).toBe('2025-03-23');
      expect(parseReceiptText('FERRETERIA\nFech:15-EN-2024 Hora: 11:12\nTOTAL $39.000').date).toBe('2024-01-15');
      expect(parseReceiptText('FERRETERIA\nEmsiom09/03/2514:21\nTOTAL $39.000').date).toBe('2025-03-09');
      expect(parseReceiptText('RECIBO\nRancagua 26 deseptiembe de2024\nTOTAL $278.000').date).toBe('2024-09-26');
      // Two letters of a long handwritten month lost, and the printed DE with them.
      expect(parseReceiptText('RECIBO N006950\n75.990-\nvaparaso 10 septembe 2025\nRUT7L2.293-9').date).toBe('2025-09-10');
      expect(parseReceiptText('RECIBO\nTalca 3 noviebe de 2024\nTOTAL $5.000').date).toBe('2024-11-03');
      // Not any word between a day and a year: one no month holds, or a short one, is none.
      expect(parseReceiptText('RECIBO\nCaja 3 SEPTIMO 2024\nTOTAL $5.000').date).toBeNull();
      expect(parseReceiptText('RECIBO\nCaja 3 NOVE 2024\nTOTAL $5.000').date).toBeNull();
      expect(parseReceiptText('RECIBO\nSantiago 20 de m arzo de20-24\nTOTAL $48.000').date).toBe('2024-03-20');
      expect(parseReceiptText('FERRETERIA\nFecha:15-MA-2024 Hora: 11:12\nTOTAL $39.000').date).toBeNull();
      expect(parseReceiptText('CENTRAL PARK\nENTRADA:20MAY:20259:14\nAPAGAR $6.790').date).toBe('2025-05-20');
      expect(parseReceiptText('CENTRAL PARK\nENTRADA:2024-06-1612-29\nSALIDA2024-08-1620:49\nTOTAL $750').date).toBe('2024-08-16');
      expect(parseReceiptText('PEAJE LAS VEGAS\n04/88/202512:43\nTARIFA: $2.900').date).toBe('2025-08-04');
      expect(parseReceiptText('MINIMARKET\nBOLETA\n2403/2024 20.20\nTOTAL $18.360').date).toBe('2024-03-24');
      expect(parseReceiptText('PLAZA PEAJE ANGOSTURA\n07.11-2024-17:50\nTARIFA: $1.300').date).toBe('2024-11-07');
      expect(parseReceiptText('SERVICENTRO\n20.08,2024 16:22 Caja 1\nTOTAL $45.000').date).toBe('2024-08-20');
      expect(parseReceiptText('FERRETERIA\nFehu:2024-03-29Ho1:12:13\nTOTAL $32.360').date).toBe('2024-03-29');
      expect(parseReceiptText('RADIO TAXI\nFecha: 717124\nValor $22000').date).toBe('2024-07-07');
      expect(parseReceiptText('PARKING\n5AL04:2504202514:29\nAPAGAR $3.230').date).toBe('2025-04-25');
      expect(parseReceiptText('BAR LA OLA\n23.0920241127 Comensales:5\nTOTAL $42.890').date).toBe('2024-09-23');
      expect(parseReceiptText('FERRETERIA\nFecha Emision: 14-05-2e25\nTOTAL $42.890').date).toBe('2025-05-14');
      expect(parseReceiptText('PANADERIA\nFecha:03-ABR.2025Hora:19:14\nTOTAL $12.790').date).toBe('2025-04-03');
      expect(parseReceiptText('RECIBO N° 4820\n$ 102.000.-\nTalca 26de septiembre\nde2025\nFirma').date).toBe('2025-09-26');
      expect(parseReceiptText('RECIBO DE DINERO\ns46.990=\nAntofagasta 17djunio d2025\nFirma').date).toBe('2025-06-17');
      expect(parseReceiptText('TAXI AEROPUERTO\nRECIBO N°0826\nFecha: 22/2124\nValor $: 8.000').date).toBe('2024-02-22');
      expect(parseReceiptText('RADIO TAXI\nRECIBO N° 1490\nFecha: 5 ag02025\nValor $: 32.000').date).toBe('2025-08-05');
      expect(parseReceiptText('PANADERIA\nFecha2025-04-27Hora:10:11\nTOTAL $3.560').date).toBe('2025-04-27');
      expect(parseReceiptText('RECIBO\n$ 113.990.-\nValparaiso 5 de_julio de20 25\nFirma').date).toBe('2025-07-05');
      // A letter of DE read as a digit after the day, or the day's two digits split by a space.
      expect(parseReceiptText('RECIBO\n$ 42.500\nValdivia 19 3demarzo de20 25\nFirma').date).toBe('2025-03-19');
      expect(parseReceiptText('RECIBO\n$ 42.500\nValdivia 1 9de marzo de 2025\nFirma').date).toBe('2025-03-19');
      expect(parseReceiptText('RECIBO\n$ 120.000\nFecha: 8/9/20 25\nFirma').date).toBe('2025-09-08');
      expect(parseReceiptText('PRECUENTA\n2024:02-26:14:03 Comensales 6\nTOTAL $16.764').date).toBe('2024-02-26');
      expect(parseReceiptText('FERRETERIA\n23-A8R-2025 16:47\nTOTAL $5.000').date).toBe('2025-04-23');
      // Its O read as a Q, a space put into it, or the year glued to the time.
      expect(parseReceiptText('LIBRERIA\nEmisi0n:04-AG Q-2024 21:25\nTOTAL $5.000').date).toBe('2024-08-04');
      expect(parseReceiptText('LIBRERIA\nEmision:04-AGQ-202421:25\nTOTAL $5.000').date).toBe('2024-08-04');
      expect(parseReceiptText('LIBRERIA\nEmision: 12-QCT-2024\nTOTAL $5.000').date).toBe('2024-10-12');
      // A hotel's check-in with its LLEGADA misread is still no issue date: the folio's own date is.
      const folio = (llegada: string) => parseReceiptText(`HOTEL TERMAS DEL SUR\nFolio huesped: 552989\n${llegada}:14/08/2025 Salida:17/08/2025 Noches:3\nFech de m oe:17:08/2025 16:24\nTotal cargos $386.900`).date;
      expect(['Llegada', 'Legadr', 'LLEGADR'].map(folio)).toEqual(['2025-08-17', '2025-08-17', '2025-08-17']);
      // Three letters that are no month stay unread.
      expect(parseReceiptText('LIBRERIA\nSKU 12-ABQ-2024\nTOTAL $5.000').date).toBeNull();
      expect(parseReceiptText('MINIMARKET\nEm 090220241423\nTotal: $5.460').date).toBe('2024-02-09');
      // A two-digit year with the time glued on and no separator left, the till's number after it.
      expect(parseReceiptText('SERVICENTRO\nBOLETA ELECTRONICA\nN 1203345\n1411250907C2\nTOTAL $21.000').date).toBe('2025-11-14');
      // Ten digits whose last four are no time of day are no date.
      expect(parseReceiptText('SERVICENTRO\nBOLETA ELECTRONICA\nN 1203345\n1411257907C2\nTOTAL $21.000').date).toBeNull();
      // A day's 0 read as 8; a day past 31 whose tens digit looks like no 0 is not guessed.
      expect(parseReceiptText('DROGARIA\nNFC-e n 980935 Serie 004 82/03/2025 08:03:18\nValor a Pagar R$ 57,39').date).toBe('2025-03-02');
      expect(parseReceiptText('FERRETERIA\nFecha 42/03/2025\nTOTAL $5.000').date).toBeNull();
      // Two readings (1/11/24 and 11/1/24): none is guessed.
      expect(parseReceiptText('RADIO TAXI\nFecha: 111124\nValor $22000').date).toBeNull();
      expect(parseReceiptText('RADIO TAXI LOS ANDES\nRECIBO N4569\nFecha: 715/25\nValor $8000').date).toBe('2025-05-07');
      // Not without a date's label: a number that only looks so.
      expect(parseReceiptText('RADIO TAXI LOS ANDES\nRes. 715/25\nValor $8000').date).toBeNull();
    });

    it("a check digit read as a letter, a check digit lost under the next word, a CNPJ whose label's P reads as R", () => {
      const letter = parseReceiptText('ESTACIONAMIENTOS CENTRAL PARK\nR.U.T. 77.554.477-S\nBOLETA ELECTRONICA\nTOTAL $1.000', { source: 'ocr' });
      expect(letter.taxId).toBe('77554477-5');
      expect(parseReceiptText('SERVICENTRO LOS ANDES\nRut 76.717.644-g Giro venta al por menor\nTOTAL $1.000').taxId).toBe('76717644-9');
      // A letter in the body, taken when the check digit then holds.
      expect(parseReceiptText('ESTACIONAMIENTOS CENTRAL PARK\nR.U.T. 77.767.B01-9\nTOTAL $2.120').taxId).toBe('77767801-9');
      expect(parseReceiptText('ESTACIONAMIENTOS CENTRAL PARK\nR.U.T. 77.767.B01-4\nTOTAL $2.120').taxId).toBeNull();
      // The letter's digit must make the check digit hold: an O (0) here does not, and nothing is worked out over it.
      expect(parseReceiptText('ESTACIONAMIENTOS\nR.U.T. 77.554.477-O\nTOTAL $1.000').taxId).toBeNull();
      const lost = parseReceiptText('SERVICENTRO LOS ANDES\nRut:77.122.635.Giro.venta al por menor\nTOTAL $1.000', { source: 'ocr' });
      expect(lost.taxId).toBe('77122635-3');
      expect(lost.fieldConfidence.taxId).toBe('low');
      expect(parseReceiptText('PADARIA PAULISTA\nCNRJ: 22.361.267/0001-47 IE: 955099846\nValor a Pagar R$ 10,00').taxId).toBe('22.361.267/0001-47');
    });

    it("a CNPJ whose head office's 0001 a blurred print turned into other digits is read as the head office's, unsure", () => {
      const head = parseReceiptText('DROGARIA SAO JOSE\nCNPJ: 11.222.333/0861-81 IE: 514632313\nValor a Pagar R$ 94,45', { source: 'ocr' });
      expect(head.taxId).toBe('11.222.333/0001-81');
      expect(head.fieldConfidence.taxId).toBe('low');
      // A body digit wrong: 0001 does not make it pass, and nothing is guessed.
      expect(parseReceiptText('DROGARIA SAO JOSE\nCNPJ: 11.222.383/0861-81\nValor a Pagar R$ 94,45').taxId).toBeNull();
    });

    it("a photo's RUT is sure when its check digit holds and it is placed as the issuer's; an unlabelled one is not", () => {
      const labelled = parseReceiptText('CAFE ALTURA\nR.U.T.:77.658.420-7\nBOLETA ELECTRONICA\nTOTAL $5.000', { source: 'ocr' });
      expect(labelled.fieldConfidence.taxId).toBe('high');
      // Pieced together from digits whose punctuation OCR broke: right more often than not, yet never sure.
      const pieced = parseReceiptText('HOTEL TERMAS DEL SUR\nInversiones Turisticas SA,RUT76 374.215 6\nFOLIO N°24180\nTotal cargos $146.990', { source: 'ocr' });
      expect(pieced.taxId).toBe('76374215-6');
      expect(pieced.fieldConfidence.taxId).toBe('medium');
      // A group a digit short lost one (a dropped digit passes the check digit once in eleven), and a RUT grouped as one
      // has no first digit to spare: no reading is pieced from them.
      expect(parseReceiptText('HOTEL TERMAS DEL SUR\nInversiones Turisticas SA,RUT76.86.268-0\nTotal cargos $146.990', { source: 'ocr' }).taxId).toBeNull();
      expect(parseReceiptText('SERVICENTRO\nRut 76.00.285-1Giro venta\nTOTAL $5.000', { source: 'ocr' }).taxId).toBeNull();
      expect(parseReceiptText('AUTOPISTA LOS LIBERTADORES\nRUT: 77.829.865-0\nPEAJE CHACABUCO\nTARIFA $3.900', { source: 'ocr' }).taxId).toBeNull();
      const loose = parseReceiptText('CAFE ALTURA\n77.658.420-7\nTOTAL $5.000', { source: 'ocr' });
      expect(loose.taxId).toBe('77658420-7');
      expect(loose.fieldConfidence.taxId).toBe('low');
    });

    it("TOTAL in a thin-stroked font ('IUIAL', 'SUBIUIAL', 'LASH') is still the total, not the tax invoice's number", () => {
      const r = parseReceiptText(
        'Guardian Health And Beauty Sdn Bhd\nRM\n121062680 100FLU9 500ML 2.28S\nSUBIUIAL 2.28\nIUIAL (GSI INUL) 2.28\nLASH 3.00\nRUUNDING ADJUSIMENIS 0.02\nCHANGE DUE 0.70\nAll Amounits Are In RM\n5t:8282 Ltr2 1D:2055 1ax1nv:21777\n17:45 18/05/18',
      );
      expect(r).toMatchObject({ amount: 2.28, currency: 'MYR' });
      // Words that only look alike stay words.
      expect(parseReceiptText('INICIAL 4.000\nTOTAL $5.000').amount).toBe(5000);
    });

    it("a Malaysian restaurant's dish names in hanzi: ringgit, told by its glued GST ID and its address", () => {
      const r = parseReceiptText('CARREFOUR RESTAURANT\n18,JALAN PERMAS 10/7\nMASAI,JOHOR\nGST1D: 000433614848 TEL:07-8822612\n干炒海鲜河粉\n238 1 10.00 10.00\nSUB-TOTAL 13.00\nGOV TAX : 0.78\nTOTAL 13.80');
      expect(r.currency).toBe('MYR');
      // Hanzi with nothing Malaysian stay yuan.
      expect(parseReceiptText('干炒海鲜河粉豆奶仙草\nTOTAL 13.80').currency).toBe('CNY');
    });

    it('a document title glued to a misspelt ELECTRONICA still names it', () => {
      expect(parseReceiptText('FARMACIAS DEL PUEBLO SPA\nFACTURAELECTRONOCA\nN 325529\nTOTAL S41.971').documentType).toBe('factura');
      expect(parseReceiptText('CAFE ALTURA\nBOLETAELECTRONCA\nTOTAL $3.500').documentType).toBe('boleta');
      // A word that only starts the same is no title.
      expect(parseReceiptText('FACTURACION ELECTRONICA DISPONIBLE EN WWW.EJEMPLO.CL\nBOLETA N 55\nTOTAL $3.500').documentType).toBe('boleta');
    });

    it("a car park's minutes times its rate per minute confirm its charge, or give it when OCR lost the amount", () => {
      const lost = parseReceiptText('PARKING PLAZA OESTE\nR.U.T. 76.384.522-2\nTICKET N° 670979\nTIEMP0: 3 h 5 min\nVAL0R MINUTO: $29\nA PAGAR\nNo nos responsabilizamos por');
      expect(lost.amount).toBe(5370); // 185 min × $29 = $5.365, rounded to the ten pesos
      // The $ read as a 5: the reading without it is the one the minutes confirm.
      expect(parseReceiptText('PARKING TERMINAL SUR\nR.U.T. 76.166.785-8\nTIEMPO:3h15min\nVALOR MINUTO: S29\nTOTAL 55.660').amount).toBe(5660);
      // TIEMPO with its I lost, the rate glued to its label.
      expect(parseReceiptText('PARKING TERMINAL SUR\nTEMP0.2h55\nVALORMINUTO.S29\nVALOR 55.080').amount).toBe(5080);
      // MIN with its M read as 1; the $ read as a 3, the minutes giving the charge without it.
      expect(parseReceiptText('PARKING PLAZA OESTE\nTIEMP0: 2 h 38 1n\nVALOR MINUTO: S29\nA PAGAR 34.580').amount).toBe(4580);
      expect(parseReceiptText('PARKING\nTIEMPO: 1 h 5O min\nVALOR MINUTO: S35\nMONTO A PAGAR').amount).toBe(3850);
      // A printed charge the minutes do not give stays as printed (a daily maximum, a flat rate).
      expect(parseReceiptText('PARKING TERMINAL SUR\nR.U.T. 76.166.785-8\nTIEMPO: 9 h 47 min\nVALOR MINUTO: $35\nTOTAL $12.000').amount).toBe(12000);
    });

    it('a word glued to N° and a RUT glued to the next word are read apart', () => {
      expect(parseReceiptText('PEAJE CHACABUCO\nRUT:77.139.388-8\nTICKETN°4383155\nTARIFA: $4.600')).toMatchObject({ documentType: 'ticket', invoiceNumber: '4383155' });
      expect(parseReceiptText('MINIMARKET DONA ROSA\nRut 76.676.038-4Giro minimarket\nTOTAL $20.060').taxId).toBe('76676038-4');
      // A RUT glued to a misread label before it ('FUT' for RUT) starts at its first digit; a failing one is no id.
      expect(parseReceiptText('RECIBO N001715\nCOMERCIALSAN ROQUE\nFUT10.085.611-5 33332\nSANTIAGO').taxId).toBe('10085611-5');
      expect(parseReceiptText('RECIBO N001715\nCOMERCIALSAN ROQUE\nFUT10.085.611-4 33332\nSANTIAGO').taxId).toBeNull();
      // A check digit 8 read as S; a number after the RUT, its first separator read as a dash.
      expect(parseReceiptText('FARMACIA DEL PUEBLO\nRut 77.801.566-S Giro venta\nTOTAL A PAGAR $30.110').taxId).toBe('77801566-8');
      expect(parseReceiptText('RECIBO No 4371\nS 246.000-\nRUT77-449.414-6 733\nSANTIAGO').taxId).toBe('77449414-6');
      // A RUT with one of its two thousands points lost is read, never sure: OCR broke it.
      const half = parseReceiptText('ESTACIONAMIENTO CLINICA SANTA ELENA\nR.UT.77183.892-8\nTICKET N*524272\nMONTO APAGAR $6.270', { source: 'ocr' });
      expect(half.taxId).toBe('77183892-8');
      expect(half.fieldConfidence.taxId).not.toBe('high');
      // The same after a misread label's last dot ('LU.T.' for R.U.T.); a number's dot before it is no label.
      expect(parseReceiptText('PARKING PLAZA OESTE\nLU.T.77.053.802-5\nBOLETA ELECTRONICA N°638578\nA PAGAR $5.670').taxId).toBe('77053802-5');
      expect(parseReceiptText('PARKING PLAZA OESTE\nCOD 4.77.053.802-5\nBOLETA ELECTRONICA N°638578\nA PAGAR $5.670').taxId).toBeNull();
      expect(parseReceiptText("ESTACIONAMIENTOS CENTRAL PARK\nTICKETN'581068\nA PAGAR $6.790").documentType).toBe('ticket');
      // The degree sign read as a middle dot.
      expect(parseReceiptText('PARKING TERMINAL SUR\nR.U.T.77.906.047-0\nTICKETN·218925\nTOTAL S5.920')).toMatchObject({ documentType: 'ticket', invoiceNumber: '218925' });
      // A CNPJ's check digits glued to the next label keep their zeros ('…/0001-00IE:').
      expect(parseReceiptText('DROGARIA SAO JOSE EIRELI\nCNPJ:26.214.647/0001-00IE:212229285\nDANFE NFC-e\nValor a Pagar R$ 90,54').taxId).toBe('26.214.647/0001-00');
      expect(parseReceiptText('PANADERIA LA ESPIGA\nBOLETA ELECTRONICA\nEmision:20-0CT-202422:31\nTotal: $6.890').date).toBe('2024-10-20');
      expect(parseReceiptText('RECIBODEDINERO N 000958\ns 210.000=\nCOMERCIAL SAN ROQUE').documentType).toBe('recibo');
    });

    it('a ride app\'s receipt and a receipt book\'s sentence are recibos; an unnamed peso document stays a boleta', () => {
      expect(parseReceiptText('Gracias por viajar, Diego\nTotal pagado $15.660\n05/09/2024 13:23').documentType).toBe('recibo');
      const book = parseReceiptText('O DE DINERO N? 2976\n$ 145.990\nRecibi de Constructora Alerces SpA\npor concepto de Arriendo bodega\nRancagua 21 demayo de 20 2 4\nRUT77.415.028-5');
      expect(book).toMatchObject({ documentType: 'recibo', date: '2024-05-21', amount: 145990 });
      expect(parseReceiptText('FERRETERIA\nRUT 76.086.428-5\n05/09/2024\nTOTAL $15.660').documentType).toBe('boleta');
    });

    it("a ride app's fare parts are no total; its card line glued to the card's digits is what was paid", () => {
      const app = (card: string) =>
        parseReceiptText(`DiDi\nRecibo\nlunes, 16 de diciembre de 2024\nGracias por viajar, Ana\nTotal $ 7.220\nTarifa base $5.500\nTarifa dinamica $1.230\nCuota de reserva $490\nPagos\n${card}\n16/12/2024 08:18`, { source: 'ocr' });
      expect(app('Débito2752 $7.220').amount).toBe(7220);
      expect(app('Débito ···2752 $7.220').amount).toBe(7220);
      expect(['TARIFA BASE $5.500', 'TARIFADESERVICIO $490', 'TARIFA DEL VIAJE $5.850', 'TARIFA: $4.600'].map(moneyRole)).toEqual([null, null, null, 'strong']);
      expect(moneyRole('DEBITO2752 $7.220')).toBe('cash');
    });

    it('a month glued to its day and year, a separator read as a 1, a colon for a thousands point after $', () => {
      expect(parseReceiptText('RECIBO N°2940\nFecha: 15may2024\nValor $: 15000').date).toBe('2024-05-15');
      expect(parseReceiptText('RECIBO N°2940\nFecha: 6/712025\nValor $: 15000').date).toBe('2025-07-06');
      // Both slashes lost after FECHA: taken when one reading only is a date ('11125' is 1/11/25 or 11/1/25).
      expect(parseReceiptText('RECIBO N° 4628\nFecha: 7325\nValor $: 12000').date).toBe('2025-03-07');
      expect(parseReceiptText('RECIBO N° 4628\nFecha: 12325\nValor $: 12000').date).toBe('2025-03-12');
      expect(parseReceiptText('RECIBO N° 4628\nFecha: 11125\nValor $: 12000').date).toBeNull();
      expect(parseReceiptText('RECIBO N° 4628\nFecha: 2025\nValor $: 12000').date).toBeNull();
      expect(parseReceiptText('PEAJE CHACABUCO\nFECHA: 23. .2625\nTARIFA:S2.400').date).toBeNull();
      expect(parseReceiptText('RECIBO N°005893\n$209.990=\nFecha: 2606-2025\nRUT77.023.208-2').date).toBe('2025-06-26');
      // An O read as e in a month before a two-digit year, only between slashes ('04-e6-25' may be a code).
      expect(parseReceiptText('FACTURA ELECTRONICA\nFecha Emision: 04/e6/25\nTOTAL $43.887').date).toBe('2025-06-04');
      expect(parseReceiptText('FACTURA ELECTRONICA\nLote: 04-e6-25\nTOTAL $43.887').date).toBeNull();
      // A handwritten amount's thousands split by two spaces, its peso sign read as S.
      expect(parseReceiptText('TAXI EJECUTIVO\nRECIBO N 4366\nFecha: 6/7/25\nValor S: 4.5 0 0.-\nFirma conductor').amount).toBe(4500);
      expect(parseReceiptText('PARKING\nR.U.T.76.755.788-4\nVALOR MINUTO: S35\nMONTO A PAGAR $7:420').amount).toBe(7420);
    });

    it('amounts the recogniser returned above their labels are theirs when the arithmetic says so', () => {
      // NETO + IVA = TOTAL with each amount above its label; read below, IVA would take the total.
      const above = 'COMBUSTIBLES LOS ANDES S.A.\nRUT 77.596.444-8\nFACTURA ELECTRONICA\nN° 333309\n1 DIESEL $64.990\n1 GASOLINA 95 $26.990\n1 GASOLINA 95 $45.990\nNETO $137.970\n$26.214\nIVA 19%\n$164.184\nTOTAL\nTimbre Electronico SII';
      expect(parseReceiptText(above)).toMatchObject({ amount: 164184, netAmount: 137970, taxAmount: 26214 });
      // An item's amount above a TOTAL whose own amount OCR lost is no total: the card payment, printed twice, is.
      const item = 'MINIMARKET DONA ROSA\nRUT 77.007.415-0\nBOLETA ELECTRONICA\nLECHE ENTERA 1L\n2x1.100 2.200\nBEBIDA 1.5L\n2x2.200\n4.400\nMONTOTOTAL\nREDCONPRA $18.360\n$18.360';
      expect(parseReceiptText(item).amount).toBe(18360);
      // A handwritten amount returned before its label, its thousands split by a space.
      expect(parseReceiptText('TAXI AEROPUERTO\nRECIBO N 1133\nFecha: 1jul2025\nHasta: Stgo Centro\n12.0 00\nValor $:\nFirma conductor').amount).toBe(12000);
    });

    it("a receipt book's figure after an S, a date's DE with a point, letters in a RUT's body, a neto's 19 % with the total's first digit lost", () => {
      expect(parseReceiptText('RECIBO DE DINERO N°009904\nS 72.0 00\nRecibi deServiciosNorteLtda\nFecha: 30/7/24').amount).toBe(72000);
      expect(amountsInLine('S 12.00')).toEqual([{ raw: '12.00', symbol: null }]);
      // A cents currency's comma read as a point after a thousands point: the last two digits are the cents.
      expect(parseAmount('1.823.77', 'BRL')).toBe(1823.77);
      expect(parseAmount('1.823.77', 'CLP')).toBe(182377);
      expect(parseReceiptText('DANFE NFC-e\nValor total Rs 1.823.77\nValor a Pagar Rs 1.823,77\nTroco Rs 0,00').amount).toBe(1823.77);
      expect(parseReceiptText('RECIBO N. 000660\n$ 177.990.-\nPto. Montt 6 de.agosto de 20 24').date).toBe('2024-08-06');
      // A C for a 0, a Z for a 7 (or a 2): taken when one reading only holds the check digit.
      expect(parseReceiptText('RECIBO N° 004560\n$ 385.000\nCOMERCIALSANROQUE\nRUT11.020.33C-6\nRANCAGUA').taxId).toBe('11020330-6');
      expect(parseReceiptText('ESTACIONAMIENTOS CENTRAL PARK\nR.U.T. 76.87Z.465-K\nTICKET N° 936813\nVALOR S15.950').taxId).toBe('76877465-K');
      expect(parseReceiptText('ESTACIONAMIENTOS CENTRAL PARK\nR.U.T. 76.87Z.465-1\nTICKET N° 936813\nVALOR S15.950').taxId).toBeNull();
      // The IVA line unreadable: the neto and its 19 % is the total whose first digit was lost ('SA.437' for $8.437).
      const neto = 'COMERCIAL EL MARTILLO LTDA\nFACTURA ELECTRONICA\nN 426891\n1 BROCHA 2 PULG $1.810\nNETO $7.090\nPVA19N4 S1347\nTOTAL SA.437';
      expect(parseReceiptText(neto).amount).toBe(8437);
      // A total that is a digit short of nothing stays as printed.
      expect(parseReceiptText(neto.replace('SA.437', '$9.990')).amount).toBe(9990);
    });

    it('a law\'s number is not money; a total less the discount printed after it is confirmed', () => {
      const r = parseReceiptText('DANFE NFC-e\nQtd. total de itens 3\nValor total R$ 886,83\nDesconto R$ 44,34\nValor a Pagar R$ 842,49\nCartao de Debito 842,49\nTroco R$ 0,08\nTributos (Lei Federal 12.741/2012)');
      expect(r.amount).toBe(842.49);
      expect(parseReceiptText('PADARIA PAULISTA\nDANFE NFC-e\n9,90\nTributos (Lei Federal 12.741/)').amount).toBe(9.9);
    });
  });

  it('empty text does not throw', () => {
    const r = parseReceiptText('');
    expect(r.amount).toBeNull();
    expect(r.issuerName).toBeNull();
    expect(r.description).toBeNull();
    expect(r.confidence).toBeLessThan(0.1);
  });

  it('OCR source is recorded per field and lowers confidence', () => {
    const text = parseReceiptText(COPEC);
    const ocr = parseReceiptText(COPEC, { source: 'ocr' });
    expect(ocr.sources.amount).toBe('ocr');
    expect(ocr.sources.taxId).toBe('ocr');
    expect(ocr.confidence).toBeLessThan(text.confidence);
    expect(ocr.amount).toBe(text.amount);
  });
  describe('payment method (issue 16: TARJETA DEBITO was not prefilled)', () => {
    const receipt = (payLines: string) => `SUPERMERCADO LIDER\nRUT: 76.086.428-5\nBOLETA ELECTRONICA N° 1182\nFecha 12/03/2026\nTOTAL $12.990\n${payLines}\nGRACIAS POR SU COMPRA`;

    it.each([
      ['TARJETA DEBITO   $12.990', 'tarjeta_debito'],
      ['FORMA DE PAGO: TARJETA DE DÉBITO', 'tarjeta_debito'],
      ['Pago con Redcompra ****4821', 'tarjeta_debito'],
      ['T.DEBITO 12.990', 'tarjeta_debito'],
      ['TARJ DEB 12.990', 'tarjeta_debito'],
      ['VENTA CREDITO 3 CUOTAS', 'tarjeta_credito'],
      ['TARJETA DE CREDITO VISA ****1234', 'tarjeta_credito'],
      ['TARJ. CRED. $12.990', 'tarjeta_credito'],
      ['EFECTIVO $20.000\nVUELTO $7.010', 'efectivo'],
      ['MEDIO DE PAGO: TRANSFERENCIA ELECTRONICA', 'transferencia'],
    ])('%s → %s', (line, expected) => {
      expect(parseReceiptText(receipt(line)).paymentMethod).toBe(expected);
    });

    it('a labelled payment line wins over card words elsewhere on the receipt', () => {
      const r = parseReceiptText(`${receipt('FORMA DE PAGO: EFECTIVO')}\nACEPTAMOS TARJETAS DE CREDITO Y DEBITO`);
      expect(r.paymentMethod).toBe('efectivo');
    });

    it('document names are not payment methods: nota de débito, crédito fiscal', () => {
      expect(parseReceiptText('NOTA DE DEBITO ELECTRONICA N° 55\nTOTAL $5.000').paymentMethod).toBeNull();
      expect(parseReceiptText('FACTURA ELECTRONICA N° 9\nIVA CREDITO FISCAL $950\nTOTAL $5.950').paymentMethod).toBeNull();
    });
  });
});
