/**
 * npm run bench — seeds 200,000 expenses across 50 companies and measures the list, dashboard and
 * Excel endpoints over real HTTP next to the bare SQL they run, plus the export's peak memory.
 * Uses DATABASE_URL when set (a scratch database is created and dropped), else in-memory PGlite.
 */
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.js';
import { hashPassword } from '../src/server/auth/passwords.js';
import { openDatabase } from '../src/server/db/client.js';
import { Mailer } from '../src/server/email/mailer.js';
import { loadEnv } from '../src/server/env.js';
import { DiskStorage } from '../src/server/storage/disk.js';
import { JobQueue } from '../src/server/jobs/queue.js';
import { createReceiptAnalyzer } from '../src/server/receipts/service.js';
import { createTestDatabase } from '../tests/helpers/db.js';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 50);
const TOTAL = Number(process.env.BENCH_EXPENSES ?? 200_000);
const BIG = Number(process.env.BENCH_EXPORT_ROWS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

function stats(samples: number[]) {
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
  const database = await openDatabase(testDb.url);
  console.log(`Base de datos: ${database.kind}. Sembrando ${TOTAL} rendiciones en ${COMPANIES} empresas...`);
  const t0 = performance.now();
  const hash = await hashPassword('bench123');
  const ex = database.exec;
  await ex(`insert into companies (name, company_code, plan, subscription_status)
    select 'Empresa ' || g, 'B' || lpad(g::text, 5, '0'), 'professional', 'active' from generate_series(1, ${COMPANIES}) g`);
  await ex(`insert into users (email, password_hash, first_name, last_name, current_company_id)
    select 'u' || c.n || '_' || k || '@bench.cl', $1, 'Usuario' || k, 'Empresa' || c.n, c.id
    from (select id, row_number() over (order by company_code) n from companies) c, generate_series(0, 4) k`, [hash]);
  await ex(`insert into memberships (user_id, company_id, role)
    select u.id, u.current_company_id, case when u.email like 'u%\\_0@bench.cl' then 'admin' else 'employee' end from users u`);
  const cats = ['Alimentación', 'Transporte', 'Hospedaje', 'Materiales', 'Combustible', 'Otros', 'Factura'];
  await ex(`insert into categories (company_id, name) select c.id, x.name from companies c, unnest($1::text[]) x(name)`, [cats]);
  await ex(`insert into payment_methods (company_id, name) select c.id, x.name from companies c, unnest($1::text[]) x(name)`, [['Efectivo', 'Tarjeta de crédito']]);
  // Company 1 gets BIG rows (the export case); the rest share what remains.
  const rest = Math.floor((TOTAL - BIG) / (COMPANIES - 1));
  await ex(`
    with co as (select id, row_number() over (order by company_code) n from companies),
    counts as (select id, n, case when n = 1 then ${BIG} else ${rest} end cnt from co)
    insert into expenses (company_id, user_id, expense_number, date, amount, currency, exchange_rate, amount_clp, description,
      category_id, payment_method_id, document_type, status, created_at, updated_at)
    select c.id,
      (select u.id from users u where u.current_company_id = c.id order by u.email offset (g % 5) limit 1),
      g, (current_date - (g % 180))::date, (1000 + (g * 37) % 90000)::numeric, 'CLP', 1, 1000 + (g * 37) % 90000,
      'Gasto de prueba ' || g,
      (select id from categories k where k.company_id = c.id order by name offset (g % 7) limit 1),
      (select id from payment_methods p where p.company_id = c.id order by name offset (g % 2) limit 1),
      'boleta', (array['pending','approved','rejected'])[1 + g % 3], now() - ((g % 180) || ' days')::interval, now()
    from counts c, generate_series(1, c.cnt) g`);
  await ex(`update expenses set approved_at = created_at + interval '1 day' where status = 'approved'`);
  await ex(`update companies set next_expense_number = 1 + (select count(*) from expenses e where e.company_id = companies.id)`);
  // As autovacuum leaves a table: statistics and the visibility map (index-only scans read no heap pages).
  await ex('vacuum analyze expenses');
  await ex('analyze');
  const [{ n }] = (await ex('select count(*)::int n from expenses')).rows as { n: number }[];
  console.log(`Sembrado: ${n} rendiciones en ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  const env = loadEnv({ NODE_ENV: 'test' });
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

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'u1_0@bench.cl', password: 'bench123' }),
  });
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  const [{ id: companyId }] = (await ex(`select id from companies where company_code = 'B00001'`)).rows as { id: string }[];
  const get = async (path: string) => {
    const r = await fetch(base + path, { headers: { cookie } });
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    await r.arrayBuffer();
  };

  const rows: [string, { median: number; p99: number }, { median: number; p99: number } | null][] = [];
  const bare = (text: string, params: unknown[]) => () => ex(text, params);

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
  // What the web client does: page 200 through the cursor page 199 handed out (keyset, no recount).
  let cursor: string | null = null;
  for (let page = 1; page < 200; page++) {
    const r: Response = await fetch(`${base}/api/expenses?userId=all${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { cookie } });
    cursor = ((await r.json()) as { nextCursor: string | null }).nextCursor;
  }
  if (!cursor) throw new Error('no cursor to page 200');
  rows.push(['GET /api/expenses (página 200, cursor)', await time(() => get(`/api/expenses?userId=all&cursor=${encodeURIComponent(cursor)}`)), null]);
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

  await app.close();
  await jobs.stop();
  await receipts.close();
  await database.close();
  await testDb.drop();
  rmSync(storageDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
