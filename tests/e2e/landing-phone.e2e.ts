import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { setupE2e, signUp } from './browser.js';

/*
 * Issue 18 item 8 guard (not timed; the timing lives in `npm run bench:lighthouse` and docs/PERFORMANCE.md): a visitor's
 * landing runs one small script, not the app, and everything on it still works: the chat, the section links, the
 * links into the app. Measured: 1 script file, ~19 kB (7 kB brotli); the app it replaced was 3 files, ~680 kB.
 */
const MAX_SCRIPT_FILES = 2;
const MAX_SCRIPT_KB = 40;

const e2e = setupE2e();
const PHONE = { width: 390, height: 844 };

async function openPhone() {
  const context = await e2e.browser.newContext({ baseURL: e2e.t.baseUrl, viewport: PHONE, serviceWorkers: 'block', locale: 'es-CL' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const scripts: { file: string; bytes: number }[] = [];
  page.on('response', async (r) => {
    const file = new URL(r.url()).pathname;
    if (r.request().resourceType() === 'script' || /\.m?js$/.test(file)) scripts.push({ file, bytes: (await r.body().catch(() => Buffer.alloc(0))).length });
  });
  return { context, page, scripts };
}

const chatButton = (page: Page) => page.getByRole('button', { name: 'Abrir chat de ayuda' });

describe("a visitor's landing on a phone", () => {
  test(`asks for at most ${MAX_SCRIPT_FILES} script files and ${MAX_SCRIPT_KB} kB of script, and its chat works`, async () => {
    const { context, page, scripts } = await openPhone();
    await page.goto('/');
    await chatButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Asistente Rendix' });
    await panel.getByRole('textbox', { name: 'Escribe tu mensaje' }).fill('hola');
    await panel.getByRole('button', { name: 'Enviar mensaje' }).click();
    await panel.locator('[data-chat-role="user"]').getByText('hola').waitFor();
    await page.waitForLoadState('networkidle');
    const list = scripts.map((s) => `${s.file} (${s.bytes} B)`).join(', ');
    expect(scripts.length, list).toBeLessThanOrEqual(MAX_SCRIPT_FILES);
    expect(scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024, list).toBeLessThanOrEqual(MAX_SCRIPT_KB);
    // The prerendered page is never taken over by React: the app's files are not even asked for.
    expect(scripts.some((s) => /\/(start-app|vendor|app)-/.test(s.file)), list).toBe(false);
    await panel.getByRole('button', { name: 'Cerrar chat' }).click();
    await panel.waitFor({ state: 'detached' });
    await context.close();
  });

  test("'Ingresar' opens the sign-in, a plan's 'Comenzar Ahora' the registration, and the logo leads back to a live landing", async () => {
    const { context, page } = await openPhone();
    await page.goto('/');
    await chatButton(page).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Ingresar' }).click();
    await page.waitForURL((u) => u.pathname === '/auth');
    await expect.poll(() => page.getByRole('tab', { name: 'Iniciar Sesión' }).getAttribute('aria-selected')).toBe('true');

    // Back in the app's own landing (React renders it there): the same overlays, from the same code.
    await page.getByRole('link', { name: 'Rendix' }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    await chatButton(page).click();
    await page.getByRole('dialog', { name: 'Asistente Rendix' }).waitFor();
    expect(await page.getByRole('button', { name: 'Abrir chat de ayuda' }).count()).toBe(0);

    await page.goto('/');
    await chatButton(page).waitFor();
    await page.getByRole('article', { name: 'Profesional' }).getByRole('link', { name: 'Comenzar Ahora' }).click();
    await page.waitForURL((u) => u.pathname === '/auth' && u.search === '?tab=register');
    await expect.poll(() => page.getByRole('tab', { name: 'Registrarse' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  test('a signed-in browser on / still gets the app, not the landing', async () => {
    const { context, page } = await openPhone();
    await signUp(page, e2e.t.baseUrl, 'Teléfono SpA');
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Accesos rápidos' }).waitFor();
    expect(await page.getByText('Sube la boleta o factura, deja que la IA').count()).toBe(0);
    expect(await chatButton(page).count()).toBe(0);
    await context.close();
  });
});
