/**
 * npm run bench:lighthouse — Lighthouse (mobile) on the landing page served by the built app, with Debian's
 * Chromium. Prints performance, accessibility, best practices and PWA (median of LH_RUNS runs) and the main
 * timings, and exits 1 when a category is under LH_MIN (default 90).
 *
 * Then the same page in Chromium under an emulated slow 4G (150 ms, 1.6 Mbps, CPU ×4) as a real browser sees it:
 * Lighthouse's simulation counts every request started before the first paint, so it cannot credit the prerendered
 * landing, which paints before the script arrives.
 *
 * Lighthouse 11 is the last line with the PWA category that runs on Node 20; it is fetched by npx on first use
 * (kept out of the project's dependencies: ~160 packages nobody else needs). Run `npm run build` first.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, launchBrowser } from '../tests/e2e/browser.js';

const LIGHTHOUSE = 'lighthouse@11.7.1';
const RUNS = Number(process.env.LH_RUNS ?? 3);
const MIN = Number(process.env.LH_MIN ?? 90);
const PORT = Number(process.env.LH_PORT ?? 5091);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'pwa'] as const;
const TIMINGS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; displayValue?: string }>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function waitForServer(url: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`El servidor no respondió en ${url}`);
}

/** Real loads under emulated slow 4G: first contentful paint and when the chat button works (the page is live). */
async function throttledLoads(url: string, runs: number): Promise<{ fcp: number; ready: number }[]> {
  const browser = await launchBrowser();
  const out: { fcp: number; ready: number }[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // The chat button works from the moment it is in the page (its listener comes with it, React's or not): the page
      // notes that moment itself. Reading the clock after Playwright's own query and the load event instead counted
      // their time on the 4x slower CPU (~0.5 s) as the page's.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (!document.querySelector('button[aria-label="Abrir chat de ayuda"]')) return;
          performance.mark('chat-ready');
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(url, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Abrir chat de ayuda' }).waitFor();
      out.push(
        await page.evaluate(() => ({
          fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1),
          ready: Math.round(performance.getEntriesByName('chat-ready')[0]?.startTime ?? -1),
        })),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

async function main() {
  if (!existsSync('dist/client/index.html')) throw new Error('Falta el cliente compilado: ejecuta npm run build');
  if (!existsSync(CHROME)) throw new Error(`No está Chromium en ${CHROME} (apt-get install chromium)`);
  const dir = mkdtempSync(join(tmpdir(), 'rendix-lh-'));
  const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), DATABASE_URL: '' },
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://localhost:${PORT}/`;
  try {
    await waitForServer(`${url}api/health`);
    const reports: Report[] = [];
    for (let i = 0; i < RUNS; i++) {
      const out = join(dir, `run-${i}.json`);
      execFileSync(
        'npx',
        ['--yes', LIGHTHOUSE, url, '--quiet', `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`, '--form-factor=mobile', '--output=json', `--output-path=${out}`, `--only-categories=${CATEGORIES.join(',')}`],
        { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      reports.push(JSON.parse(readFileSync(out, 'utf8')) as Report);
    }
    console.log(`Lighthouse ${LIGHTHOUSE.split('@')[1]}, móvil, ${url} — mediana de ${RUNS} ejecuciones`);
    const low: string[] = [];
    for (const c of CATEGORIES) {
      const scores = reports.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100));
      const m = median(scores);
      if (m < MIN) low.push(c);
      console.log(`  ${c.padEnd(15)} ${String(m).padStart(3)}   (${scores.join(', ')})`);
    }
    for (const a of TIMINGS) {
      const values = reports.map((r) => r.audits[a]?.numericValue ?? 0);
      const m = median(values);
      console.log(`  ${a.padEnd(25)} ${a === 'cumulative-layout-shift' ? m.toFixed(3) : `${Math.round(m)} ms`}`);
    }
    const real = await throttledLoads(url, RUNS + 2);
    console.log(`Chromium con 4G lenta emulada (150 ms, 1,6 Mbps, CPU ×4) — mediana de ${real.length} cargas`);
    console.log(`  first-contentful-paint    ${median(real.map((r) => r.fcp))} ms   (${real.map((r) => r.fcp).join(', ')})`);
    console.log(`  botón de chat operativo   ${median(real.map((r) => r.ready))} ms   (${real.map((r) => r.ready).join(', ')})`);
    if (low.length) {
      console.error(`Bajo ${MIN}: ${low.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    // LH_KEEP=1 keeps the Lighthouse reports (run-N.json) to read what blocked the main thread.
    if (process.env.LH_KEEP) console.log(`Informes en ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
