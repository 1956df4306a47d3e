/** Reader worker thread (a Piscina task module): one OCR engine per thread, created on first use and kept. */
import type { ReceiptAnalysisResult } from '@shared/receipts.js';
import { ReadFailure, type ReadFailureCode } from './errors.js';
import { createOcrEngine } from './ocr.js';
import { readReceipt } from './pipeline.js';

export type WorkerTask = { kind: 'read'; bytes: Uint8Array } | { kind: 'warm' };
export type WorkerAnswer = { ok: true; result: ReceiptAnalysisResult | null } | { ok: false; code: ReadFailureCode };

const ocr = createOcrEngine();

export default async function run(task: WorkerTask): Promise<WorkerAnswer> {
  if (task.kind === 'warm') {
    await ocr.warm();
    return { ok: true, result: null };
  }
  try {
    return { ok: true, result: await readReceipt(Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength), ocr) };
  } catch (err) {
    if (err instanceof ReadFailure) return { ok: false, code: err.code };
    throw err;
  }
}
