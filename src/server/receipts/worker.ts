/** Reader worker thread (a Piscina task module): one OCR engine per thread, created on first use and kept. */
import type { ReceiptAnalysisResult } from '@shared/receipts.js';
import { ReadFailure, type ReadFailureCode } from './errors.js';
import { createOcrEngine, type OcrEngine } from './ocr.js';
import { readReceipt } from './pipeline.js';

/** `cancel` is shared with the caller (a SharedArrayBuffer): set to 1 when the caller stopped waiting. */
export type WorkerTask = { kind: 'read'; bytes: Uint8Array; cancel: Int32Array } | { kind: 'warm' };
export type WorkerAnswer = { ok: true; result: ReceiptAnalysisResult | null } | { ok: false; code: ReadFailureCode };

const ocr = createOcrEngine();

/**
 * The engine, looking at the cancel flag before each pass: a reading the caller gave up on ends at its next pass
 * rather than being killed in the middle of one (see ReceiptReader.analyze).
 */
function stoppable(cancel: Int32Array): OcrEngine {
  const go = () => (Atomics.load(cancel, 0) ? Promise.reject(new ReadFailure('timeout')) : Promise.resolve());
  const textDirection = ocr.textDirection?.bind(ocr);
  return {
    recognize: (png, options) => go().then(() => ocr.recognize(png, options)),
    ...(textDirection ? { textDirection: (png: Buffer) => go().then(() => textDirection(png)) } : {}),
    warm: () => ocr.warm(),
    close: () => ocr.close(),
  };
}

export default async function run(task: WorkerTask): Promise<WorkerAnswer> {
  if (task.kind === 'warm') {
    await ocr.warm();
    return { ok: true, result: null };
  }
  try {
    return { ok: true, result: await readReceipt(Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength), stoppable(task.cancel)) };
  } catch (err) {
    if (err instanceof ReadFailure) return { ok: false, code: err.code };
    throw err;
  }
}
