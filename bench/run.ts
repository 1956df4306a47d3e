/**
 * npm run bench — seeds 200,000 expenses across 50 companies and measures the list, dashboard and
 * Excel endpoints over real HTTP next to the bare SQL they run, plus the export's peak memory.
 * Uses DATABASE_URL when set (a scratch database is created and dropped), else in-memory PGlite.
 * BENCH_JSON=path also writes the figures as JSON (the contract other tools read: see `BenchReport`).
 * The bare SQL of an endpoint is the exact statements it sends (recorded through the ORM's logger on one call),
 * replayed on the same connection in the same run; writes (rate limits, last-seen) are not replayed.
 */
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.js';
import { openDatabase } from '../src/server/db/client.js';
import { Mailer } from '../src/server/email/mailer.js';
import { loadEnv } from '../src/server/env.js';
import { DiskStorage } from '../src/server/storage/disk.js';
import { JobQueue } from '../src/server/jobs/queue.js';
import { createReceiptAnalyzer } from '../src/server/receipts/service.js';
import { createTestDatabase } from '../tests/helpers/db.js';
import { BENCH_PASSWORD, seedBench } from './seed.js';
import { measureServerMemory, serverBuilt, type ServerMemory } from './memory.js';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 50);
const TOTAL = Number(process.env.BENCH_EXPENSES ?? 200_000);
/** Company 1's rows (the export case): at most half of all rows, so a quick small run still seeds the others. */
const BIG = Number(process.env.BENCH_EXPORT_ROWS ?? Math.min(50_000, Math.floor(TOTAL / 2)));
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

type Stats = { median: number; p99: number };

/** The JSON written to BENCH_JSON (milliseconds and megabytes, rounded to 0.01). */
export interface BenchReport {
  database: 'postgres' | 'pglite';
  machine: { cores: number; loadavg: number[] };
  endpoints: { name: string; medianMs: number; p99Ms: number; sqlMedianMs: number | null; ratio: number | null }[];
  /** The export over HTTP in this process (in-process server), median of 3. */
  excel: { rows: number; ms: number; rssGrowthMb: number };
  /**
   * The compiled production server (bench/memory.ts) when it is built (`npm run build`) and BENCH_MEMORY is not 0:
   * idle, after 20 receipts, after the idle minute and after the export; else only this process's idle figures.
   */
  memory: Partial<ServerMemory> & { idleMb: number; benchProcessIdleMb: number; benchProcessHeapUsedMb: number; exportPeakMb: number };
  /** The compiled server's spawn-to-ready time when measured, else this process's buildApp-to-listen time. */
  startupMs: number;
}
const r2 = (n: number) => Math.round(n * 100) / 100;
const mb = (bytes: number) => r2(bytes / 1e6);

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { median: q(0.5), p99: q(0.99) };
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function time(fn: () => Promise<unknown>, runs = RUNS) {
  await fn(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return stats(out);
}

async function main() {
  const testDb = await createTestDatabase();
  let recording: { sql: string; params: unknown[] }[] | null = null;
  const database = await openDatabase(testDb.url, { onQuery: (sql, params) => recording?.push({ sql, params }) });
  console.log(`Base de datos: ${database.kind}. Sembrando ${TOTAL} rendiciones en ${COMPANIES} empresas...`);
  const t0 = performance.now();
  const ex = database.exec;
  await seedBench(ex, { companies: COMPANIES, total: TOTAL, big: BIG, usersPerCompany: 5 });
  const [{ n }] = (await ex('select count(*)::int n from expenses')).rows as { n: number }[];
  console.log(`Sembrado: ${n} rendiciones en ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  global.gc?.();
  const idle = process.memoryUsage();
  const startedAt = performance.now();
  // The endpoint-to-SQL ratios measure the list as it reads the database; the pages kept in memory are timed apart.
  const env = loadEnv({ NODE_ENV: 'test', READ_CACHE: 'false' });
  const storageDir = mkdtempSync(join(tmpdir(), 'rendix-bench-'));
  const jobs = new JobQueue(database);
  await jobs.start();
  const mailer = new Mailer(database.db, { from: env.MAIL_FROM });
  const receipts = createReceiptAnalyzer(env);
  const deps = { env, database, db: database.db, mailer, appUrl: 'http://127.0.0.1', storage: new DiskStorage(storageDir), jobs, receipts };
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  deps.appUrl = base;
  const startupMs = performance.now() - startedAt;

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'u1_0@bench.cl', password: BENCH_PASSWORD }),
  });
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  const [{ id: companyId }] = (await ex(`select id from companies where company_code = 'B00001'`)).rows as { id: string }[];
  const get = async (path: string) => {
    const r = await fetch(base + path, { headers: { cookie } });
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    await r.arrayBuffer();
  };

  // The endpoints send their hot reads as prepared statements (src/server/db/prepared.ts), some named (planned once per
  // connection), some unnamed (planned with their values each time). On PostgreSQL the bare SQL is replayed on one
  // connection in whichever of the two ways is faster for that statement (chosen once, over 10 runs each), so that the
  // ratio is the app's own cost against the best the SQL can do. PGlite has no named statements: there both sides plan.
  const bareClient = database.kind === 'postgres' ? new (await import('pg')).default.Client(testDb.url) : null;
  await bareClient?.connect();
  const bareMode = new Map<string, string | null>();
  const runBare = (text: string, params: unknown[], name: string | null) => bareClient!.query(name ? { name, text, values: params } : { text, values: params });
  const bareRead = async (text: string, params: unknown[]) => {
    if (!bareClient) return ex(text, params);
    if (!bareMode.has(text)) {
      const name = `bench_${bareMode.size}`;
      const timed = async (n: string | null) => {
        const t = performance.now();
        for (let i = 0; i < 10; i++) await runBare(text, params, n);
        return performance.now() - t;
      };
      await timed(name);
      bareMode.set(text, (await timed(name)) <= (await timed(null)) ? name : null);
    }
    return runBare(text, params, bareMode.get(text)!);
  };

  const rows: [string, Stats, Stats | null][] = [];
  const bare = (text: string, params: unknown[]) => () => ex(text, params);
  const contract: BenchReport['endpoints'] = [];
  /**
   * Times `path` and the reads it sends to the database replayed bare, one after the other, alternating sample by
   * sample: on a machine other work shares, both then see the same load (timed one block after the other, a busy
   * minute for one and a quiet one for the other skewed the ratio either way).
   */
  const measured = async (name: string, label: string, path: string) => {
    // The reads of a request in steady state: the session and the list's total are kept from the first request.
    await get(path);
    recording = [];
    await get(path);
    const reads = recording.filter((q) => /^\s*(select|with)\b/i.test(q.sql));
    recording = null;
    const replay = async () => {
      for (const q of reads) await bareRead(q.sql, q.params);
    };
    await get(path);
    await replay();
    const endpointSamples: number[] = [];
    const sqlSamples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      await get(path);
      endpointSamples.push(performance.now() - t);
      t = performance.now();
      await replay();
      sqlSamples.push(performance.now() - t);
    }
    const endpoint = stats(endpointSamples);
    const sql = stats(sqlSamples);
    rows.push([`${label} [${reads.length} consultas]`, endpoint, sql]);
    contract.push({ name, medianMs: r2(endpoint.median), p99Ms: r2(endpoint.p99), sqlMedianMs: r2(sql.median), ratio: r2(endpoint.median / sql.median) });
  };
  await measured('list_page_1', 'GET /api/expenses (página 1, SQL exacto)', '/api/expenses?userId=all');
  // Page 200 as the web client reaches it: through the cursor page 199 handed out (keyset, no recount).
  // (A small seed has fewer pages: the last one stands in.)
  let cursor = '';
  let deepPage = 1;
  for (; deepPage < 200; deepPage++) {
    const r: Response = await fetch(`${base}/api/expenses?userId=all${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { cookie } });
    const next = ((await r.json()) as { nextCursor: string | null }).nextCursor;
    if (!next) break;
    cursor = next;
  }
  await measured('list_page_200', `GET /api/expenses (página ${deepPage} por cursor, SQL exacto)`, `/api/expenses?userId=all${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
  await measured('dashboard_stats', 'GET /api/dashboard/stats (SQL exacto)', '/api/dashboard/stats');
  await measured('dashboard_monthly', 'GET /api/dashboard/monthly (SQL exacto)', '/api/dashboard/monthly');
  // The same first page when this process already wrote it and nothing on it changed (READ_CACHE, the default).
  env.READ_CACHE = true;
  const cachedPage = await time(() => get('/api/expenses?userId=all'));
  env.READ_CACHE = false;
  rows.push(['GET /api/expenses (página 1, en memoria)', cachedPage, null]);
  contract.push({ name: 'list_page_1_cached', medianMs: r2(cachedPage.median), p99Ms: r2(cachedPage.p99), sqlMedianMs: null, ratio: null });

  rows.push([
    'GET /api/expenses (página 1)',
    await time(() => get('/api/expenses?userId=all')),
    await time(
      bare(
        `select e.*, c.name, p.name, u.email from expenses e join users u on u.id = e.user_id left join categories c on c.id = e.category_id
         left join payment_methods p on p.id = e.payment_method_id where e.company_id = $1 order by e.date desc, e.expense_number desc limit 25`,
        [companyId],
      ),
    ),
  ]);
  rows.push(['  (count total)', await time(bare('select count(*) from expenses where company_id = $1', [companyId])), null]);
  rows.push(['GET /api/expenses (página 200, OFFSET)', await time(() => get('/api/expenses?userId=all&page=200')), null]);
  rows.push([
    'GET /api/expenses (filtros estado+fechas)',
    await time(() => get('/api/expenses?userId=all&status=approved&startDate=2026-06-01&endDate=2026-09-30')),
    null,
  ]);
  rows.push([
    'GET /api/dashboard/stats',
    await time(() => get('/api/dashboard/stats')),
    await time(
      bare(
        `select count(*), sum(amount_clp) filter (where status in ('approved','pending')), count(*) filter (where status='pending'), count(*) filter (where status='approved'),
           (select count(*) from expenses m where m.company_id = $1 and m.created_at >= date_trunc('month', now())) from expenses where company_id = $1`,
        [companyId],
      ),
    ),
  ]);
  // The external API with a Bearer token: the token lookup (one indexed query), its rate-limit upsert, then the export.
  const tokenRes = await fetch(`${base}/api/tokens`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench' }) });
  const token = ((await tokenRes.json()) as { token: string }).token;
  const getWithToken = async (path: string) => {
    const r = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    await r.arrayBuffer();
  };
  rows.push(['GET /api/categories (sesión)', await time(() => get('/api/categories')), null]);
  rows.push(['GET /api/categories (token)', await time(() => getWithToken('/api/categories')), await time(bare(`select * from categories where company_id = $1 order by name`, [companyId]))]);
  rows.push([
    'GET /api/accounting/approved-expenses (500 de ~16.700, token)',
    await time(() => getWithToken('/api/accounting/approved-expenses?startDate=2020-01-01&endDate=2030-12-31&limit=500')),
    await time(
      bare(
        `select e.*, u.email, c.name, c.accounting_code, p.name, p.accounting_code from expenses e join users u on u.id = e.user_id
         left join categories c on c.id = e.category_id left join payment_methods p on p.id = e.payment_method_id
         where e.company_id = $1 and e.status = 'approved' order by e.approved_at, e.id limit 501`,
        [companyId],
      ),
    ),
  ]);
  rows.push(['GET /api/dashboard/categories', await time(() => get('/api/dashboard/categories')), null]);
  rows.push(['GET /api/dashboard/recent', await time(() => get('/api/dashboard/recent')), null]);
  rows.push([
    'GET /api/dashboard/monthly',
    await time(() => get('/api/dashboard/monthly')),
    await time(
      bare(
        `select date, sum(amount_clp)::text, count(*)::int from expenses
         where company_id = $1 and status in ('approved','pending') and date >= (date_trunc('month', current_date) - interval '5 months')::date group by date`,
        [companyId],
      ),
    ),
  ]);

  // Export: time and peak memory while streaming BIG rows.
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const exportTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const t1 = performance.now();
    const r = await fetch(`${base}/api/expenses/export/excel?userId=all`, { headers: { cookie } });
    bytes = 0;
    for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    exportTimes.push(performance.now() - t1);
  }
  clearInterval(sampler);
  const exportSql = await time(
    bare(`select e.* from expenses e where e.company_id = $1 order by e.date desc, e.expense_number desc`, [companyId]),
    3,
  );

  // Forgot-password: an existing and an unknown address must cost the same (the per-account work is a background job).
  // Interleaved; its rate-limit counters are cleared between calls, outside the timing.
  const forgot = async (email: string) => {
    await ex(`delete from rate_limits where key like 'forgot-%'`);
    const t1 = performance.now();
    const r = await fetch(`${base}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`forgot-password: ${r.status}`);
    return performance.now() - t1;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  await forgot('u1_1@bench.cl');
  await forgot('nadie@bench.cl');
  for (let i = 0; i < 4 * RUNS; i++) {
    // Alternating which goes first, so neither always follows the other's background job.
    if (i % 2) known.push(await forgot('u1_1@bench.cl'));
    unknown.push(await forgot(`nadie${i}@bench.cl`));
    if (!(i % 2)) known.push(await forgot('u1_1@bench.cl'));
  }
  rows.push(['POST /api/auth/forgot-password (email existente)', stats(known), null]);
  rows.push(['POST /api/auth/forgot-password (email desconocido)', stats(unknown), null]);

  console.log('| endpoint | mediana | p99 | SQL desnudo (mediana / p99) |');
  console.log('|---|---|---|---|');
  for (const [name, s, b] of rows) console.log(`| ${name} | ${ms(s.median)} | ${ms(s.p99)} | ${b ? `${ms(b.median)} / ${ms(b.p99)}` : ''} |`);
  const ex3 = stats(exportTimes);
  console.log(`| Excel ${BIG} filas (3 corridas) | ${ms(ex3.median)} | ${ms(ex3.p99)} | ${ms(exportSql.median)} (select de ${BIG} filas) |`);
  console.log(`\nExcel: ${(bytes / 1e6).toFixed(1)} MB; memoria pico del proceso durante la exportación: +${((peak - baseline) / 1e6).toFixed(0)} MB sobre ${(baseline / 1e6).toFixed(0)} MB (RSS)`);
  console.log(`Carga: ${loadavg().map((l) => l.toFixed(2)).join(' ')} en ${cpus().length} núcleos; arranque del servidor ${ms(startupMs)}`);

  const loadAfterEndpoints = loadavg().map(r2);
  await app.close();
  await jobs.stop();
  let server: ServerMemory | null = null;
  if (process.env.BENCH_MEMORY !== '0' && serverBuilt()) {
    console.log('');
    server = await measureServerMemory();
  } else console.log('\n(Memoria del servidor de producción no medida: necesita npm run build; BENCH_MEMORY=0 la omite)');

  if (process.env.BENCH_JSON) {
    const report: BenchReport = {
      database: database.kind,
      machine: { cores: cpus().length, loadavg: loadAfterEndpoints },
      endpoints: contract,
      excel: { rows: BIG, ms: r2(ex3.median), rssGrowthMb: mb(peak - baseline) },
      memory: {
        ...(server ?? {}),
        idleMb: server?.idleMb ?? mb(idle.rss),
        benchProcessIdleMb: mb(idle.rss),
        benchProcessHeapUsedMb: mb(idle.heapUsed),
        exportPeakMb: mb(peak),
      },
      startupMs: r2(server?.startupMs ?? startupMs),
    };
    writeFileSync(process.env.BENCH_JSON, JSON.stringify(report, null, 2) + '\n');
  }

  await receipts.close();
  await bareClient?.end();
  await database.close();
  await testDb.drop();
  rmSync(storageDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
