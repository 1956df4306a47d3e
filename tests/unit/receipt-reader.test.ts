import { afterAll, describe, expect, test } from 'vitest';
import { ReadFailure } from '../../src/server/receipts/errors.js';
import { ReceiptReader } from '../../src/server/receipts/reader.js';
import { thermalReceipt } from '../helpers/receipts.js';

const readers: ReceiptReader[] = [];
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
});
function reader(options: ConstructorParameters<typeof ReceiptReader>[0]) {
  const r = new ReceiptReader(options);
  readers.push(r);
  return r;
}

const LINES = ['SUPERMERCADO LIDER', 'BOLETA ELECTRONICA N° 1234', 'Fecha: 14/03/2025', 'PAN      $1.990', 'TOTAL    $1.990'];

describe('ReceiptReader', () => {
  test('a full queue refuses at once with a Spanish message instead of piling up', async () => {
    const r = reader({ workers: 1, maxQueue: 1 });
    await r.ready();
    const photo = await thermalReceipt(LINES);
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => r.analyze(photo)));
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason);
    const read = outcomes.filter((o) => o.status === 'fulfilled');
    // One thread reading, one receipt waiting; the other three are refused.
    expect(read.length).toBe(2);
    expect(refused.length).toBe(3);
    for (const err of refused) {
      expect(err).toBeInstanceOf(ReadFailure);
      expect((err as ReadFailure).code).toBe('busy');
      expect((err as ReadFailure).message).toBe('Hay muchos recibos en análisis en este momento. Inténtalo de nuevo en unos segundos.');
    }
  });

  test('a receipt over the time limit is abandoned, and the reader keeps working afterwards', async () => {
    const r = reader({ workers: 1 });
    await r.ready();
    const long = await thermalReceipt(Array.from({ length: 12 }, () => LINES).flat(), { rotate: 180 });
    await expect(r.analyze(long, { timeoutMs: 300 })).rejects.toMatchObject({ code: 'timeout' });
    const result = await r.analyze(await thermalReceipt(LINES), { timeoutMs: 60_000 });
    expect(result).toMatchObject({ amount: 1990, invoiceNumber: '1234', date: '2025-03-14' });
  });

  test('a timeout answers the caller at once and lets the thread stop between OCR passes: many in a row do not bring the process down', async () => {
    // Ending a thread in the middle of an ONNX run or a sharp call aborts the whole process when the call returns
    // ('terminate called after throwing an instance of Napi::Error'): this test's own process would die here.
    const r = reader({ workers: 1 });
    await r.ready();
    const long = await thermalReceipt(Array.from({ length: 12 }, () => LINES).flat(), { rotate: 180 });
    for (const timeoutMs of [60, 150, 250, 350, 500]) {
      await expect(r.analyze(long, { timeoutMs })).rejects.toMatchObject({ code: 'timeout' });
      // The caller has its answer; the thread is still finishing its pass, and counts against the queue until then.
      expect(r.pending).toBe(1);
      await expect.poll(() => r.pending, { timeout: 30_000, interval: 50 }).toBe(0);
    }
    await expect(r.analyze(await thermalReceipt(LINES), { timeoutMs: 60_000 })).resolves.toMatchObject({ amount: 1990 });
    // Five passes of a long page read upside down, each waited for: 16 s alone on a slow machine, over 30 s beside the
    // rest of the suite (session 37's gate). What is tested is that the process survives, not how fast.
  }, 120_000);

  test('no thread before the first receipt; threads end after the idle timeout and start again on demand', async () => {
    const r = reader({ workers: 1, idleTimeoutMs: 500 });
    expect(r.threads).toBe(0);
    const photo = await thermalReceipt(LINES);
    await expect(r.analyze(photo)).resolves.toMatchObject({ amount: 1990 });
    expect(r.threads).toBe(1);
    await expect.poll(() => r.threads, { timeout: 5_000, interval: 100 }).toBe(0);
    await expect(r.analyze(photo)).resolves.toMatchObject({ amount: 1990 });
    expect(r.threads).toBe(1);
  });
});
