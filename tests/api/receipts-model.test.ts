import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildSignedTed, createCafKeyPair } from '../../src/server/receipts/ted.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { registerUser } from '../helpers/factories.js';
import { startOpenAiDouble } from '../helpers/openai-double.js';
import { thermalReceipt } from '../helpers/receipts.js';

let t: TestApp;
let model: Awaited<ReturnType<typeof startOpenAiDouble>>;
let client: TestClient;
beforeAll(async () => {
  model = await startOpenAiDouble();
  t = await startTestApp({ env: { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'clave-de-prueba', OPENAI_VISION_MODEL: 'vision-prueba' } });
  client = (await registerUser(t)).client;
});
afterAll(async () => {
  await t?.close();
  await model?.close();
});

const answer = {
  amount: 12990,
  currency: 'CLP',
  date: '2025-05-02',
  description: 'Almuerzo de trabajo',
  category: 'alimentacion',
  documentType: 'boleta',
  invoiceNumber: null,
  taxId: null,
  issuerName: 'Restaurant El Rincón',
  address: null,
};
const LINES = ['RESTAURANT EL RINCON', 'Fecha: 02-05-2025', 'LOMO A LO POBRE   $12.990', 'TOTAL            $12.990'];

async function analyze(data: Buffer) {
  const form = new FormData();
  form.append('receipt', new Blob([new Uint8Array(data)]), 'recibo.jpg');
  return client.request('POST', '/api/receipts/analyze', form);
}

test('a configured vision model is asked with a JSON schema and the image; its reading fills what OCR guessed', async () => {
  model.answerWith(answer);
  const before = model.requests.length;
  const res = await analyze(await thermalReceipt(LINES));
  expect(res.status).toBe(200);
  const d = res.body.data;
  expect(d).toMatchObject({ amount: 12990, date: '2025-05-02', description: 'Almuerzo de trabajo', issuerName: 'Restaurant El Rincón', method: 'image+model' });
  expect(d.sources).toMatchObject({ description: 'model', issuerName: 'model', amount: 'model' });
  // OCR and the model agree on total and date.
  expect(d.confidence).toBeGreaterThanOrEqual(0.9);
  expect(model.requests.length).toBe(before + 1);
  const req = model.requests.at(-1)!;
  expect(req.path).toBe('/v1/chat/completions');
  expect(req.headers.authorization).toBe('Bearer clave-de-prueba');
  expect(req.body.model).toBe('vision-prueba');
  expect(req.body.response_format.type).toBe('json_schema');
  expect(req.body.response_format.json_schema.schema.required).toEqual(expect.arrayContaining(['amount', 'currency', 'date', 'taxId']));
  expect(req.body.messages[0].content[1].image_url.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
});

test('the timbre wins over the model wherever it speaks', async () => {
  model.answerWith({ ...answer, amount: 1, date: '2020-01-01', taxId: '11111111-1', invoiceNumber: '9', documentType: 'factura' });
  const ted = buildSignedTed({ issuerRut: '76543210-3', documentTypeCode: 39, folio: 321, date: '2025-05-02', total: 12990 }, createCafKeyPair(512));
  const res = await analyze(await thermalReceipt(LINES, { ted }));
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ amount: 12990, date: '2025-05-02', taxId: '76543210-3', invoiceNumber: '321', documentType: 'boleta' });
  expect(res.body.data.sources).toMatchObject({ amount: 'timbre', date: 'timbre', taxId: 'timbre', invoiceNumber: 'timbre', documentType: 'timbre', description: 'model' });
  expect(res.body.data.timbre.signatureValid).toBe(true);
});

test('a failing or nonsensical model falls back to the local reading', async () => {
  for (const [content, status] of [[null, 500], ['esto no es JSON', 200], [{ amount: 'doce mil' }, 200]] as const) {
    model.answerWith(content, status);
    const res = await analyze(await thermalReceipt([...LINES, `MESA ${status}${String(content).length}`]));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ amount: 12990, date: '2025-05-02', method: 'image' });
    expect(res.body.data.sources.amount).toBe('ocr');
  }
});

test('any ISO currency the model reads is kept, with no rate to guess; a currency that is no code is dropped alone', async () => {
  model.answerWith({ ...answer, amount: 45.9, currency: 'myr', date: '2018-01-15', description: 'Almuerzo en Kuala Lumpur' });
  const res = await analyze(await thermalReceipt(['RESTORAN SERI MELAYU', 'TOTAL RM 45.90', 'MESA MYR']));
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ amount: 45.9, currency: 'MYR', description: 'Almuerzo en Kuala Lumpur', method: 'image+model' });
  expect(res.body.data.exchangeRate).toBeNull();
  expect(res.body.data.amountCLP).toBeNull();

  model.answerWith({ ...answer, currency: 'PESOS', description: 'Once en Temuco' });
  const odd = await analyze(await thermalReceipt([...LINES, 'MESA PESOS']));
  expect(odd.status).toBe(200);
  expect(odd.body.data).toMatchObject({ amount: 12990, currency: 'CLP', description: 'Once en Temuco', method: 'image+model' });
});
