import type { Database } from '../src/server/db/client.js';
import { hashPassword } from '../src/server/auth/passwords.js';

export const BENCH_PASSWORD = 'bench123';

/**
 * Seeds `companies` companies (codes B00001…) with `usersPerCompany` users each (`u<n>_<k>@bench.cl`, k = 0 is the
 * admin, password BENCH_PASSWORD) and `total` expenses: company 1 gets `big`, the others share the rest.
 */
export async function seedBench(ex: Database['exec'], opts: { companies: number; total: number; big: number; usersPerCompany: number }) {
  const { companies, total, usersPerCompany } = opts;
  const big = companies === 1 ? total : opts.big;
  const hash = await hashPassword(BENCH_PASSWORD);
  await ex(`insert into companies (name, company_code, plan, subscription_status)
    select 'Empresa ' || g, 'B' || lpad(g::text, 5, '0'), 'professional', 'active' from generate_series(1, ${companies}) g`);
  await ex(`insert into users (email, password_hash, first_name, last_name, current_company_id)
    select 'u' || c.n || '_' || k || '@bench.cl', $1, 'Usuario' || k, 'Empresa' || c.n, c.id
    from (select id, row_number() over (order by company_code) n from companies) c, generate_series(0, ${usersPerCompany - 1}) k`, [hash]);
  await ex(`insert into memberships (user_id, company_id, role)
    select u.id, u.current_company_id, case when u.email like 'u%\\_0@bench.cl' then 'admin' else 'employee' end from users u`);
  const cats = ['Alimentación', 'Transporte', 'Hospedaje', 'Materiales', 'Combustible', 'Otros', 'Factura'];
  await ex(`insert into categories (company_id, name) select c.id, x.name from companies c, unnest($1::text[]) x(name)`, [cats]);
  await ex(`insert into payment_methods (company_id, name) select c.id, x.name from companies c, unnest($1::text[]) x(name)`, [['Efectivo', 'Tarjeta de crédito']]);
  const rest = companies === 1 ? 0 : Math.floor((total - big) / (companies - 1));
  await ex(`
    with co as (select id, row_number() over (order by company_code) n from companies),
    counts as (select id, n, case when n = 1 then ${big} else ${rest} end cnt from co)
    insert into expenses (company_id, user_id, expense_number, date, amount, currency, exchange_rate, amount_clp, description,
      category_id, payment_method_id, document_type, status, created_at, updated_at)
    select c.id,
      (select u.id from users u where u.current_company_id = c.id order by u.email offset (g % ${usersPerCompany}) limit 1),
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
}
