import type { FastifyRequest } from 'fastify';
import { EXPENSE_MSG, RECEIPT_MAX_BYTES } from '@shared/expenses.js';
import { AppError, errors } from '../errors.js';
import { sniffReceiptType } from './receipts.js';
import type { ReceiptFile } from '../receipts/service.js';

/**
 * Reads a multipart form: text fields plus at most one file under `fileField`, typed by its bytes.
 * JSON bodies (API clients) are accepted too and give no file.
 */
export async function readForm(request: FastifyRequest, fileField = 'receipt'): Promise<{ fields: Record<string, string>; file: ReceiptFile | null }> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]));
    return { fields, file: null };
  }
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
