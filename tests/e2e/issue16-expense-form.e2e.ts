import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newPage, screenshot, signUp, setupE2e, tallShot } from './browser.js';

const e2e = setupE2e();
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function fileExpense(page: Page, description: string, category: string) {
  const cats = (await (await page.request.get('/api/categories')).json()) as { id: string; name: string }[];
  const pms = (await (await page.request.get('/api/payment-methods')).json()) as { id: string; name: string }[];
  const res = await page.request.post('/api/expenses', {
    headers: { origin: e2e.t.baseUrl },
    multipart: {
      date: new Date().toISOString().slice(0, 10),
      amount: '5000',
      currency: 'CLP',
      description,
      category: cats.find((c) => c.name === category)!.id,
      paymentMethod: pms[0].id,
      documentType: 'boleta',
    },
  });
  expect(res.status()).toBe(201);
}

describe('issue 16 item 12: expense list filters and the creation form', () => {
  test("'Limpiar Filtros' shows every expense again", async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await signUp(page, e2e.t.baseUrl, 'Filtros del Maule SpA');
    await fileExpense(page, 'Taxi al aeropuerto', 'Transporte');
    await fileExpense(page, 'Almuerzo con cliente', 'Alimentación');

    await page.goto('/expenses');
    const table = page.locator('table');
    await table.getByText('Almuerzo con cliente').waitFor();
    await page.selectOption('#filter-category', { label: 'Transporte' });
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => table.getByText('Almuerzo con cliente').count()).toBe(0);
    await table.getByText('Taxi al aeropuerto').waitFor();

    await page.getByRole('button', { name: 'Limpiar Filtros' }).click();
    await table.getByText('Almuerzo con cliente').waitFor();
    await table.getByText('Taxi al aeropuerto').waitFor();
    expect(await page.inputValue('#filter-category')).toBe('all');
    await screenshot(page, 'issue16-expenses-cleared');
    await context.close();
  });

  test('amounts show Chilean separators as they are typed; the API gets the plain number', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await signUp(page, e2e.t.baseUrl, 'Montos Claros Ltda');
    await page.goto('/new-expense');
    const amount = page.locator('#expense-amount');
    await amount.pressSequentially('1234567');
    await expect.poll(() => amount.inputValue()).toBe('1.234.567');
    // The CLP mirror follows in an effect after the render: poll, a loaded machine may show it a moment later.
    await expect.poll(() => page.inputValue('#expense-amountCLP')).toBe('1.234.567');
    // A digit typed in the middle lands where it was typed.
    await amount.press('Home');
    await amount.press('ArrowRight');
    await amount.press('Backspace');
    await expect.poll(() => amount.inputValue()).toBe('234.567');
    await amount.fill('');
    await amount.pressSequentially('12990');
    await expect.poll(() => amount.inputValue()).toBe('12.990');

    await page.fill('#expense-description', 'Colación equipo');
    await page.selectOption('#expense-category', { label: 'Alimentación' });
    await page.selectOption('#expense-paymentMethod', { label: 'Efectivo' });
    await page.getByRole('button', { name: 'Guardar Rendición' }).click();
    await page.waitForURL((u) => u.pathname === '/expenses');
    const list = (await (await page.request.get('/api/expenses')).json()) as { items: { description: string; amount: string | number; amountCLP: string | number }[] };
    const saved = list.items.find((i) => i.description === 'Colación equipo')!;
    expect(Number(saved.amount)).toBe(12990);
    expect(Number(saved.amountCLP)).toBe(12990);

    // A foreign currency takes decimals: '.' from a phone keypad becomes the decimal comma.
    await page.goto('/new-expense');
    await page.selectOption('#expense-currency', 'USD');
    await amount.pressSequentially('1250.5');
    await expect.poll(() => amount.inputValue()).toBe('1.250,5');
    await expect.poll(() => page.inputValue('#expense-amountCLP')).toBe('1.187.975');
    await context.close();
  });

  test('the monthly limit of the free plan is said when the form opens, and saving is off once reached', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await signUp(page, e2e.t.baseUrl, 'Límite Gratuito SpA');
    for (let i = 1; i <= 8; i++) await fileExpense(page, `Gasto ${i}`, 'Transporte');

    await page.goto('/new-expense');
    const notice = page.getByTestId('plan-limit-notice');
    await notice.getByText('Te quedan 2 rendiciones este mes en el plan Gratuito (límite de 10).').waitFor();
    expect(await page.getByRole('button', { name: 'Guardar Rendición' }).isEnabled()).toBe(true);
    await page.locator('#expense-amount').pressSequentially('12990');
    await tallShot(page, 'issue16-new-expense-close-to-limit-1440', 1700);

    await fileExpense(page, 'Gasto 9', 'Transporte');
    await fileExpense(page, 'Gasto 10', 'Transporte');
    await page.goto('/new-expense');
    await notice.getByText('Alcanzaste el límite de 10 rendiciones de este mes del plan Gratuito. Mejora tu plan para seguir rindiendo.').waitFor();
    expect(await notice.getByRole('link', { name: 'Ver planes' }).getAttribute('href')).toBe('/premium-plans');
    expect(await page.getByRole('button', { name: 'Guardar Rendición' }).isDisabled()).toBe(true);
    await page.locator('#expense-amount').pressSequentially('12990');
    await tallShot(page, 'issue16-new-expense-limit-1440', 1700);

    await page.setViewportSize(PHONE);
    await notice.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await tallShot(page, 'issue16-new-expense-limit-390', 2200);
    await context.close();
  });
});
