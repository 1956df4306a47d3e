import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CHAT_GREETING, chatFallback } from '../../src/client/features/chat/chat.js';
import { DESKTOP, MOBILE, screenshot, signUp, setupE2e } from './browser.js';

const e2e = setupE2e();

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Service workers blocked unless a test is about them, so page.route sees every request. */
async function open(viewport = DESKTOP, opts: { serviceWorkers?: 'allow' | 'block'; userAgent?: string } = {}) {
  const context: BrowserContext = await e2e.browser.newContext({
    baseURL: e2e.t.baseUrl,
    viewport,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    serviceWorkers: opts.serviceWorkers ?? 'block',
    userAgent: opts.userAgent,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** What the visitor sees: fixed overlays are missing from full-page shots. */
const viewShot = (page: Page, name: string) => page.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? 'test-results/screenshots'}/${name}-viewport.png` });

const chatPanel = (page: Page) => page.getByRole('dialog', { name: 'Asistente Rendix' });
const chatInput = (page: Page) => chatPanel(page).getByRole('textbox', { name: 'Escribe tu mensaje' });
const typing = (page: Page) => chatPanel(page).getByRole('status', { name: 'El asistente está escribiendo' });
const botBubbles = (page: Page) => chatPanel(page).locator('[data-chat-role="bot"]');
const banner = (page: Page) => page.getByRole('region', { name: 'Instalar aplicación' });

/** Chromium only fires beforeinstallprompt for an installable, engaged site; the test offers one itself. */
async function offerInstallPrompt(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed') {
  await page.evaluate((o) => {
    const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    const w = window as unknown as { __prompted: number };
    w.__prompted = 0;
    e.prompt = async () => {
      w.__prompted += 1;
    };
    e.userChoice = Promise.resolve({ outcome: o, platform: 'web' });
    window.dispatchEvent(e);
  }, outcome);
}

describe('landing chat assistant', () => {
  test('open, greeting, Enter sends, empty ignored, typing indicator, reply after 1.5 s, Escape closes (375 px)', async () => {
    const { context, page } = await open(MOBILE);
    const requests: Request[] = [];
    await page.route('**/api/chatbot', async (route) => {
      requests.push(route.request());
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ response: 'El plan Profesional cuesta $15.000 al mes.' }) });
    });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Abrir chat de ayuda' });
    await toggle.click();
    await chatPanel(page).waitFor();
    await chatPanel(page).getByText(CHAT_GREETING).waitFor();
    await expect.poll(() => chatInput(page).evaluate((el) => el === document.activeElement)).toBe(true);

    // Whitespace only: nothing is sent or shown.
    await chatInput(page).fill('    ');
    await chatInput(page).press('Enter');
    await page.waitForTimeout(300);
    expect(requests).toHaveLength(0);
    expect(await chatPanel(page).locator('[data-chat-role="user"]').count()).toBe(0);

    await chatInput(page).fill('¿Cuánto cuesta el plan Profesional?');
    const sentAt = Date.now();
    await chatInput(page).press('Enter');
    await chatPanel(page).locator('[data-chat-role="user"]').getByText('¿Cuánto cuesta el plan Profesional?').waitFor();
    await typing(page).waitFor();
    expect(await chatInput(page).inputValue()).toBe('');
    await chatPanel(page).getByText('El plan Profesional cuesta $15.000 al mes.').waitFor();
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1400);
    await typing(page).waitFor({ state: 'detached' });

    expect(requests).toHaveLength(1);
    expect(requests[0].method()).toBe('POST');
    expect(requests[0].postDataJSON()).toEqual({
      message: '¿Cuánto cuesta el plan Profesional?',
      history: [{ role: 'assistant', content: CHAT_GREETING }],
    });

    // The panel fits a 375 px screen.
    const box = await chatPanel(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await screenshot(page, 'chat-mobile-dark');
    await viewShot(page, 'chat-mobile-dark');

    // A second message carries the conversation so far.
    await chatInput(page).fill('gracias');
    await chatInput(page).press('Enter');
    await expect.poll(() => requests.length, { timeout: 5000 }).toBe(2);
    expect(requests[1].postDataJSON().history).toEqual([
      { role: 'assistant', content: CHAT_GREETING },
      { role: 'user', content: '¿Cuánto cuesta el plan Profesional?' },
      { role: 'assistant', content: 'El plan Profesional cuesta $15.000 al mes.' },
    ]);
    await expect.poll(() => botBubbles(page).count(), { timeout: 5000 }).toBe(3);

    await chatInput(page).press('Escape');
    await chatPanel(page).waitFor({ state: 'detached' });
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  test('a 500 and a network error both show the Spanish fallback', async () => {
    const { context, page } = await open(DESKTOP);
    let mode: 'error' | 'abort' = 'error';
    await page.route('**/api/chatbot', (route) =>
      mode === 'error' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }) : route.abort('internetdisconnected'),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir chat de ayuda' }).click();
    await chatInput(page).fill('hola');
    await chatInput(page).press('Enter');
    await expect.poll(() => botBubbles(page).nth(1).innerText()).toContain('problemas técnicos');
    expect(await botBubbles(page).nth(1).locator('[data-chat-text]').innerText()).toBe(chatFallback());
    mode = 'abort';
    await chatInput(page).fill('¿sigues ahí?');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect.poll(() => botBubbles(page).count(), { timeout: 5000 }).toBe(3);
    expect(await botBubbles(page).nth(2).locator('[data-chat-text]').innerText()).toBe(chatFallback());
    await page.getByRole('button', { name: 'Cerrar chat' }).click();
    await chatPanel(page).waitFor({ state: 'detached' });
    await context.close();
  });

  test('the real endpoint answers through the widget', async () => {
    const { context, page } = await open(DESKTOP);
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir chat de ayuda' }).click();
    await chatInput(page).fill('¿Cuánto cuesta el plan Profesional?');
    await chatInput(page).press('Enter');
    await expect.poll(() => botBubbles(page).count(), { timeout: 15_000 }).toBe(2);
    expect(await botBubbles(page).nth(1).innerText()).not.toContain('problemas técnicos');
    await context.close();
  });
});

describe('install banner', () => {
  test('appears 10 s after the prompt, dismissal lasts 7 days, appinstalled stores the flag', async () => {
    const { context, page } = await open(MOBILE);
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir chat de ayuda' }).waitFor();
    await offerInstallPrompt(page);
    await page.clock.fastForward(9_000);
    expect(await banner(page).count()).toBe(0);
    await page.clock.fastForward(1_500);
    await banner(page).waitFor();
    await screenshot(page, 'install-banner-mobile');
    await viewShot(page, 'install-banner-mobile');

    await banner(page).getByRole('button', { name: 'Ahora no' }).click();
    await banner(page).waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => localStorage.getItem('installBannerDismissed'));
    expect(Number(stored)).toBeGreaterThan(0);

    // Within 7 days the banner stays away.
    await page.reload();
    await page.getByRole('button', { name: 'Abrir chat de ayuda' }).waitFor();
    await offerInstallPrompt(page);
    await page.clock.fastForward(11_000);
    expect(await banner(page).count()).toBe(0);

    // A dismissal 8 days old has expired.
    await page.evaluate(() => localStorage.setItem('installBannerDismissed', String(Date.now() - 8 * 24 * 3600 * 1000)));
    await page.reload();
    await page.getByRole('button', { name: 'Abrir chat de ayuda' }).waitFor();
    await offerInstallPrompt(page);
    await page.clock.fastForward(10_500);
    await banner(page).waitFor();

    // Installing elsewhere (appinstalled) hides it and remembers.
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await banner(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('appInstalled'))).toBe('true');
    await page.reload();
    await page.getByRole('button', { name: 'Abrir chat de ayuda' }).waitFor();
    await offerInstallPrompt(page);
    await page.clock.fastForward(11_000);
    expect(await banner(page).count()).toBe(0);
    await context.close();
  });

  test('the install button opens the prompt; without a prompt an alert gives manual instructions', async () => {
    const { context, page } = await open(DESKTOP);
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir chat de ayuda' }).waitFor();
    await offerInstallPrompt(page, 'dismissed');
    await page.clock.fastForward(10_500);
    await banner(page).getByRole('button', { name: 'Instalar' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __prompted: number }).__prompted)).toBe(1);
    // The prompt is used up; the next click explains how to install by hand.
    const dialog = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.message()), void d.dismiss())));
    await banner(page).getByRole('button', { name: 'Instalar' }).click();
    const text = await dialog;
    expect(text).toMatch(/Chrome/);
    expect(text).toMatch(/Agregar a inicio/);
    expect(text).toMatch(/Edge/);
    await context.close();
  });

  test('hidden when running standalone; iOS Safari gets share-menu instructions', async () => {
    const { context, page } = await open(MOBILE);
    await page.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (q: string) => (q.includes('display-mode: standalone') ? ({ ...real(q), matches: true, media: q } as MediaQueryList) : real(q));
    });
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir chat de ayuda' }).waitFor();
    await offerInstallPrompt(page);
    await page.clock.fastForward(11_000);
    expect(await banner(page).count()).toBe(0);
    await context.close();

    const ios = await open(MOBILE, { userAgent: IPHONE_SAFARI });
    await ios.page.clock.install();
    await ios.page.goto('/');
    await ios.page.getByRole('button', { name: 'Abrir chat de ayuda' }).waitFor();
    await ios.page.clock.fastForward(10_500);
    await banner(ios.page).getByText(/Compartir y luego “Agregar a inicio”/).waitFor();
    expect(await banner(ios.page).getByRole('button', { name: 'Instalar' }).count()).toBe(0);
    await ios.context.close();
  });
});

type Box = { x: number; y: number; width: number; height: number };
/** Do two boxes share any area? */
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** Is the element at the centre of this one the element itself (or inside it), i.e. would a tap there reach it? */
const onTop = (el: Element) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return !!hit && el.contains(hit);
};

describe('install banner and the hero buttons (issue 16 item 12)', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 375, height: 667 },
    // A phone in landscape, a tablet, a desktop.
    { width: 844, height: 390 },
    { width: 768, height: 1024 },
    { width: 1440, height: 900 },
  ]) {
    test(`${viewport.width}x${viewport.height}: the banner covers neither 'Comenzar Gratis', the chat button nor the header`, async () => {
      const { context, page } = await open(viewport);
      await page.clock.install();
      await page.goto('/');
      const chat = page.getByRole('button', { name: 'Abrir chat de ayuda' });
      await chat.waitFor();
      await offerInstallPrompt(page);
      await page.clock.fastForward(10_500);
      await banner(page).waitFor();
      await viewShot(page, `install-banner-${viewport.width}x${viewport.height}`);

      const cta = page.getByRole('main').getByRole('link', { name: 'Comenzar Gratis' });
      const boxes = async () => ({
        banner: (await banner(page).boundingBox())!,
        cta: (await cta.boundingBox())!,
        chat: (await chat.boundingBox())!,
        header: (await page.getByRole('banner').boundingBox())!,
      });
      const apart = (b: Awaited<ReturnType<typeof boxes>>, where: string) => {
        const info = `${where}: ${JSON.stringify(b)}`;
        expect(intersects(b.banner, b.cta), info).toBe(false);
        expect(intersects(b.banner, b.chat), info).toBe(false);
        expect(intersects(b.banner, b.header), info).toBe(false);
      };

      // As the banner appears (nothing scrolled): banner, CTA, chat button and header are apart.
      const rest = await boxes();
      apart(rest, 'at rest');
      expect(intersects(rest.cta, rest.chat), JSON.stringify(rest)).toBe(false);
      if (rest.cta.y + rest.cta.height <= viewport.height) expect(await cta.evaluate(onTop)).toBe(true);
      // The banner's buttons and the chat button can be tapped.
      for (const button of [banner(page).getByRole('button', { name: 'Instalar' }), banner(page).getByRole('button', { name: 'Ahora no' }), chat]) {
        expect(await button.evaluate(onTop)).toBe(true);
      }

      // Scrolled to the CTA (at the bottom of the screen, or in its middle), the banner is still not over it.
      for (const block of ['end', 'center'] as const) {
        await cta.evaluate((el, blk) => el.scrollIntoView({ block: blk, behavior: 'instant' }), block);
        apart(await boxes(), `scrolled ${block}`);
        expect(await cta.evaluate(onTop)).toBe(true);
      }

      // 'Comenzar Gratis' works with the banner showing.
      await page.evaluate(() => window.scrollTo(0, 0));
      await cta.click();
      await page.waitForURL((u) => u.pathname === '/auth');
      await context.close();
    });
  }
});

describe('installable app', () => {
  test('the landing is in the HTML itself (no script needed to read it); other paths start from an empty page', async () => {
    const html = await (await fetch(`${e2e.t.baseUrl}/`)).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('sin papeleo');
    expect(root).toContain('Comenzar Gratis');
    expect(root).toContain('$15.000');
    // The chat button only appears once it works.
    expect(root).not.toContain('Abrir chat de ayuda');

    // Without the app's script: / shows the landing; another path, or a browser holding the session hint, hides it.
    const { context, page } = await open(MOBILE);
    await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
    const rootVisibility = () => page.evaluate(() => getComputedStyle(document.getElementById('root')!).visibility);
    await page.goto('/');
    expect(await rootVisibility()).toBe('visible');
    // Section links work before the script too: the browser's own jump.
    await page.getByRole('banner').getByRole('link', { name: 'Precios' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#pricing');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.goto('/auth');
    expect(await rootVisibility()).toBe('hidden');
    await context.addCookies([{ name: 'rendix_signed_in', value: '1', url: e2e.t.baseUrl }]);
    await page.goto('/');
    expect(await rootVisibility()).toBe('hidden');
    await context.clearCookies();
    await page.unroute(/\/assets\/index-[^/]*\.js$/);

    const noScript = await e2e.browser.newContext({ baseURL: e2e.t.baseUrl, javaScriptEnabled: false, viewport: MOBILE });
    const bare = await noScript.newPage();
    await bare.goto('/');
    await bare.getByRole('heading', { level: 1 }).filter({ hasText: 'sin papeleo' }).waitFor();
    await noScript.close();

    // With it, the same links scroll smoothly without touching the address, and focus the section.
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir chat de ayuda' }).waitFor();
    await page.getByRole('link', { name: 'Ver Características' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('features');
    expect(await page.evaluate(() => location.hash)).toBe('');

    // With it, another path renders the app and the landing is gone.
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Iniciar Sesión' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-no-prerender'))).toBe(false);
    expect(await page.getByText('Sube la boleta o factura, deja que la IA').count()).toBe(0);
    await context.close();
  });

  test("a visitor's landing reads no session (no 401 in the console); a signed-in reload still does", async () => {
    const { context, page } = await open(MOBILE);
    const sessionReads: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/api/auth/user' && sessionReads.push(r.url()));
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir chat de ayuda' }).waitFor();
    expect(sessionReads).toEqual([]);
    expect(consoleErrors).toEqual([]);

    await signUp(page, e2e.t.baseUrl, 'Recarga SpA');
    await page.reload();
    await page.getByRole('navigation', { name: 'Accesos rápidos' }).waitFor();
    expect(sessionReads).toHaveLength(1);
    await context.close();
  });

  test('/sw.js and the manifest are served as files', async () => {
    const sw = await fetch(`${e2e.t.baseUrl}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(await sw.text()).toMatch(/precacheAndRoute/);

    const mf = await fetch(`${e2e.t.baseUrl}/manifest.webmanifest`);
    expect(mf.status).toBe(200);
    expect(mf.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    const manifest = (await mf.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ short_name: 'Rendix', lang: 'es-CL', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const res = await fetch(e2e.t.baseUrl + icon.src);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
  });

  test('the service worker makes the landing open offline with a "Sin conexión" notice and caches no API answer', async () => {
    const { context, page } = await open(DESKTOP, { serviceWorkers: 'allow' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir chat de ayuda' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    // An API call under the worker's control.
    await page.evaluate(() => fetch('/api/chatbot', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"message":"hola","history":[]}' }));

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Abrir chat de ayuda' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Sin conexión' }).waitFor();
    await screenshot(page, 'offline-landing');
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => page.getByText('Sin conexión').count()).toBe(0);
    await context.close();
  });

  test('a signed-in user who opens the app offline sees the strip above the page, and is back in the app when online', async () => {
    const { context, page } = await open(MOBILE, { serviceWorkers: 'allow' });
    await page.goto('/');
    await signUp(page, e2e.t.baseUrl, 'Offline SpA');
    await page.goto('/expenses');
    await page.getByRole('banner').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    const strip = page.getByRole('status').filter({ hasText: 'Sin conexión' });
    await strip.waitFor();
    // The page moves down under the strip: the header (and its buttons) stays visible.
    await expect
      .poll(async () => ((await page.getByRole('banner').first().boundingBox())?.y ?? 0) - ((await strip.boundingBox())?.height ?? 0))
      .toBeGreaterThanOrEqual(0);
    await viewShot(page, 'offline-signed-in');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    // The session is read again without a reload: the app's navigation is back.
    await page.getByRole('navigation', { name: 'Accesos rápidos' }).waitFor();
    await expect.poll(() => page.getByText('Sin conexión').count()).toBe(0);
    await context.close();
  });
});
