/**
 * npm run bench:memory — resident memory of the compiled production server (dist/server/main.js, built first with
 * `npm run build`): idle 30 s after start, after reading 20 receipts, after one idle minute (the reader's threads end),
 * and after a 50,000-row Excel export. On PostgreSQL with DATABASE_URL (a scratch database is created and dropped);
 * without it the server runs on PGlite in a temporary DATA_DIR and the export step is skipped (the rows cannot be
 * seeded while the server holds the embedded database). RECEIPT_WARM=1 in the environment measures the process that
 * loads the OCR models at start. `npm run bench` runs the same measurement for its JSON's `memory` and `startupMs`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../src/server/db/client.js';
import { createTestDatabase } from '../tests/helpers/db.js';
import { COPEC_BOLETA_LINES, thermalReceipt } from '../tests/helpers/receipts.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 50_000);
const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 20);
const IDLE_MS = Number(process.env.RECEIPT_IDLE_MS ?? 60_000);
const MAIN = new URL('../dist/server/main.js', import.meta.url);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
  return { rss: Math.round(kb('VmRSS')), peak: Math.round(kb('VmHWM')) };
}

/** What `bench:memory` measured, in MB and ms (null: a step not run on this database). */
export interface ServerMemory {
  process: 'dist/server/main.js';
  /** Spawn to the first answer of /api/health. */
  startupMs: number;
  idleMb: number;
  afterReceiptsMb: number;
  receiptFirstMs: number;
  receiptMedianMs: number;
  afterIdleMinuteMb: number;
  afterExportMb: number | null;
  exportMs: number | null;
  /** VmHWM: the highest resident size the process reached. */
  peakMb: number;
}

export const serverBuilt = () => existsSync(MAIN);

export async function measureServerMemory(print: (line: string) => void = console.log): Promise<ServerMemory> {
  if (!serverBuilt()) throw new Error('Falta dist/server/main.js: ejecuta npm run build');
  const testDb = process.env.DATABASE_URL ? await createTestDatabase() : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'rendix-memory-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const server = spawn(process.execPath, [MAIN.pathname], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: testDb?.url ?? '',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      APP_URL: base,
      PORT: String(port),
      HOST: '127.0.0.1',
      MAIL_DISABLED: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = server.pid!;
  const figures: [string, { rss: number; peak: number }][] = [];
  const out: Partial<ServerMemory> = { process: 'dist/server/main.js', afterExportMb: null, exportMs: null };
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error('el servidor no respondió en 60 s');
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      await sleep(100);
    }
    out.startupMs = Math.round(performance.now() - t0);
    await sleep(30_000);
    figures.push(['en reposo (30 s tras el inicio)', memory(pid)]);
    out.idleMb = memory(pid).rss;

    const headers = { 'content-type': 'application/json', origin: base };
    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Memoria', email: 'bench@memoria.cl', companyName: 'Bench SpA', password: 'secreto123', confirmPassword: 'secreto123' }),
    });
    if (reg.status !== 201) throw new Error(`registro: ${reg.status} ${await reg.text()}`);
    const cookie = reg.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const receiptMs: number[] = [];
    for (let i = 0; i < RECEIPTS; i++) {
      // A different receipt each time: each is read, none answered from the reader's cache.
      const photo = await thermalReceipt([...COPEC_BOLETA_LINES, `TICKET ${i + 1}`]);
      const form = new FormData();
      form.append('receipt', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `boleta-${i}.jpg`);
      const t0 = performance.now();
      const r = await fetch(`${base}/api/receipts/analyze`, { method: 'POST', headers: { cookie, origin: base }, body: form });
      if (!r.ok) throw new Error(`recibo ${i}: ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
      receiptMs.push(performance.now() - t0);
    }
    const rest = receiptMs.slice(1).sort((a, b) => a - b);
    out.receiptFirstMs = Math.round(receiptMs[0]);
    out.receiptMedianMs = Math.round(rest[Math.floor(rest.length / 2)] ?? receiptMs[0]);
    figures.push([`tras ${RECEIPTS} recibos (el primero ${out.receiptFirstMs} ms, mediana de los demás ${out.receiptMedianMs} ms)`, memory(pid)]);
    out.afterReceiptsMb = memory(pid).rss;
    await sleep(IDLE_MS + 5_000);
    figures.push([`tras ${Math.round(IDLE_MS / 1000)} s sin recibos`, memory(pid)]);
    out.afterIdleMinuteMb = memory(pid).rss;

    if (testDb) await exportStep(testDb.url, cookie);
    out.peakMb = memory(pid).peak;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  print(`Memoria del servidor compilado (${testDb ? 'PostgreSQL' : 'PGlite'}, RECEIPT_WARM=${process.env.RECEIPT_WARM ?? 'false'}, RECEIPT_IDLE_MS=${IDLE_MS}; arranque ${out.startupMs} ms):`);
  for (const [what, m] of figures) print(`  ${what}: RSS ${m.rss} MB (pico hasta ahí ${m.peak} MB)`);
  return out as ServerMemory;

  async function exportStep(url: string, cookie: string) {
    const database = await openDatabase(url);
    await database.exec(`insert into expenses (company_id, user_id, expense_number, date, amount, currency, exchange_rate, amount_clp, description,
        document_type, status, created_at, updated_at)
      select u.current_company_id, u.id, g, (current_date - (g % 180))::date, (1000 + g % 90000)::numeric, 'CLP', 1, 1000 + g % 90000,
        'Gasto de prueba ' || g, 'boleta', 'pending', now(), now()
      from users u, generate_series(1, ${ROWS}) g`);
    await database.exec('analyze expenses');
    await database.close();
    const t1 = performance.now();
    const res = await fetch(`${base}/api/expenses/export/excel?userId=all`, { headers: { cookie } });
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    out.exportMs = Math.round(performance.now() - t1);
    figures.push([`tras exportar ${ROWS} filas (${(bytes / 1e6).toFixed(1)} MB, ${out.exportMs} ms)`, memory(pid)]);
    out.afterExportMb = memory(pid).rss;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  measureServerMemory().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
