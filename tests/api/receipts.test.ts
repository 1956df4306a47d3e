import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { jsPDF } from 'jspdf';
import { buildSignedTed, createCafKeyPair } from '../../src/server/receipts/ted.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { catalogIds, expenseFields, fileExpense, registerUser } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';
import { COPEC_BOLETA_LINES, SII_SAMPLE_TED, facturaPdf, scannedPdf, thermalReceipt } from '../helpers/receipts.js';

let t: TestApp;
beforeAll(async () => {
  // The reading's own time limit (30 s by default) is not under test here; an upside-down page read on a busy 2-core
  // CI machine has passed it (a 503).
  t = await startTestApp({ env: { RECEIPT_TIMEOUT_MS: '110000' } });
});
afterAll(async () => {
  await t?.close();
});

function analyze(client: TestClient, data: Buffer, name = 'recibo.jpg') {
  const form = new FormData();
  form.append('receipt', new Blob([new Uint8Array(data)]), name);
  return client.request('POST', '/api/receipts/analyze', form);
}

const keys = createCafKeyPair(512);
const BOLETA_LINES = COPEC_BOLETA_LINES;
const boletaTed = (overrides: Partial<Parameters<typeof buildSignedTed>[0]> = {}) =>
  buildSignedTed({ issuerRut: '99520000-7', documentTypeCode: 39, folio: 88123, date: '2025-03-14', total: 35000, firstItem: 'GASOLINA 95', ...overrides }, keys);

describe('POST /api/receipts/analyze', () => {
  test('a boleta photo with a signed timbre: the timbre gives RUT, type, folio, date and total, verified', async () => {
    const { client } = await registerUser(t);
    const res = await analyze(client, await thermalReceipt(BOLETA_LINES, { ted: boletaTed() }));
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ amount: 35000, currency: 'CLP', amountCLP: 35000, exchangeRate: 1, date: '2025-03-14', documentType: 'boleta', invoiceNumber: '88123', taxId: '99520000-7', method: 'image', flags: [] });
    expect(d.timbre).toMatchObject({ issuerRut: '99520000-7', documentTypeCode: 39, documentTypeLabel: 'Boleta Electrónica', folio: '88123', total: 35000, signatureValid: true, problem: null });
    expect(d.sources).toMatchObject({ amount: 'timbre', date: 'timbre', taxId: 'timbre', invoiceNumber: 'timbre', documentType: 'timbre' });
    expect(d.category).toBe('combustible');
    expect(d.confidence).toBeGreaterThanOrEqual(0.95);
    expect(d.confidence).toBeLessThanOrEqual(1);
  });

  test('the SII sample timbre on an A4 factura PDF: text layer read without OCR, timbre verified, neto/IVA split', async () => {
    const { client } = await registerUser(t);
    const pdf = await facturaPdf(
      [
        'RUT DE PRUEBA FACTURA ELECTRONICA DR7 LTDA.',
        'R.U.T.: 44.300.251-0',
        'FACTURA ELECTRONICA N° 375',
        'S.I.I. - SANTIAGO',
        'Fecha Emision: 10 de Noviembre del 2010',
        'Señor(es): EDUARDO HONZALEZ MENDEZ',
        'MONTO NETO $ 2.428.790',
        'IVA 19% $ 461.470',
        'TOTAL $ 2.890.260',
      ],
      { ted: SII_SAMPLE_TED },
    );
    const res = await analyze(client, pdf, 'factura.pdf');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.method).toBe('pdf-text');
    expect(d).toMatchObject({ amount: 2890260, date: '2010-11-10', documentType: 'factura', invoiceNumber: '375', taxId: '44300251-0', netAmount: 2428790, taxAmount: 461470 });
    expect(d.timbre).toMatchObject({ documentTypeCode: 33, documentTypeLabel: 'Factura Electrónica', receiverName: 'EDUARDO HONZALEZ MENDEZ', signatureValid: true });
    expect(d.sources).toMatchObject({ amount: 'timbre', netAmount: 'text', taxAmount: 'text' });
    expect(d.flags).toEqual([]);
  });

  test('a scanned factura (no text layer) is rendered, read by OCR and its timbre found', async () => {
    const { client } = await registerUser(t);
    const page = await thermalReceipt(['FERRETERIA EL MAESTRO SPA', 'R.U.T.: 76.543.210-3', 'FACTURA ELECTRONICA N° 4521', 'TOTAL $ 119.000'], {
      ted: buildSignedTed({ issuerRut: '76543210-3', documentTypeCode: 33, folio: 4521, date: '2025-06-02', total: 119000 }, keys),
      format: 'png',
    });
    const res = await analyze(client, await scannedPdf(page), 'scan.pdf');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ method: 'pdf-scan', amount: 119000, invoiceNumber: '4521', taxId: '76543210-3', documentType: 'factura' });
    expect(res.body.data.timbre.signatureValid).toBe(true);
  });

  test('without a timbre, OCR and the parser fill the fields (sources say ocr), upside-down photos included', async () => {
    const { client } = await registerUser(t);
    const lines = ['RESTAURANT EL RINCON', 'BOLETA N° 5521', 'Fecha: 02-05-2025', 'LOMO A LO POBRE   $12.990', 'SUBTOTAL         $12.990', 'PROPINA SUGERIDA  $1.299', 'TOTAL            $12.990'];
    for (const rotate of [0, 180] as const) {
      const res = await analyze(client, await thermalReceipt(lines, { rotate }));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ amount: 12990, date: '2025-05-02', documentType: 'boleta', invoiceNumber: '5521', category: 'alimentacion', timbre: null });
      expect(res.body.data.sources.amount).toBe('ocr');
      expect(res.body.data.confidence).toBeLessThan(0.95);
    }
    // The upside-down page is read as it lies, probed turned and read again: slow on a busy 2-core machine.
  }, 240_000);

  test('a tampered timbre is reported invalid; a printed total that differs from the timbre is flagged', async () => {
    const { client } = await registerUser(t);
    const forged = boletaTed().replace('<MNT>35000</MNT>', '<MNT>95000</MNT>');
    const res = await analyze(client, await thermalReceipt(BOLETA_LINES, { ted: forged }));
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.timbre.signatureValid).toBe(false);
    expect(d.timbre.problem).toBe('La firma del timbre no corresponde a su contenido.');
    expect(d.flags.map((f: { code: string }) => f.code).sort()).toEqual(['timbre_invalid', 'timbre_total_mismatch']);
    expect(d.flags.find((f: { code: string }) => f.code === 'timbre_total_mismatch').message).toBe('El total impreso ($35.000) no coincide con el del timbre SII ($95.000).');
    expect(d.confidence).toBeLessThanOrEqual(0.5);
  });

  test('bad files answer clear Spanish errors', async () => {
    const { client } = await registerUser(t);
    expectCleanError(await analyze(client, Buffer.alloc(0), 'vacio.jpg'), 400, 'El archivo está vacío.');
    expectCleanError(await analyze(client, Buffer.from('no soy una imagen'), 'x.jpg'), 400);
    const corruptJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expectCleanError(await analyze(client, corruptJpeg), 422, 'No se pudo leer la imagen: el archivo está dañado o no es una imagen válida.');
    // 12 000 × 12 000 white pixels compress to a few hundred KB: a decompression bomb.
    const bomb = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: "#ffffff" } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(2_000_000);
    expectCleanError(await analyze(client, bomb, 'bomba.png'), 422, /demasiado grande/);
    expectCleanError(await analyze(client, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 65)]), 'roto.pdf'), 422, 'No se pudo leer el PDF: el archivo está dañado.');
    const locked = new jsPDF({ encryption: { userPassword: 'secreto', ownerPassword: 'secreto', userPermissions: ['print'] } });
    locked.text('FACTURA 1', 20, 20);
    expectCleanError(await analyze(client, Buffer.from(locked.output('arraybuffer')), 'clave.pdf'), 422, /protegido con contraseña/);
    expectCleanError(await analyze(client, Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), 'grande.jpg'), 413);
    // A scanned "receipt" 5 m long: rendered within the pixel budget (its print too small to read), not a crash.
    const tall = new jsPDF({ unit: 'mm', format: [80, 5000] });
    tall.addImage(await thermalReceipt(['SUPERMERCADO TOTTUS', 'BOLETA N° 7788', 'TOTAL $4.990'], { format: 'png' }), 'PNG', 0, 0, 80, 60);
    const tallRes = await analyze(client, Buffer.from(tall.output('arraybuffer')), 'largo.pdf');
    expectCleanError(tallRes, 422, 'No se encontró texto legible en el recibo. Completa los datos manualmente.');
    const blank = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
    // A photo read blank: how to take one that reads.
    expectCleanError(
      await analyze(client, blank, 'blanco.jpg'),
      422,
      'No se encontró texto legible en la foto. Fotografía el recibo de cerca, enfocado y con buena luz, o completa los datos manualmente.',
    );
    const form = new FormData();
    form.append('otro', 'x');
    expectCleanError(await client.request('POST', '/api/receipts/analyze', form), 400, 'Selecciona un archivo de recibo para analizar.');
  });

  test('only signed-in users with a company may analyse', async () => {
    const res = await analyze(t.client(), await thermalReceipt(['TOTAL $1.000']));
    expect(res.status).toBe(401);
  });

  test('other requests are answered while a receipt is being read', async () => {
    const { client } = await registerUser(t);
    const photo = await thermalReceipt([...BOLETA_LINES, ...BOLETA_LINES, ...BOLETA_LINES], { rotate: 180 });
    const order: string[] = [];
    const reading = analyze(client, photo).then((r) => order.push(`analyze:${r.status}`));
    await new Promise((r) => setTimeout(r, 50));
    await Promise.all(Array.from({ length: 5 }, () => client.get('/api/auth/user').then((r) => order.push(`user:${r.status}`))));
    await reading;
    expect(order).toEqual(['user:200', 'user:200', 'user:200', 'user:200', 'user:200', 'analyze:200']);
    // A long page upside down is read several times on purpose: 24 s in a busy gate, past the default 30 s under more load.
  }, 120_000);
});

describe('duplicates and flags on saved expenses', () => {
  test('the same file or the same RUT + type + folio is flagged when analysed and when saved; the admin sees it', async () => {
    const { client } = await registerUser(t);
    const ids = await catalogIds(client);
    const receipt = await thermalReceipt(BOLETA_LINES, { ted: boletaTed() });
    expect((await analyze(client, receipt)).body.data.flags).toEqual([]);

    const fields = expenseFields(ids, { amount: '35000', date: '2025-03-14', description: 'Combustible', taxId: '99.520.000-7', invoiceNumber: '88123' });
    const first = await fileExpense(client, fields, { data: receipt, name: 'boleta.jpg' });
    expect(first.status).toBe(201);
    expect(first.body.timbre).toMatchObject({ folio: '88123', signatureValid: true });
    expect(first.body.receiptFlags).toEqual([]);

    // Same file again.
    const again = await analyze(client, receipt);
    expect(again.body.data.flags).toEqual([
      expect.objectContaining({ code: 'duplicate_file', expenseNumber: first.body.expenseNumber, message: expect.stringContaining(`rendición N° ${first.body.expenseNumber}`) }),
    ]);
    const second = await fileExpense(client, fields, { data: receipt, name: 'boleta-otra-vez.jpg' });
    expect(second.status).toBe(201);
    expect(second.body.receiptFlags.map((f: { code: string }) => f.code)).toEqual(['duplicate_file']);

    // Another photo of the same document (different bytes, same timbre).
    const photo = await thermalReceipt([...BOLETA_LINES, 'GRACIAS POR SU COMPRA'], { ted: boletaTed(), format: 'png' });
    const other = await analyze(client, photo, 'foto.png');
    expect(other.body.data.flags).toEqual([
      expect.objectContaining({ code: 'duplicate_document', message: `Boleta N° 88123 del RUT 99.520.000-7 ya se rindió en la rendición N° ${first.body.expenseNumber}.` }),
    ]);

    const pending = await client.get('/api/admin/expenses/pending');
    const flagged = pending.body.find((e: { id: string }) => e.id === second.body.id);
    expect(flagged.receiptFlags[0]).toMatchObject({ code: 'duplicate_file', expenseId: first.body.id });
    expect(pending.body.find((e: { id: string }) => e.id === first.body.id).receiptFlags).toEqual([]);
  });

  test('a factura typed by hand with the RUT and number of one already filed is flagged; a rejected one does not count', async () => {
    const { client } = await registerUser(t);
    const ids = await catalogIds(client);
    const factura = (n: string) => expenseFields(ids, { documentType: 'factura', category: ids.category('Factura'), taxId: '76.543.210-3', invoiceNumber: n });
    const a = await fileExpense(client, factura('1001'));
    expect(a.body.receiptFlags).toEqual([]);
    const b = await fileExpense(client, factura('01001'));
    expect(b.body.receiptFlags).toEqual([expect.objectContaining({ code: 'duplicate_document', expenseNumber: a.body.expenseNumber })]);
    // A one-person company: its admin decides their own expenses only with self-approval on.
    await client.put('/api/company/approval-settings', { allowSelfApproval: true });
    await client.patch(`/api/admin/expenses/${a.body.id}/status`, { status: 'rejected' });
    await client.patch(`/api/admin/expenses/${b.body.id}/status`, { status: 'rejected' });
    const c = await fileExpense(client, factura('1001'));
    expect(c.body.receiptFlags).toEqual([]);
    expect((await fileExpense(client, factura('1002'))).body.receiptFlags).toEqual([]);
  });

  test('a receipt saved without analysing it first is read by a background job that records timbre and flags', async () => {
    const { client } = await registerUser(t);
    const ids = await catalogIds(client);
    const forged = boletaTed({ folio: 777 }).replace('<MNT>35000</MNT>', '<MNT>36000</MNT>');
    const res = await fileExpense(client, expenseFields(ids, { amount: '35000' }), { data: await thermalReceipt(BOLETA_LINES, { ted: forged }), name: 'b.jpg' });
    expect(res.status).toBe(201);
    expect(res.body.timbre).toBeNull();
    await expect
      .poll(async () => (await client.get(`/api/expenses/${res.body.id}`)).body.receiptFlags.map((f: { code: string }) => f.code).sort(), { timeout: 60_000, interval: 300 })
      .toEqual(['timbre_invalid', 'timbre_total_mismatch']);
    const view = (await client.get(`/api/expenses/${res.body.id}`)).body;
    expect(view.timbre).toMatchObject({ folio: '777', signatureValid: false });
  }, 90_000);
});
