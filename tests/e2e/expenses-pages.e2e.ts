import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companies, expenses } from '../../src/server/db/schema/index.js';
import { DESKTOP, newPage, signUp, setupE2e } from './browser.js';

const e2e = setupE2e();

describe('expense list pages in the browser', () => {
  test('Siguiente and Anterior walk the pages through the server cursors, with the total of the first page', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    const { user } = await signUp(page, e2e.t.baseUrl, 'Páginas Limitada');
    const companyId = user.currentCompanyId as string;
    const db = e2e.t.deps.db;
    await db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active', nextExpenseNumber: 61 }).where(eq(companies.id, companyId));
    // 60 expenses on two dates: the order is date, then number, newest first.
    await db.insert(expenses).values(
      Array.from({ length: 60 }, (_, i) => ({ companyId, userId: user.id, expenseNumber: i + 1, date: i < 30 ? '2026-05-01' : '2026-06-01', amount: '1000.00', amountClp: 1000, description: `Gasto paginado ${i + 1}`, status: 'pending' })),
    );
    await page.goto('/expenses');
    await page.getByText('Mostrando 1–25 de 60').waitFor();
    await page.getByText('Página 1 de 3').waitFor();
    await page.locator('table').getByText('Gasto paginado 60', { exact: true }).waitFor();
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/expenses?') && asked.push(r.url()));
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Mostrando 26–50 de 60').waitFor();
    await page.locator('table').getByText('Gasto paginado 35', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Mostrando 51–60 de 60').waitFor();
    await page.locator('table').getByText('Gasto paginado 1', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByText('Mostrando 26–50 de 60').waitFor();
    await page.locator('table').getByText('Gasto paginado 26', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByText('Página 1 de 3').waitFor();
    // Pages 2 and 3 went by cursor, never by OFFSET.
    expect(asked.filter((u) => !u.includes('page=1&')).every((u) => u.includes('cursor='))).toBe(true);
    await context.close();
  });
});
