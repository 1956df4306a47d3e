import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ReceiptAnalysisResult } from '@shared/receipts.js';
import { ReadFailure } from './errors.js';
import type { WorkerAnswer, WorkerTask } from './worker.js';

export interface ReaderOptions {
  /** Worker threads reading receipts; each holds its own OCR engine (~150 MB). Default: half the cores, at least 1. */
  workers?: number;
  /** Receipts allowed to wait; past this the request is refused at once rather than left hanging. */
  maxQueue?: number;
  /** A receipt taking longer is abandoned: its thread is terminated and replaced. */
  timeoutMs?: number;
  /** Threads idle this long are ended, down to none; the next receipt starts them again. Default one minute. */
  idleTimeoutMs?: number;
}

/**
 * Reads receipts off the event loop: a bounded pool of worker threads (Piscina), each running the whole pipeline
 * (image decoding, barcode, PDF, OCR), with a queue limit and a per-file timeout, so that API requests stay fast
 * while receipts are being read.
 */
export class ReceiptReader {
  private poolInstance: Piscina<WorkerTask, WorkerAnswer> | null = null;
  private readonly timeoutMs: number;
  private readonly workers: number;
  private readonly maxQueue: number;
  private readonly idleTimeoutMs: number;
  /** Receipts being read or waiting: counted here rather than left to the pool, so the bound is exact. */
  private inFlight = 0;

  constructor(options: ReaderOptions = {}) {
    this.workers = options.workers ?? Math.max(1, Math.floor(availableParallelism() / 2));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxQueue = options.maxQueue ?? 16;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  }

  /**
   * Threads start with the first receipt (or ready()) and end after idleTimeoutMs without work, so a process that
   * reads no receipts holds no OCR engine (~150 MB per thread).
   */
  private get pool(): Piscina<WorkerTask, WorkerAnswer> {
    if (this.poolInstance) return this.poolInstance;
    const workers = this.workers;
    const source = import.meta.url.endsWith('.ts');
    this.poolInstance = new Piscina<WorkerTask, WorkerAnswer>({
      // Compiled (scripts/build-server.mjs), worker.ts is the bundle's entry `receipt-thread.js`, next to the file
      // holding this code.
      filename: new URL(source ? './worker.ts' : './receipt-thread.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: workers,
      idleTimeout: this.idleTimeoutMs,
      // Running from TypeScript sources (tsx, vitest): the thread needs the same loader.
      execArgv: source ? ['--import', 'tsx'] : [],
      // A decompression bomb that slips past the pixel limits dies here instead of taking the server with it.
      resourceLimits: { maxOldGenerationSizeMb: 768 },
      // The cores are shared out among the threads: on 2 cores one thread reads with both (a third faster per receipt).
      env: { ...process.env, RECEIPTS_OCR_THREADS: process.env.RECEIPTS_OCR_THREADS ?? String(Math.max(1, Math.floor(availableParallelism() / workers))) },
    });
    return this.poolInstance;
  }

  /** Loads the OCR models in every thread so the first receipt is not slow. */
  async ready(): Promise<void> {
    await Promise.all(Array.from({ length: this.workers }, () => this.pool.run({ kind: 'warm' })));
  }

  /** Threads alive now (0 before the first receipt and after an idle timeout). */
  get threads(): number {
    return this.poolInstance?.threads.length ?? 0;
  }

  async analyze(bytes: Buffer, options: { timeoutMs?: number } = {}): Promise<ReceiptAnalysisResult> {
    if (this.inFlight >= this.workers + this.maxQueue) throw new ReadFailure('busy');
    this.inFlight++;
    let answer: WorkerAnswer;
    try {
      const signal = AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs);
      answer = await this.pool.run({ kind: 'read', bytes: new Uint8Array(bytes) }, { signal });
    } catch (err) {
      throw translate(err);
    } finally {
      this.inFlight--;
    }
    if (!answer.ok) throw new ReadFailure(answer.code);
    if (!answer.result) throw new ReadFailure('unreadable');
    return answer.result;
  }

  async close(): Promise<void> {
    const pool = this.poolInstance;
    this.poolInstance = null;
    if (pool) await pool.destroy();
  }
}

function translate(err: unknown): Error {
  const e = err as { name?: string; code?: string; message?: string };
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError') return new ReadFailure('timeout');
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') return new ReadFailure('too_complex');
  return err instanceof Error ? err : new Error(String(err));
}
