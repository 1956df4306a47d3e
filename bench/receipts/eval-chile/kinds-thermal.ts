/** Roll-paper documents: boletas in new shapes, pre-cuentas, toll and parking tickets, a thermal factura, NFC-e. */
import type { Canvas } from '@napi-rs/canvas';
import type { Category } from '../truth.js';
import { addDays, brl, clp, cnpj, formatDay, iso, miles, price, randomDay, rut, time, type DateStyle, type Day } from './format.js';
import { Paper, type Family } from './paper.js';
import type { Rng } from './rng.js';
import type { DocTruth } from './truth.js';

export interface Built {
  canvas: Canvas;
  truth: DocTruth;
}

interface Shop {
  name: string;
  legal: string;
  giro: string;
  category: Category;
  items: Array<[string, number, number]>;
}

const SHOPS: Shop[] = [
  { name: 'FARMACIA DEL PUEBLO', legal: 'FARMACIAS DEL PUEBLO SPA', giro: 'VENTA DE PRODUCTOS FARMACEUTICOS', category: 'otros', items: [['PARACETAMOL 500MG X16', 990, 2490], ['IBUPROFENO 400 X20', 1490, 3990], ['PROTECTOR SOLAR FPS50', 8990, 15990], ['ALCOHOL GEL 250ML', 1990, 3490], ['VITAMINA C 1G X10', 2990, 5990]] },
  { name: 'FERRETERIA EL MARTILLO', legal: 'COMERCIAL EL MARTILLO LTDA', giro: 'FERRETERIA Y MATERIALES DE CONSTRUCCION', category: 'materiales', items: [['TORNILLO VOLCANITA 6X1 100U', 1890, 3490], ['CINTA AISLANTE 3M', 990, 1990], ['BROCHA 2 PULG', 1290, 2590], ['SILICONA TRANSP. 280ML', 2990, 4990], ['CEMENTO 25KG', 4990, 6490], ['LIJA AGUA N120', 390, 790]] },
  { name: 'MINIMARKET DOÑA ROSA', legal: 'ROSA ELENA CARRASCO E.I.R.L.', giro: 'MINIMARKET', category: 'alimentacion', items: [['PAN MARRAQUETA KG', 1990, 2690], ['LECHE ENTERA 1L', 1090, 1390], ['BEBIDA 1.5L', 1590, 2290], ['QUESO GAUDA 250G', 2890, 3990], ['HUEVOS X12', 3290, 4290], ['JAMON PIERNA 200G', 2190, 3190]] },
  { name: 'SERVICENTRO LOS ANDES', legal: 'COMBUSTIBLES LOS ANDES S.A.', giro: 'VENTA AL POR MENOR DE COMBUSTIBLES', category: 'combustible', items: [['GASOLINA 95 OCT', 15000, 60000], ['DIESEL', 20000, 70000]] },
  { name: 'CAFE ALTURA', legal: 'INVERSIONES ALTURA SPA', giro: 'CAFETERIA Y RESTAURANT', category: 'alimentacion', items: [['CAPUCCINO GRANDE', 2900, 3900], ['CROISSANT JAMON QUESO', 2500, 3500], ['JUGO NATURAL', 2800, 3500], ['SANDWICH AVE PALTA', 4900, 6900], ['TE VERDE', 1900, 2500]] },
  { name: 'LIBRERIA EL ESTUDIANTE', legal: 'LIBRERIA EL ESTUDIANTE LTDA', giro: 'LIBRERIA Y ARTICULOS DE OFICINA', category: 'materiales', items: [['RESMA CARTA 500H', 3990, 5490], ['CARPETA ARCHIVADOR', 1490, 2990], ['LAPIZ PASTA AZUL X10', 1990, 3490], ['TONER COMPATIBLE', 19990, 34990], ['CUADERNO UNIV. 100H', 1290, 2490]] },
  { name: 'PANADERIA LA ESPIGA', legal: 'PANIFICADORA LA ESPIGA LTDA', giro: 'ELABORACION Y VENTA DE PAN', category: 'alimentacion', items: [['HALLULLA KG', 1890, 2390], ['EMPANADA PINO', 1800, 2600], ['KUCHEN MANZANA', 5900, 8900], ['BERLIN', 700, 1100]] },
];

const RESTAURANTS = ['RESTAURANT EL FOGON CRIOLLO', 'SUSHI KENTO', 'PICADA DON TITO', 'BAR LA OLA', 'TRATTORIA SAN MARCO', 'PARRILLADA LOS ROBLES'];
const DISHES: Array<[string, number, number]> = [['LOMO A LO POBRE', 9900, 14900], ['PASTEL DE CHOCLO', 7900, 10900], ['CAZUELA VACUNO', 6900, 8900], ['PISCO SOUR', 3900, 5900], ['BEBIDA LATA', 1800, 2500], ['ENSALADA CHILENA', 3500, 4900], ['CERVEZA SCHOP', 3200, 4500], ['CAFE ESPRESSO', 1800, 2600], ['ROLL ACEVICHADO', 7900, 9900]];

const CASHIERS = ['MARIA P.', 'JUAN SOTO', 'CAJA 02', 'C. MUÑOZ', 'OPERADOR 14'];
const STREETS = ['AV. PROVIDENCIA 1234', 'SAN DIEGO 850', 'AV. IRARRAZAVAL 3120', 'LOS CARRERA 455', 'AV. PAJARITOS 2250', 'PRAT 612', 'AV. GRECIA 1520'];
const COMUNAS = ['PROVIDENCIA', 'SANTIAGO', 'ÑUÑOA', 'CONCEPCION', 'MAIPU', 'VALPARAISO', 'LA FLORIDA', 'TEMUCO'];

const RECEIPT_DATE_STYLES: DateStyle[] = ['dd/mm/yyyy', 'dd-mm-yyyy', 'dd/mm/yy', 'dd.mm.yyyy', 'yyyy-mm-dd', 'dd-MES-yyyy'];

function thermal(rng: Rng, opts: { narrow?: boolean; proportional?: boolean } = {}) {
  const width = opts.narrow ? 384 : 576;
  const family: Family = opts.proportional ? rng.pick(['Cond', 'Narrow', 'Sans'] as const) : rng.pick(['Mono', 'DejaMono'] as const);
  const size = opts.narrow ? 18 : rng.int(20, 24);
  const paper = rng.pick(['#ffffff', '#fbfaf6', '#f6f4ee']);
  const ink = rng.pick(['#111111', '#222222', '#2c2c34', '#3a3a3a']);
  return new Paper(width, 3200, opts.narrow ? 14 : 22, { family, size, paper, color: ink });
}

const bold = (f: Family): Family => (f.endsWith('Bold') ? f : (`${f}Bold` as Family));

function pickItems(rng: Rng, list: Array<[string, number, number]>, n: number) {
  return Array.from({ length: n }, () => {
    const [name, lo, hi] = rng.pick(list);
    const qty = rng.chance(0.25) ? rng.int(2, 4) : 1;
    const unit = price(rng, lo, hi);
    return { name, qty, unit, total: qty * unit };
  });
}

function timbreCaption(rng: Rng) {
  return ['Timbre Electrónico SII', `Res. ${rng.int(40, 99)} de ${rng.int(2010, 2016)}`, 'Verifique documento: www.sii.cl'];
}

/** A boleta electrónica in one of several shapes the project's own generator doesn't make. */
export function boleta(rng: Rng): Built {
  const shop = rng.pick(SHOPS);
  const p = thermal(rng, { narrow: rng.chance(0.3), proportional: rng.chance(0.6) });
  const big = bold(p.family);
  const issuer = rut(rng, 'company');
  const day = randomDay(rng);
  const folio = String(rng.int(100_000, 9_999_999));
  const items = pickItems(rng, shop.items, shop.category === 'combustible' ? 1 : rng.int(1, 7));
  const total = items.reduce((s, i) => s + i.total, 0);
  const shape = rng.int(0, 3);

  p.text(shop.name, { align: 'center', family: big, size: p.size + 4 });
  if (rng.chance(0.7)) p.text(shop.legal, { align: 'center' });
  if (shape === 0) {
    p.text(`${rng.pick(['R.U.T.:', 'RUT:', 'Rut'])} ${issuer.dotted}`, { align: 'center' });
    p.text(`GIRO: ${shop.giro}`, { align: 'center', size: p.size - 3 });
    p.text(`${rng.pick(STREETS)}, ${rng.pick(COMUNAS)}`, { align: 'center', size: p.size - 3 });
    p.gap(8).text('BOLETA ELECTRONICA', { align: 'center', family: big }).text(`N° ${folio}`, { align: 'center', family: big });
  } else if (shape === 1) {
    // The tax box of a printed boleta: RUT, type and folio framed together, as on pre-printed forms.
    p.text(`${rng.pick(STREETS)} - ${rng.pick(COMUNAS)}`, { align: 'center', size: p.size - 3 });
    const top = p.y + 6;
    p.gap(12).text(`R.U.T. ${issuer.dotted}`, { align: 'center', family: big }).text('BOLETA ELECTRÓNICA', { align: 'center', family: big }).text(`Folio ${folio}`, { align: 'center', family: big });
    p.box(p.margin + 20, top, p.width - 2 * p.margin - 40, p.y - top + 4);
    p.gap(10);
  } else if (shape === 2) {
    p.text(`Rut ${issuer.dotted}  Giro ${shop.giro.toLowerCase()}`, { size: p.size - 4 });
    p.text(`B. ELECTRONICA Nro: ${folio}`, { family: big });
  } else {
    p.text(`RUT: ${issuer.dotted}`, { align: 'center' });
    p.text(`${rng.pick(STREETS)}`, { align: 'center', size: p.size - 3 });
    p.gap(6).text(`BOLETA ELECTRONICA N° ${folio}`, { align: 'center', family: big });
  }
  const style = rng.pick(RECEIPT_DATE_STYLES);
  const dateLine = rng.pick([`Fecha: ${formatDay(day, style)}  Hora: ${time(rng)}`, `Emision: ${formatDay(day, style)} ${time(rng)}`, `${formatDay(day, style)}   ${time(rng)}   Caja ${rng.int(1, 9)}`]);
  p.text(dateLine);
  if (rng.chance(0.5)) p.text(`Cajero: ${rng.pick(CASHIERS)}`);
  p.rule(rng.pick(['dashed', 'chars'] as const), rng.pick(['-', '=']));
  for (const it of items) {
    if (it.qty > 1 || rng.chance(0.3)) {
      p.text(it.name);
      p.row(`  ${it.qty} x ${miles(it.unit)}`, clp(it.total, rng.pick(['$', 'bare'] as const)));
    } else p.row(it.name, clp(it.total, rng.pick(['$', 'bare'] as const)));
  }
  p.rule('dashed');
  const neto = Math.round(total / 1.19);
  const discount = shape === 2 && rng.chance(0.5) ? price(rng, 500, Math.max(600, Math.floor(total / 5))) : 0;
  const paid = total - discount;
  if (shape === 0) {
    p.row('MONTO NETO', clp(neto, '$ ')).row('IVA 19%', clp(total - neto, '$ ')).row('TOTAL', clp(paid, '$ '), { family: big, size: p.size + 4 });
  } else if (shape === 1) {
    p.row('Total:', clp(paid), { family: big, size: p.size + 6 });
  } else if (shape === 2) {
    p.row('SUBTOTAL', clp(total));
    if (discount) p.row('DESCUENTO', `-${clp(discount)}`);
    p.row('TOTAL A PAGAR', clp(paid), { family: big });
  } else {
    p.row('MONTO TOTAL', clp(paid, '$ '), { family: big });
  }
  if (rng.chance(0.5)) {
    const cash = Math.ceil(paid / 10_000) * 10_000 + (rng.chance(0.5) ? 10_000 : 0);
    p.row('EFECTIVO', clp(cash)).row('VUELTO', clp(cash - paid));
  } else p.row(rng.pick(['TARJETA DEBITO', 'T. CREDITO', 'REDCOMPRA']), clp(paid)).text(`**** **** **** ${rng.int(1000, 9999)}`, { size: p.size - 3 });
  if (rng.chance(0.6)) p.text(`El IVA de esta boleta es: ${clp(Math.round(paid - paid / 1.19))}`, { size: p.size - 3 });
  p.gap(10);
  p.timbreLookalike(rng, p.width - 2 * p.margin - 40, timbreCaption(rng));
  p.text(rng.pick(['GRACIAS POR SU COMPRA', '¡Vuelva pronto!', 'Conserve su boleta']), { align: 'center' });
  return {
    canvas: p.finish(),
    truth: { amount: paid, currency: 'CLP', date: iso(day), documentType: 'boleta', taxId: issuer.normalized, folio, category: shop.category, issuer: shop.name, tags: [`forma-${shape}`, p.family] },
  };
}

/** A restaurant's pre-bill: the suggested tip is printed with a grand total that includes it; truth excludes it. */
export function preCuenta(rng: Rng): Built {
  const name = rng.pick(RESTAURANTS);
  const p = thermal(rng, { proportional: rng.chance(0.5) });
  const big = bold(p.family);
  const issuer = rut(rng, 'company');
  const showRut = rng.chance(0.6);
  const day = randomDay(rng);
  const items = pickItems(rng, DISHES, rng.int(2, 8));
  const total = items.reduce((s, i) => s + i.total, 0);
  const pct = rng.pick([10, 10, 10, 15]);
  const tip = Math.round((total * pct) / 100);
  p.text(name, { align: 'center', family: big, size: p.size + 4 });
  if (showRut) p.text(`RUT ${issuer.dotted}`, { align: 'center' });
  p.text(rng.pick(STREETS), { align: 'center', size: p.size - 2 });
  p.gap(6).text(rng.pick(['PRE-CUENTA', 'PRECUENTA', '*** PRE CUENTA ***']), { align: 'center', family: big });
  p.text(`Mesa ${rng.int(1, 40)}   Garzon: ${rng.pick(['PEDRO', 'CAMILA', 'JOSE L.', 'FRANCISCA'])}`);
  p.text(`${formatDay(day, rng.pick(RECEIPT_DATE_STYLES))} ${time(rng)}   Comensales: ${rng.int(1, 6)}`);
  p.rule('dashed');
  for (const it of items) p.row(`${it.qty} ${it.name}`, clp(it.total));
  p.rule('dashed');
  const layout = rng.int(0, 2);
  if (layout === 0) {
    p.row('TOTAL', clp(total), { family: big });
    p.row(`Propina sugerida ${pct}%`, clp(tip));
    p.row('TOTAL CON PROPINA', clp(total + tip), { family: big });
  } else if (layout === 1) {
    p.row('Consumo', clp(total));
    p.row(`Propina (${pct}%)`, clp(tip));
    p.row('Total', clp(total + tip), { family: big, size: p.size + 4 });
    p.text('La propina es voluntaria', { size: p.size - 3 });
  } else {
    p.row('SUBTOTAL', clp(total));
    p.row(`PROPINA SUGERIDA ${pct}%`, clp(tip));
    p.row('TOTAL A PAGAR', clp(total + tip), { family: big });
    p.text('Propina sugerida. Ley 21.636', { size: p.size - 4 });
  }
  if (rng.chance(0.5)) p.gap(6).text('DOCUMENTO NO VALIDO COMO BOLETA', { align: 'center', size: p.size - 2 });
  p.text('Solicite su boleta al pagar', { align: 'center', size: p.size - 3 });
  return {
    canvas: p.finish(),
    truth: { amount: total, currency: 'CLP', date: iso(day), documentType: null, taxId: showRut ? issuer.normalized : null, folio: null, category: 'alimentacion', issuer: name, tags: [`propina-${pct}`, `forma-${layout}`] },
  };
}

const TOLLS = [
  ['SOCIEDAD CONCESIONARIA AUTOPISTA DEL SOL S.A.', 'PLAZA DE PEAJE MELIPILLA'],
  ['RUTA DEL MAIPO SOC. CONCESIONARIA S.A.', 'PLAZA PEAJE ANGOSTURA'],
  ['SOC. CONCESIONARIA AUTOPISTA LOS LIBERTADORES', 'PEAJE CHACABUCO'],
  ['CONCESIONARIA RUTA 68 S.A.', 'PEAJE LO PRADO'],
  ['AUTOPISTA DEL ACONCAGUA S.A.', 'PLAZA DE PEAJE LAS VEGAS'],
];

/** A toll-booth ticket: the amount is printed as TARIFA, there is no TOTAL line. */
export function peaje(rng: Rng): Built {
  const [company, plaza] = rng.pick(TOLLS);
  const p = thermal(rng, { narrow: rng.chance(0.6) });
  const big = bold(p.family);
  const issuer = rut(rng, 'company');
  const day = randomDay(rng);
  const tarifa = rng.pick([1300, 1900, 2400, 2900, 3400, 3900, 4600, 5200]);
  const number = String(rng.int(10_000, 9_999_999));
  const asBoleta = rng.chance(0.5);
  p.text(company, { align: 'center', size: p.size - 2 });
  p.text(`RUT: ${issuer.dotted}`, { align: 'center' });
  p.text(plaza, { align: 'center', family: big });
  p.gap(6);
  p.text(asBoleta ? `BOLETA ELECTRONICA N° ${number}` : `TICKET N° ${number}`, { family: big });
  const style = rng.pick(RECEIPT_DATE_STYLES);
  if (rng.chance(0.5)) p.text(`FECHA: ${formatDay(day, style)}`).text(`HORA : ${time(rng)}:${String(rng.int(10, 59))}`);
  else p.text(`${formatDay(day, style)} ${time(rng)}`);
  p.text(`VIA: ${rng.int(1, 12)}   CAJERO: ${rng.int(100, 999)}`);
  p.text(`CATEGORIA: ${rng.pick(['1 AUTOS Y CAMIONETAS', '1', 'CAT 1 - LIVIANO'])}`);
  p.gap(4).text(`TARIFA: ${clp(tarifa, rng.pick(['$', '$ '] as const))}`, { family: big, size: p.size + 4 });
  if (rng.chance(0.4)) p.text(`Tarifa vigente ${rng.pick(['HORARIO PUNTA', 'NORMAL', 'FIN DE SEMANA'])}`, { size: p.size - 3 });
  if (asBoleta) p.gap(6).timbreLookalike(rng, p.width - 2 * p.margin - 20, timbreCaption(rng));
  p.text('BUEN VIAJE', { align: 'center' });
  return {
    canvas: p.finish(),
    truth: { amount: tarifa, currency: 'CLP', date: iso(day), documentType: asBoleta ? 'boleta' : 'ticket', taxId: issuer.normalized, folio: number, category: 'transporte', issuer: plaza, tags: [asBoleta ? 'boleta' : 'ticket'] },
  };
}

const PARKINGS = ['ESTACIONAMIENTOS CENTRAL PARK', 'PARKING PLAZA OESTE', 'ESTACIONAMIENTO CLINICA SANTA ELENA', 'PARKING TERMINAL SUR'];

/** A car-park ticket: entry and exit times, the time parked, a per-minute rate and the amount paid. */
export function estacionamiento(rng: Rng): Built {
  const name = rng.pick(PARKINGS);
  const p = thermal(rng, { narrow: rng.chance(0.5), proportional: rng.chance(0.3) });
  const big = bold(p.family);
  const issuer = rut(rng, 'company');
  const exit = randomDay(rng);
  const overnight = rng.chance(0.25);
  const entry: Day = overnight ? addDays(exit, -1) : exit;
  const minutes = overnight ? rng.int(120, 600) : rng.int(15, 300);
  const rate = rng.pick([19, 25, 29, 35]);
  const amount = Math.round((minutes * rate) / 10) * 10;
  const number = String(rng.int(100_000, 999_999));
  const style = rng.pick(RECEIPT_DATE_STYLES);
  const asBoleta = rng.chance(0.35);
  p.text(name, { align: 'center', family: big });
  p.text(`R.U.T. ${issuer.dotted}`, { align: 'center' });
  p.gap(6).text(asBoleta ? `BOLETA ELECTRONICA N° ${number}` : `TICKET N° ${number}`, { family: big });
  p.text(`PATENTE: ${String.fromCharCode(66 + rng.int(0, 20), 66 + rng.int(0, 20), 66 + rng.int(0, 20), 66 + rng.int(0, 20))}-${rng.int(10, 99)}`);
  p.text(`ENTRADA: ${formatDay(entry, style)} ${overnight ? `${rng.int(19, 23)}:${rng.int(10, 59)}` : `${rng.int(7, 12)}:${rng.int(10, 59)}`}`);
  p.text(`SALIDA : ${formatDay(exit, style)} ${overnight ? `0${rng.int(1, 9)}:${rng.int(10, 59)}` : `${rng.int(13, 20)}:${rng.int(10, 59)}`}`);
  p.text(`TIEMPO: ${Math.floor(minutes / 60)} h ${minutes % 60} min`);
  p.text(`VALOR MINUTO: ${clp(rate)}`);
  p.gap(4);
  p.row(rng.pick(['MONTO A PAGAR', 'VALOR', 'TOTAL', 'A PAGAR']), clp(amount), { family: big, size: p.size + 2 });
  if (rng.chance(0.4)) p.text(`PAGADO CON ${rng.pick(['EFECTIVO', 'TARJETA'])}`);
  if (asBoleta) p.gap(4).timbreLookalike(rng, p.width - 2 * p.margin - 20, timbreCaption(rng));
  p.text('No nos responsabilizamos por objetos', { align: 'center', size: p.size - 4 });
  return {
    canvas: p.finish(),
    truth: { amount, currency: 'CLP', date: iso(exit), documentType: asBoleta ? 'boleta' : 'ticket', taxId: issuer.normalized, folio: number, category: 'transporte', issuer: name, tags: overnight ? ['noche'] : [] },
  };
}

/** A factura on 80 mm roll paper, with the receptor's block (and RUT) printed before the items. */
export function facturaTermica(rng: Rng): Built {
  const shop = rng.pick(SHOPS.filter((s) => s.category !== 'alimentacion'));
  const p = thermal(rng, { proportional: rng.chance(0.5) });
  const big = bold(p.family);
  const issuer = rut(rng, 'company');
  const receptor = rut(rng, 'company');
  const day = randomDay(rng);
  const folio = String(rng.int(1000, 999_999));
  const items = pickItems(rng, shop.items, rng.int(1, 5));
  const neto = items.reduce((s, i) => s + i.total, 0);
  const iva = Math.round(neto * 0.19);
  const receptorFirst = rng.chance(0.5);
  p.text(shop.legal, { align: 'center', family: big });
  if (!receptorFirst) p.text(`RUT ${issuer.dotted}`, { align: 'center' });
  p.text(`GIRO: ${shop.giro}`, { align: 'center', size: p.size - 3 });
  p.gap(6).text('FACTURA ELECTRONICA', { align: 'center', family: big }).text(`N° ${folio}`, { align: 'center', family: big });
  p.text(`Fecha Emision: ${formatDay(day, rng.pick(RECEIPT_DATE_STYLES))}`);
  p.rule('dashed');
  p.text(`SEÑOR(ES): ${rng.pick(['CONSTRUCTORA LOS ALERCES SPA', 'SERVICIOS INTEGRALES NORTE LTDA', 'TRANSPORTES BIO BIO S.A.', 'ASESORIAS PUMA SPA'])}`);
  p.text(`RUT: ${receptor.dotted}`);
  p.text(`GIRO: ${rng.pick(['CONSTRUCCION', 'ASESORIAS', 'TRANSPORTE DE CARGA'])}`);
  p.text(`DIRECCION: ${rng.pick(STREETS)}`);
  p.rule('dashed');
  // Some thermal facturas print the issuer's RUT only at the foot, after the receptor's.
  for (const it of items) p.row(`${it.qty} ${it.name}`, clp(it.total));
  p.rule('dashed');
  p.row('NETO', clp(neto)).row('IVA 19%', clp(iva)).row('TOTAL', clp(neto + iva), { family: big, size: p.size + 2 });
  p.gap(6).timbreLookalike(rng, p.width - 2 * p.margin - 40, timbreCaption(rng));
  if (receptorFirst) p.text(`Emisor RUT ${issuer.dotted}`, { align: 'center' });
  return {
    canvas: p.finish(),
    truth: { amount: neto + iva, currency: 'CLP', date: iso(day), documentType: 'factura', taxId: issuer.normalized, folio, category: 'factura', issuer: shop.legal, tags: receptorFirst ? ['rut-emisor-al-pie'] : [] },
  };
}

const BR_SHOPS: Array<{ name: string; category: Category; items: Array<[string, number, number]> }> = [
  { name: 'SUPERMERCADO BOM PRECO LTDA', category: 'alimentacion', items: [['ARROZ TIPO 1 5KG', 18.9, 29.9], ['FEIJAO CARIOCA 1KG', 6.49, 9.99], ['CAFE TORRADO 500G', 14.9, 24.9], ['AGUA MINERAL 1,5L', 2.49, 4.99], ['PAO FRANCES KG', 12.9, 17.9]] },
  { name: 'DROGARIA SAO JOSE EIRELI', category: 'otros', items: [['DIPIRONA 500MG 10CP', 4.99, 12.9], ['PROTETOR SOLAR FPS 50', 39.9, 69.9], ['ESCOVA DENTAL', 7.9, 15.9]] },
  { name: 'POSTO ESTRELA DO SUL LTDA', category: 'combustible', items: [['GASOLINA COMUM', 80, 250], ['ETANOL HIDRATADO', 60, 200]] },
  { name: 'PADARIA E LANCHONETE PAULISTA', category: 'alimentacion', items: [['PAO DE QUEIJO', 4.5, 8.9], ['CAFE EXPRESSO', 5.5, 9], ['SUCO LARANJA 300ML', 8, 12.9], ['MISTO QUENTE', 12.9, 18.9]] },
];

/** A Brazilian NFC-e (DANFE NFC-e): BRL with a decimal comma, the issuer's CNPJ, sometimes a consumer's CPF. */
export function nfce(rng: Rng): Built {
  const shop = rng.pick(BR_SHOPS);
  const p = thermal(rng, { narrow: rng.chance(0.4) });
  const big = bold(p.family);
  const id = cnpj(rng);
  const day = randomDay(rng);
  const items = Array.from({ length: rng.int(1, 6) }, (_, i) => {
    const [name, lo, hi] = rng.pick(shop.items);
    const qty = rng.chance(0.3) ? rng.int(2, 3) : 1;
    const unit = Math.round(rng.range(lo, hi) * 100) / 100;
    return { code: String(rng.int(1000, 99999)), name, qty, unit, total: Math.round(qty * unit * 100) / 100, i };
  });
  const sum = Math.round(items.reduce((s, i) => s + i.total, 0) * 100) / 100;
  const discount = rng.chance(0.3) ? Math.round(sum * 0.05 * 100) / 100 : 0;
  const pay = Math.round((sum - discount) * 100) / 100;
  const p2 = (n: number) => String(n).padStart(2, '0');
  const dt = `${p2(day.d)}/${p2(day.m)}/${day.y} ${time(rng)}:${p2(rng.int(0, 59))}`;
  p.text(shop.name, { align: 'center', family: big });
  p.text(`CNPJ: ${id}  IE: ${rng.int(100_000_000, 999_999_999)}`, { align: 'center', size: p.size - 3 });
  p.text(`${rng.pick(['RUA DAS FLORES, 120', 'AV. PAULISTA, 1500', 'RUA XV DE NOVEMBRO, 88'])} - ${rng.pick(['SAO PAULO - SP', 'CURITIBA - PR', 'RIO DE JANEIRO - RJ'])}`, { align: 'center', size: p.size - 3 });
  p.rule('dashed');
  p.text('DANFE NFC-e - Documento Auxiliar', { align: 'center', size: p.size - 2 });
  p.text('da Nota Fiscal de Consumidor Eletronica', { align: 'center', size: p.size - 2 });
  p.rule('dashed');
  p.text('# COD DESCRICAO QTD UN VL.UNIT VL.TOTAL', { size: p.size - 4 });
  for (const it of items) {
    p.text(`${String(it.i + 1).padStart(3, '0')} ${it.code} ${it.name}`, { size: p.size - 2 });
    p.row(`    ${it.qty} UN x ${brl(it.unit)}`, brl(it.total), { size: p.size - 2 });
  }
  p.rule('dashed');
  p.row('Qtd. total de itens', String(items.length));
  p.row('Valor total R$', brl(sum));
  if (discount) p.row('Desconto R$', brl(discount));
  p.row('Valor a Pagar R$', brl(pay), { family: big });
  p.row('FORMA PAGAMENTO', 'VALOR PAGO R$');
  const cash = rng.chance(0.4);
  const given = cash ? Math.ceil(pay / 10) * 10 + (rng.chance(0.5) ? 50 : 0) : pay;
  p.row(cash ? 'Dinheiro' : rng.pick(['Cartao de Credito', 'Cartao de Debito', 'PIX']), brl(given));
  p.row('Troco R$', brl(Math.round((given - pay) * 100) / 100));
  p.rule('dashed');
  p.text(`Tributos Totais Incidentes (Lei Federal 12.741/2012): R$ ${brl(Math.round(pay * 0.18 * 100) / 100)}`, { size: p.size - 5 });
  p.text(`NFC-e n° ${rng.int(1000, 999_999)} Serie ${rng.int(1, 9).toString().padStart(3, '0')} ${dt}`, { size: p.size - 2 });
  p.text('Consulte pela Chave de Acesso em www.nfce.fazenda.sp.gov.br', { size: p.size - 5 });
  p.text(Array.from({ length: 11 }, () => String(rng.int(1000, 9999))).join(' '), { size: p.size - 5 });
  if (rng.chance(0.5)) p.text(`CONSUMIDOR - CPF: ${rng.int(100, 999)}.${rng.int(100, 999)}.${rng.int(100, 999)}-${rng.int(10, 99)}`, { size: p.size - 2 });
  else p.text('CONSUMIDOR NAO IDENTIFICADO', { size: p.size - 2 });
  p.text(`Protocolo de autorizacao: ${rng.int(100_000_000, 999_999_999)}${rng.int(100_000, 999_999)}`, { size: p.size - 5 });
  // The QR code's place: the reader should not need it.
  const q = p.y + 10;
  for (let r = 0; r < 25; r++) for (let c = 0; c < 25; c++) if (rng.chance(0.5) || (r < 7 && c < 7) || (r < 7 && c > 17) || (r > 17 && c < 7)) p.ctx.fillRect(p.width / 2 - 100 + c * 8, q + r * 8, 8, 8);
  p.gap(220);
  return {
    canvas: p.finish(),
    truth: { amount: pay, currency: 'BRL', date: iso(day), documentType: 'boleta', taxId: id, folio: null, category: shop.category, issuer: shop.name, tags: [cash ? 'troco' : 'cartao', discount ? 'desconto' : ''].filter(Boolean) },
  };
}
