import { deflateSync } from 'node:zlib';
import { PDFParse } from 'pdf-parse';
import { describe, expect, test } from 'vitest';
import { buildComprobantePdf, comprobanteFileName, pdfSafe, type ComprobanteData, type PdfImage } from './pdf';

/** A solid-colour PNG built by hand, so the test needs no image files. */
function png(width: number, height: number): PdfImage {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x60)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const file = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  return { dataUrl: `data:image/png;base64,${file.toString('base64')}`, format: 'PNG', width, height };
}

const data: ComprobanteData = {
  expenseNumber: 42,
  companyName: 'Comercial Andes SpA',
  rows: [
    ['N° de rendición', '42'],
    ['Descripción', 'Almuerzo con cliente en Providencia, reunión de cierre de contrato anual'],
    ['Monto CLP', '$12.990'],
    ['Estado', 'Aprobada'],
  ],
};

async function textOf(bytes: ArrayBuffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const result = await parser.getText();
  await parser.destroy();
  return { text: result.text, pages: result.total };
}

describe('comprobante PDF', () => {
  test('is a text PDF with the title, company, number, every row and the footer', async () => {
    const { text, pages } = await textOf(buildComprobantePdf(data, null).output('arraybuffer'));
    expect(pages).toBe(1);
    for (const s of ['Comprobante de Rendición', 'Comercial Andes SpA', 'N° 42', 'Descripción', 'Providencia', '$12.990', 'Aprobada', 'Generado por Rendix']) {
      expect(text).toContain(s);
    }
  });

  test('long content and a tall receipt flow onto more pages, each with the footer', async () => {
    const long: ComprobanteData = { ...data, rows: Array.from({ length: 40 }, (_, i) => [`Campo ${i + 1}`, 'texto largo '.repeat(30)] as [string, string]) };
    const { text, pages } = await textOf(buildComprobantePdf(long, png(100, 3000)).output('arraybuffer'));
    expect(pages).toBeGreaterThan(3);
    expect(text.match(/Generado por Rendix/g)?.length).toBe(pages);
    expect(text).toContain('Campo 40');
    expect(text).toContain('Comprobante adjunto');
  });

  test('a receipt image is embedded', () => {
    const bytes = Buffer.from(buildComprobantePdf(data, png(20, 10)).output('arraybuffer'));
    expect(bytes.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  test('file name: spaces become underscores, unsafe characters go', () => {
    expect(comprobanteFileName(42, 'Comercial Andes SpA')).toBe('comprobante_rendicion_42_Comercial_Andes_SpA.pdf');
    expect(comprobanteFileName(7, ' A/B: "Café" <Ñuñoa>? ')).toBe('comprobante_rendicion_7_AB_Café_Ñuñoa.pdf');
    expect(comprobanteFileName(7, '')).toBe('comprobante_rendicion_7.pdf');
  });

  test('characters the PDF fonts cannot draw are replaced', () => {
    expect(pdfSafe('Ñandú — “ok” 🚕')).toBe('Ñandú — “ok” ?');
  });
});
