import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../openapi.js';
import { receiptAnalysisSchema, type ReceiptAnalysisResult } from '@shared/receipts.js';
import { actorOf, requireSession, type AppDeps } from '../context.js';
import { errors } from '../errors.js';
import { enforceRateLimit } from '../platform/rate-limit.js';
import { requireCompanyId } from '../policies/index.js';
import { readForm } from '../storage/multipart.js';
import { documentKeyOf, fileSha256, findDuplicates } from './service.js';

/** Reading a receipt costs a second of CPU: plenty for a person, a ceiling for a script. */
const ANALYZE_RULE = { name: 'receipt-analyze', max: 120, windowMs: 3600_000 };

export const receiptRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  /**
   * The new-expense form asks for this as it opens: the reader's threads end after a quiet minute (RECEIPT_IDLE_MS),
   * and loading their models again took about a second of the first photo's wait; now it happens while the user picks
   * the photo. Answers at once; the models load in the background.
   */
  r.post('/receipts/warm', { schema: { tags: ['receipts'], summary: 'Prepara el lector de recibos mientras se elige la foto', response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401) } } }, async (request) => {
    requireCompanyId(actorOf(requireSession(request)));
    void deps.receipts.warm().catch((err: Error) => request.log.warn({ err: err.message }, 'receipt reader warm-up failed'));
    return { ok: true as const };
  });

  /** Part 1 §7: multipart `receipt` → `{ data }` with the analysis fields, the SII timbre and what to warn about. */
  r.post('/receipts/analyze', { config: { multipart: { files: { receipt: 'Imagen (JPG, PNG, WebP) o PDF del recibo, hasta 10 MB' }, required: ['receipt'] } }, schema: { tags: ['receipts'], consumes: ['multipart/form-data'], response: { 200: z.object({ data: receiptAnalysisSchema }), ...errorResponses(400, 401, 413, 422, 429, 503) } } }, async (request): Promise<{ data: ReceiptAnalysisResult }> => {
    const actor = actorOf(requireSession(request));
    const companyId = requireCompanyId(actor);
    await enforceRateLimit(db, request, ANALYZE_RULE, actor.userId);
    const { file } = await readForm(request);
    if (!file) throw errors.badRequest('Selecciona un archivo de recibo para analizar.', 'receipt');
    const sha256 = fileSha256(file.data);
    const result = await deps.receipts.read(companyId, file, sha256);
    const duplicates = await findDuplicates(db, companyId, {
      sha256,
      documentKey: documentKeyOf({ taxId: result.taxId, documentType: result.documentType, invoiceNumber: result.invoiceNumber }),
    });
    return { data: { ...result, flags: [...result.flags, ...duplicates] } };
  });
};
