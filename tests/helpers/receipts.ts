import { readFileSync } from 'node:fs';
import bwipjs from 'bwip-js/node';
import { jsPDF } from 'jspdf';
import sharp from 'sharp';

/** The SII's own sample timbre (Manual de Muestras Impresas): issuer 44300251-0, factura 33, folio 375, $2.890.260. */
export const SII_SAMPLE_TED = readFileSync(new URL('../fixtures/sii-sample-ted.xml', import.meta.url), 'latin1').trim();

/** A Copec boleta as printed (cash handed over and change after the total), for the tests that read one. */
export const COPEC_BOLETA_LINES = [
  'COPEC S.A.',
  'R.U.T.: 99.520.000-7',
  'BOLETA ELECTRONICA',
  'N° 88123',
  'Fecha: 14/03/2025 12:31',
  'GASOLINA 95        $35.000',
  'TOTAL              $35.000',
  'EFECTIVO           $40.000',
  'VUELTO              $5.000',
];

/** PDF417 of a timbre as the SII prints it: ISO-8859-1 bytes, error correction level 5. */
export async function timbrePng(ted: string, width = 520): Promise<Buffer> {
  // `columns` and `eclevel` are BWIPP options the typings do not list.
  const options = { bcid: 'pdf417', text: Buffer.from(ted, 'latin1').toString('binary'), columns: 12, eclevel: 5, scale: 2, height: 3, binarytext: true };
  const png: Buffer = await bwipjs.toBuffer(options as bwipjs.RenderOptions);
  return sharp(png).resize({ width }).png().toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A thermal boleta as a photo would show it: monospace lines on an 80 mm roll, with the timbre below when given. */
export async function thermalReceipt(lines: string[], opts: { ted?: string; format?: 'jpeg' | 'png'; rotate?: 0 | 90 | 180 | 270 } = {}): Promise<Buffer> {
  const width = 576;
  const textHeight = lines.length * 32 + 40;
  const barcode = opts.ted ? await timbrePng(opts.ted) : null;
  const barcodeHeight = barcode ? ((await sharp(barcode).metadata()).height ?? 0) + 40 : 0;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${textHeight + barcodeHeight}"><rect width="100%" height="100%" fill="white"/>${lines
    .map((l, i) => `<text x="20" y="${40 + i * 32}" font-family="DejaVu Sans Mono" font-size="22" xml:space="preserve">${escapeXml(l)}</text>`)
    .join('')}</svg>`;
  let image = sharp(Buffer.from(svg));
  if (barcode) image = sharp(await image.composite([{ input: barcode, top: textHeight, left: 28 }]).png().toBuffer());
  if (opts.rotate) image = sharp(await image.png().toBuffer()).rotate(opts.rotate);
  return opts.format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

/** An A4 factura with a text layer (what an ERP prints), the timbre embedded as an image at the foot. */
export async function facturaPdf(lines: string[], opts: { ted?: string } = {}): Promise<Buffer> {
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(11);
  lines.forEach((line, i) => doc.text(line, 20, 25 + i * 7));
  if (opts.ted) {
    const png = await timbrePng(opts.ted, 700);
    const meta = await sharp(png).metadata();
    const w = 80;
    doc.addImage(png, 'PNG', 20, 285 - 30 - (w * (meta.height ?? 1)) / (meta.width ?? 1), w, (w * (meta.height ?? 1)) / (meta.width ?? 1));
    doc.text('Timbre Electrónico SII - Res. 80 de 2014 - Verifique documento: www.sii.cl', 20, 275);
  }
  return Buffer.from(doc.output('arraybuffer'));
}

/** The same factura as a scanner would produce it: one raster page, no text layer. */
export async function scannedPdf(page: Buffer): Promise<Buffer> {
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  const jpeg = await sharp(page).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
  doc.addImage(jpeg, 'JPEG', 0, 0, 210, 297);
  return Buffer.from(doc.output('arraybuffer'));
}
