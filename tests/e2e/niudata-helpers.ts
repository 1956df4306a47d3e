import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp, TestClient } from '../helpers/app.js';
import { PNG_1X1, companyWithEmployee, expenseFields, fileExpense } from '../helpers/factories.js';
import { newPage, screenshot } from './browser.js';

/* What the NiuData browser tests share: the sandbox one (niudata.e2e.ts) and the one against a local double (niudata-live.e2e.ts). */

export const WIDE = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export type Company = Awaited<ReturnType<typeof companyWithEmployee>>;

/** An expense filed by the employee (a receipt attached) and approved by the admin. */
export async function approved(c: Company, fields: Record<string, string>) {
  const res = await fileExpense(c.employee.client, expenseFields(c.ids, fields), { data: PNG_1X1, name: 'boleta.png' });
  if (res.status !== 201) throw new Error(`expense failed: ${res.status} ${JSON.stringify(res.body)}`);
  expect((await c.admin.client.patch(`/api/admin/expenses/${res.body.id}/status`, { status: 'approved' })).status).toBe(200);
  return res.body as { id: string; expenseNumber: number };
}

/** A browser context signed in as `client` (its session cookies), the onboarding wizard done. */
export async function signedIn(e2e: { t: TestApp; browser: Browser }, client: TestClient, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  await client.post('/api/auth/complete-onboarding', {});
  const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, viewport);
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: e2e.t.baseUrl })));
  return { context, page };
}

/** The app scrolls inside <main>: grow the window to its content for the screenshot, then put it back. */
export async function fullShot(page: Page, name: string) {
  const size = page.viewportSize()!;
  const extra = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? Math.max(0, main.scrollHeight - main.clientHeight) : 0;
  });
  await page.setViewportSize({ width: size.width, height: size.height + extra });
  await screenshot(page, name);
  await page.setViewportSize(size);
}

export const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * How far anything in the open dialog scrolls sideways (the dialog itself or the table's scroll box): 0 when Debe and
 * Haber are on screen without scrolling. `where` names the worst element, for the failure message.
 */
export async function dialogSidewaysOverflow(page: Page): Promise<{ px: number; where: string }> {
  return page.getByRole('dialog').evaluate((dialog) => {
    let worst = { px: 0, where: '' };
    for (const el of [dialog, ...dialog.querySelectorAll('*')]) {
      // Inline boxes have no width; a 1 px screen-reader-only label always 'overflows'.
      if (el.clientWidth <= 1) continue;
      const px = el.scrollWidth - el.clientWidth;
      if (px > worst.px) worst = { px, where: `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 4).join('.')}` };
    }
    return worst;
  });
}

/** The column or total labelled `label` lies inside the dialog's box (not cut off at its right edge). */
export async function insideDialog(page: Page, label: Locator): Promise<boolean> {
  const [box, outer] = await Promise.all([label.boundingBox(), page.getByRole('dialog').boundingBox()]);
  if (!box || !outer) return false;
  const vw = page.viewportSize()!.width;
  return box.x >= outer.x && box.x + box.width <= outer.x + outer.width + 0.5 && box.x + box.width <= vw;
}
