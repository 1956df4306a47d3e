/**
 * npm run bench:first-load — the first load of a signed-in screen (issue 16 item 11), cold, in Debian's Chromium.
 *
 * Starts the built app in-process (tests/helpers/app.ts: a fresh database, PGlite unless DATABASE_URL is set), seeds an
 * admin on Profesional with an employee and a few pending rendiciones, and opens '/', '/expenses' and '/approvals' in a
 * new browser context each time (empty HTTP cache, no service worker) with the admin's session cookies. Per page it
 * prints the median of FIRST_LOAD_RUNS runs (default 5) of:
 *   - JS requests: script files the page asked for until its data showed;
 *   - chain depth: the longest chain of script loads that each waited for the one before (the initiator of a module
 *     import is the importing module; a <script> or <link rel="modulepreload"> of the HTML counts as depth 1);
 *   - ms to data: from navigation start to the first element that shows the page's data (the dashboard's stat
 *     cards, a row of the list, an approval card), read in the page with a MutationObserver.
 * Speed targets live here, never in timed tests: FIRST_LOAD_TARGET_MS (default 800) makes the run exit 1 when a page's
 * median is over it. Run `npm run build` first; CLIENT_DIST=<dir> measures another build.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/browser.js';
import { startTestApp } from '../tests/helpers/app.js';
import { catalogIds, expenseFields, fileExpense, registerUser } from '../tests/helpers/factories.js';
import { companies, memberships } from '../src/server/db/schema/index.js';

const RUNS = Number(process.env.FIRST_LOAD_RUNS ?? 5);
const TARGET = Number(process.env.FIRST_LOAD_TARGET_MS ?? 800);
const CLIENT = process.env.CLIENT_DIST ?? fileURLToPath(new URL('../dist/client', import.meta.url));

/** The element that means "the page's data is on screen". */
const PAGES: { path: string; data: string }[] = [
  { path: '/', data: 'section[aria-label="Estadísticas"]' },
  { path: '/expenses', data: 'table tbody tr' },
  { path: '/approvals', data: '[data-approval-card]' },
];

interface Sample {
  scripts: number;
  depth: number;
  ms: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Records, in the page, when the first element matching `selector` appears (ms since navigation start). A string, not
 * a function: tsx's helpers would not exist in the page.
 */
const watchFor = (selector: string) => `(() => {
  const check = () => {
    if (window.__dataAt === undefined && document.querySelector(${JSON.stringify(selector)})) {
      window.__dataAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
})();`;

/**
 * The longest chain of script loads in which each one was asked for only after the one before it had arrived: the
 * number of round trips the page waited for in turns. (Chromium does not name the importing module of a module
 * script, so the chain is read from the times: a load that started after another finished may have depended on it.)
 */
function chainDepth(sent: Map<string, number>, finished: Map<string, number>): number {
  const ids = [...sent.keys()].sort((a, b) => sent.get(a)! - sent.get(b)!);
  const depth = new Map<string, number>();
  for (const id of ids) {
    let d = 1;
    for (const [other, end] of finished) if (other !== id && end <= sent.get(id)! && depth.has(other)) d = Math.max(d, depth.get(other)! + 1);
    depth.set(id, d);
  }
  return Math.max(0, ...depth.values());
}

async function loadOnce(context: BrowserContext, baseUrl: string, path: string, selector: string): Promise<Sample> {
  const page = await context.newPage();
  await page.addInitScript({ content: watchFor(selector) });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // Script requests: when each was sent and when it finished (CDP's monotonic seconds).
  const sent = new Map<string, number>();
  const finished = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Script' || /\.m?js(\?|$)/.test(e.request.url)) sent.set(e.requestId, e.timestamp);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (sent.has(e.requestId)) finished.set(e.requestId, e.timestamp);
  });
  await page.goto(baseUrl + path);
  await page.locator(selector).first().waitFor({ timeout: 30_000 });
  const ms = await page.evaluate(() => (window as unknown as { __dataAt: number }).__dataAt);
  await page.close();
  return { scripts: sent.size, depth: chainDepth(sent, finished), ms: Math.round(ms) };
}

async function main() {
  if (!existsSync(`${CLIENT}/index.html`)) throw new Error(`Falta el cliente compilado en ${CLIENT}: ejecuta npm run build`);
  const t = await startTestApp();
  const browser = await launchBrowser();
  try {
    // An admin on Profesional, an employee in the same company, and pending rendiciones from both.
    const admin = await registerUser(t, { firstName: 'Andrea' });
    const companyId = admin.user.currentCompanyId as string;
    await t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active' }).where(eq(companies.id, companyId));
    await admin.client.post('/api/auth/complete-onboarding');
    const employee = await registerUser(t);
    await t.deps.db.insert(memberships).values({ userId: employee.user.id, companyId, role: 'employee' });
    await employee.client.post('/api/user/switch-company', { companyId });
    const ids = await catalogIds(admin.client);
    for (let i = 0; i < 12; i++) {
      const who = i % 3 === 0 ? admin.client : employee.client;
      const res = await fileExpense(who, expenseFields(ids, { amount: String(5000 + i * 1370), description: `Gasto de medición ${i + 1}` }));
      if (res.status !== 201) throw new Error(`expense failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    const host = new URL(t.baseUrl).hostname;
    const cookies = [...admin.client.cookies].map(([name, value]) => ({ name, value, domain: host, path: '/' }));

    console.log(`Primera carga en frío de pantallas con sesión (${CLIENT}) — mediana de ${RUNS} cargas`);
    console.log(`  ${'pantalla'.padEnd(12)} ${'JS'.padStart(4)} ${'cadena'.padStart(7)} ${'ms a datos'.padStart(11)}   (cargas)`);
    const slow: string[] = [];
    for (const { path, data } of PAGES) {
      const samples: Sample[] = [];
      // One warm-up load (the server's first answers, Chromium's process start), then the measured ones.
      for (let i = 0; i <= RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', locale: 'es-CL' });
        await context.addCookies(cookies);
        const s = await loadOnce(context, t.baseUrl, path, data);
        await context.close();
        if (i > 0) samples.push(s);
      }
      const ms = median(samples.map((s) => s.ms));
      if (ms > TARGET) slow.push(path);
      console.log(
        `  ${path.padEnd(12)} ${String(median(samples.map((s) => s.scripts))).padStart(4)} ${String(median(samples.map((s) => s.depth))).padStart(7)} ${String(ms).padStart(11)}   (${samples.map((s) => s.ms).join(', ')})`,
      );
    }
    if (slow.length) {
      console.error(`Sobre ${TARGET} ms: ${slow.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await t.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
