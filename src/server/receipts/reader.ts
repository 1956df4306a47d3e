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
  /**
   * A receipt taking longer is abandoned: the caller is answered at once and the thread stops at its next step. A
   * thread still busy STUCK_GRACE_MS after that (stuck in JavaScript, not in OCR) is terminated and replaced.
   */
  timeoutMs?: number;
  /** Threads idle this long are ended, down to none; the next receipt starts them again. Default one minute. */
  idleTimeoutMs?: number;
}

/**
 * How long a thread told to stop may still run before it is terminated. Terminating a thread in the middle of a native
 * call (an ONNX run, a sharp operation) aborts the whole process when the call returns into the ended thread
 * (node-addon-api throws on a terminating environment), so a timeout never does that by itself: OCR passes take
 * seconds, and only a thread stuck far longer is ended by force.
 */
const STUCK_GRACE_MS = 60_000;
/** Closing waits this long for the reads under way (told to stop) before ending the threads. */
const CLOSE_WAIT_MS = 15_000;

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
  /**
   * The cancel flag of each receipt being read or waiting, abandoned ones included until their thread is free:
   * counted here rather than left to the pool, so the queue bound is exact.
   */
  private readonly reading = new Set<Int32Array>();

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
      closeTimeout: CLOSE_WAIT_MS,
    });
    // A close that outwaits CLOSE_WAIT_MS is reported as an 'error' event; the threads are ended all the same.
    this.poolInstance.on('error', () => undefined);
    return this.poolInstance;
  }

  /** Loads the OCR models in every thread so the first receipt is not slow. */
  async ready(): Promise<void> {
    await Promise.all(Array.from({ length: this.workers }, () => this.pool.run({ kind: 'warm' })));
  }

  /** Reads under way or waiting, abandoned ones included until their thread has stopped. */
  get pending(): number {
    return this.reading.size;
  }

  /** Threads alive now (0 before the first receipt and after an idle timeout). */
  get threads(): number {
    return this.poolInstance?.threads.length ?? 0;
  }

  async analyze(bytes: Buffer, options: { timeoutMs?: number } = {}): Promise<ReceiptAnalysisResult> {
    if (this.reading.size >= this.workers + this.maxQueue) throw new ReadFailure('busy');
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    this.reading.add(cancel);
    const run = this.pool
      .run({ kind: 'read', bytes: new Uint8Array(bytes), cancel }, { signal: AbortSignal.timeout(timeoutMs + STUCK_GRACE_MS) })
      .finally(() => this.reading.delete(cancel));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        Atomics.store(cancel, 0, 1);
        reject(new ReadFailure('timeout'));
      }, timeoutMs);
    });
    let answer: WorkerAnswer;
    try {
      answer = await Promise.race([run, late]);
    } catch (err) {
      run.catch(() => undefined); // the abandoned read ends on its own
      throw translate(err);
    } finally {
      clearTimeout(timer);
    }
    if (!answer.ok) throw new ReadFailure(answer.code);
    if (!answer.result) throw new ReadFailure('unreadable');
    return answer.result;
  }

  /** Tells the reads under way to stop, waits for their threads (never ending one in a native call), then ends them. */
  async close(): Promise<void> {
    const pool = this.poolInstance;
    this.poolInstance = null;
    for (const cancel of this.reading) Atomics.store(cancel, 0, 1);
    if (pool) await pool.close();
  }
}

function translate(err: unknown): Error {
  const e = err as { name?: string; code?: string; message?: string };
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError') return new ReadFailure('timeout');
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') return new ReadFailure('too_complex');
  return err instanceof Error ? err : new Error(String(err));
}
