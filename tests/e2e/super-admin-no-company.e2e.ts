import { eq } from 'drizzle-orm';
import type { Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { memberships, users } from '../../src/server/db/schema/index.js';
import { newPage, setupE2e, signUpSuperAdmin, tallShot } from './browser.js';

/*
 * Issue 16 item 10: a super admin outside every company. The shell asks only what applies (no pending-approvals read,
 * which answers 400 without a company) and 'Nueva Rendición' says the real cause with a way out, not 'Revisa tu
 * conexión'.
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
});
