/** Paper forms and screens: receipt-book recibos, taxi receipts, app screenshots, hotel folios, scanned facturas. */
import type { Category } from '../truth.js';
import { addDays, clp, formatDay, inWords, iso, miles, MONTHS, price, randomDay, rut, time, type DateStyle } from './format.js';
import type { Built } from './kinds-thermal.js';
import { Paper, randomWriter } from './paper.js';
import type { Rng } from './rng.js';

const RED = '#c8161e';
const CITIES = ['Santiago', 'Rancagua', 'Concepción', 'Antofagasta', 'Talca', 'Pto. Montt', 'Valparaíso'];
const NAMES = ['Constructora Alerces SpA', 'Juan Pérez', 'Servicios Norte Ltda.', 'Asesorías Puma', 'María José Soto', 'Inmobiliaria Cumbre'];
const CONCEPTS: Array<[string, Category]> = [
  ['Arriendo bodega', 'otros'],
  ['Reparación techumbre', 'materiales'],
  ['Flete Santiago - Rancagua', 'transporte'],
  ['Almuerzos cuadrilla', 'alimentacion'],
  ['Compra de áridos', 'materiales'],
  ['Servicio de jardinería', 'otros'],
  ['Alojamiento 2 noches', 'hospedaje'],
];

/** A receipt-book recibo filled in by hand; its number is pre-printed in red. */
export function reciboTalonario(rng: Rng): Built {
  const p = new Paper(1000, 640, 30, { family: 'Serif', size: 24, paper: rng.pick(['#fdfcf5', '#fbf5d6', '#fdeef0', '#f2f6fb']), color: '#2a2a2a' });
  const w = randomWriter(rng);
  const day = randomDay(rng);
  const amount = price(rng, 5000, 450_000);
  const number = String(rng.int(1, 9999)).padStart(rng.pick([4, 6]), '0');
  const [concept, category] = rng.pick(CONCEPTS);
  const stamped = rng.chance(0.6);
  const issuer = rut(rng, rng.chance(0.5) ? 'person' : 'company');
  p.at(rng.pick(['RECIBO', 'RECIBO DE DINERO']), 40, 70, { family: 'SerifBold', size: 44 });
  p.at('N°', 640, 70, { family: 'SerifBold', size: 30 });
  p.at(number, 690, 72, { family: 'DejaMonoBold', size: 36, color: RED });
  p.box(640, 100, 320, 60, '#333');
  p.at('$', 655, 142, { family: 'SerifBold', size: 30 });
  p.hand(rng.pick([miles(amount), `${miles(amount)}.-`, `${miles(amount)}=`]), 690, 144, 38, w, rng);
  const field = (label: string, y: number, value: string, x0 = 40) => {
    p.at(label, x0, y, { size: 24 });
    const lx = x0 + p.ctx.measureText(label).width + 10;
    p.line(lx, y + 6, 960, y + 6, '#888');
    p.hand(value, lx + 10, y - 2, 32, w, rng);
  };
  field('Recibí de', 220, rng.pick(NAMES));
  field('la cantidad de', 290, `${inWords(amount)} pesos`);
  field('por concepto de', 360, concept);
  const dateY = 440;
  if (rng.chance(0.6)) {
    p.at(',', 300, dateY, { size: 24 });
    p.line(40, dateY + 6, 290, dateY + 6, '#888');
    p.hand(rng.pick(CITIES), 60, dateY - 2, 30, w, rng);
    p.at('de', 420, dateY, { size: 24 });
    p.at('de 20', 700, dateY, { size: 24 });
    p.line(320, dateY + 6, 410, dateY + 6, '#888');
    p.line(455, dateY + 6, 690, dateY + 6, '#888');
    p.line(765, dateY + 6, 830, dateY + 6, '#888');
    p.hand(String(day.d), 340, dateY - 2, 32, w, rng);
    p.hand(MONTHS[day.m - 1], 480, dateY - 2, 32, w, rng);
    p.hand(String(day.y).slice(2), 770, dateY - 2, 32, w, rng);
  } else {
    p.at('Fecha:', 40, dateY, { size: 24 });
    p.line(120, dateY + 6, 420, dateY + 6, '#888');
    p.hand(rng.pick([`${day.d}/${day.m}/${String(day.y).slice(2)}`, `${day.d}-${String(day.m).padStart(2, '0')}-${day.y}`, `${day.d}/${day.m}/${day.y}`]), 140, dateY - 2, 32, w, rng);
  }
  p.line(600, 560, 920, 560, '#555');
  p.at('Firma', 730, 590, { size: 20 });
  p.scribble(630, 540, 250, w, rng);
  if (stamped) p.stamp([rng.pick(['COMERCIAL SAN ROQUE', 'FLETES HERMANOS DIAZ', 'TALLER EL SOL', 'JARDINES DEL VALLE']), `RUT ${issuer.dotted}`, rng.pick(['SANTIAGO', 'RANCAGUA', 'TALCA'])], 240, 550, rng);
  p.y = 640;
  return {
    canvas: p.finish(0),
    truth: { amount, currency: 'CLP', date: iso(day), documentType: 'recibo', taxId: stamped ? issuer.normalized : null, folio: number, category, issuer: 'talonario', tags: [w.family, stamped ? 'timbre-goma' : 'sin-rut'] },
  };
}

/** A taxi driver's receipt booklet: printed frame and red number, the trip, date and fare written by hand. */
export function taxiManuscrito(rng: Rng): Built {
  const p = new Paper(720, 940, 30, { family: 'Sans', size: 24, paper: rng.pick(['#ffffff', '#fbf7e4', '#eef5ee']), color: '#1d1d1d' });
  const w = randomWriter(rng);
  const day = randomDay(rng);
  const amount = rng.pick([4500, 6000, 7500, 8000, 9500, 12_000, 15_000, 18_500, 22_000, 25_000, 32_000]);
  const number = String(rng.int(1, 5000)).padStart(4, '0');
  const owner = rut(rng, 'person');
  const printedRut = rng.chance(0.6);
  p.text(rng.pick(['RADIO TAXI LOS ANDES', 'TAXI EJECUTIVO', 'TAXI AEROPUERTO', 'RADIO TAXI PROVIDENCIA']), { align: 'center', family: 'SansBold', size: 34 });
  if (printedRut) p.text(`${rng.pick(['Luis Fuentes R.', 'Héctor Morales', 'Rosa Vidal C.'])}  RUT ${owner.dotted}`, { align: 'center', size: 22 });
  p.text(rng.pick(['Fono: +56 9 8765 4321', 'Servicio 24 horas', 'Traslados aeropuerto']), { align: 'center', size: 20 });
  p.gap(14);
  p.at('RECIBO', 40, p.y + 30, { family: 'SansBold', size: 30 });
  p.at('N°', 420, p.y + 30, { family: 'SansBold', size: 26 });
  p.at(number, 470, p.y + 32, { family: 'DejaMonoBold', size: 34, color: RED });
  p.gap(70);
  const fields: Array<[string, string]> = [
    ['Fecha', rng.pick([`${day.d}/${day.m}/${String(day.y).slice(2)}`, `${String(day.d).padStart(2, '0')}-${String(day.m).padStart(2, '0')}-${day.y}`, `${day.d} ${MONTHS[day.m - 1].slice(0, 3)} ${day.y}`])],
    ['Patente', `${rng.pick(['BB', 'CX', 'DK', 'FH'])}${rng.pick(['TR', 'LP', 'ZK'])} ${rng.int(10, 99)}`],
    ['Desde', rng.pick(['Aeropuerto', 'Terminal Sur', 'Hotel Plaza', 'Mall Costanera'])],
    ['Hasta', rng.pick(['Providencia', 'Las Condes', 'Stgo Centro', 'Maipú', 'Ñuñoa'])],
    ['Valor $', rng.pick([miles(amount), `${miles(amount)}.-`, String(amount)])],
  ];
  for (const [label, value] of fields) {
    p.at(`${label}:`, 40, p.y, { size: 26 });
    p.line(190, p.y + 6, 680, p.y + 6, '#999');
    p.hand(value, 210, p.y - 2, label === 'Valor $' ? 42 : 34, w, rng);
    p.gap(90);
  }
  p.line(380, p.y + 20, 680, p.y + 20, '#555');
  p.scribble(400, p.y, 240, w, rng);
  p.at('Firma conductor', 450, p.y + 50, { size: 20 });
  p.y = 940;
  return {
    canvas: p.finish(0),
    truth: { amount, currency: 'CLP', date: iso(day), documentType: 'recibo', taxId: printedRut ? owner.normalized : null, folio: number, category: 'transporte', issuer: 'taxi', tags: [w.family] },
  };
}

/** A ride-hailing app's trip receipt as a phone screenshot, with the long Spanish date ('jueves, 6 de febrero de 2025'). */
export function appViaje(rng: Rng): Built {
  const dark = rng.chance(0.35);
  const W = 1080;
  const H = 2340;
  const p = new Paper(W, H, 60, { family: 'Sans', size: 40, paper: dark ? '#121212' : '#ffffff', color: dark ? '#f2f2f2' : '#111111' });
  const app = rng.pick(['Uber', 'Cabify', 'DiDi', 'inDrive']);
  const day = randomDay(rng);
  const base = price(rng, 3500, 18_000);
  const lines: Array<[string, number]> = [[rng.pick(['Tarifa del viaje', 'Tarifa base', 'Viaje']), base]];
  if (rng.chance(0.5)) lines.push(['Tarifa dinámica', price(rng, 300, 2500)]);
  if (rng.chance(0.5)) lines.push(['Peajes', rng.pick([450, 900, 1350, 2100])]);
  lines.push([rng.pick(['Tarifa de servicio', 'Cuota de reserva']), rng.pick([290, 390, 490, 590])]);
  if (rng.chance(0.3)) lines.push(['Promoción', -rng.pick([500, 1000, 1500])]);
  const total = lines.reduce((s, [, v]) => s + v, 0);
  const muted = dark ? '#a0a0a0' : '#6b6b6b';
  p.at(`${rng.int(8, 22)}:${String(rng.int(0, 59)).padStart(2, '0')}`, 60, 70, { family: 'SansBold', size: 36 });
  p.at('4G  78%', 1020, 70, { size: 32, align: 'right' });
  p.y = 160;
  p.text(app, { family: 'SansBold', size: 56 });
  p.text(rng.pick(['Recibo', 'Recibo de tu viaje', 'Tu recibo']), { family: 'SansBold', size: 64 });
  p.text(formatDay(day, 'largo'), { size: 40, color: muted });
  p.gap(20);
  const mapTop = p.y;
  p.ctx.fillStyle = dark ? '#2a2d33' : '#e8eef0';
  p.ctx.fillRect(60, mapTop, W - 120, 520);
  p.ctx.strokeStyle = dark ? '#7aa7ff' : '#1f6feb';
  p.ctx.lineWidth = 10;
  p.ctx.beginPath();
  p.ctx.moveTo(160, mapTop + 440);
  for (let i = 1; i <= 6; i++) p.ctx.lineTo(160 + i * 130, mapTop + 440 - i * 55 + rng.range(-40, 40));
  p.ctx.stroke();
  p.y = mapTop + 560;
  p.text(`Gracias por viajar, ${rng.pick(['Ana', 'Carlos', 'Fernanda', 'Diego'])}`, { family: 'SansBold', size: 48 });
  p.gap(20);
  const totalLabel = rng.pick(['Total', 'Total pagado', 'Total']);
  const totalText = rng.pick([clp(total), `CLP ${miles(total)}`, clp(total, '$ ')]);
  p.row(totalLabel, totalText, { family: 'SansBold', size: 60 });
  p.gap(30);
  for (const [label, v] of lines) p.row(label, v < 0 ? `-${clp(-v)}` : clp(v), { size: 40 });
  p.gap(30);
  p.text('Pagos', { family: 'SansBold', size: 44 });
  p.row(`${rng.pick(['Visa', 'Mastercard', 'Débito'])} •••• ${rng.int(1000, 9999)}`, clp(total), { size: 40 });
  p.text(`${formatDay(day, 'dd/mm/yyyy')} ${time(rng)}`, { size: 34, color: muted });
  p.gap(30);
  p.text(`${time(rng)}  ${rng.pick(['Av. Apoquindo 4500, Las Condes', 'Aeropuerto SCL, Pudahuel', 'Av. Libertador B. O\'Higgins 1449'])}`, { size: 36 });
  p.text(`${time(rng)}  ${rng.pick(['Av. Providencia 2124, Providencia', 'Huérfanos 1160, Santiago', 'Av. Vitacura 3568, Vitacura'])}`, { size: 36 });
  p.text(`${(rng.range(2, 25)).toFixed(1).replace('.', ',')} km · ${rng.int(8, 55)} min`, { size: 34, color: muted });
  p.y = H;
  return {
    canvas: p.finish(0),
    truth: { amount: total, currency: 'CLP', date: iso(day), documentType: 'recibo', taxId: null, folio: null, category: 'transporte', issuer: app, tags: [dark ? 'modo-oscuro' : 'modo-claro', `lineas-${lines.length}`] },
  };
}

const HOTELS = ['HOTEL BOSQUE NATIVO', 'HOTEL PLAZA ARICA', 'APART HOTEL LAS CONDES', 'HOSTAL DEL MAR', 'HOTEL TERMAS DEL SUR'];

/** A hotel's guest folio: charges, the card payment as a credit, SALDO $0 at the foot; truth is the charges' total. */
export function hotelFolio(rng: Rng): Built {
  const name = rng.pick(HOTELS);
  const p = new Paper(1240, 1754, 80, { family: rng.pick(['Sans', 'Serif'] as const), size: 26, paper: '#ffffff' });
  const issuer = rut(rng, 'company');
  const nights = rng.int(1, 4);
  const checkout = randomDay(rng);
  const checkin = addDays(checkout, -nights);
  const rate = price(rng, 45_000, 120_000);
  const style: DateStyle = rng.pick(['dd/mm/yyyy', 'dd-mm-yyyy', 'dd/mm/yy']);
  const folio = String(rng.int(10_000, 999_999));
  const charges: Array<[string, string, number]> = [];
  for (let i = 0; i < nights; i++) {
    const d = addDays(checkin, i);
    charges.push([formatDay(d, style), 'Alojamiento Hab. Doble', rate]);
    if (rng.chance(0.5)) charges.push([formatDay(addDays(d, 1), style), 'Desayuno', rng.pick([8900, 12_000, 15_000])]);
  }
  if (rng.chance(0.5)) charges.push([formatDay(checkout, style), rng.pick(['Minibar', 'Lavandería', 'Room service', 'Estacionamiento']), price(rng, 3000, 25_000)]);
  const total = charges.reduce((s, c) => s + c[2], 0);
  p.text(name, { family: p.family === 'Serif' ? 'SerifBold' : 'SansBold', size: 44 });
  p.text(`${rng.pick(['Sociedad Hotelera', 'Inversiones Turísticas', 'Inmobiliaria y Turismo'])} ${rng.pick(['Austral', 'Del Norte', 'Los Lagos'])} S.A.  RUT ${issuer.dotted}`, { size: 24 });
  p.text(`${rng.pick(['Av. Costanera 1200', 'Calle Larga 45', 'Av. Kennedy 5400'])}, ${rng.pick(['Arica', 'Puerto Varas', 'Las Condes', 'Pucón'])} · reservas@hotel.cl`, { size: 22 });
  p.gap(30);
  p.text(rng.pick([`FOLIO N° ${folio}`, `ESTADO DE CUENTA - FOLIO ${folio}`, `Folio huésped: ${folio}`]), { family: 'SansBold', size: 34 });
  p.text(`Huésped: ${rng.pick(['ANA TORRES', 'PABLO REYES', 'JOHN SMITH', 'CAROLINA DIAZ'])}     Habitación: ${rng.int(101, 820)}`);
  p.text(`Llegada: ${formatDay(checkin, style)}     Salida: ${formatDay(checkout, style)}     Noches: ${nights}`);
  p.text(`Fecha de emisión: ${formatDay(checkout, style)} ${time(rng)}`);
  p.gap(20);
  p.cols([['Fecha', 80], ['Descripción', 300], ['Cargos', 900, 'right'], ['Abonos', 1160, 'right']], { family: 'SansBold' });
  p.rule('solid');
  for (const [d, desc, v] of charges) p.cols([[d, 80], [desc, 300], [clp(v), 900, 'right'], ['', 1160, 'right']]);
  p.cols([[formatDay(checkout, style), 80], [`Pago ${rng.pick(['Visa', 'Mastercard', 'Amex'])} ****${rng.int(1000, 9999)}`, 300], ['', 900, 'right'], [clp(total), 1160, 'right']]);
  p.rule('solid');
  p.cols([['Total cargos', 300], [clp(total), 900, 'right'], [clp(total), 1160, 'right']], { family: 'SansBold' });
  p.gap(10);
  p.cols([[rng.pick(['SALDO', 'Saldo a pagar', 'SALDO PENDIENTE']), 300], [rng.pick(['$0', '$ 0', '0']), 1160, 'right']], { family: 'SansBold', size: 32 });
  p.gap(40);
  if (rng.chance(0.5)) p.text('Este documento no es válido como boleta ni factura.', { size: 22 });
  p.text('Gracias por su visita', { size: 22 });
  return {
    canvas: p.finish(),
    truth: { amount: total, currency: 'CLP', date: iso(checkout), documentType: null, taxId: issuer.normalized, folio, category: 'hospedaje', issuer: name, tags: [`noches-${nights}`] },
  };
}

const SUPPLIERS = [
  ['DISTRIBUIDORA ELECTRICA DEL PACIFICO LTDA', 'VENTA AL POR MAYOR DE MATERIALES ELECTRICOS'],
  ['SERVICIOS DE INGENIERIA ANDES SPA', 'SERVICIOS DE INGENIERIA Y CONSULTORIA'],
  ['MADERAS Y AISLANTES DEL SUR S.A.', 'VENTA DE MADERAS Y MATERIALES'],
  ['IMPRENTA GRAFICA CENTRAL LTDA', 'IMPRESION Y SERVICIOS GRAFICOS'],
];
const CLIENTS = ['CONSTRUCTORA LOS ALERCES SPA', 'RENDIX DEMO S.A.', 'AGRICOLA SANTA FE LTDA', 'TRANSPORTES BIO BIO S.A.'];

/**
 * An A4 factura electrónica as scanned: issuer top left, the red SII box top right, then the receptor's block
 * with its own RUT (printed before the items, and on some layouts before anything else that says RUT).
 */
export function facturaEscaneada(rng: Rng): Built {
  const p = new Paper(1240, 1754, 70, { family: rng.pick(['Sans', 'Narrow', 'Cond'] as const), size: 22, paper: '#ffffff' });
  const [supplier, giro] = rng.pick(SUPPLIERS);
  const issuer = rut(rng, 'company');
  const receptor = rut(rng, 'company');
  const day = randomDay(rng);
  const due = addDays(day, rng.pick([30, 45, 60]));
  const folio = String(rng.int(100, 999_999));
  const receptorTop = rng.chance(0.4);
  const style: DateStyle = rng.pick(['dd/mm/yyyy', 'd de mes de yyyy', 'dd-mm-yyyy']);
  const fechaEmision = style === 'd de mes de yyyy' ? `${day.d} de ${MONTHS[day.m - 1][0].toUpperCase()}${MONTHS[day.m - 1].slice(1)} del ${day.y}` : formatDay(day, style);

  const receptorBlock = () => {
    const top = p.y;
    p.gap(10);
    p.cols([[`SEÑOR(ES): ${rng.pick(CLIENTS)}`, 90], [`R.U.T.: ${receptor.dotted}`, 820]]);
    p.cols([[`GIRO: ${rng.pick(['CONSTRUCCION', 'AGRICULTURA', 'TRANSPORTE DE CARGA'])}`, 90], [`COMUNA: ${rng.pick(['SANTIAGO', 'TALCA', 'LOS ANGELES'])}`, 820]]);
    p.cols([[`DIRECCION: ${rng.pick(['AV. MATTA 1020', 'CAMINO A MELIPILLA KM 12', 'LOS ACACIOS 77'])}`, 90], ['CIUDAD: SANTIAGO', 820]]);
    p.cols([[`CONDICION DE VENTA: ${rng.pick(['CREDITO 30 DIAS', 'CONTADO', 'CREDITO 60 DIAS'])}`, 90], [`VENCIMIENTO: ${formatDay(due, 'dd/mm/yyyy')}`, 820]]);
    p.box(p.margin, top, p.width - 2 * p.margin, p.y - top + 10, '#444');
    p.gap(30);
  };

  // The SII box: red frame, issuer RUT, type and folio; always top right.
  const boxX = 780;
  const boxY = 60;
  p.ctx.lineWidth = 4;
  p.box(boxX, boxY, 400, 170, RED, 4);
  p.at(`R.U.T.: ${issuer.dotted}`, boxX + 200, boxY + 50, { family: 'SansBold', size: 28, color: RED, align: 'center' });
  p.at('FACTURA ELECTRONICA', boxX + 200, boxY + 100, { family: 'SansBold', size: 28, color: RED, align: 'center' });
  p.at(`N° ${folio}`, boxX + 200, boxY + 150, { family: 'SansBold', size: 28, color: RED, align: 'center' });
  p.at(`S.I.I. - ${rng.pick(['SANTIAGO CENTRO', 'SANTIAGO ORIENTE', 'CONCEPCION', 'TEMUCO'])}`, boxX + 200, boxY + 200 + 10, { family: 'SansBold', size: 22, color: RED, align: 'center' });

  p.y = 60;
  if (receptorTop) {
    // Some billing systems print the customer first, under a small logo line, the issuer only in the red box.
    p.text(supplier, { family: 'SansBold', size: 26, x: 70 });
    p.text(giro, { size: 18 });
    p.y = 300;
    receptorBlock();
  } else {
    p.text(supplier.split(' ').slice(0, 3).join(' '), { family: 'SansBold', size: 34 });
    p.text(supplier.split(' ').slice(3).join(' ') || ' ', { family: 'SansBold', size: 26 });
    p.text(`Giro: ${giro}`, { size: 20 });
    p.text(`Casa Matriz: ${rng.pick(['Av. Vicuña Mackenna 3400', 'San Pablo 2211', 'Av. Los Carrera 1800'])}`, { size: 20 });
    p.text(`Fono: +56 2 2${rng.int(100, 999)} ${rng.int(1000, 9999)}  ventas@empresa.cl`, { size: 20 });
    p.y = Math.max(p.y, 300);
  }
  p.text(`Fecha Emisión: ${fechaEmision}`, { family: 'SansBold', size: 24 });
  p.gap(10);
  if (!receptorTop) receptorBlock();
  if (rng.chance(0.5)) p.text(`Referencia: Orden de Compra N° ${rng.int(4_500_000_000, 4_599_999_999)} del ${formatDay(addDays(day, -rng.int(2, 20)), 'dd/mm/yyyy')}`, { size: 20 }).gap(10);
  p.cols([['Código', 90], ['Descripción', 250], ['Cant.', 780, 'right'], ['Precio', 940, 'right'], ['Total', 1150, 'right']], { family: 'SansBold' });
  p.rule('solid');
  const n = rng.int(1, 9);
  let neto = 0;
  for (let i = 0; i < n; i++) {
    const qty = rng.int(1, 40);
    const unit = price(rng, 500, 120_000);
    neto += qty * unit;
    p.cols([[`${rng.int(10_000, 99_999)}`, 90], [rng.pick(['CABLE EVA 2.5MM ROLLO 100M', 'SERVICIO INSPECCION TECNICA', 'PLANCHA OSB 15MM', 'TUBO CONDUIT 20MM', 'IMPRESION FOLLETOS', 'HORAS INGENIERIA', 'AISLAPOL 50MM']), 250], [String(qty), 780, 'right'], [miles(unit), 940, 'right'], [miles(qty * unit), 1150, 'right']]);
  }
  const iva = Math.round(neto * 0.19);
  p.gap(40);
  const totals: Array<[string, number]> = [['MONTO NETO', neto], ['I.V.A. 19%', iva], ['TOTAL', neto + iva]];
  const tTop = p.y;
  for (const [label, v] of totals) p.cols([[label, 760], ['$', 950], [miles(v), 1150, 'right']], { family: label === 'TOTAL' ? 'SansBold' : p.family, size: 24 });
  p.box(740, tTop, 430, p.y - tTop + 10, '#444');
  p.y = tTop;
  p.timbreLookalike(rng, 480, ['Timbre Electrónico SII', `Res. ${rng.int(40, 99)} de ${rng.int(2010, 2016)}`, 'Verifique documento: www.sii.cl'], 90);
  if (rng.chance(0.5)) p.gap(20).text('CEDIBLE', { family: 'SansBold', size: 26, x: 900 });
  return {
    canvas: p.finish(),
    truth: { amount: neto + iva, currency: 'CLP', date: iso(day), documentType: 'factura', taxId: issuer.normalized, folio, category: 'factura', issuer: supplier, tags: [receptorTop ? 'receptor-arriba' : 'receptor-bajo-emisor'] },
  };
}
