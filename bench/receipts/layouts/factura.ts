/** A4 facturas electrónicas (TD 33): the spec, the jsPDF text-layer rendering and the scanned (image-only) version. */
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { addDays, clp, formatDate, randomDate, type DateStyle } from '../lib/format.js';
import { newPdf } from '../lib/pdf.js';
import { companyRut, makeRut, type Rng, type Rut } from '../lib/random.js';
import { siiSampleTed, timbrePng, type TimbreFactory } from '../lib/timbre.js';
import type { TruthEntry } from '../truth.js';
import { noiseOverlay } from './photo.js';

interface Party {
  name: string;
  rut: Rut;
  giro: string;
  address: string;
  comuna: string;
}

const ISSUERS: Array<Omit<Party, 'rut'> & { old?: boolean; items: Array<[string, number, number]> }> = [
  { name: 'COMERCIAL ANDES SpA', giro: 'VENTA AL POR MAYOR DE ARTICULOS DE OFICINA', address: 'AV. PROVIDENCIA 1234 OF. 501', comuna: 'PROVIDENCIA', items: [['RESMA PAPEL CARTA 75G', 3900, 4800], ['TONER HP 26A ORIGINAL', 78000, 95000], ['ARCHIVADOR PALANCA OFICIO', 1800, 2600], ['SILLA ERGONOMICA MALLA', 89000, 149000]] },
  { name: 'DISTRIBUIDORA DEL PACIFICO LTDA', giro: 'DISTRIBUCION DE ALIMENTOS Y BEBIDAS', address: 'CAMINO LO BOZA 120, BODEGA 14', comuna: 'PUDAHUEL', items: [['AGUA PURIFICADA BIDON 20L', 2900, 3900], ['CAFE GRANO 1KG', 14900, 19900], ['AZUCAR 1KG', 1100, 1400], ['GALLETAS SURTIDAS CAJA', 6900, 8900]] },
  { name: 'SERVICIOS INFORMATICOS NUBE AUSTRAL SpA', giro: 'SERVICIOS DE TECNOLOGIA DE LA INFORMACION', address: 'AV. APOQUINDO 4700 PISO 12', comuna: 'LAS CONDES', items: [['SOPORTE TECNICO MENSUAL', 180000, 450000], ['LICENCIA SOFTWARE ANUAL', 95000, 320000], ['HORAS DE DESARROLLO', 28000, 45000]] },
  { name: 'TRANSPORTES CORDILLERA LTDA', giro: 'TRANSPORTE DE CARGA POR CARRETERA', address: 'RUTA 5 NORTE KM 21', comuna: 'LAMPA', items: [['FLETE SANTIAGO - RANCAGUA', 120000, 220000], ['FLETE SANTIAGO - VALPARAISO', 140000, 260000], ['CARGA Y DESCARGA', 35000, 60000]] },
  { name: 'FERRETERIA INDUSTRIAL EL ROBLE S.A.', giro: 'VENTA AL POR MAYOR DE FERRETERIA', address: 'AV. INDEPENDENCIA 3355', comuna: 'CONCHALI', old: true, items: [['PERNO HEXAGONAL 1/2 X 3', 250, 480], ['DISCO CORTE METAL 7"', 1900, 2900], ['ELECTRODO 6011 1/8 KG', 4900, 6900], ['GUANTE CABRITILLA PAR', 2100, 3200]] },
  { name: 'HOTELERA SAN FRANCISCO S.A.', giro: 'HOTELES Y SERVICIOS DE ALOJAMIENTO', address: 'AV. LIBERTADOR B. O\'HIGGINS 816', comuna: 'SANTIAGO', old: true, items: [['ALOJAMIENTO HABITACION SUPERIOR', 68000, 98000], ['SERVICIO DE LAVANDERIA', 8000, 15000], ['ARRIENDO SALON EJECUTIVO', 120000, 250000]] },
  { name: 'ARRIENDOS DE VEHICULOS SUR LTDA', giro: 'ALQUILER DE VEHICULOS AUTOMOTORES', address: 'AV. AMERICO VESPUCIO 1501', comuna: 'CERRILLOS', items: [['ARRIENDO CAMIONETA 4X4 DIA', 45000, 65000], ['SEGURO DEDUCIBLE CERO', 9000, 14000], ['TAG / PEAJES', 4000, 18000]] },
  { name: 'IMPRENTA Y GRAFICA LOS LEONES SpA', giro: 'IMPRESION Y SERVICIOS GRAFICOS', address: 'LOS LEONES 2345', comuna: 'PROVIDENCIA', items: [['TARJETAS DE PRESENTACION 1000U', 25000, 39000], ['PENDON ROLLER 80X200', 39000, 59000], ['FOLLETOS A5 COLOR 500U', 45000, 69000]] },
  { name: 'CONSULTORA PATAGONIA INGENIERIA LTDA', giro: 'SERVICIOS DE INGENIERIA Y CONSULTORIA', address: 'O\'HIGGINS 940 OF. 302', comuna: 'CONCEPCION', items: [['ASESORIA TECNICA PROYECTO', 350000, 1200000], ['VISITA A TERRENO', 85000, 150000]] },
  { name: 'ALIMENTOS Y CATERING EL PARRON SpA', giro: 'SERVICIOS DE BANQUETERIA', address: 'AV. VICUNA MACKENNA 7210', comuna: 'LA FLORIDA', items: [['COFFEE BREAK POR PERSONA', 4500, 7500], ['ALMUERZO EJECUTIVO', 7900, 11900], ['SERVICIO DE GARZON', 25000, 40000]] },
];

const RECEIVERS: Array<Omit<Party, 'rut'>> = [
  { name: 'CONSTRUCTORA LOS ALERCES SpA', giro: 'CONSTRUCCION DE EDIFICIOS', address: 'AV. ANDRES BELLO 2777 OF. 1101', comuna: 'LAS CONDES' },
  { name: 'INGENIERIA Y MONTAJES BIO BIO LTDA', giro: 'MONTAJES INDUSTRIALES', address: 'COLO COLO 550', comuna: 'CONCEPCION' },
  { name: 'AGRICOLA SANTA ROSA S.A.', giro: 'CULTIVO DE FRUTAS', address: 'PARCELA 14, CAMINO A PIRQUE', comuna: 'PIRQUE' },
];

export interface FacturaSpec {
  issuer: Party;
  receiver: Party;
  folio: number;
  date: string;
  dateStyle: DateStyle;
  dueDate: string | null;
  dueDateFirst: boolean;
  items: Array<{ code: string; desc: string; qty: number; unit: number; total: number }>;
  net: number;
  iva: number;
  total: number;
  ted: string;
  title: string;
}

export function buildFactura(rng: Rng, root: Rng, timbres: TimbreFactory, opts: { sample?: boolean; dueDate?: boolean; dueDateFirst?: boolean; issuer?: number } = {}): { spec: FacturaSpec; truth: Omit<TruthEntry, 'file' | 'kind'> } {
  const rcv = rng.pick(RECEIVERS);
  const receiver: Party = { ...rcv, rut: companyRut(root.fork(`rut:${rcv.name}`)) };
  let spec: FacturaSpec;
  if (opts.sample) {
    // The SII's published sample timbre: everything printed must agree with it.
    const net = Math.round(2890260 / 1.19);
    spec = {
      issuer: { name: 'RUT DE PRUEBA FACTURA ELECTRONICA DR7', rut: makeRut(44300251), giro: 'EMPRESA DE PRUEBA DEL SII', address: 'TEATINOS 120', comuna: 'SANTIAGO' },
      receiver: { name: 'EDUARDO HONZALEZ MENDEZ', rut: makeRut(1), giro: 'PARTICULAR', address: 'SIN DIRECCION', comuna: 'SANTIAGO' },
      folio: 375, date: '2010-11-10', dateStyle: 'dd/mm/yyyy', dueDate: null, dueDateFirst: false,
      items: [{ code: '001', desc: 'prueba', qty: 1, unit: net, total: net }],
      net, iva: 2890260 - net, total: 2890260, ted: siiSampleTed(), title: 'FACTURA ELECTRONICA',
    };
  } else {
    const iss = opts.issuer === undefined ? rng.pick(ISSUERS) : ISSUERS[opts.issuer % ISSUERS.length];
    const issuer: Party = { ...iss, rut: companyRut(root.fork(`rut:${iss.name}`), { old: iss.old }) };
    const date = randomDate(rng);
    const items = rng.sample(iss.items, rng.int(1, Math.min(4, iss.items.length))).map(([desc, min, max], i) => {
      const qty = rng.chance(0.5) ? 1 : rng.int(2, 24);
      const unit = Math.round(rng.int(min, max) / 10) * 10;
      return { code: String(1000 + i * 7 + rng.int(0, 6)), desc, qty, unit, total: qty * unit };
    });
    const net = items.reduce((a, it) => a + it.total, 0);
    const iva = Math.round(net * 0.19);
    const folio = rng.int(120, 48000);
    const ted = timbres.ted({ issuerRut: issuer.rut.normalized, documentTypeCode: 33, folio, date, total: net + iva, receiverRut: receiver.rut.normalized, receiverName: receiver.name, firstItem: items[0].desc, issuerName: issuer.name });
    spec = {
      issuer, receiver, folio, date, dateStyle: rng.pick(['dd/mm/yyyy', 'dd-mm-yyyy', 'dd de mes de yyyy'] as const),
      dueDate: opts.dueDate || rng.chance(0.3) ? addDays(date, rng.pick([30, 30, 45, 60])) : null,
      dueDateFirst: !!opts.dueDateFirst, items, net, iva, total: net + iva, ted,
      title: rng.chance(0.7) ? 'FACTURA ELECTRONICA' : 'FACTURA ELECTRÓNICA',
    };
  }
  const tags = ['timbre', `date:${spec.dateStyle}`];
  if (opts.sample) tags.push('sii-sample');
  if (spec.dueDate) tags.push(spec.dueDateFirst ? 'due-date-first' : 'due-date');
  return {
    spec,
    truth: {
      amount: spec.total, currency: 'CLP', date: spec.date, documentType: 'factura', taxId: spec.issuer.rut.normalized,
      folio: String(spec.folio), category: 'factura', hasTimbre: true, timbreLegible: true, issuer: spec.issuer.name, tags,
    },
  };
}

const money = (n: number) => `$ ${clp(n)}`;

/** The factura as a PDF with a text layer (what an ERP or the SII portal emits). */
export async function renderFacturaPdf(spec: FacturaSpec): Promise<Buffer> {
  const doc = newPdf(`factura:${spec.issuer.rut.normalized}:${spec.folio}`);
  doc.setFont('helvetica', 'bold').setFontSize(13).text(spec.issuer.name, 15, 20);
  doc.setFont('helvetica', 'normal').setFontSize(8.5);
  doc.text(doc.splitTextToSize(`Giro: ${spec.issuer.giro}`, 105), 15, 26);
  doc.text(`Casa Matriz: ${spec.issuer.address}`, 15, 34);
  doc.text(`${spec.issuer.comuna} - SANTIAGO`, 15, 38);
  doc.text(`Fono: +56 2 2${spec.folio % 900 + 100} ${4000 + (spec.folio % 5000)}   contacto@${spec.issuer.name.split(' ').slice(0, 2).join('').toLowerCase().replace(/[^a-z]/g, '')}.cl`, 15, 42);

  doc.setDrawColor(200, 0, 0).setLineWidth(0.8).rect(130, 12, 65, 32);
  doc.setTextColor(200, 0, 0).setFont('helvetica', 'bold').setFontSize(11);
  doc.text(`R.U.T.: ${spec.issuer.rut.dotted}`, 162.5, 20, { align: 'center' });
  doc.setFontSize(12).text(spec.title, 162.5, 28, { align: 'center' });
  doc.text(`N° ${spec.folio}`, 162.5, 37, { align: 'center' });
  doc.setFontSize(9).text('S.I.I. - SANTIAGO CENTRO', 162.5, 49, { align: 'center' });
  doc.setTextColor(0, 0, 0);

  doc.setDrawColor(120, 120, 120).setLineWidth(0.2).rect(15, 55, 180, 34);
  doc.setFontSize(9);
  const recv: Array<[string, string]> = [
    ['Señor(es):', spec.receiver.name],
    ['R.U.T.:', spec.receiver.rut.dotted],
    ['Giro:', spec.receiver.giro],
    ['Dirección:', spec.receiver.address],
    ['Comuna:', spec.receiver.comuna],
  ];
  recv.forEach(([k, v], i) => {
    doc.setFont('helvetica', 'bold').text(k, 18, 61 + i * 6);
    doc.setFont('helvetica', 'normal').text(v.slice(0, 48), 38, 61 + i * 6);
  });
  const dates: Array<[string, string]> = [['Fecha Emisión:', formatDate(spec.date, spec.dateStyle)]];
  if (spec.dueDate) dates[spec.dueDateFirst ? 'unshift' : 'push'](['Fecha Vencimiento:', formatDate(spec.dueDate, spec.dateStyle)]);
  dates.push(['Condición de Pago:', spec.dueDate ? 'Crédito' : 'Contado']);
  dates.forEach(([k, v], i) => {
    doc.setFont('helvetica', 'bold').text(k, 128, 61 + i * 6);
    doc.setFont('helvetica', 'normal').text(v, 160, 61 + i * 6);
  });

  doc.setFillColor(225, 225, 225).rect(15, 95, 180, 7, 'F');
  doc.setFont('helvetica', 'bold').setFontSize(8.5);
  doc.text('Código', 17, 99.8);
  doc.text('Descripción', 35, 99.8);
  doc.text('Cantidad', 122, 99.8, { align: 'right' });
  doc.text('Precio Unit.', 152, 99.8, { align: 'right' });
  doc.text('Valor', 193, 99.8, { align: 'right' });
  doc.setFont('helvetica', 'normal');
  spec.items.forEach((it, i) => {
    const y = 108 + i * 6;
    doc.text(it.code, 17, y);
    doc.text(it.desc, 35, y);
    doc.text(String(it.qty), 122, y, { align: 'right' });
    doc.text(clp(it.unit), 152, y, { align: 'right' });
    doc.text(clp(it.total), 193, y, { align: 'right' });
  });
  doc.setDrawColor(120, 120, 120).line(15, 200, 195, 200);

  const totals: Array<[string, string]> = [
    ['MONTO NETO', money(spec.net)],
    ['MONTO EXENTO', money(0)],
    ['I.V.A. 19%', money(spec.iva)],
    ['TOTAL', money(spec.total)],
  ];
  doc.rect(130, 205, 65, 30);
  totals.forEach(([k, v], i) => {
    doc.setFont('helvetica', i === 3 ? 'bold' : 'normal').setFontSize(i === 3 ? 10.5 : 9);
    doc.text(k, 133, 212 + i * 6.5);
    doc.text(v, 192, 212 + i * 6.5, { align: 'right' });
  });

  const png = await timbrePng(spec.ted, { columns: 14, scale: 3, rowmult: 3 });
  const meta = await sharp(png).metadata();
  const w = 88;
  const h = (w * (meta.height ?? 1)) / (meta.width ?? 1);
  doc.addImage(new Uint8Array(png), 'PNG', 15, 205, w, h);
  doc.setFontSize(8).setFont('helvetica', 'normal');
  doc.text('Timbre Electrónico SII', 15 + w / 2, 209 + h, { align: 'center' });
  doc.text('Res. 99 de 2014 - Verifique documento: www.sii.cl', 15 + w / 2, 213 + h, { align: 'center' });
  return Buffer.from(doc.output('arraybuffer'));
}

/**
 * The same factura printed and scanned: the page rasterised at ~220 dpi, slightly rotated, noisy and JPEG-compressed,
 * embedded as the only content of an A4 PDF (no text layer).
 */
export async function renderFacturaScan(pdf: Buffer, rng: Rng): Promise<{ pdf: Buffer; tags: string[] }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  let page: Uint8Array;
  try {
    const shot = await parser.getScreenshot({ scale: 220 / 72, imageBuffer: true, imageDataUrl: false });
    page = shot.pages[0].data;
  } finally {
    await parser.destroy();
  }
  const angle = rng.float(0.3, 1.4) * (rng.chance(0.5) ? -1 : 1);
  const grey = rng.chance(0.6);
  const quality = rng.int(70, 85);
  let img = sharp(page).flatten({ background: '#ffffff' });
  if (grey) img = img.greyscale();
  const rotated = await img.rotate(angle, { background: '#f4f4f2' }).toBuffer({ resolveWithObject: true });
  const { width, height } = rotated.info;
  const noisy = await sharp(rotated.data)
    .composite([{ input: noiseOverlay(rng, width, height, 18), raw: { width, height, channels: 1 }, blend: 'multiply' }])
    .blur(0.45)
    .linear(rng.float(0.92, 1.0), rng.float(-6, 4))
    .jpeg({ quality })
    .toBuffer();
  const doc = newPdf(`scan:${rng.seed}`);
  doc.addImage(new Uint8Array(noisy), 'JPEG', 0, 0, 210, 297);
  return { pdf: Buffer.from(doc.output('arraybuffer')), tags: [`rot:${angle.toFixed(2)}`, `jpeg:${quality}`, grey ? 'grey' : 'color'] };
}
