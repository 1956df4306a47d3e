/** Receipts from abroad: Argentina, Peru, Brazil, Spain, USA, Uruguay, Colombia. Currency and ids as printed there. */
import { cif, cnpj, cuit, nit, ruc, rutUy } from '../lib/foreign-ids.js';
import { addDays, decComma, decPoint, formatDate, randomDate, randomTime, round2, clp } from '../lib/format.js';
import { newPdf } from '../lib/pdf.js';
import type { Rng } from '../lib/random.js';
import type { PrintLine, StyledLine } from '../lib/thermal.js';
import type { Category, DocType, TruthEntry } from '../truth.js';

export interface ForeignDoc {
  key: string;
  format: 'image' | 'pdf';
  lines: PrintLine[];
  cols: number;
  truth: Omit<TruthEntry, 'file' | 'kind'>;
}

const C = (text: string, style: Partial<StyledLine> = {}): StyledLine => ({ text, align: 'center', ...style });
const R = (text: string, right: string, style: Partial<StyledLine> = {}): StyledLine => ({ text, right, ...style });

function truth(amount: number, currency: string, date: string, documentType: DocType, taxId: string | null, category: Category, issuer: string, tags: string[]): ForeignDoc['truth'] {
  return { amount, currency, date, documentType, taxId, folio: null, category, hasTimbre: false, timbreLegible: false, issuer, tags };
}

/** Items with decimal prices summing to the total (rounded to cents). */
function items(rng: Rng, names: string[], min: number, max: number, n: number): Array<[string, number]> {
  return rng.sample(names, n).map((name) => [name, round2(rng.float(min, max))]);
}

type Builder = (rng: Rng) => ForeignDoc;

const argentinaSuper: Builder = (rng) => {
  const date = randomDate(rng);
  const id = cuit(rng);
  const its = items(rng, ['LECHE LA SERENISIMA 1L', 'YERBA TARAGUI 1KG', 'GALLETITAS OREO', 'FIDEOS MATARAZZO', 'ACEITE NATURA 900ML', 'DULCE DE LECHE 400G'], 850, 4200, 4);
  const total = round2(its.reduce((a, [, p]) => a + p, 0));
  const lines: PrintLine[] = [
    C('SUPERMERCADOS DIA', { big: true }), C('DIA ARGENTINA S.A.'), C(`C.U.I.T. Nro.: ${id}`), C('IVA RESPONSABLE INSCRIPTO'),
    C('Av. Rivadavia 5402 - C.A.B.A.'), C('Inicio de Actividades: 01/09/1997'), '',
    C('TIQUE', { bold: true }), `P.V. Nro.: 0004   Nro. T.: ${rng.digits(8)}`, `Fecha ${formatDate(date, 'dd/mm/yyyy')}   Hora ${randomTime(rng)}`, '',
    ...its.flatMap(([n, p]) => ['1,000 x ' + decComma(p), R(n, decComma(p))]),
    '', R('TOTAL', `$ ${decComma(total)}`, { bold: true, big: true }), R('Su pago EFECTIVO', `$ ${decComma(Math.ceil(total / 1000) * 1000)}`),
    R('Su vuelto', `$ ${decComma(round2(Math.ceil(total / 1000) * 1000 - total))}`),
  ];
  return { key: 'ar-dia', format: 'image', lines, cols: 40, truth: truth(total, 'ARS', date, 'ticket', id, 'alimentacion', 'DIA ARGENTINA S.A.', ['AR', 'inicio-actividades-date']) };
};

const argentinaResto: Builder = (rng) => {
  const date = randomDate(rng);
  const id = cuit(rng);
  const its = items(rng, ['BIFE DE CHORIZO', 'PROVOLETA', 'ENSALADA MIXTA', 'MALBEC COPA', 'AGUA SIN GAS', 'FLAN CASERO'], 3500, 18500, 4);
  const total = round2(its.reduce((a, [, p]) => a + p, 0));
  const lines: PrintLine[] = [
    C('DON JULIO PARRILLA', { big: true }), C('PARRILLA DON JULIO S.R.L.'), C(`CUIT: ${id}`), C('Guatemala 4691 - Palermo - CABA'), '',
    C('FACTURA B', { bold: true }), C('Cod. 006'), `Punto de Venta: 00003  Comp. Nro: ${rng.digits(8)}`, `Fecha de Emision: ${formatDate(date, 'dd/mm/yyyy')}`,
    'Cond. frente al IVA: CONSUMIDOR FINAL', '',
    ...its.map(([n, p]) => R(n, decComma(p))), '',
    R('Subtotal', `$ ${decComma(total)}`), R('TOTAL', `$ ${decComma(total)}`, { bold: true }), '', C('CAE N°: 75123456789012'), C(`Vto. CAE: ${formatDate(addDays(date, 10), 'dd/mm/yyyy')}`),
  ];
  return { key: 'ar-parrilla', format: 'image', lines, cols: 40, truth: truth(total, 'ARS', date, 'factura', id, 'factura', 'PARRILLA DON JULIO S.R.L.', ['AR', 'factura-b']) };
};

function peru(rng: Rng, hotel: boolean): ForeignDoc {
  const date = randomDate(rng);
  const id = ruc(rng);
  const total = hotel ? round2(rng.int(180, 520)) : round2(rng.int(3500, 18000) / 100);
  const base = round2(total / 1.18);
  const lines: PrintLine[] = [
    C(hotel ? 'CASA ANDINA SELECT' : 'RESTAURANTE EL CHINITO', { big: true }), C(hotel ? 'NESSUS HOTELES PERU S.A.' : 'INVERSIONES EL CHINITO S.A.C.'), C(`RUC ${id}`),
    C(hotel ? 'Av. Petit Thouars 5444 - Miraflores - Lima' : 'Jr. Chancay 894 - Cercado de Lima'), '',
    C('BOLETA DE VENTA ELECTRONICA', { bold: true }), C(`B001-${rng.digits(8)}`), `Fecha de emision: ${formatDate(date, 'dd/mm/yyyy')}  ${randomTime(rng)}`, '',
    ...(hotel ? [R('HOSPEDAJE HAB. DOBLE', decPoint(total))] : [R('LOMO SALTADO', decPoint(round2(total * 0.6))), R('CHICHA MORADA JARRA', decPoint(round2(total - round2(total * 0.6))))]),
    '', R('OP. GRAVADA', `S/ ${decPoint(base)}`), R('IGV 18%', `S/ ${decPoint(round2(total - base))}`), R('IMPORTE TOTAL', `S/ ${decPoint(total)}`, { bold: true }),
    '', `SON: ${Math.floor(total)} CON ${Math.round((total % 1) * 100)}/100 SOLES`,
  ];
  return { key: hotel ? 'pe-hotel' : 'pe-restaurante', format: 'image', lines, cols: 42, truth: truth(total, 'PEN', date, 'boleta', id, hotel ? 'hospedaje' : 'alimentacion', hotel ? 'NESSUS HOTELES PERU S.A.' : 'INVERSIONES EL CHINITO S.A.C.', ['PE']) };
}

function brazil(rng: Rng, fuel: boolean): ForeignDoc {
  const date = randomDate(rng);
  const id = cnpj(rng);
  const its: Array<[string, number]> = fuel ? [['GASOLINA COMUM', round2(rng.float(120, 260))]] : items(rng, ['ARROZ TIO JOAO 5KG', 'FEIJAO CAMIL 1KG', 'CAFE PILAO 500G', 'LEITE ITALAC 1L', 'PAO DE QUEIJO 1KG'], 6, 35, 4);
  const total = round2(its.reduce((a, [, p]) => a + p, 0));
  const paid = Math.ceil(total / 50) * 50;
  const lines: PrintLine[] = [
    C(fuel ? 'AUTO POSTO IPIRANGA' : 'PAO DE ACUCAR', { big: true }), C(fuel ? 'AUTO POSTO AVENIDA LTDA' : 'COMPANHIA BRASILEIRA DE DISTRIBUICAO'), C(`CNPJ: ${id}`),
    C(fuel ? 'Av. Reboucas 1200 - Sao Paulo - SP' : 'Av. Brig. Luis Antonio 3142 - Sao Paulo - SP'), '',
    C('CUPOM FISCAL ELETRONICO - SAT', { bold: true }), `Extrato No. ${rng.digits(6)}   ${formatDate(date, 'dd/mm/yyyy')} ${randomTime(rng)}:${rng.int(10, 59)}`, '',
    ...its.map(([n, p]) => R(n, decComma(p))), '',
    R('TOTAL R$', decComma(total), { bold: true }), R('Dinheiro', `R$ ${decComma(paid)}`), R('Troco', `R$ ${decComma(round2(paid - total))}`),
  ];
  return { key: fuel ? 'br-posto' : 'br-supermercado', format: 'image', lines, cols: 42, truth: truth(total, 'BRL', date, 'ticket', id, fuel ? 'combustible' : 'alimentacion', fuel ? 'AUTO POSTO AVENIDA LTDA' : 'COMPANHIA BRASILEIRA DE DISTRIBUICAO', ['BR']) };
}

const spainCafe: Builder = (rng) => {
  const date = randomDate(rng);
  const id = cif(rng);
  const its = items(rng, ['CAFE CON LECHE', 'TOSTADA TOMATE', 'ZUMO NARANJA', 'BOCADILLO JAMON', 'AGUA 50CL', 'CROISSANT'], 1.8, 6.5, 4);
  const total = round2(its.reduce((a, [, p]) => a + p, 0));
  const lines: PrintLine[] = [
    C('CAFETERIA LA PLAZA', { big: true }), C('HOSTELERIA PLAZA MAYOR S.L.'), C(`NIF: ${id}`), C('Plaza Mayor 12 - 28012 Madrid'), '',
    C(`TICKET Nº ${rng.int(1000, 9999)}`, { bold: true }), `Fecha: ${formatDate(date, 'dd/mm/yyyy')}  Hora: ${randomTime(rng)}`, '',
    ...its.map(([n, p]) => R(n, `${decComma(p)} €`)), '',
    R('TOTAL', `${decComma(total)} €`, { bold: true, big: true }), R('Base imponible 10%', `${decComma(round2(total / 1.1))} €`),
    R('IVA 10%', `${decComma(round2(total - round2(total / 1.1)))} €`), '', C('IVA INCLUIDO - GRACIAS POR SU VISITA'),
  ];
  return { key: 'es-cafeteria', format: 'image', lines, cols: 40, truth: truth(total, 'EUR', date, 'ticket', id, 'alimentacion', 'HOSTELERIA PLAZA MAYOR S.L.', ['ES']) };
};

const spainHotel: Builder = (rng) => {
  const date = randomDate(rng);
  const id = cif(rng);
  const nights = rng.int(1, 3);
  const rate = round2(rng.int(9000, 19000) / 100);
  const base = round2(nights * rate);
  const iva = round2(base * 0.1);
  const total = round2(base + iva);
  const lines: PrintLine[] = [
    { text: 'HOTEL CATALONIA GRAN VIA', bold: true, big: true }, 'CATALONIA HOTELS & RESORTS S.L.', `CIF: ${id}`, 'Gran Vía 7-9, 28013 Madrid, España', '',
    { text: `FACTURA Nº 2025/${rng.digits(5)}`, bold: true }, `Fecha factura: ${formatDate(date, 'dd/mm/yyyy')}`, `Llegada: ${formatDate(date, 'dd/mm/yyyy')}  Noches: ${nights}`, '',
    R(`Alojamiento ${nights} x ${decComma(rate)} €`, `${decComma(base)} €`), '',
    R('Base imponible', `${decComma(base)} €`), R('IVA 10%', `${decComma(iva)} €`), R('TOTAL FACTURA', `${decComma(total)} €`, { bold: true }),
  ];
  return { key: 'es-hotel', format: 'pdf', lines, cols: 60, truth: truth(total, 'EUR', date, 'factura', id, 'factura', 'CATALONIA HOTELS & RESORTS S.L.', ['ES', 'pdf']) };
};

const usRestaurant: Builder = (rng) => {
  const date = randomDate(rng);
  const sub = round2(rng.int(2800, 9800) / 100);
  const tax = round2(sub * 0.08875);
  const total = round2(sub + tax);
  const lines: PrintLine[] = [
    C('THE SMITH', { big: true }), C('956 2nd Ave, New York, NY 10022'), C('(212) 644-2700'), '',
    `Server: ${rng.pick(['Mike', 'Ashley', 'Carlos'])}   Check #${rng.int(1000, 9999)}`, `${formatDate(date, 'mm/dd/yyyy')}  ${rng.int(6, 10)}:${rng.int(10, 59)} PM`, '',
    R('Burger & Fries', decPoint(round2(sub * 0.55))), R('Caesar Salad', decPoint(round2(sub - round2(sub * 0.55)))), '',
    R('Subtotal', decPoint(sub)), R('Tax', decPoint(tax)), R('Total', `US$ ${decPoint(total)}`, { bold: true }), '',
    'Tip: ______________', '', 'Total: ______________', '', C('Thank you!'),
  ];
  return { key: 'us-restaurant', format: 'image', lines, cols: 40, truth: truth(total, 'USD', date, 'recibo', null, 'alimentacion', 'The Smith', ['US', 'date:mm/dd/yyyy', 'blank-tip']) };
};

const usUber: Builder = (rng) => {
  const date = randomDate(rng);
  const fare = round2(rng.int(1800, 6200) / 100);
  const fee = round2(rng.pick([2.75, 3.25, 3.45]));
  const total = round2(fare + fee);
  const lines: PrintLine[] = [
    { text: 'Uber', bold: true, big: true }, '', { text: `Thanks for riding, ${rng.pick(['Alex', 'Jordan', 'Sam'])}`, bold: true }, formatDate(date, 'Mon dd, yyyy'), '',
    R('Total', `$${decPoint(total)}`, { bold: true, big: true }), R('Trip fare', `$${decPoint(fare)}`), R('Booking Fee', `$${decPoint(fee)}`), '',
    R(`Visa ••••${rng.digits(4)}`, `$${decPoint(total)}`), '', `UberX  ${rng.int(3, 18)}.${rng.int(1, 9)} mi | ${rng.int(10, 45)} min`, '350 5th Ave, New York, NY', 'JFK Terminal 4, Queens, NY', '',
    'Thank you for riding with Uber.',
  ];
  return { key: 'us-uber', format: 'pdf', lines, cols: 60, truth: truth(total, 'USD', date, 'recibo', null, 'transporte', 'Uber', ['US', 'pdf', 'uber']) };
};

const usPharmacy: Builder = (rng) => {
  const date = randomDate(rng);
  const its = items(rng, ['ADVIL 200MG 50CT', 'BAND-AID 30CT', 'DASANI WATER 1L', 'PHONE CHARGER USB-C', 'TRAVEL TISSUES'], 1.99, 24.99, 3);
  const sub = round2(its.reduce((a, [, p]) => a + p, 0));
  const tax = round2(sub * 0.08875);
  const total = round2(sub + tax);
  const lines: PrintLine[] = [
    C('WALGREENS #11872', { big: true }), C('1471 BROADWAY, NEW YORK NY'), '',
    ...its.map(([n, p]) => R(n, decPoint(p))), '', R('SUBTOTAL', decPoint(sub)), R('SALES TAX 8.875%', decPoint(tax)), R('TOTAL', decPoint(total), { bold: true }),
    R(`VISA CREDIT XXXXXXXXXXXX${rng.digits(4)}`, decPoint(total)), '', `${formatDate(date, 'mm/dd/yyyy')} ${randomTime(rng)} 4471 0${rng.int(1, 9)} ${rng.digits(4)}`, '',
    C('THANK YOU FOR SHOPPING AT WALGREENS'),
  ];
  return { key: 'us-walgreens', format: 'image', lines, cols: 42, truth: truth(total, 'USD', date, 'recibo', null, 'otros', 'Walgreens', ['US', 'date:mm/dd/yyyy', 'no-currency-symbol']) };
};

function uruguay(rng: Rng, resto: boolean): ForeignDoc {
  const date = randomDate(rng);
  const id = rutUy(rng);
  const total = round2(rng.int(45000, 360000) / 100);
  const lines: PrintLine[] = [
    C(resto ? 'BAR TABARE' : 'TIENDA INGLESA', { big: true }), C(resto ? 'GASTRONOMICA TABARE S.R.L.' : 'TIENDA INGLESA S.A.'), C(`RUT ${id}`), C(resto ? 'Zorrilla de San Martin 152, Montevideo' : 'Av. Italia 5775, Montevideo'), '',
    C('e-Ticket', { bold: true }), `Serie A   Nro. ${rng.digits(7)}`, `Fecha: ${formatDate(date, 'dd/mm/yyyy')}`, 'Moneda: UYU', '',
    R(resto ? 'CHIVITO AL PLATO' : 'COMPRAS VARIAS', decComma(round2(total * 0.7))), R(resto ? 'CERVEZA PATRICIA' : 'BOLSA', decComma(round2(total - round2(total * 0.7)))), '',
    R('TOTAL', resto ? `UYU ${decComma(total)}` : `$ ${decComma(total)}`, { bold: true }), '', C('Puede verificar comprobante en www.dgi.gub.uy'),
  ];
  return { key: resto ? 'uy-bar' : 'uy-tienda', format: 'image', lines, cols: 42, truth: truth(total, 'UYU', date, 'ticket', id, 'alimentacion', resto ? 'GASTRONOMICA TABARE S.R.L.' : 'TIENDA INGLESA S.A.', ['UY']) };
}

function colombia(rng: Rng, toll: boolean): ForeignDoc {
  const date = randomDate(rng);
  const id = nit(rng);
  const total = toll ? rng.pick([12700, 14900, 18300]) : Math.round(rng.int(35000, 160000) / 100) * 100;
  const lines: PrintLine[] = toll
    ? [C('CONCESION RUNT VIAL', { big: true }), C(`NIT ${id}`), C('PEAJE ANDES - VIA BOGOTA-GIRARDOT'), '', C('TIQUETE DE PEAJE', { bold: true }), `Fecha: ${formatDate(date, 'yyyy-mm-dd')}  ${randomTime(rng)}`, 'Categoria: I   Carril: 3', '', R('VALOR', `$ ${clp(total)}`, { bold: true }), '', C('Feliz viaje')]
    : [C('CREPES & WAFFLES', { big: true }), C('CREPES Y WAFFLES S.A.'), C(`NIT ${id}`), C('Cra. 11 # 85-79, Bogota D.C.'), '', C('FACTURA ELECTRONICA DE VENTA', { bold: true }), `No. FE ${rng.int(10000, 99999)}`, `Fecha: ${formatDate(date, 'dd/mm/yyyy')}`, '', R('CREPE POLLO CHAMPINON', clp(Math.round(total * 0.6))), R('LIMONADA DE COCO', clp(total - Math.round(total * 0.6))), '', R('SUBTOTAL', `$ ${clp(Math.round(total / 1.08))}`), R('IMPOCONSUMO 8%', `$ ${clp(total - Math.round(total / 1.08))}`), R('TOTAL', `$ ${clp(total)}`, { bold: true }), '', C('CUFE: 3f8a9c1e77b2...')];
  return { key: toll ? 'co-peaje' : 'co-restaurante', format: 'image', lines, cols: 42, truth: truth(total, 'COP', date, toll ? 'ticket' : 'factura', id, toll ? 'transporte' : 'factura', toll ? 'CONCESION RUNT VIAL' : 'CREPES Y WAFFLES S.A.', ['CO']) };
}

export const FOREIGN_BUILDERS: Builder[] = [
  argentinaSuper, argentinaResto, (r) => peru(r, false), (r) => peru(r, true), (r) => brazil(r, false), (r) => brazil(r, true),
  spainCafe, spainHotel, usRestaurant, usUber, usPharmacy, (r) => uruguay(r, false), (r) => uruguay(r, true), (r) => colombia(r, false), (r) => colombia(r, true),
];

/** A plain one-column PDF with a text layer (e-mailed receipts and hotel invoices). */
export function renderSimplePdf(id: string, lines: PrintLine[]): Buffer {
  const doc = newPdf(id);
  let y = 22;
  for (const raw of lines) {
    const line: StyledLine = typeof raw === 'string' ? { text: raw } : raw;
    const size = line.big ? 16 : 10.5;
    y += line.big ? 9 : 6;
    if (!line.text && !line.right) continue;
    doc.setFont('helvetica', line.bold || line.big ? 'bold' : 'normal').setFontSize(size);
    doc.text(line.text, line.align === 'center' ? 105 : 20, y, { align: line.align === 'center' ? 'center' : 'left' });
    if (line.right) doc.text(line.right, 190, y, { align: 'right' });
  }
  return Buffer.from(doc.output('arraybuffer'));
}
