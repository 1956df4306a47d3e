import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import type { TestResponse } from './app.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { startSmtpCapture } from './smtp.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

/**
 * What the crash tests share (durability*.test.ts): an SMTP capture, a webhook receiver and a small real JPEG for the
 * whole file, and the server process of each test, stopped after it.
 */
export function crashHarness() {
  const h = {
    smtp: null as unknown as Awaited<ReturnType<typeof startSmtpCapture>>,
    receiver: null as unknown as Receiver,
    receipt: Buffer.alloc(0),
    server: null as ServerProcess | null,
    mailEnv: () => ({ SMTP_URL: h.smtp.url, ACCOUNTING_WEBHOOK_RETRY_BASE_MS: '200' }),
    withReceipt: () => ({ data: h.receipt, name: 'boleta.jpg', type: 'image/jpeg' }),
    async start(): Promise<ServerProcess> {
      h.server = await startServerProcess({ env: h.mailEnv() });
      return h.server;
    },
  };
  beforeAll(async () => {
    h.smtp = await startSmtpCapture();
    h.receiver = await startReceiver();
    // A small real JPEG: the receipt check reads it like any photo, quickly.
    h.receipt = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
  });
  afterEach(async () => {
    await h.server?.stop();
    h.server = null;
  });
  afterAll(async () => {
    await h.smtp?.close();
    await h.receiver?.close();
  });
  return h;
}

/** A request the server never answered (the fault killed it) rejects: the client saw the connection cut. */
export async function cutOff(request: Promise<TestResponse>): Promise<boolean> {
  return request.then(
    () => false,
    () => true,
  );
}

/**
 * Reads the database once the server is down (PGlite has one owner at a time; on PostgreSQL too, so that nothing
 * moves while counting). Stops the server gracefully first.
 */
export async function readDatabase<T>(s: ServerProcess, read: (q: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> {
  await s.kill('SIGTERM');
  const database = await openDatabase(s.databaseUrl);
  try {
    return await read(async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows);
  } finally {
    await database.close();
  }
}

/** Expense ids of the jobs of one queue, pending or done (pg-boss moves finished jobs to its archive later). */
export const jobsOf = (queue: string) =>
  `select data->>'expenseId' as id, state from pgboss.job where name = '${queue}' union all select data->>'expenseId', state from pgboss.archive where name = '${queue}'`;
