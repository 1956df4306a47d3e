import { describe, expect, test } from 'vitest';
import { NIUDATA_MSG } from '../../src/shared/niudata.js';
import { companyWithEmployee } from '../helpers/factories.js';
import { screenshot, setupE2e } from './browser.js';
import { PHONE, WIDE, approved, dialogSidewaysOverflow, fullShot, insideDialog, noHorizontalOverflow, signedIn } from './niudata-helpers.js';

/*
 * Issue 15 in a real browser, against the built-in sandbox ('Modo de prueba': no NIUDATA_API_URL): configure a token,
 * preview a voucher, sync, read the history, run the diagnostics; employees are kept out. The same flow against a
 * local double of NiuData's API is niudata-live.e2e.ts.
 */

const e2e = setupE2e({ env: { NIUDATA_RETRY_BASE_MS: '200' } });

const TOKEN = 'niu_test_rendix_e2e_7Hq2';
describe('NiuData', () => {
  test('configure a sandbox token, preview a balanced voucher, sync it, see it in the history, on /invoices and in the diagnostics', async () => {
    const c = await companyWithEmployee(e2e.t);
    const taxi = await approved(c, { description: 'Taxi a reunión con cliente', amount: '12990' });
    // A category without an accounting code: reported, never sent.
    const cat = await c.admin.client.post('/api/categories', { name: 'Gastos varios', description: 'Sin código contable', isActive: true });
    expect(cat.status).toBeLessThan(300);
    const varios = await approved(c, { description: 'Regalo a cliente', amount: '25000', category: cat.body.id as string });

    const { context, page } = await signedIn(e2e, c.admin.client, WIDE);
    await page.goto('/niudata-integration');
    await page.getByRole('heading', { name: 'Integración NiuData' }).waitFor();
    await page.getByText('No configurado').first().waitFor();
    // Without a connection nothing can be synced.
    const syncAll = page.getByRole('button', { name: 'Sincronizar todo' });
    const syncTaxi = page.getByRole('button', { name: `Sincronizar N° ${taxi.expenseNumber}`, exact: true });
    await syncTaxi.waitFor();
    expect(await syncAll.isDisabled()).toBe(true);
    expect(await syncTaxi.isDisabled()).toBe(true);

    // The token: required, masked with show/hide, refused when NiuData refuses it, then accepted.
    const tokenField = page.locator('#niudata-token');
    await page.getByRole('button', { name: 'Configurar Token' }).click();
    await page.getByText(NIUDATA_MSG.tokenRequired).waitFor();
    await tokenField.fill('invalido_token_de_prueba_123');
    expect(await tokenField.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar token' }).click();
    expect(await tokenField.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Configurar Token' }).click();
    await page.getByText(NIUDATA_MSG.configureError).waitFor();
    await page.getByRole('alert').filter({ hasText: NIUDATA_MSG.tokenInvalid }).waitFor();

    await tokenField.fill(TOKEN);
    await page.getByRole('button', { name: 'Configurar Token' }).click();
    await page.getByText(NIUDATA_MSG.tokenConfiguredTitle, { exact: true }).waitFor();
    await page.getByText('Conectado', { exact: true }).waitFor();
    await page.getByText('Modo de prueba', { exact: true }).first().waitFor();
    expect(await page.getByTestId('niudata-token-hint').innerText()).toBe(`••••${TOKEN.slice(-4)}`);
    expect(await tokenField.inputValue()).toBe('');
    expect(await page.content()).not.toContain(TOKEN);

    // The voucher's accounts and the automatic sync are saved (and survive a reload).
    await page.getByLabel('Cuenta de IVA crédito fiscal (opcional)').fill('1150-01 IVA crédito fiscal');
    await page.getByRole('switch', { name: 'Sincronización automática' }).click();
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await page.getByText('Configuración guardada', { exact: true }).waitFor();
    await expect.poll(async () => (await (await page.request.get('/api/niudata/status')).json()) as unknown).toMatchObject({ ivaAccount: '1150-01 IVA crédito fiscal', autoSync: true });
    await page.getByRole('switch', { name: 'Sincronización automática' }).click();
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect.poll(async () => ((await (await page.request.get('/api/niudata/status')).json()) as { autoSync: boolean }).autoSync).toBe(false);

    // Pending: both approved expenses; the one without a code says why, with a way to fix it.
    await expect.poll(() => syncTaxi.isDisabled()).toBe(false);
    expect(await syncAll.isDisabled()).toBe(false);
    const variosRow = page.locator(`tr[data-expense-number="${varios.expenseNumber}"]`);
    await variosRow.getByText('La categoría Gastos varios no tiene código contable').waitFor();
    await variosRow.getByRole('link', { name: 'Asignar códigos contables en Configuración' }).waitFor();
    await fullShot(page, 'niudata-integration-1440');

    // Preview: two entries, debit = credit = the amount.
    await page.getByRole('button', { name: `Vista previa del voucher N° ${taxi.expenseNumber}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Vista previa del voucher · Rendición N° ${taxi.expenseNumber}` });
    const entries = dialog.getByRole('table', { name: 'Asientos del voucher' });
    await entries.waitFor();
    expect(await entries.locator('tbody tr').count()).toBe(2);
    expect(await entries.locator('[data-total="debit"]').innerText()).toBe('$12.990');
    expect(await entries.locator('[data-total="credit"]').innerText()).toBe('$12.990');
    await dialog.getByText('Cuadrado: debe = haber').waitFor();
    await entries.getByText('5102').waitFor();
    // Debe and Haber in view at 1440 px: the payable account's long name wraps instead of pushing them off the dialog.
    expect(await dialogSidewaysOverflow(page)).toEqual({ px: 0, where: '' });
    for (const label of ['Debe', 'Haber']) expect(await insideDialog(page, entries.getByRole('columnheader', { name: label }))).toBe(true);
    await screenshot(page, 'niudata-preview-1440');
    await page.keyboard.press('Escape');

    // The preview of the incomplete one explains instead of showing entries.
    await page.getByRole('button', { name: `Vista previa del voucher N° ${varios.expenseNumber}`, exact: true }).click();
    await page.getByRole('dialog').getByText(`${NIUDATA_MSG.previewError}: la rendición no se puede contabilizar así.`).waitFor();
    await page.keyboard.press('Escape');

    // Sync one: it leaves the pending list and the history shows the voucher.
    await syncTaxi.click();
    await page.getByText('Sincronización iniciada').waitFor();
    await expect.poll(() => page.getByRole('button', { name: `Sincronizar N° ${taxi.expenseNumber}`, exact: true }).count(), { timeout: 20_000 }).toBe(0);
    const recent = page.getByRole('list', { name: 'Historial de sincronizaciones con NiuData' });
    const taxiDone = recent.locator('li[data-history-status="success"]').filter({ hasText: `Rendición N° ${taxi.expenseNumber}` });
    await taxiDone.waitFor({ timeout: 20_000 });
    await taxiDone.getByText(/^Voucher /).waitFor();

    // Sync all: the incomplete one is reported, not sent.
    await syncAll.click();
    await page.getByText('Sincronización con observaciones').waitFor();
    await page.getByText('Enviadas: 0 · Con errores: 1 · Total: 1').waitFor();
    await page.getByText(`N° ${varios.expenseNumber}: La categoría Gastos varios no tiene código contable`).waitFor();
    await fullShot(page, 'niudata-integration-synced-1440');

    // Historial tab of /api-integration: status, type, voucher; the filter.
    await page.goto('/api-integration?tab=historial');
    const history = page.getByRole('list', { name: 'Historial de sincronizaciones con NiuData' });
    const ok = history.locator('li[data-history-status="success"]').filter({ hasText: `Rendición N° ${taxi.expenseNumber}` });
    await ok.getByText('Éxito', { exact: true }).waitFor();
    await ok.getByText('Manual').first().waitFor();
    const voucherId = (await ok.locator('.font-mono').innerText()).trim();
    expect(voucherId.length).toBeGreaterThan(3);
    await history.locator('li[data-history-status="error"]').filter({ hasText: `Rendición N° ${varios.expenseNumber}` }).first().waitFor();
    await page.getByLabel('Estado', { exact: true }).selectOption('success');
    await expect.poll(() => history.locator('li[data-history-status="error"]').count()).toBe(0);
    await page.getByLabel('Estado', { exact: true }).selectOption('pending');
    await page.getByText('Ninguna sincronización con ese estado').waitFor();
    await fullShot(page, 'niudata-history-1440');

    // NiuData tab: the real status and the way to both pages.
    await page.getByRole('tab', { name: 'NiuData' }).click();
    await page.getByTestId('niudata-token-hint').getByText(`••••${TOKEN.slice(-4)}`).waitFor();
    await page.getByRole('link', { name: 'Ir a Integración NiuData' }).waitFor();
    await fullShot(page, 'niudata-tab-1440');
    await page.getByRole('link', { name: 'Diagnóstico NiuData' }).click();
    await page.waitForURL((u) => u.pathname === '/niudata-diagnostics');

    // Diagnostics: the connection test and the full diagnosis, all green.
    await page.getByRole('heading', { name: 'Diagnóstico NiuData' }).waitFor();
    await page.getByRole('button', { name: 'Probar conexión' }).click();
    const conn = page.getByRole('status', { name: 'Resultado de la prueba de conexión' });
    await conn.getByText('Conectado a NiuData (Modo de prueba).').waitFor();
    await conn.getByText('Éxito', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Diagnóstico completo' }).click();
    const diag = page.getByRole('status', { name: 'Resultado del diagnóstico' });
    await diag.getByText('Todo funciona').waitFor();
    const checks = diag.getByRole('list', { name: 'Comprobaciones' }).locator('li');
    expect(await checks.count()).toBe(3);
    expect(await checks.evaluateAll((els) => els.map((e) => e.getAttribute('data-ok')))).toEqual(['true', 'true', 'true']);
    await diag.getByRole('list', { name: 'Pasos del diagnóstico' }).getByText('Endpoints de vouchers').waitFor();
    await expect.poll(() => diag.getByText(/^\d+ ms$/).count()).toBeGreaterThanOrEqual(3);
    // The test sync of the incomplete expense says why it failed.
    await page.getByRole('button', { name: `Probar sincronización N° ${varios.expenseNumber}`, exact: true }).click();
    await page.getByText(NIUDATA_MSG.syncError, { exact: true }).waitFor();
    await fullShot(page, 'niudata-diagnostics-1440');

    // The document shows as synced on Facturas Emitidas (the shared label: 'Sincronizada', a factura or boleta).
    await page.goto('/invoices');
    await page.getByRole('heading', { name: 'Facturas Emitidas' }).waitFor();
    const table = page.locator('table');
    await table.getByText('Sincronizada', { exact: true }).waitFor();
    await table.getByText('Error', { exact: true }).waitFor();
    await context.close();
  });

  test('at 1280 px the pending table scrolls inside its card and the page does not scroll sideways', async () => {
    const c = await companyWithEmployee(e2e.t);
    const taxi = await approved(c, { description: 'Estacionamiento Costanera Center', amount: '4500' });
    const { context, page } = await signedIn(e2e, c.admin.client, { width: 1280, height: 800 });
    await page.goto('/niudata-integration');
    await page.getByRole('table', { name: 'Gastos pendientes de sincronizar' }).getByText('Estacionamiento Costanera Center').waitFor();
    // The 'Acciones' header is a screen-reader label, positioned absolutely: it must stay inside the table's scroll box.
    expect(await page.getByRole('table', { name: 'Gastos pendientes de sincronizar' }).getByRole('button', { name: `Vista previa del voucher N° ${taxi.expenseNumber}` }).count()).toBe(1);
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  test('at 390 px both pages and the preview fit the screen', async () => {
    const c = await companyWithEmployee(e2e.t);
    const taxi = await approved(c, { description: 'Estacionamiento Costanera Center', amount: '4500' });
    expect((await c.admin.client.post('/api/niudata/configure', { token: TOKEN })).status).toBe(200);

    const { context, page } = await signedIn(e2e, c.admin.client, PHONE);
    await page.goto('/niudata-integration');
    await page.getByRole('heading', { name: 'Integración NiuData' }).waitFor();
    const card = page.getByRole('list', { name: 'Gastos pendientes de sincronizar' }).locator(`li[data-expense-number="${taxi.expenseNumber}"]`);
    await card.getByText('Estacionamiento Costanera Center').waitFor();
    await page.getByText('Modo de prueba', { exact: true }).first().waitFor();
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0);
    await fullShot(page, 'niudata-integration-390');

    await card.getByRole('button', { name: `Vista previa del voucher N° ${taxi.expenseNumber}` }).click();
    await page.getByRole('dialog').getByText('Cuadrado: debe = haber').waitFor();
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await dialogSidewaysOverflow(page)).toEqual({ px: 0, where: '' });
    for (const label of ['Debe $4.500', 'Haber $4.500']) expect(await insideDialog(page, page.getByRole('dialog').getByText(label, { exact: true }).last())).toBe(true);
    await screenshot(page, 'niudata-preview-390');
    await page.keyboard.press('Escape');

    await page.goto('/niudata-diagnostics');
    await page.getByRole('button', { name: 'Diagnóstico completo' }).click();
    await page.getByText('Todo funciona').waitFor();
    await page.getByRole('button', { name: 'Probar conexión' }).click();
    await page.getByText('Conectado a NiuData (Modo de prueba).').waitFor();
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0);
    await fullShot(page, 'niudata-diagnostics-390');
    await context.close();
  });

  test('an employee cannot open the NiuData pages', async () => {
    const c = await companyWithEmployee(e2e.t);
    const { context, page } = await signedIn(e2e, c.employee.client, WIDE);
    for (const path of ['/niudata-integration', '/niudata-diagnostics']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/');
    }
    expect((await page.request.get('/api/niudata/status')).status()).toBe(403);
    await context.close();
  });
});
