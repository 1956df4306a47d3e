import { describe, expect, test } from 'vitest';
import { catalogIds, expenseFields, fileExpense, registerUser } from '../helpers/factories.js';
import { setupE2e } from './browser.js';

/*
 * Issue 16 item 11 guard (not timed; the timing lives in `npm run bench:first-load` and docs/PERFORMANCE.md): a cold
 * load of a signed-in screen asks for a handful of script files, so the waterfall of ~45 small chunks loaded in turns
 * cannot come back silently. Measured: 7 files on each of these screens (6 before the app became its own chunk, issue
 * 18 item 8); the ceiling leaves room for a few more.
 */
const MAX_SCRIPT_FILES = 10;

const e2e = setupE2e();

const SCREENS = [
  { path: '/expenses', data: 'table tbody tr' },
  { path: '/', data: 'section[aria-label="Estadísticas"]' },
  { path: '/approvals', data: '[data-approval-card]' },
];

describe('first load of a signed-in screen', () => {
  test(`a cold load of /expenses, / and /approvals asks for at most ${MAX_SCRIPT_FILES} script files`, async () => {
    // An admin (onboarding done) with one pending rendición, so every screen has data to show.
    const admin = await registerUser(e2e.t);
    await admin.client.post('/api/auth/complete-onboarding');
    const filed = await fileExpense(admin.client, expenseFields(await catalogIds(admin.client), { description: 'Gasto de carga en frío' }));
    expect(filed.status).toBe(201);
    const host = new URL(e2e.t.baseUrl).hostname;
    const cookies = [...admin.client.cookies].map(([name, value]) => ({ name, value, domain: host, path: '/' }));

    for (const { path, data } of SCREENS) {
      // A new context each time: empty HTTP cache, no service worker, the signed-in session's cookies.
      const context = await e2e.browser.newContext({ baseURL: e2e.t.baseUrl, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', locale: 'es-CL' });
      await context.addCookies(cookies);
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (r) => {
        const file = new URL(r.url()).pathname;
        if (r.resourceType() === 'script' || /\.m?js$/.test(file)) scripts.push(file);
      });
      await page.goto(path);
      await page.locator(data).first().waitFor({ timeout: 20_000 });
      // Whatever the screen asks for after its data showed counts too.
      await page.waitForLoadState('networkidle');
      expect(scripts.length, `${path}: ${scripts.join(', ')}`).toBeLessThanOrEqual(MAX_SCRIPT_FILES);
      await context.close();
    }
  });
});
