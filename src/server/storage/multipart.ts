import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { EXPENSE_MSG, RECEIPT_MAX_BYTES } from '@shared/expenses.js';
import { AppError, errors } from '../errors.js';
import { sniffReceiptType } from './receipts.js';
import type { ReceiptFile } from '../receipts/service.js';
import { MAX_INPUT_PIXELS } from '../receipts/image.js';

export const TOO_MANY_PIXELS_MSG = `La imagen es demasiado grande (más de ${MAX_INPUT_PIXELS / 1_000_000} megapíxeles). Sube una foto de menor resolución.`;

/**
 * The pixel count an image declares in its header (every frame of an animation), without decoding it; null when
 * the header cannot be read (the reader will say so later, as before).
 */
export async function declaredPixels(data: Buffer): Promise<number | null> {
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    return meta.width * (meta.pageHeight ?? meta.height) * Math.max(1, meta.pages ?? 1);
  } catch {
    return null;
  }
}

/**
 * A JSON body's fields as a form sends them: numbers and booleans as text, null as ''. A list or an object where
 * text belongs is a 400 naming the field (never '[object Object]', never a walk down its nesting).
 */
export function textFields(body: unknown): Record<string, string> {
  if (body === null || body === undefined) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw errors.badRequest('El cuerpo de la solicitud debe ser un objeto JSON.');
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value !== null && typeof value === 'object') throw errors.badRequest('Este campo debe ser texto.', key);
    fields[key] = value === null || value === undefined ? '' : String(value);
  }
  return fields;
}

export interface ReadForm {
  fields: Record<string, string>;
  file: ReceiptFile | null;
}

/** A request's form, read once: a hook that must see it first (the idempotency fingerprint) leaves it to the handler. */
const formsRead = new WeakMap<FastifyRequest, Promise<ReadForm>>();

/**
 * Reads a multipart form: text fields plus at most one file under `fileField`, typed by its bytes.
 * JSON bodies (API clients) are accepted too and give no file.
 */
export function readForm(request: FastifyRequest, fileField = 'receipt'): Promise<ReadForm> {
  let form = formsRead.get(request);
  if (!form) {
    form = readFormOnce(request, fileField);
    formsRead.set(request, form);
  }
  return form;
}

async function readFormOnce(request: FastifyRequest, fileField: string): Promise<ReadForm> {
  if (!request.isMultipart()) return { fields: textFields(request.body), file: null };
  const fields: Record<string, string> = {};
  let file: ReceiptFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 40, fieldSize: 10_000 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // toBuffer does not always throw at the limit: a stream cut short is marked truncated instead.
        if (part.file.truncated || data.length > RECEIPT_MAX_BYTES) throw new AppError('file_too_large', 413, EXPENSE_MSG.fileTooLarge, fileField);
        if (part.fieldname !== fileField) continue;
        // An empty part without a name is an empty file input; an empty named file is a broken upload.
        if (data.length === 0) {
          if (part.filename) throw errors.badRequest('El archivo está vacío.', fileField);
          continue;
        }
        const mime = sniffReceiptType(data);
        if (!mime) throw errors.badRequest(EXPENSE_MSG.fileType, fileField);
        // A few hundred KB can declare billions of pixels (a decompression bomb): refused before anything stores it or a
        // browser is handed it to decode. The reader (receipts/image.ts) holds the same limit.
        if (mime !== 'application/pdf' && ((await declaredPixels(data)) ?? 0) > MAX_INPUT_PIXELS) {
          throw new AppError('too_many_pixels', 422, TOO_MANY_PIXELS_MSG, fileField);
        }
        file = { data, mime };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large', 413, EXPENSE_MSG.fileTooLarge, fileField);
    if (code === 'FST_FILES_LIMIT') throw errors.badRequest('Solo se puede adjuntar un archivo.', fileField);
    throw errors.badRequest('El formulario enviado no es válido.');
  }
  return { fields, file };
}
