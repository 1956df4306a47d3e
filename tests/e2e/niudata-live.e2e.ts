import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_PAYABLE_ACCOUNT, NIUDATA_MSG, NIUDATA_SANDBOX_LABEL } from '../../src/shared/niudata.js';
import { companyWithEmployee } from '../helpers/factories.js';
import { startNiudataDouble, type NiudataDouble } from '../helpers/niudata-double.js';
import { screenshot, setupE2e } from './browser.js';
import { PHONE, WIDE, approved, dialogSidewaysOverflow, fullShot, insideDialog, signedIn, type Company } from './niudata-helpers.js';

/*
 * Issue 15 item 7 in a real browser, against a local double of NiuData's API (tests/helpers/niudata-double.ts) reached
 * through NIUDATA_API_URL, never the built-in sandbox (that newcomer path is niudata.e2e.ts): configure a token the
 * double accepts, preview, sync one, sync all, read the history on both screens, and check from the double's side
 * what arrived. Then a NiuData answering 5xx, and an empty pending list.
 */

const TOKEN = 'niu_live_e2e_Qm7wZ2kP9xT4vB3n';
const TOKEN_EMPTY = 'niu_live_e2e_Hc5rY8dL2sN6pF1a';
const TOKEN_5XX = 'niu_live_e2e_Wt4gK9bM3jV7qE2u';
const REFUSED = 'niu_live_e2e_revocado_0000000';

let niu: NiudataDouble;
// Registered before setupE2e: the double is listening (its port known) when the app starts, and closes after it.
beforeAll(async () => {
  niu = await startNiudataDouble({ tokens: [TOKEN, TOKEN_EMPTY, TOKEN_5XX] });
});
afterAll(async () => {
  await niu?.close();
});
const e2e = setupE2e(() => ({ env: { NIUDATA_API_URL: niu.url, NIUDATA_RETRY_BASE_MS: '100', NIUDATA_TIMEOUT_MS: '5000' } }));

/** The key the wire format gives an expense's voucher (src/server/niudata/wire.ts). */
const keyOf = (c: Company, expenseId: string) => `rendix:${c.companyId}:${expenseId}`;
const postsWithKey = (key: string) => niu.voucherPosts().filter((r) => r.headers['idempotency-key'] === key);
const voucherUrl = (id: string) => `https://app.niudata.test/vouchers/${id}`;

/** The one voucher the double booked for this expense (fails unless there is exactly one). */
function bookedVoucher(c: Company, expenseId: string) {
  const booked = niu.vouchers.filter((v) => v.idempotencyKey === keyOf(c, expenseId));
  expect(booked).toHaveLength(1);
  return booked[0];
}

/** Live mode: the screen says 'Producción' and nowhere 'Modo de prueba'. */
async function expectLiveMode(page: Page) {
  expect(await page.locator('body').innerText()).not.toContain(NIUDATA_SANDBOX_LABEL);
}

/** Every /api answer the page receives, to check afterwards that none echoes the token. */
function recordApiAnswers(context: BrowserContext): () => Promise<string[]> {
  const bodies: Promise<string>[] = [];
  context.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/api/')) bodies.push(res.text().catch(() => ''));
  });
  return () => Promise.all(bodies);
}

const historyItem = (page: Page, status: string, expenseNumber: number) =>
  page
    .getByRole('list', { name: 'Historial de sincronizaciones con NiuData' })
    .locator(`li[data-history-status="${status}"]`)
    .filter({ hasText: `Rendición N° ${expenseNumber}` });

describe('NiuData against a local double', () => {
  test('configure a token the double accepts, preview, sync one, sync all, and see each voucher in both histories', async () => {
    const c = await companyWithEmployee(e2e.t);
    const taxi = await approved(c, { description: 'Taxi al aeropuerto', amount: '18990' });
    const almuerzo = await approved(c, { description: 'Almuerzo con cliente', amount: '32500', category: c.ids.category('Alimentación') });
    const hotel = await approved(c, { description: 'Hotel en Concepción', amount: '64000', category: c.ids.category('Hospedaje') });
    const all = [taxi, almuerzo, hotel];

    const { context, page } = await signedIn(e2e, c.admin.client, WIDE);
    const apiAnswers = recordApiAnswers(context);
    await page.goto('/niudata-integration');
    await page.getByRole('heading', { name: 'Integración NiuData' }).waitFor();
    await page.getByText('No configurado', { exact: true }).waitFor();
    await page.getByText('Producción', { exact: true }).waitFor();
    const syncAll = page.getByRole('button', { name: 'Sincronizar todo' });
    const syncTaxi = page.getByRole('button', { name: `Sincronizar N° ${taxi.expenseNumber}`, exact: true });
    await syncTaxi.waitFor();
    expect(await syncAll.isDisabled()).toBe(true);
    await expectLiveMode(page);

    // A token the double refuses (401): the §8 title, the double's refusal in Spanish on the field, nothing stored.
    const tokenField = page.locator('#niudata-token');
    await tokenField.fill(REFUSED);
    await page.getByRole('button', { name: 'Configurar Token' }).click();
    await page.getByText(NIUDATA_MSG.configureError, { exact: true }).waitFor();
    await page.getByRole('alert').filter({ hasText: NIUDATA_MSG.tokenInvalid }).waitFor();
    expect(niu.requests.some((r) => r.path === '/v1/auth/check' && r.headers.authorization === `Bearer ${REFUSED}`)).toBe(true);
    await page.getByText('No configurado', { exact: true }).waitFor();

    // The token the double accepts: typed masked, checked with the double as Bearer credential, then shown only as its last 4.
    await tokenField.fill(TOKEN);
    expect(await tokenField.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Configurar Token' }).click();
    await page.getByText(NIUDATA_MSG.tokenConfiguredTitle, { exact: true }).waitFor();
    await page.getByText('Conectado', { exact: true }).waitFor();
    expect(niu.requests.some((r) => r.path === '/v1/auth/check' && r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(await page.getByTestId('niudata-token-hint').innerText()).toBe(`••••${TOKEN.slice(-4)}`);
    expect(await tokenField.inputValue()).toBe('');
    expect(await tokenField.getAttribute('placeholder')).toBe(`Token actual ••••${TOKEN.slice(-4)}`);
    expect(await page.content()).not.toContain(TOKEN);
    await expectLiveMode(page);
    await expect.poll(() => syncTaxi.isDisabled()).toBe(false);
    await fullShot(page, 'niudata-live-configured-1440');

    // Preview: two balanced entries, debit the category's code, credit the payable account; no voucher in NiuData yet.
    await page.getByRole('button', { name: `Vista previa del voucher N° ${taxi.expenseNumber}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Vista previa del voucher · Rendición N° ${taxi.expenseNumber}` });
    const entries = dialog.getByRole('table', { name: 'Asientos del voucher' });
    await entries.waitFor();
    const rows = entries.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).locator('td').first().innerText()).toBe('5102');
    expect(await rows.nth(1).locator('td').first().innerText()).toBe(DEFAULT_PAYABLE_ACCOUNT);
    expect(await entries.locator('[data-total="debit"]').innerText()).toBe('$18.990');
    expect(await entries.locator('[data-total="credit"]').innerText()).toBe('$18.990');
    await dialog.getByText('Cuadrado: debe = haber').waitFor();
    await dialog.getByText('Sin voucher en NiuData todavía (se crea al sincronizar).').waitFor();
    await expectLiveMode(page);
    // The long payable-account name wraps: Debe and Haber are in view without scrolling sideways, at 1440 and 390 px.
    expect(await dialogSidewaysOverflow(page)).toEqual({ px: 0, where: '' });
    for (const label of ['Debe', 'Haber']) expect(await insideDialog(page, entries.getByRole('columnheader', { name: label }))).toBe(true);
    expect(await insideDialog(page, entries.locator('[data-total="credit"]'))).toBe(true);
    await screenshot(page, 'niudata-live-preview-1440');
    await page.setViewportSize(PHONE);
    const cards = dialog.getByRole('list', { name: 'Asientos del voucher' });
    await cards.getByText(DEFAULT_PAYABLE_ACCOUNT, { exact: true }).waitFor();
    expect(await dialogSidewaysOverflow(page)).toEqual({ px: 0, where: '' });
    for (const label of ['Debe $18.990', 'Haber $18.990']) expect(await insideDialog(page, cards.getByText(label, { exact: true }).last())).toBe(true);
    await screenshot(page, 'niudata-live-preview-390');
    await page.setViewportSize(WIDE);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(niu.voucherPosts()).toHaveLength(0);

    // Sync one row: it leaves the pending list; the recent history shows the double's voucher id and link.
    await syncTaxi.click();
    await page.getByText('Sincronización iniciada', { exact: true }).first().waitFor();
    await expect.poll(() => syncTaxi.count(), { timeout: 20_000 }).toBe(0);
    const taxiDone = historyItem(page, 'success', taxi.expenseNumber);
    await taxiDone.waitFor({ timeout: 20_000 });
    const taxiVoucher = bookedVoucher(c, taxi.id);
    expect(taxiVoucher.id).toMatch(/^V-\d+$/);
    expect((await taxiDone.locator('.font-mono').innerText()).trim()).toBe(taxiVoucher.id);
    expect(await taxiDone.getByRole('link', { name: 'Ver en NiuData' }).getAttribute('href')).toBe(voucherUrl(taxiVoucher.id));
    // What the preview now answers for the synced expense: the double's voucher_url and id. (The dialog opens only from
    // pending rows, so no screen shows this for a synced expense; the history's link above is where it is seen.)
    const preview = await (await page.request.get(`/api/niudata/preview/${taxi.id}`)).json();
    expect(preview.voucher).toMatchObject({ voucher_id: taxiVoucher.id, voucher_url: voucherUrl(taxiVoucher.id), totalDebit: 18990, totalCredit: 18990 });

    // Sync all: the other two go, the list empties and the button turns off.
    await syncAll.click();
    await page.getByText('Enviadas: 2 · Con errores: 0 · Total: 2').waitFor();
    await page.getByText('No hay gastos aprobados pendientes de sincronizar', { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => syncAll.isDisabled()).toBe(true);
    await page.getByText('No hay gastos pendientes de sincronizar.', { exact: true }).waitFor();
    for (const e of [almuerzo, hotel]) await historyItem(page, 'success', e.expenseNumber).waitFor({ timeout: 20_000 });
    await expectLiveMode(page);
    await fullShot(page, 'niudata-live-synced-1440');

    // From the double's side: exactly one voucher per expense, one post each, with its Idempotency-Key and the token.
    const amounts = new Map([
      [taxi.id, 18990],
      [almuerzo.id, 32500],
      [hotel.id, 64000],
    ]);
    for (const e of all) {
      const v = bookedVoucher(c, e.id);
      const posts = postsWithKey(keyOf(c, e.id));
      expect(posts).toHaveLength(1);
      expect(posts[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(v.token).toBe(TOKEN);
      expect(v.body).toMatchObject({ external_id: e.id, currency: 'CLP' });
      const lines = v.body.entries as { debit: number; credit: number }[];
      expect(lines).toHaveLength(2);
      const sum = (k: 'debit' | 'credit') => lines.reduce((s, l) => s + l[k], 0);
      expect([sum('debit'), sum('credit')]).toEqual([amounts.get(e.id), amounts.get(e.id)]);
    }
    expect(niu.vouchers.filter((v) => v.token === TOKEN)).toHaveLength(3);

    // Historial tab of /api-integration: each attempt a success, manual, with the double's voucher id and link.
    await page.goto('/api-integration?tab=historial');
    for (const e of all) {
      const item = historyItem(page, 'success', e.expenseNumber);
      await item.getByText('Éxito', { exact: true }).waitFor();
      await item.getByText('· Manual').waitFor();
      await item.getByText('· 1 intento').waitFor();
      const id = bookedVoucher(c, e.id).id;
      expect((await item.locator('.font-mono').innerText()).trim()).toBe(id);
      expect(await item.getByRole('link', { name: 'Ver en NiuData' }).getAttribute('href')).toBe(voucherUrl(id));
    }
    await expectLiveMode(page);
    await fullShot(page, 'niudata-live-history-1440');

    // NiuData tab: production, the masked token, nothing left to sync.
    await page.getByRole('tab', { name: 'NiuData' }).click();
    await page.getByTestId('niudata-token-hint').getByText(`••••${TOKEN.slice(-4)}`).waitFor();
    await page.getByText('Producción', { exact: true }).waitFor();
    await page.getByText('No hay gastos aprobados pendientes de sincronizar.').waitFor();
    await expectLiveMode(page);
    await fullShot(page, 'niudata-live-tab-1440');

    // Diagnostics: the connection test reaches the double (ping and token check), no sandbox label.
    await page.goto('/niudata-diagnostics');
    await page.getByRole('button', { name: 'Probar conexión' }).click();
    await page.getByRole('status', { name: 'Resultado de la prueba de conexión' }).getByText('Conectado a NiuData.', { exact: true }).waitFor();
    expect(niu.requests.some((r) => r.path === '/v1/ping')).toBe(true);
    await expectLiveMode(page);
    await fullShot(page, 'niudata-live-diagnostics-1440');

    // No answer the browser received carried the token.
    for (const body of await apiAnswers()) expect(body).not.toContain(TOKEN);
    await context.close();
  });

  test('connected with nothing pending: sync-all is disabled and says why', async () => {
    const c = await companyWithEmployee(e2e.t);
    expect((await c.admin.client.post('/api/niudata/configure', { token: TOKEN_EMPTY })).status).toBe(200);
    const { context, page } = await signedIn(e2e, c.admin.client, WIDE);
    await page.goto('/niudata-integration');
    await page.getByText('Conectado', { exact: true }).waitFor();
    await page.getByText('No hay gastos aprobados pendientes de sincronizar', { exact: true }).waitFor();
    const syncAll = page.getByRole('button', { name: 'Sincronizar todo' });
    expect(await syncAll.isDisabled()).toBe(true);
    expect(await syncAll.getAttribute('title')).toBe('No hay gastos pendientes de sincronizar.');
    await expectLiveMode(page);
    await fullShot(page, 'niudata-live-empty-1440');
    expect(niu.vouchers.filter((v) => v.token === TOKEN_EMPTY)).toHaveLength(0);
    await context.close();
  });

  test('a NiuData answering 5xx: retried, shown as failed, booked once when it recovers; the §8 fallback when the sync request itself fails', async () => {
    const c = await companyWithEmployee(e2e.t);
    expect((await c.admin.client.post('/api/niudata/configure', { token: TOKEN_5XX })).status).toBe(200);
    const peaje = await approved(c, { description: 'Peaje Ruta 68', amount: '3400' });
    const key = keyOf(c, peaje.id);
    niu.failVouchers(503, 503, 503, 503, 503, 503);

    const { context, page } = await signedIn(e2e, c.admin.client, WIDE);
    await page.goto('/niudata-integration');
    const syncAll = page.getByRole('button', { name: 'Sincronizar todo' });
    await expect.poll(() => syncAll.isDisabled()).toBe(false);

    // Sync-all only queues: the request succeeds; NiuData's 503s come in the background, each one retried.
    await syncAll.click();
    await page.getByText('Enviadas: 1 · Con errores: 0 · Total: 1').waitFor();
    const failed = historyItem(page, 'error', peaje.expenseNumber);
    await failed.waitFor({ timeout: 30_000 });
    await failed.getByText('· 6 intentos').waitFor();
    await failed.getByText('NiuData no está disponible (HTTP 503): Error 503 de prueba (6 intentos).', { exact: true }).waitFor();
    const row = page.locator(`tr[data-expense-number="${peaje.expenseNumber}"]`);
    await row.getByText('Error', { exact: true }).waitFor();
    await row.getByText('NiuData no está disponible (HTTP 503)', { exact: false }).waitFor();
    expect(postsWithKey(key)).toHaveLength(6);
    expect(niu.vouchers.filter((v) => v.idempotencyKey === key)).toHaveLength(0);
    await expectLiveMode(page);
    await fullShot(page, 'niudata-live-5xx-1440');

    // §8: when Rendix's own sync endpoints answer 5xx with an empty body, the toasts carry the fallback titles and a
    // Spanish description, never the English status text ('Service Unavailable').
    await page.route('**/api/niudata/sync**', (route) => route.fulfill({ status: 503, body: '' }));
    await syncAll.click();
    const bulkToast = page.locator('[data-sonner-toast]').filter({ hasText: NIUDATA_MSG.syncAllError });
    await bulkToast.waitFor();
    await bulkToast.getByText('No se pudieron enviar las rendiciones a NiuData.', { exact: true }).waitFor();
    expect(await bulkToast.innerText()).not.toMatch(/Service Unavailable|503/);
    await screenshot(page, 'niudata-live-sync-fallback-1440');
    await page.getByRole('button', { name: `Sincronizar N° ${peaje.expenseNumber}`, exact: true }).click();
    const oneToast = page.locator('[data-sonner-toast]').filter({ hasText: NIUDATA_MSG.syncError });
    await oneToast.getByText('No se pudo enviar la rendición a NiuData.', { exact: true }).waitFor();
    expect(await oneToast.innerText()).not.toContain('Service Unavailable');
    await page.unroute('**/api/niudata/sync**');
    expect(postsWithKey(key)).toHaveLength(6);

    // NiuData is back: the retry books it once, with the same key.
    await syncAll.click();
    const done = historyItem(page, 'success', peaje.expenseNumber);
    await done.waitFor({ timeout: 20_000 });
    await done.getByText('· Reintento').waitFor();
    const v = bookedVoucher(c, peaje.id);
    expect((await done.locator('.font-mono').innerText()).trim()).toBe(v.id);
    expect(postsWithKey(key)).toHaveLength(7);
    await page.getByText('No hay gastos aprobados pendientes de sincronizar', { exact: true }).waitFor({ timeout: 20_000 });
    await fullShot(page, 'niudata-live-5xx-recovered-1440');
    await context.close();
  });
});
