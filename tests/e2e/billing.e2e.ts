
import { desc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { addOneMonth } from '../../src/server/billing/plan-state.js';
import { companies, paymentCheckouts, subscriptionInvoices } from '../../src/server/db/schema/index.js';
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

// Issue 16 item 3: the confirmation dialog says the plan-change rule and charges what it says.
describe('changing plan in the browser', () => {
  /** The company runs a bought month of `plan` that started `daysAgo` days ago. */
  async function onPaidPlan(companyId: string, plan: 'basic' | 'professional', daysAgo: number) {
    const start = new Date(Date.now() - daysAgo * 86_400_000);
    const end = addOneMonth(start);
    const price = plan === 'basic' ? 9990 : 15000;
    await e2e.t.deps.db.update(companies).set({ plan, subscriptionStatus: 'active', currentPeriodStart: start, currentPeriodEnd: end, trialEndsAt: start }).where(eq(companies.id, companyId));
    await e2e.t.deps.db.insert(subscriptionInvoices).values({
      companyId, invoiceNumber: `E2E-${Math.random().toString(36).slice(2, 10)}`, status: 'paid', planId: plan, description: 'Plan — 1 mes',
      amount: Math.round(price / 1.19), taxRate: '19', taxAmount: price - Math.round(price / 1.19), totalAmount: price,
      billingPeriodStart: start, billingPeriodEnd: end, paidAt: start, provider: 'sandbox', providerPaymentId: `e2e-${Math.random().toString(36).slice(2)}`,
    });
    return end;
  }
  const lastCheckoutAmount = async (companyId: string) =>
    (await e2e.t.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.companyId, companyId)).orderBy(desc(paymentCheckouts.createdAt)).limit(1))[0].amount;

  test('a downgrade says it starts when the paid month ends, charges that, and the plan screen then shows it scheduled', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, { width: 1440, height: 900 });
    const me = await signUp(page, e2e.t.baseUrl, 'Cambios de Plan SpA');
    const companyId = me.user.currentCompanyId;
    await onPaidPlan(companyId, 'professional', 5);

    await page.goto('/subscription');
    await page.locator('[data-plan-card="basic"]').getByRole('button', { name: 'Seleccionar Plan' }).click();
    const dialog = page.getByRole('dialog');
    const summary = dialog.locator('[data-quote-summary]');
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(/^Tu plan Profesional sigue hasta el \d{2}\/\d{2}\/\d{4}; Básico empieza el \d{2}\/\d{2}\/\d{4} \(hasta el \d{2}\/\d{2}\/\d{4}\) y se cobra \$9\.990 ahora\./);
    await dialog.getByText('Total a pagar ahora (IVA incluido)').waitFor();
    expect(await lastCheckoutAmount(companyId)).toBe(9990);
    await screenshot(page, 'billing-downgrade-confirm-1440');
    const [checkout] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Ir a pagar' }).click()]);
    await checkout.getByRole('button', { name: 'Aprobar pago' }).click();
    await checkout.waitForURL((u) => u.pathname === '/subscription-success');
    await checkout.close();
    // Paid: Profesional still runs, and the screen says when Básico starts.
    await page.goto('/subscription');
    const plan = page.getByLabel('Plan actual');
    await plan.getByText(/Profesional/).waitFor();
    await plan.getByText(/^Desde el \d{2}\/\d{2}\/\d{4} tu plan será Básico \(ya pagado, hasta el \d{2}\/\d{2}\/\d{4}\)\.$/).waitFor();
    await screenshot(page, 'billing-downgrade-scheduled-1440');
    await context.close();
  });

  test('an upgrade names its credit for the unused days, and the checkout charges exactly that', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, { width: 390, height: 844 });
    const me = await signUp(page, e2e.t.baseUrl, 'Mejora de Plan SpA');
    const companyId = me.user.currentCompanyId;
    await onPaidPlan(companyId, 'basic', 10);
    const dialog = page.getByRole('dialog');
    const summary = dialog.locator('[data-quote-summary]');
    await page.goto('/subscription');
    await page.locator('[data-plan-card="professional"]').getByRole('button', { name: 'Seleccionar Plan' }).click();
    await summary.waitFor();
    const text = await summary.innerText();
    const m = /Se descuentan \$([\d.]+) por los días no usados de tu plan Básico: pagas \$([\d.]+)\./.exec(text);
    expect(m, text).toBeTruthy();
    const credit = Number(m![1].replace(/\./g, ''));
    const charged = Number(m![2].replace(/\./g, ''));
    expect(credit + charged).toBe(15000);
    expect(await lastCheckoutAmount(companyId)).toBe(charged);
    await dialog.getByText(`−$${m![1]}`).waitFor();
    await screenshot(page, 'billing-upgrade-confirm-390');
    await context.close();
  });
});
