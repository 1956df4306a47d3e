/** Chilean documents that are not boletas: Uber app receipts, taxi receipts, parking tickets. */
import { clp, cols, formatDate, randomDate, randomTime } from '../lib/format.js';
import { companyRut, personRut, type Rng } from '../lib/random.js';
import type { PrintLine } from '../lib/thermal.js';
import type { BuiltThermal } from './boleta.js';

const PLACES = [
  'Av. Providencia 2124, Providencia',
  'Aeropuerto Internacional AMB, Pudahuel',
  'Av. Apoquindo 4501, Las Condes',
  'Estación Central, Santiago',
  'Av. Vitacura 3568, Vitacura',
  'Costanera Center, Providencia',
];

/** Uber trip receipt as the app/e-mail shows it (proportional font, no RUT, no folio). */
export function buildUber(rng: Rng): BuiltThermal {
  const date = randomDate(rng);
  const time = randomTime(rng, 6, 23);
  const fare = Math.round(rng.int(3200, 24000) / 10) * 10;
  const booking = rng.pick([0, 390, 450, 590]);
  const tolls = rng.chance(0.4) ? rng.pick([650, 950, 1250, 2100]) : 0;
  const total = fare + booking + tolls;
  const [from, to] = rng.sample(PLACES, 2);
  const $ = (n: number) => `$${clp(n)}`;
  const lines: PrintLine[] = [
    { text: 'Uber', big: true },
    '',
    { text: `Gracias por viajar, ${rng.pick(['Camila', 'Javier', 'Francisca', 'Matías', 'Constanza'])}`, bold: true },
    'Esperamos que hayas disfrutado tu viaje.',
    `${formatDate(date, 'dd de mes de yyyy')}, ${time}`,
    '',
    { text: 'Total', right: $(total), big: true },
    '',
    { text: 'Tarifa del viaje', right: $(fare) },
    ...(booking ? [{ text: 'Tarifa de reserva', right: $(booking) }] : []),
    ...(tolls ? [{ text: 'Peajes', right: $(tolls) }] : []),
    { text: 'Subtotal', right: $(total) },
    '',
    { text: 'Pagos', bold: true },
    { text: `${rng.pick(['Visa', 'Mastercard'])} ••••${rng.digits(4)}`, right: $(total) },
    `${formatDate(date, 'dd/mm/yy')} ${time}`,
    '',
    { text: `${rng.pick(['UberX', 'Comfort', 'Uber Black'])}   ${rng.int(2, 35)},${rng.int(10, 99)} km | ${rng.int(8, 70)} min`, bold: true },
    `${time}  ${from}`,
    `${to}`,
  ];
  return {
    lines,
    footer: [{ text: 'Uber B.V. — Recibo de viaje', align: 'center' }],
    cols: 42,
    ted: null,
    font: 'DejaVu Sans',
    truth: {
      amount: total, currency: 'CLP', date, documentType: 'recibo', taxId: null, folio: null, category: 'transporte',
      hasTimbre: false, timbreLegible: false, issuer: 'Uber', tags: ['uber', 'proportional-font'],
    },
  };
}

/** Taxi receipt from a booklet: the driver's RUT, a receipt number, a fare. */
export function buildTaxi(rng: Rng): BuiltThermal {
  const W = 42;
  const date = randomDate(rng);
  const rut = personRut(rng);
  const number = rng.int(100, 9999);
  const fare = rng.pick([8000, 12000, 15000, 18000, 22000, 25000, 28000, 32000]);
  const [from, to] = rng.sample(PLACES, 2);
  const lines: PrintLine[] = [
    { text: rng.pick(['RADIO TAXI LOS ANDES', 'TAXI OFICIAL AEROPUERTO', 'RADIO TAXI PROVIDENCIA']), big: true, align: 'center' },
    { text: `RECIBO N° ${String(number).padStart(4, '0')}`, align: 'center', bold: true },
    '',
    `Fecha: ${formatDate(date, 'dd/mm/yyyy')}   Hora: ${randomTime(rng)}`,
    `Conductor: ${rng.pick(['JUAN PEREZ SOTO', 'LUIS MUNOZ ROJAS', 'CARLOS DIAZ VEGA'])}`,
    `RUT: ${rut.dotted}`,
    `Patente: ${rng.pick(['FHJK', 'CXRT', 'KLPS'])}-${rng.int(10, 99)}   Movil: ${rng.int(1, 250)}`,
    `Origen: ${from}`,
    `Destino: ${to}`,
    '-'.repeat(W),
    { text: cols('VALOR CARRERA', `$${clp(fare)}`, W), bold: true },
    '-'.repeat(W),
    '',
    'Firma: ______________________',
  ];
  return {
    lines, footer: [], cols: W, ted: null,
    truth: {
      amount: fare, currency: 'CLP', date, documentType: 'recibo', taxId: rut.normalized, folio: String(number).padStart(4, '0'),
      category: 'transporte', hasTimbre: false, timbreLegible: false, issuer: 'Taxi', tags: ['taxi'],
    },
  };
}

/** Street-parking concession ticket: TICKET N°, concessionaire RUT, value. */
export function buildParkingTicket(rng: Rng): BuiltThermal {
  const W = 32;
  const date = randomDate(rng);
  const rut = companyRut(rng);
  const number = rng.int(1000, 999999);
  const minutes = rng.int(15, 240);
  const value = Math.round((minutes * rng.pick([20, 25, 30])) / 10) * 10;
  const lines: PrintLine[] = [
    { text: 'ESTACIONAMIENTOS', align: 'center', bold: true },
    { text: 'MUNICIPALIDAD DE ÑUÑOA', align: 'center' },
    { text: `Concesionaria PARKING SUR SpA`, align: 'center' },
    { text: `RUT ${rut.dotted}`, align: 'center' },
    '',
    { text: `TICKET N° ${String(number).padStart(6, '0')}`, align: 'center', bold: true },
    `Fecha: ${formatDate(date, 'dd-mm-yyyy')}`,
    `Inicio: ${randomTime(rng)}  Minutos: ${minutes}`,
    `Patente: ${rng.pick(['GHTR', 'JKLW', 'PRST'])}-${rng.int(10, 99)}`,
    '-'.repeat(W),
    { text: cols('VALOR', `$${clp(value)}`, W), bold: true },
    '-'.repeat(W),
    { text: 'NO VALIDO COMO BOLETA', align: 'center' },
  ];
  return {
    lines, footer: [], cols: W, width: 384, ted: null,
    truth: {
      amount: value, currency: 'CLP', date, documentType: 'ticket', taxId: rut.normalized, folio: String(number).padStart(6, '0'),
      category: 'transporte', hasTimbre: false, timbreLegible: false, issuer: 'Estacionamientos Ñuñoa', tags: ['parking-ticket'],
    },
  };
}
