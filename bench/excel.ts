/**
 * npm run bench:excel — the Excel export of BENCH_EXPORT_ROWS expenses (default 50,000) of one company: time to the
 * last byte, size, and peak RSS growth of this process while streaming, next to the bare select of the same rows.
 * Uses DATABASE_URL when set (a scratch database is created and dropped), else in-memory PGlite.
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.js';
import { expenses } from '../src/server/db/schema/index.js';
import { streamExpensesXlsx } from '../src/server/expenses/excel.js';
import { createTestDatabase } from '../tests/helpers/db.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function main() {
  const testDb = await createTestDatabase();
  const database = await openDatabase(testDb.url);
  const ex = database.exec;
  await ex(`insert into companies (name, company_code, plan, subscription_status) values ('Empresa bench', 'B00001', 'professional', 'active')`);
  await ex(`insert into users (email, first_name, last_name, current_company_id, password_hash)
    select 'u' || k || '@bench.cl', 'Usuario' || k, 'Bench', c.id, 'x' from companies c, generate_series(0, 4) k`);
  await ex(`insert into categories (company_id, name) select c.id, x.name from companies c, unnest($1::text[]) x(name)`, [['Alimentación', 'Transporte', 'Hospedaje', 'Otros']]);
  await ex(`insert into payment_methods (company_id, name) select c.id, x.name from companies c, unnest($1::text[]) x(name)`, [['Efectivo', 'Tarjeta de crédito']]);
  await ex(`insert into expenses (company_id, user_id, expense_number, date, amount, currency, exchange_rate, amount_clp, description,
      category_id, payment_method_id, document_type, status, created_at, updated_at)
    select c.id, (select u.id from users u order by u.email offset (g % 5) limit 1), g, (current_date - (g % 180))::date,
      (1000 + (g * 37) % 90000)::numeric, 'CLP', 1, 1000 + (g * 37) % 90000, 'Gasto de prueba ' || g,
      (select id from categories k order by name offset (g % 4) limit 1), (select id from payment_methods p order by name offset (g % 2) limit 1),
      'boleta', (array['pending','approved','rejected'])[1 + g % 3], now() - ((g % 180) || ' days')::interval, now()
    from companies c, generate_series(1, ${ROWS}) g`);
  await ex(`update expenses set approved_at = created_at + interval '1 day' where status = 'approved'`);
  await ex('analyze');
  const [{ id: companyId }] = (await ex('select id from companies')).rows as { id: string }[];
  const log = { error: (o: unknown) => console.error(o) };

  const t0 = performance.now();
  await ex(`select e.*, u.first_name, u.last_name, u.email, k.name, p.name from expenses e join users u on u.id = e.user_id
    left join categories k on k.id = e.category_id left join payment_methods p on p.id = e.payment_method_id
    where e.company_id = $1 order by e.date desc, e.expense_number desc`, [companyId]);
  const selectMs = performance.now() - t0;

  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  let growth = 0;
  for (let i = 0; i < RUNS; i++) {
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t1 = performance.now();
    const cpu0 = process.cpuUsage();
    bytes = 0;
    // Read slowly enough to be a client: the stream's back-pressure is what keeps memory flat.
    for await (const chunk of streamExpensesXlsx(database.db, [eq(expenses.companyId, companyId)], log)) bytes += (chunk as Buffer).length;
    times.push(performance.now() - t1);
    const used = process.cpuUsage(cpu0);
    cpu.push((used.user + used.system) / 1000);
    clearInterval(sampler);
    growth = Math.max(growth, peak - baseline);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  console.log(`Excel ${ROWS} filas (${database.kind}, ${RUNS} corridas): mediana ${median.toFixed(0)} ms [${times.map((t) => t.toFixed(0)).join(', ')}]; ` +
    `CPU de este proceso ${[...cpu].sort((a, b) => a - b)[Math.floor(cpu.length / 2)].toFixed(0)} ms; select de las filas ${selectMs.toFixed(0)} ms; ${(bytes / 1e6).toFixed(2)} MB; RSS pico +${(growth / 1e6).toFixed(0)} MB`);
  await database.close();
  await testDb.drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
