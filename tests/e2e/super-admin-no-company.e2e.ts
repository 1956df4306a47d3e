import { eq } from 'drizzle-orm';
import type { Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { memberships, users } from '../../src/server/db/schema/index.js';
import { newPage, setupE2e, signUp, signUpSuperAdmin, tallShot } from './browser.js';

/*
 * Issue 16 item 10: a super admin outside every company. The shell asks only what applies (no pending-approvals read,
 * which answers 400 without a company) and 'Nueva Rendición' says the real cause with a way out, not 'Revisa tu
 * conexión'. So does every other page of a company's (App.tsx `companyPage`): its title and the notice, and none of
 * its reads, where each used to show its reads' 400 as load errors with a 'Reintentar' that could never succeed.
 */
const e2e = setupE2e();
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function superAdminWithoutCompany(page: Page) {
  const me = await signUpSuperAdmin(page, e2e.t);
  await e2e.t.deps.db.delete(memberships).where(eq(memberships.userId, me.user.id));
  await e2e.t.deps.db.update(users).set({ currentCompanyId: null }).where(eq(users.id, me.user.id));
  const session = await page.request.get('/api/auth/user');
  expect(await session.json()).toMatchObject({ isSuperAdmin: true, currentCompanyId: null });
  return me;
}

/** Every 4xx/5xx answer of the app's API while the page is used. */
function failedApiCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (res: Response) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') && res.status() >= 400) failed.push(`${res.status()} ${url.pathname}`);
  });
  return failed;
}

describe('super admin without a company', () => {
  for (const [label, viewport] of [
    ['1440', WIDE],
    ['390', PHONE],
  ] as const) {
    test(`${label}: no failing pending-approvals read on three pages, and Nueva Rendición says a company is needed`, async () => {
      const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, viewport);
      await superAdminWithoutCompany(page);
      const failed = failedApiCalls(page);
      const pendingReads: string[] = [];
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/api/admin/expenses/pending') pendingReads.push(req.url());
      });

      await page.goto('/super-admin');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.goto('/company-management');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.goto('/new-expense');
      await page.getByRole('heading', { name: 'Necesitas una empresa para crear rendiciones' }).waitFor();
      await page.waitForLoadState('networkidle');

      expect(await page.getByText('Revisa tu conexión').count()).toBe(0);
      const link = page.getByRole('link', { name: 'Ir a Gestión de Empresas' });
      expect(await link.getAttribute('href')).toBe('/company-management');
      await tallShot(page, `issue16-new-expense-no-company-${label}`, viewport.height);

      expect(failed.filter((f) => f.includes('/api/admin/expenses/pending'))).toEqual([]);
      expect(pendingReads).toEqual([]);
      // Nothing else the shell or the form asks for fails for want of a company either.
      expect(failed).toEqual([]);

      await link.click();
      await page.waitForURL((u) => u.pathname === '/company-management');
      await context.close();
    });
  }

  test("390: each company page says what it needs a company for, reads nothing, and the expenses list's filters read nothing either", async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, PHONE);
    await superAdminWithoutCompany(page);
    const failed = failedApiCalls(page);
    const pages: Array<[string, string, string]> = [
      ['/settings', 'Configuración', 'configurar categorías y medios de pago'],
      ['/reimbursements', 'Reembolsos', 'pagar reembolsos'],
      ['/api-integration', 'Integración API', 'conectar tu contabilidad'],
      ['/invoices', 'Facturas Emitidas', 'ver facturas emitidas'],
      ['/niudata-integration', 'Integración NiuData', 'conectar NiuData'],
      ['/niudata-diagnostics', 'Diagnóstico NiuData', 'conectar NiuData'],
    ];
    for (const [path, title, need] of pages) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('heading', { name: `Necesitas una empresa para ${need}` }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('button', { name: 'Reintentar' }).count(), path).toBe(0);
      expect(await page.getByRole('link', { name: 'Ir a Gestión de Empresas' }).getAttribute('href'), path).toBe('/company-management');
    }
    await tallShot(page, 'no-company-niudata-diagnostics-390', PHONE.height);
    await page.goto('/expenses');
    await page.getByRole('heading', { name: 'Sin empresa seleccionada' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    await context.close();
  });

  test('390: a user whose membership ended is sent to Empresa from a company page, and the dashboard reads nothing that fails', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, PHONE);
    const me = await signUp(page, e2e.t.baseUrl, 'Empresa Terminada');
    await e2e.t.deps.db.delete(memberships).where(eq(memberships.userId, me.user.id));
    await e2e.t.deps.db.update(users).set({ currentCompanyId: null }).where(eq(users.id, me.user.id));
    const failed = failedApiCalls(page);
    await page.goto('/new-expense');
    await page.getByRole('heading', { name: 'Necesitas una empresa para crear rendiciones' }).waitFor();
    const link = page.getByRole('link', { name: 'Ir a Empresa' });
    expect(await link.getAttribute('href')).toBe('/company');
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    await context.close();
  });
});
