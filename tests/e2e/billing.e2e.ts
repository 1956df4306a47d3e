
import { describe, expect, test } from 'vitest';
import { DESKTOP, newPage, screenshot, signUp, setupE2e } from './browser.js';

const e2e = setupE2e();

describe('buying a plan in the browser (sandbox checkout)', () => {
  test('choose Profesional, pay in the test checkout, see the plan and the invoice', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    await signUp(page, e2e.t.baseUrl, 'Compras Andinas SpA');

    await page.goto('/subscription');
    await page.getByText('Modo de prueba').first().waitFor();
    await page.getByRole('tab', { name: 'Historial de Compras' }).click();
    await page.getByText('Sin historial de compras').waitFor();
    await page.getByRole('tab', { name: 'Planes' }).click();

    await page.locator('[data-plan-card="professional"]').getByRole('button', { name: 'Seleccionar Plan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Confirmar pago').waitFor();
    await dialog.getByText('Modo de prueba: no se cobra dinero real.').waitFor();
    await dialog.getByText('$15.000').first().waitFor();
    await screenshot(page, 'billing-confirm');
    const [checkout] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Ir a pagar' }).click()]);
    await checkout.getByText('Modo de prueba', { exact: false }).first().waitFor();
    await screenshot(checkout, 'billing-sandbox-checkout');
    await checkout.getByRole('button', { name: 'Aprobar pago' }).click();
    await checkout.waitForURL((u) => u.pathname === '/subscription-success');
    await checkout.getByText('Pago Exitoso').first().waitFor();
    await checkout.close();

    await page.goto('/subscription');
    await page.getByLabel('Plan actual').getByText(/Profesional/).waitFor();
    await page.getByRole('tab', { name: 'Historial de Compras' }).click();
    await page.getByText('Pagado').first().waitFor();
    await page.getByText(/RDX-\d+/).first().waitFor();
    await page.getByText('$15.000').first().waitFor();
    await screenshot(page, 'billing-invoice');
    const invoices = await (await page.request.get('/api/subscription/invoices')).json();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', subscriptionPlan: 'professional', totalAmount: 15000, amount: 12605, taxAmount: 2395 });
    await context.close();
  });
});
