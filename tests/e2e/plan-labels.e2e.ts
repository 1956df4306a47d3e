import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companies } from '../../src/server/db/schema/index.js';
import { newPage, setupE2e, signUp, tallShot } from './browser.js';

/*
 * Issue 16 item 2: the top bar, the sidebar footer and the company page name the plan in force with its own limit:
 * a company on Básico reads 'N/50 rendiciones este mes' and 'Plan Básico', never 'Plan Pro - Ilimitado'.
 */
const e2e = setupE2e();
const WIDE = { width: 1440, height: 900 };

async function companyOn(plan: 'basic' | 'professional', page: Parameters<typeof signUp>[0]) {
  const me = await signUp(page, e2e.t.baseUrl, `Comercial ${plan} SpA`);
  const periodEnd = new Date(Date.now() + 20 * 86_400_000);
  await e2e.t.deps.db.update(companies).set({ plan, subscriptionStatus: 'active', currentPeriodEnd: periodEnd }).where(eq(companies.id, me.user.currentCompanyId));
  return me;
}

describe('plan labels', () => {
  test('Básico: top bar counts against 50, sidebar and company page say Básico', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await companyOn('basic', page);
    await page.goto('/dashboard');
    const usage = page.getByTestId('usage-text').first();
    await usage.waitFor();
    expect((await usage.innerText()).trim()).toBe('0/50 rendiciones este mes');
    expect((await page.getByTestId('sidebar-plan').innerText()).trim()).toBe('Plan Básico');
    expect(await page.getByText('Plan Pro - Ilimitado').count()).toBe(0);
    expect((await page.getByTestId('monthly-usage').innerText()).trim()).toBe('0/50');
    await tallShot(page, 'issue16-plan-basic-dashboard-1440', 900);

    await page.goto('/company');
    await page.getByTestId('company-plan').waitFor();
    expect((await page.getByTestId('company-plan').innerText()).trim()).toBe('Básico');
    const planCard = page.getByText('Plan', { exact: true }).last();
    await planCard.waitFor();
    expect(await page.getByText('Pro', { exact: true }).count()).toBe(0);
    await tallShot(page, 'issue16-plan-basic-company-1440', 900);
    await context.close();
  });

  test('Profesional: unlimited, named by its plan', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await companyOn('professional', page);
    await page.goto('/dashboard');
    const usage = page.getByTestId('usage-text').first();
    await usage.waitFor();
    expect((await usage.innerText()).trim()).toBe('Plan Profesional - Ilimitado');
    expect((await page.getByTestId('sidebar-plan').innerText()).trim()).toBe('Plan Profesional');
    expect(await page.getByTestId('monthly-usage').count()).toBe(0);
    await context.close();
  });
});
