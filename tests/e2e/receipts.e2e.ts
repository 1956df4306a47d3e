import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { buildSignedTed, createCafKeyPair } from '../../src/server/receipts/ted.js';
import { COPEC_BOLETA_LINES, SII_SAMPLE_TED, facturaPdf, thermalReceipt } from '../helpers/receipts.js';
import { DESKTOP, MOBILE, newPage, screenshot, signUp, setupE2e } from './browser.js';

const e2e = setupE2e();

const BOLETA = COPEC_BOLETA_LINES;
const keys = createCafKeyPair(512);
const ted = buildSignedTed({ issuerRut: '99520000-7', documentTypeCode: 39, folio: 88123, date: '2025-03-14', total: 35000 }, keys);

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer, opts: { fresh?: boolean } = {}) {
  await page.locator('#expense-receipt').setInputFiles({ name, mimeType, buffer });
  // A file read moments ago answers from the server's cache, too fast to catch the spinner.
  if (opts.fresh !== false) await page.getByText('Analizando recibo con IA...').first().waitFor();
  await page.getByText('Recibo Analizado').first().waitFor({ timeout: 40_000 });
}

describe('receipt reading in the browser', () => {
  test('a boleta photo with a timbre fills the form, shows the verified timbre, and a second filing is flagged to the admin', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    await signUp(page, e2e.t.baseUrl, 'Combustibles del Sur SpA');
    const photo = await thermalReceipt(BOLETA, { ted });

    await page.goto('/new-expense');
    await upload(page, 'boleta-copec.jpg', 'image/jpeg', photo);
    await page.getByText('Información extraída automáticamente').first().waitFor();
    await page.getByText('Timbre SII verificado').waitFor();
    await page.getByText('Boleta Electrónica N° 88123 · RUT 99.520.000-7 · $35.000').waitFor();
    expect(await page.inputValue('#expense-amount')).toBe('35.000');
    expect(await page.inputValue('#expense-date')).toBe('2025-03-14');
    expect(await page.locator('#expense-category option:checked').textContent()).toBe('Combustible');
    expect(await page.inputValue('#expense-documentType')).toBe('boleta');
    // Filled, yet editable.
    await page.fill('#expense-description', 'Bencina visita a faena');
    expect(await page.locator('#expense-amount').isEditable()).toBe(true);
    await screenshot(page, 'receipt-analyzed');
    await page.getByRole('button', { name: 'Guardar Rendición' }).click();
    await page.getByText('Tu rendición ha sido enviada para aprobación.').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/expenses');

    // The same file again: the form warns before saving, the user may still save.
    await page.goto('/new-expense');
    // The policy check finds the same duplicate as the analysis (by the file's hash): it must be said once, not twice.
    const checked = page.waitForResponse(async (r) => r.url().endsWith('/api/expenses/policy-check') && (await r.text()).includes('"duplicate"'));
    await upload(page, 'boleta-copec.jpg', 'image/jpeg', photo, { fresh: false });
    await checked;
    await page.waitForTimeout(500); // the panel renders right after the answer; a second copy would be there by now
    expect(await page.getByText('Este mismo archivo ya se rindió en la rendición N° 1').count()).toBe(1);
    await page.getByText('Puedes guardar igual; el administrador verá esta advertencia.').waitFor();
    await screenshot(page, 'receipt-duplicate-warning');
    await page.fill('#expense-description', 'Bencina otra vez');
    await page.getByRole('button', { name: 'Guardar Rendición' }).click();
    await page.getByText(/Advertencia: Este mismo archivo ya se rindió/).first().waitFor();
    await page.waitForURL((u) => u.pathname === '/expenses');

    await page.goto('/approvals');
    const card = page.locator('[data-approval-card]').filter({ hasText: 'Bencina otra vez' });
    await card.getByText('Este mismo archivo ya se rindió en la rendición N° 1').waitFor();
    await card.getByText('Timbre SII verificado').waitFor();
    await screenshot(page, 'approvals-receipt-flags');
    await context.close();
  });

  test('the SII sample factura PDF fills the fiscal section; a forged timbre is shown as not valid (mobile)', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, MOBILE);
    await signUp(page, e2e.t.baseUrl, 'Facturas Australes Ltda');
    await page.goto('/new-expense');
    const pdf = await facturaPdf(['RUT DE PRUEBA FACTURA ELECTRONICA DR7', 'R.U.T.: 44.300.251-0', 'FACTURA ELECTRONICA N° 375', 'TOTAL $ 2.890.260'], { ted: SII_SAMPLE_TED });
    await upload(page, 'factura-375.pdf', 'application/pdf', pdf);
    await page.getByText('Factura Electrónica N° 375 · RUT 44.300.251-0 · $2.890.260').waitFor();
    expect(await page.inputValue('#expense-documentType')).toBe('factura');
    expect(await page.inputValue('#expense-invoiceNumber')).toBe('375');
    expect(await page.inputValue('#expense-taxId')).toBe('44.300.251-0');
    expect(await page.inputValue('#expense-amount')).toBe('2.890.260');
    await screenshot(page, 'receipt-factura-mobile');

    await page.goto('/new-expense');
    const forged = ted.replace('<MNT>35000</MNT>', '<MNT>53000</MNT>');
    await upload(page, 'boleta-adulterada.jpg', 'image/jpeg', await thermalReceipt(BOLETA, { ted: forged }));
    await page.getByText('Timbre SII no válido').waitFor();
    await page.getByText('La firma del timbre no corresponde a su contenido.').first().waitFor();
    await page.getByText('El total impreso ($35.000) no coincide con el del timbre SII ($53.000).').waitFor();
    await screenshot(page, 'receipt-forged-mobile');
    await context.close();
  });

  test('a photo whose print is too small to read well asks for a closer one; the same receipt photographed closer does not (mobile)', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, MOBILE);
    await signUp(page, e2e.t.baseUrl, 'Fotos Lejanas SpA');
    await page.goto('/new-expense');
    const close = await thermalReceipt(BOLETA);
    // The same boleta taken from farther away: its type about 10 px tall in the picture.
    const far = await sharp(close).resize({ width: 260 }).jpeg({ quality: 70 }).toBuffer();
    await upload(page, 'boleta-lejos.jpg', 'image/jpeg', far);
    const advice = page.locator('[data-small-print]');
    await advice.getByText('La letra de la foto es muy pequeña para leerla bien: revisa cada dato o toma la foto más de cerca, con el recibo llenando la imagen.').waitFor();
    // What was read is still filled in, to check; the reading as a whole is no more than 'Media'.
    expect(await page.inputValue('#expense-amount')).toBe('35.000');
    await page.locator('[data-analysis-panel]').getByText('Confianza: 70% · Media').waitFor();
    await advice.scrollIntoViewIfNeeded();
    await screenshot(page, 'receipt-small-print');

    await upload(page, 'boleta-cerca.jpg', 'image/jpeg', close);
    await page.getByText('Analizando recibo con IA...').first().waitFor({ state: 'hidden', timeout: 40_000 });
    await page.locator('[data-analysis-panel]').waitFor();
    expect(await advice.count()).toBe(0);
    expect(await page.inputValue('#expense-amount')).toBe('35.000');
    await context.close();
  });

  test('a failed reading says why under the file; a busy reader can be retried without choosing the file again', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    await signUp(page, e2e.t.baseUrl, 'Lecturas Fallidas SpA');
    await page.goto('/new-expense');

    // A blank page: the reader finds no text (422), and trying again would not help.
    const blank = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#ffffff' } }).png().toBuffer();
    await page.locator('#expense-receipt').setInputFiles({ name: 'en-blanco.png', mimeType: 'image/png', buffer: blank });
    await page.getByText('Error al Analizar').first().waitFor({ timeout: 40_000 });
    await page.getByText('No se encontró texto legible en la foto. Fotografía el recibo de cerca, enfocado y con buena luz, o completa los datos manualmente.').waitFor();
    expect(await page.getByRole('button', { name: 'Reintentar análisis' }).count()).toBe(0);

    // The reader busy on the first try (the server's own 503 answer, injected once on this page): the reason, and a
    // retry that reads the same file without choosing it again.
    let refused = 0;
    await page.route('**/api/receipts/analyze', async (route) => {
      if (refused++ > 0) return route.continue();
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'receipt_busy', message: 'Hay muchos recibos en análisis en este momento. Inténtalo de nuevo en unos segundos.' }),
      });
    });
    await page.locator('#expense-receipt').setInputFiles({ name: 'boleta-copec.jpg', mimeType: 'image/jpeg', buffer: await thermalReceipt(BOLETA, { ted }) });
    await page.getByText('Hay muchos recibos en análisis en este momento. Inténtalo de nuevo en unos segundos.').waitFor({ timeout: 40_000 });
    await screenshot(page, 'receipt-read-busy');
    await page.getByRole('button', { name: 'Reintentar análisis' }).click();
    await page.getByText('Recibo Analizado').first().waitFor({ timeout: 40_000 });
    expect(await page.inputValue('#expense-amount')).toBe('35.000');
    expect(await page.inputValue('#expense-date')).toBe('2025-03-14');
    expect(await page.getByText('Hay muchos recibos en análisis').count()).toBe(0);
    expect(refused).toBe(2);
    await context.close();
  });
});
