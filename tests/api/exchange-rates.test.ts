import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ISO_CURRENCIES } from '../../src/shared/currencies.js';
import { auditLog, exchangeRates } from '../../src/server/db/schema/index.js';
import { startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { companyWithEmployee, expenseFields, fileExpense } from '../helpers/factories.js';
import { startBcchDouble } from '../helpers/bcch-double.js';
import { expectFieldError } from '../helpers/http.js';

// Business days only: 2025-03-08/09 is a weekend, 2025-04-18 is Viernes Santo (a holiday) and 2025-04-19/20 a weekend.
const USD = { '2025-03-06': 948.3, '2025-03-07': 950.12, '2025-03-10': 945.5, '2025-04-16': 939.1, '2025-04-17': 940.25, '2025-04-21': 945.8 };
const EUR = { '2025-03-07': 1030.44 };

let bcch: Awaited<ReturnType<typeof startBcchDouble>>;
let t: TestApp;
let offline: TestApp;
const viewers = new Map<TestApp, TestClient>();
beforeAll(async () => {
  bcch = await startBcchDouble({ user: 'rendix@example.cl', pass: 'clave-bcch', rates: { 'F073.TCO.PRE.Z.D': USD, 'F072.CLP.EUR.N.O.D': EUR } });
  // A generous timeout: a loaded test machine must not turn the double's answer into a provider failure.
  t = await startTestApp({ env: { BCCH_API_URL: bcch.url, BCCH_USER: 'rendix@example.cl', BCCH_PASS: 'clave-bcch', BCCH_TIMEOUT_MS: '20000' } });
  // The embedded mode with no credentials: cached or default rates only, never a network call.
  offline = await startTestApp();
  for (const app of [t, offline]) viewers.set(app, (await companyWithEmployee(app)).employee.client);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await offline?.close();
  await bcch?.close();
});

const quote = (app: TestApp, currency: string, date: string) => viewers.get(app)!.get(`/api/exchange-rates?currency=${currency}&date=${date}`);

describe('dated exchange rates (Banco Central de Chile through the SieteRestWS contract)', { timeout: 90_000 }, () => {
  test('a business day gets its own observed dollar; the query follows the contract', async () => {
    const res = await quote(t, 'USD', '2025-03-07');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currency: 'USD', date: '2025-03-07', rate: '950.120000', source: 'bcch', rateDate: '2025-03-07', label: 'Banco Central de Chile (07/03/2025)' });
    const q = bcch.requests.at(-1)!;
    expect(Object.fromEntries(q)).toMatchObject({ user: 'rendix@example.cl', pass: 'clave-bcch', function: 'GetSeries', timeseries: 'F073.TCO.PRE.Z.D', lastdate: '2025-03-07' });
    expect(q.get('firstdate')! < '2025-03-07').toBe(true);
  });

  test('a weekend and a holiday use the previous business day; the cache answers the next time', async () => {
    const sat = await quote(t, 'USD', '2025-03-08');
    expect(sat.body).toMatchObject({ rate: '950.120000', source: 'bcch', rateDate: '2025-03-07', label: 'Banco Central de Chile (07/03/2025, día hábil anterior)' });
    const holiday = await quote(t, 'USD', '2025-04-18');
    expect(holiday.body).toMatchObject({ rate: '940.250000', rateDate: '2025-04-17' });
    const easterSunday = await quote(t, 'USD', '2025-04-20');
    expect(easterSunday.body).toMatchObject({ rate: '940.250000', rateDate: '2025-04-17' });
    const rows = await t.deps.db.select().from(exchangeRates).where(and(eq(exchangeRates.currency, 'USD'), eq(exchangeRates.date, '2025-04-19')));
    expect(rows[0]).toMatchObject({ rate: '940.250000', rateDate: '2025-04-17', source: 'bcch' });
    expect(rows[0].fetchedAt).toBeInstanceOf(Date);
    const before = bcch.requests.length;
    expect((await quote(t, 'USD', '2025-04-19')).body.rate).toBe('940.250000');
    expect(bcch.requests.length).toBe(before);
  });

  test('filing a foreign expense stores the rate of its date, never today’s; reports read the stored rate', async () => {
    const { employee, admin, ids } = await companyWithEmployee(t);
    const res = await fileExpense(employee.client, expenseFields(ids, { date: '2025-03-09', currency: 'USD', amount: '100' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ currency: 'USD', exchangeRate: '950.120000', amountCLP: '95012', exchangeRateSource: 'bcch', exchangeRateDate: '2025-03-07' });
    expect(res.body.exchangeRateLabel).toContain('día hábil anterior');
    // The provider's numbers change later: the expense keeps what it was filed with.
    await t.deps.db.update(exchangeRates).set({ rate: '999.000000' }).where(and(eq(exchangeRates.currency, 'USD'), eq(exchangeRates.date, '2025-03-09')));
    const again = await admin.client.get(`/api/expenses/${res.body.id}`);
    expect(again.body).toMatchObject({ exchangeRate: '950.120000', amountCLP: '95012' });
    const list = await admin.client.get('/api/expenses?userId=all');
    expect(list.body.items.find((e: any) => e.id === res.body.id)).toMatchObject({ exchangeRate: '950.120000', amountCLP: '95012' });
    const xlsx = await fetch(`${t.baseUrl}/api/expenses/export/excel?userId=all`, { headers: { cookie: `rendix_sid=${admin.client.sessionId}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as any);
    const ws = wb.getWorksheet('Rendiciones')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const row = (ws.getRow(2).values as unknown[]).slice(1);
    const col = (name: string) => row[header.indexOf(name)];
    expect([col('Moneda'), col('Monto original'), col('Tipo de cambio'), col('Monto CLP'), col('Origen tipo de cambio')]).toEqual(['USD', 100, 950.12, 95012, 'Banco Central de Chile (07/03/2025, día hábil anterior)']);
  });

  test('a rate typed by the user is kept and labelled as such', async () => {
    const { employee, ids } = await companyWithEmployee(t);
    const res = await fileExpense(employee.client, expenseFields(ids, { date: '2025-03-07', currency: 'USD', amount: '10', exchangeRate: '960' }));
    expect(res.body).toMatchObject({ exchangeRate: '960.000000', amountCLP: '9600', exchangeRateSource: 'manual', exchangeRateLabel: 'Tasa ingresada por el usuario' });
  });

  test('provider down: the last known cached rate, labelled with its date; no cache and a default: the default, labelled', async () => {
    // Known while the provider answered: Monday 21/04.
    expect((await quote(t, 'USD', '2025-04-21')).body).toMatchObject({ rate: '945.800000', source: 'bcch' });
    bcch.setDown(true);
    try {
      const known = await quote(t, 'USD', '2025-05-15');
      expect(known.status).toBe(200);
      expect(known.body).toMatchObject({ rate: '945.800000', source: 'cache', rateDate: '2025-04-21', label: 'Última tasa conocida (21/04/2025)' });
      const brl = await quote(t, 'BRL', '2025-05-15');
      expect(brl.body).toMatchObject({ rate: '180.000000', source: 'default', label: 'Tasa por defecto' });
      const { employee, ids } = await companyWithEmployee(t);
      const filed = await fileExpense(employee.client, expenseFields(ids, { date: '2025-05-15', currency: 'USD', amount: '1' }));
      expect(filed.status).toBe(201);
      expect(filed.body).toMatchObject({ exchangeRate: '945.800000', exchangeRateSource: 'cache', exchangeRateLabel: 'Última tasa conocida (21/04/2025)' });
    } finally {
      bcch.setDown(false);
    }
  });

  test('wrong credentials (Codigo -5) count as a provider failure, not a 500', async () => {
    const bad = await startTestApp({ env: { BCCH_API_URL: bcch.url, BCCH_USER: 'otro@example.cl', BCCH_PASS: 'mala' } });
    try {
      viewers.set(bad, (await companyWithEmployee(bad)).employee.client);
      const res = await quote(bad, 'EUR', '2025-03-07');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ rate: '1050.000000', source: 'default', label: 'Tasa por defecto' });
    } finally {
      await bad.close();
    }
  });

  test('embedded mode without credentials: defaults labelled, no network; a currency without default asks for the rate', async () => {
    const before = bcch.requests.length;
    const usd = await quote(offline, 'USD', '2025-03-07');
    expect(usd.body).toMatchObject({ rate: '950.000000', source: 'default', label: 'Tasa por defecto' });
    const myr = await quote(offline, 'myr', '2025-03-07');
    expect(myr.status).toBe(200);
    expect(myr.body).toMatchObject({ currency: 'MYR', rate: null, source: null });
    expect(myr.body.label).toMatch(/ingresa la tasa/);
    expect(bcch.requests.length).toBe(before);
  });

  test('any ISO 4217 code can be filed: with a typed rate it converts; without one the user is asked for it', async () => {
    const { employee, ids } = await companyWithEmployee(offline);
    const missing = await fileExpense(employee.client, expenseFields(ids, { date: '2025-03-07', currency: 'MYR', amount: '21.20' }));
    expectFieldError(missing, 'exchangeRate', 'No hay tipo de cambio conocido para MYR en esa fecha: ingresa la tasa (pesos chilenos por 1 MYR).');
    const ok = await fileExpense(employee.client, expenseFields(ids, { date: '2025-03-07', currency: 'myr', amount: '21.20', exchangeRate: '212.5' }));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ currency: 'MYR', amount: '21.20', exchangeRate: '212.500000', amountCLP: '4505', exchangeRateSource: 'manual' });
    for (const code of ['GBP', 'MXN', 'CNY', 'JPY', 'CLF']) {
      const res = await fileExpense(employee.client, expenseFields(ids, { date: '2025-03-07', currency: code, amount: '5', exchangeRate: '100' }));
      expect(res.status, code).toBe(201);
      expect(res.body.currency).toBe(code);
    }
    // COL stays an alias of COP, and keeps its default rate.
    const col = await fileExpense(employee.client, expenseFields(ids, { date: '2025-03-07', currency: 'COL', amount: '10000' }));
    expect(col.body).toMatchObject({ currency: 'COP', exchangeRate: '0.240000', amountCLP: '2400', exchangeRateSource: 'default' });
    for (const bad of ['XYZ', 'HRK', 'US', 'DOLAR']) {
      const res = await fileExpense(employee.client, expenseFields(ids, { currency: bad }));
      expectFieldError(res, 'currency', 'Moneda no soportada: usa un código ISO 4217 (por ejemplo USD, EUR, MYR).');
    }
    const q = await employee.client.get('/api/exchange-rates?currency=XYZ&date=2025-03-07');
    expectFieldError(q, 'currency', 'Moneda no soportada: usa un código ISO 4217 (por ejemplo USD, EUR, MYR).');
  });

  test('the shipped ISO list is Intl’s minus withdrawn codes plus fund/unit codes', () => {
    const intl = new Set(Intl.supportedValuesOf('currency'));
    const ours = new Set<string>(ISO_CURRENCIES);
    expect([...intl].filter((c) => !ours.has(c)).sort()).toEqual(['ANG', 'HRK', 'ZWL']);
    expect([...ours].filter((c) => !intl.has(c)).every((c) => /^(X..|BOV|CHE|CHW|CLF|COU|MXV|USN|UYI|UYW|VED)$/.test(c))).toBe(true);
    expect(ours.size).toBe(ISO_CURRENCIES.length);
  });
});

describe('rate override by an admin (audited)', { timeout: 90_000 }, () => {
  test('an admin corrects the rate with a reason; CLP is recomputed and the audit keeps before, after and why', async () => {
    const { admin, employee, ids } = await companyWithEmployee(t);
    const filed = await fileExpense(employee.client, expenseFields(ids, { date: '2025-03-10', currency: 'USD', amount: '50' }));
    expect(filed.body).toMatchObject({ exchangeRate: '945.500000', amountCLP: '47275' });
    const noReason = await admin.client.post(`/api/expenses/${filed.body.id}/exchange-rate`, { exchangeRate: '960' });
    expectFieldError(noReason, 'reason', 'Indica el motivo de la corrección (al menos 5 caracteres).');
    const res = await admin.client.post(`/api/expenses/${filed.body.id}/exchange-rate`, { exchangeRate: '961.25', reason: 'Tasa del estado de cuenta de la tarjeta' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ exchangeRate: '961.250000', amountCLP: '48063', exchangeRateSource: 'override', exchangeRateLabel: 'Tasa corregida por un administrador' });
    const [row] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, filed.body.id), eq(auditLog.action, 'expense.rate_overridden')));
    expect(row.actorUserId).toBe(admin.user.id);
    expect(row.changes).toMatchObject({ exchangeRate: { from: '945.500000', to: '961.250000' }, amountClp: { from: 47275, to: 48063 }, reason: 'Tasa del estado de cuenta de la tarjeta' });
    const history = await employee.client.get(`/api/expenses/${filed.body.id}/history`);
    expect(history.body.map((h: any) => h.action)).toContain('expense.rate_overridden');
  });

  test('roles and tenancy: an employee gets 403; another company’s admin 404; a CLP expense 400', async () => {
    const { admin, employee, ids } = await companyWithEmployee(t);
    const other = await companyWithEmployee(t);
    const filed = await fileExpense(employee.client, expenseFields(ids, { date: '2025-03-10', currency: 'USD', amount: '5' }));
    const body = { exchangeRate: '900', reason: 'Corrección de prueba' };
    expect((await employee.client.post(`/api/expenses/${filed.body.id}/exchange-rate`, body)).status).toBe(403);
    expect((await other.admin.client.post(`/api/expenses/${filed.body.id}/exchange-rate`, body)).status).toBe(404);
    expect((await admin.client.post('/api/expenses/not-a-uuid/exchange-rate', body)).status).toBe(404);
    const clp = await fileExpense(employee.client, expenseFields(ids));
    expectFieldError(await admin.client.post(`/api/expenses/${clp.body.id}/exchange-rate`, body), 'exchangeRate', 'Una rendición en pesos chilenos no tiene tipo de cambio.');
    expect((await t.client().get('/api/exchange-rates?currency=USD&date=2025-03-07')).status).toBe(401);
  });
});
