import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registration, uniqueEmail } from '../helpers/factories.js';

/** Debian's Chromium with the flags this machine needs; never a downloaded browser. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * One app server and one Chromium for a test file, started before its tests and closed after them.
 * Read `e2e.t` and `e2e.browser` inside tests (they are set once beforeAll has run).
 */
export function setupE2e(opts: Parameters<typeof startTestApp>[0] = {}): { t: TestApp; browser: Browser } {
  const e2e = {} as { t: TestApp; browser: Browser };
  beforeAll(async () => {
    e2e.t = await startTestApp(opts);
    e2e.browser = await launchBrowser();
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.t?.close();
  });
  return e2e;
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 740 };

export async function newPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'es-CL', timezoneId: 'America/Santiago' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

const shotsDir = process.env.E2E_SCREENSHOTS ?? 'test-results/screenshots';
/** Screenshots are kept for people to look at; they assert nothing by themselves. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

/**
 * Registers over HTTP inside the page's context, so the browser holds the session. The onboarding
 * wizard is marked done unless a test is about it.
 */
export async function signUp(page: Page, baseUrl: string, companyName: string, opts: { onboarding?: boolean } = {}) {
  const data = registration({ email: uniqueEmail('e2e'), companyName });
  const res = await page.request.post('/api/auth/register', { data, headers: { origin: baseUrl } });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()}`);
  if (!opts.onboarding) await page.request.post('/api/auth/complete-onboarding', { headers: { origin: baseUrl } });
  return { ...data, user: (await res.json()).user as { id: string; currentCompanyId: string } };
}
