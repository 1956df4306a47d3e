import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema/index.js';
import { DESKTOP, MOBILE, newPage, screenshot, signUp, setupE2e } from './browser.js';

const e2e = setupE2e();
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  // A local ERP that accepts every event.
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/rendix`;
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function signInAsSuperAdmin(page: Page, companyName: string) {
  const me = await signUp(page, e2e.t.baseUrl, companyName);
  await e2e.t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, me.user.id));
  return me;
}

describe('billing webhooks screen', () => {
  test('create with validation, test against a local receiver, see the attempt in the logs', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    await signInAsSuperAdmin(page, 'Plataforma Rendix');
    await page.goto('/webhooks');
    await page.getByRole('heading', { name: 'Webhooks de Facturación' }).waitFor();
    await page.getByText('Sin webhooks configurados').waitFor();
    await screenshot(page, 'webhooks-empty');

    await page.getByRole('button', { name: 'Nuevo webhook' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo webhook' });
    await dialog.getByLabel('Nombre').fill('ERP contable');
    await dialog.getByLabel('URL').fill(receiverUrl);
    await dialog.getByLabel('Secreto (opcional)').fill('whsec_e2e');
    await dialog.getByLabel('Headers personalizados (JSON)').fill('{"X-Origen": rendix}');
    await dialog.getByRole('button', { name: 'Crear webhook' }).click();
    await dialog.getByText('Los headers deben estar en formato JSON válido').waitFor();
    await screenshot(page, 'webhooks-form-invalid-headers');

    await dialog.getByLabel('Headers personalizados (JSON)').fill('{"X-Origen": "rendix"}');
    await dialog.getByLabel('Reintentos').fill('1');
    await dialog.getByRole('button', { name: 'Crear webhook' }).click();
    await page.getByText('Webhook creado').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('webhook-row').filter({ hasText: 'ERP contable' });
    await row.getByText(receiverUrl).waitFor();
    await row.getByText('Reintentos: 1').waitFor();
    await row.getByText('Firmado con secreto').waitFor();

    await row.getByRole('button', { name: 'Probar ERP contable' }).click();
    await page.getByText('Test Exitoso').waitFor();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    expect(received[0].headers['x-origen']).toBe('rendix');
    expect(received[0].headers['x-rendix-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(JSON.parse(received[0].body)).toMatchObject({ event: 'subscription.paid', test: true });

    await page.getByRole('button', { name: 'Registros' }).click();
    const logs = page.getByRole('dialog', { name: 'Registros de webhooks' });
    const entry = logs.getByTestId('webhook-log').first();
    await entry.getByText('Exitoso', { exact: true }).waitFor({ timeout: 15_000 });
    await entry.getByText('Intento 1').waitFor();
    await entry.getByText('200', { exact: true }).waitFor();
    await entry.getByText('ERP contable').waitFor();
    await screenshot(page, 'webhooks-logs');
    await page.keyboard.press('Escape');
    await row.getByText(/Último envío: \d{2}\/\d{2}\/\d{4}/).waitFor({ timeout: 10_000 });

    // Inactive: 'Probar' is disabled.
    await row.getByRole('switch', { name: 'Activo: ERP contable' }).click();
    await page.getByText('Webhook desactivado').waitFor();
    await expect.poll(() => row.getByRole('button', { name: 'Probar ERP contable' }).isDisabled()).toBe(true);
    await context.close();
  });

  test('edit keeps the secret, delete asks first; usable at 375 px in dark mode', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, MOBILE);
    await signInAsSuperAdmin(page, 'Plataforma Móvil');
    await page.request.patch('/api/user/preferences', { data: { darkMode: true }, headers: { origin: e2e.t.baseUrl } });
    const created = await page.request.post('/api/webhooks', {
      data: { name: 'CRM ventas', url: receiverUrl, secret: 'guardado', headers: '', event: 'subscription.paid' },
      headers: { origin: e2e.t.baseUrl },
    });
    expect(created.status()).toBe(201);

    await page.goto('/webhooks');
    const row = page.getByTestId('webhook-row').filter({ hasText: 'CRM ventas' });
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'webhooks-mobile-dark');

    await row.getByRole('button', { name: 'Editar CRM ventas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar webhook' });
    await expect.poll(() => dialog.getByLabel('Secreto (opcional)').getAttribute('placeholder')).toBe('Deja vacío para mantener el secreto actual');
    await dialog.getByLabel('Nombre').fill('CRM ventas Chile');
    await dialog.getByLabel('Timeout (segundos)').fill('99');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await dialog.getByText('Entre 1 y 60 segundos.').waitFor();
    await screenshot(page, 'webhooks-mobile-edit');
    await dialog.getByLabel('Timeout (segundos)').fill('20');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Webhook actualizado').waitFor();
    const edited = page.getByTestId('webhook-row').filter({ hasText: 'CRM ventas Chile' });
    await edited.getByText('Timeout: 20 s').waitFor();
    await edited.getByText('Firmado con secreto').waitFor();

    await edited.getByRole('button', { name: 'Eliminar CRM ventas Chile' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar webhook?' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Webhook eliminado').waitFor();
    await expect.poll(() => page.getByTestId('webhook-row').filter({ hasText: 'CRM ventas Chile' }).count()).toBe(0);
    await context.close();
  });

  test('someone who is not a super admin sees a restricted notice', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    await signUp(page, e2e.t.baseUrl, 'Comercial Andes SpA');
    await page.goto('/webhooks');
    await page.getByText('Acceso restringido').waitFor();
    await context.close();
  });
});
