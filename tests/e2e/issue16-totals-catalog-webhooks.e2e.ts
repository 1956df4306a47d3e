import { createServer } from 'node:http';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { categories, companies, expenses, users } from '../../src/server/db/schema/index.js';
import { newPage, screenshot, signUp, setupE2e } from './browser.js';

// Issue 16 items 1, 6 and 8 in the browser, at 1440 and 390 px: dashboard totals without rejected money,
// catalog duplicates refused on the field, and 'Probar' reporting a failed delivery as a failure.

const e2e = setupE2e();
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };
const todayCL = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** Expenses written straight to the table: this screen is about what the dashboard adds up. */
async function seedExpenses(companyId: string, userId: string) {
  const [cat] = await e2e.t.deps.db.select().from(categories).where(and(eq(categories.companyId, companyId), eq(categories.name, 'Transporte')));
  const [food] = await e2e.t.deps.db.select().from(categories).where(and(eq(categories.companyId, companyId), eq(categories.name, 'Alimentación')));
  const rows = [
    { amountClp: 10_000, status: 'approved', categoryId: cat.id, description: 'Taxi aprobado' },
    { amountClp: 20_000, status: 'pending', categoryId: cat.id, description: 'Taxi pendiente' },
    { amountClp: 325_595, status: 'rejected', categoryId: food.id, description: 'Cena rechazada' },
  ];
  await e2e.t.deps.db.insert(expenses).values(
    rows.map((r, i) => ({ companyId, userId, expenseNumber: i + 1, date: todayCL(), amount: `${r.amountClp}.00`, amountClp: r.amountClp, description: r.description, status: r.status, categoryId: r.categoryId })),
  );
  await e2e.t.deps.db.update(companies).set({ nextExpenseNumber: rows.length + 1 }).where(eq(companies.id, companyId));
}

/** The toast has finished sliding in (for the screenshot). */
async function toastSettled(page: Page) {
  await page.waitForFunction(() => {
    const toast = document.querySelector('[data-sonner-toast]');
    if (!toast) return false;
    const top = toast.getBoundingClientRect().top;
    return top >= 0 && toast.getAttribute('data-mounted') === 'true' && getComputedStyle(toast).opacity === '1';
  });
}

async function statValue(page: Page, label: string): Promise<string> {
  const card = page.locator('section[aria-label="Estadísticas"] > div').filter({ hasText: label });
  return (await card.locator('p.text-2xl').innerText()).trim();
}

describe('issue 16 screens', () => {
  test("dashboard: 'Total Gastado', the chart and categories leave rejected money out and say so", async () => {
    for (const [viewport, name] of [[WIDE, '1440'], [NARROW, '390']] as const) {
      const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, viewport);
      const me = await signUp(page, e2e.t.baseUrl, `Totales ${name} SpA`);
      await seedExpenses(me.user.currentCompanyId, me.user.id);
      await page.goto('/dashboard');
      await page.getByText('Total Gastado').waitFor();
      await expect.poll(() => statValue(page, 'Total Gastado')).toBe('$30.000');
      expect(await page.getByText('Aprobados y pendientes').count()).toBe(3);
      await page.getByText('Gastos por categoría (este mes)').waitFor();
      await page.getByText('Transporte', { exact: true }).first().waitFor();
      expect(await page.getByText('Alimentación', { exact: true }).count()).toBe(0);
      await page.getByText('Últimos 6 meses').waitFor();
      expect(await page.getByText('Últimos 6 meses').innerText()).toContain('$30.000');
      await screenshot(page, `issue16-dashboard-${name}`);
      // The shell scrolls inside its main area: bring the chart and the categories into view too.
      await page.getByText('Gastos por categoría (este mes)').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/issue16-dashboard-${name}-categories.png` });

      await page.goto('/company');
      await page.getByText('Monto Total').waitFor();
      await page.locator('section[aria-label="Estadísticas de la empresa"]').getByText('$30.000').waitFor();
      await screenshot(page, `issue16-company-${name}`);
      await context.close();
    }
  });

  test('settings: a duplicate category or cost center is refused under the field, in Spanish', async () => {
    for (const [viewport, name] of [[WIDE, '1440'], [NARROW, '390']] as const) {
      const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, viewport);
      await signUp(page, e2e.t.baseUrl, `Catálogo ${name} SpA`);
      await page.goto('/settings');
      await page.locator('#new-category-name').waitFor();
      await page.fill('#new-category-name', '  ALIMENTACION ');
      await page.getByRole('form', { name: 'Nueva categoría' }).getByRole('button', { name: 'Agregar' }).click();
      await page.getByText('Ya existe una categoría con ese nombre.').first().waitFor();
      await page.locator('#new-category-name').scrollIntoViewIfNeeded();
      await toastSettled(page);
      await screenshot(page, `issue16-settings-duplicate-${name}`);
      await context.close();
    }
  });

  test("webhooks: 'Probar' against a closed port says 'Error en prueba' and why, never 'Test Exitoso'", async () => {
    // A port where nothing listens any more.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));

    for (const [viewport, name] of [[WIDE, '1440'], [NARROW, '390']] as const) {
      const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, viewport);
      const me = await signUp(page, e2e.t.baseUrl, `Plataforma ${name}`);
      await e2e.t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, me.user.id));
      const hookName = `ERP caído ${name}`;
      const created = await page.request.post('/api/webhooks', { data: { name: hookName, url: `http://127.0.0.1:${port}/hook`, headers: '', retryCount: 0 }, headers: { origin: e2e.t.baseUrl } });
      expect(created.status()).toBe(201);
      await page.goto('/webhooks');
      const row = page.getByTestId('webhook-row').filter({ hasText: hookName });
      await row.getByRole('button', { name: `Probar ${hookName}` }).click();
      await page.getByText('Error en prueba').waitFor();
      await page.getByText(`No se pudo conectar con 127.0.0.1:${port}`).first().waitFor();
      expect(await page.getByText('Test Exitoso').count()).toBe(0);
      await toastSettled(page);
      await screenshot(page, `issue16-webhooks-failed-test-${name}`);
      await context.close();
    }
  });
});
