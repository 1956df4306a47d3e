import { z } from 'zod';
import { normalizeCurrency, toClp } from '@shared/expenses.js';
import type { ReceiptAnalysisResult } from '@shared/receipts.js';
import { chatCompletion, type ModelEndpoint } from '../platform/chat-completions.js';

export type VisionModelConfig = ModelEndpoint;

const CATEGORY_KEYS = ['alimentacion', 'transporte', 'hospedaje', 'combustible', 'materiales', 'otros'] as const;

/** What we ask the model for: the spec's fields, every one nullable so it never has to invent. */
const modelAnswer = z.object({
  amount: z.number().positive().nullable(),
  // Any ISO 4217 code the receipt shows (issue 19 item 5); one that is not a code is as good as no answer for it.
  currency: z
    .string()
    .nullable()
    .transform((c) => (c ? normalizeCurrency(c) : null)),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  description: z.string().max(300).nullable(),
  category: z.enum(CATEGORY_KEYS).nullable(),
  documentType: z.enum(['boleta', 'factura', 'recibo', 'ticket']).nullable(),
  invoiceNumber: z.string().max(50).nullable(),
  taxId: z.string().max(30).nullable(),
  issuerName: z.string().max(200).nullable(),
  address: z.string().max(300).nullable(),
});
export type ModelAnswer = z.infer<typeof modelAnswer>;

const JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(modelAnswer.shape),
  properties: {
    amount: { type: ['number', 'null'], description: 'Total pagado (TOTAL), no subtotal, propina sugerida, efectivo ni vuelto' },
    currency: { type: ['string', 'null'], description: 'Código ISO 4217 de la moneda del comprobante (CLP, USD, EUR, MYR…)' },
    date: { type: ['string', 'null'], description: 'Fecha de emisión yyyy-mm-dd' },
    description: { type: ['string', 'null'] },
    category: { type: ['string', 'null'], enum: [...CATEGORY_KEYS, null] },
    documentType: { type: ['string', 'null'], enum: ['boleta', 'factura', 'recibo', 'ticket', null] },
    invoiceNumber: { type: ['string', 'null'], description: 'Folio o número del documento' },
    taxId: { type: ['string', 'null'], description: 'RUT u otro identificador tributario del emisor' },
    issuerName: { type: ['string', 'null'] },
    address: { type: ['string', 'null'] },
  },
};

const PROMPT =
  'Lee este comprobante de gasto (boleta, factura, recibo o ticket; chileno o extranjero) y devuelve sus datos. ' +
  'Usa null para todo lo que no se lea con claridad; no inventes valores.';

/**
 * Asks an OpenAI-compatible vision model (chat completions with a JSON schema) to read a receipt image. Any
 * failure — network, status, malformed JSON — answers null.
 */
export async function readWithModel(config: VisionModelConfig, image: Buffer, mime: string): Promise<ModelAnswer | null> {
  const content = await chatCompletion(
    config,
    {
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'comprobante', strict: true, schema: JSON_SCHEMA } },
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: PROMPT },
            { type: 'image_url', image_url: { url: `data:${mime};base64,${image.toString('base64')}` } },
          ],
        },
      ],
    },
    20_000,
  );
  if (!content) return null;
  try {
    const parsed = modelAnswer.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Fields the model may fill: never one the timbre or a PDF's own text layer gave, which are exact. */
const MODEL_FIELDS = ['amount', 'currency', 'date', 'description', 'category', 'documentType', 'invoiceNumber', 'taxId', 'issuerName', 'address'] as const;

/** Merges a model's reading into the local one: the timbre and the text layer win; OCR and guesses yield. */
export function mergeModelAnswer(local: ReceiptAnalysisResult, answer: ModelAnswer, rateOf: (currency: string) => number | null): ReceiptAnalysisResult {
  const out: ReceiptAnalysisResult = { ...local, sources: { ...local.sources }, method: `${local.method}+model` };
  for (const field of MODEL_FIELDS) {
    const value = answer[field];
    const source = local.sources[field];
    if (value === null || source === 'timbre' || source === 'text') continue;
    (out as unknown as Record<string, unknown>)[field] = value;
    out.sources[field] = 'model';
    // Two readings that agree confirm each other; the model's alone is not a confirmed value.
    if (out.fieldConfidence) out.fieldConfidence = { ...out.fieldConfidence, [field]: local[field] === value ? 'high' : 'medium' };
  }
  if (out.sources.amount === 'model' || out.sources.currency === 'model') {
    const rate = out.currency === 'CLP' ? 1 : rateOf(out.currency);
    out.exchangeRate = rate;
    out.amountCLP = out.amount !== null && rate !== null ? toClp(out.amount, rate) : null;
  }
  // Two independent readings that agree on the total and date are worth more than either alone.
  const agree = local.amount !== null && answer.amount !== null && Math.abs(local.amount - answer.amount) < 0.01 && local.date === answer.date;
  if (!local.timbre) out.confidence = Math.round(Math.min(0.95, agree ? Math.max(local.confidence, 0.9) : Math.max(local.confidence, answer.amount !== null && answer.date ? 0.75 : 0.5)) * 100) / 100;
  return out;
}
