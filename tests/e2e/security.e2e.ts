import { expect, test } from 'vitest';
import { companyWithEmployee, expenseFields, fileExpense } from '../helpers/factories.js';
import { facturaPdf, thermalReceipt, COPEC_BOLETA_LINES } from '../helpers/receipts.js';
import { newPage, setupE2e, takePageProblems } from './browser.js';

/* Issue 13 in a real browser: stored files open under their sandbox policy, and no other site can frame the app. */

const e2e = setupE2e();

test('receipts open inline under the sandbox policy: the PDF viewer renders, the image shows, HTML behind PDF bytes runs nothing', async () => {
  const c = await companyWithEmployee(e2e.t);
  const file = async (data: Buffer, name: string, type: string) => {
    const res = await fileExpense(c.employee.client, expenseFields(c.ids), { data, name, type });
    expect(res.status).toBe(201);
    return `/api/expenses/${res.body.id}/receipt`;
  };
  const pdf = await file(await facturaPdf(['FACTURA ELECTRONICA', 'Total 119.000']), 'f.pdf', 'application/pdf');
  const jpg = await file(await thermalReceipt(COPEC_BOLETA_LINES), 'b.jpg', 'image/jpeg');
  const polyglot = await file(Buffer.from('%PDF-1.4\n<html><body><script>document.title="pwned";alert(document.cookie)</script></body></html>'), 'x.pdf', 'text/html');

  const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl);
  await context.addCookies([...c.employee.client.cookies].map(([name, value]) => ({ name, value, url: e2e.t.baseUrl })));
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  const pdfRes = await page.goto(pdf);
  expect((await pdfRes!.allHeaders())['content-security-policy']).toMatch(/; sandbox$/);
  // Chromium's viewer is an extension frame inside the page.
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://'))).toBe(true);

  const jpgRes = await page.goto(jpg);
  expect((await jpgRes!.allHeaders())['content-security-policy']).toMatch(/; sandbox$/);
  expect(await page.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBeGreaterThan(100);

  const polyRes = await page.goto(polyglot);
  expect((await polyRes!.allHeaders())['content-type']).toBe('application/pdf');
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.title()).not.toBe('pwned');
  await context.close();
});

test('another site cannot frame the app (Aprobar/Rechazar cannot be clickjacked)', async () => {
  const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl);
  // A page on another origin (about:blank here) framing the app.
  await page.setContent(`<iframe src="${e2e.t.baseUrl}/approvals" width="800" height="600"></iframe>`);
  await expect.poll(() => takePageProblems().some((p) => p.includes("frame-ancestors 'none'"))).toBe(true);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(frame?.url() ?? '').not.toContain('/approvals');
  await context.close();
});
