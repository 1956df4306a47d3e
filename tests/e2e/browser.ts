import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { users } from '../../src/server/db/schema/index.js';
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

/**
 * What broke in a page since the last check: a Content-Security-Policy violation (Chromium reports it as a console
 * error) or an uncaught exception. Every context of a launched browser is watched; `setupE2e` fails the test.
 */
const pageProblems: string[] = [];

export function watchContext(context: BrowserContext): void {
  context.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) pageProblems.push(`CSP: ${msg.text()} (${msg.page()?.url() ?? ''})`);
  });
  context.on('weberror', (err) => pageProblems.push(`uncaught: ${err.error().message} (${err.page()?.url() ?? ''})`));
}

/** The problems reported so far, forgotten: for a test that provokes a violation on purpose. */
export function takePageProblems(): string[] {
  return pageProblems.splice(0);
}

/** Throws (failing the running test) when a watched page reported a problem since the last call. */
export function assertNoPageProblems(): void {
  if (!pageProblems.length) return;
  const found = pageProblems.splice(0);
  throw new Error(`The browser reported ${found.length} problem(s):\n${found.join('\n')}`);
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    watchContext(context);
    return context;
  };
  return browser;
}

type AppOptions = NonNullable<Parameters<typeof startTestApp>[0]>;

/**
 * One app server and one Chromium for a test file, started before its tests and closed after them.
 * Read `e2e.t` and `e2e.browser` inside tests (they are set once beforeAll has run). `opts` may be a function, read
 * when the app starts: for an environment known only once an earlier beforeAll has run (a double's port).
 */
export function setupE2e(opts: AppOptions | (() => AppOptions) = {}): { t: TestApp; browser: Browser } {
  const e2e = {} as { t: TestApp; browser: Browser };
  beforeAll(async () => {
    e2e.t = await startTestApp(typeof opts === 'function' ? opts() : opts);
    e2e.browser = await launchBrowser();
  });
  // A CSP violation or an uncaught page error fails the test it happened in.
  afterEach(() => assertNoPageProblems());
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

/** The app shell scrolls inside itself, so a full-page shot stops at the viewport: look at the whole screen in a tall one. */
export async function tallShot(page: Page, name: string, height = 2400): Promise<void> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height });
  await screenshot(page, name);
  await page.setViewportSize(size);
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

/** A new account (with its own company) made super admin, signed in in this page. */
export async function signUpSuperAdmin(page: Page, t: TestApp, companyName = 'Plataforma Rendix') {
  const me = await signUp(page, t.baseUrl, companyName);
  await t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, me.user.id));
  return me;
}
