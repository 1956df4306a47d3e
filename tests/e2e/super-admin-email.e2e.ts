import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { uniqueEmail } from '../helpers/factories.js';
import { newPage, screenshot, setupE2e, signUp, signUpSuperAdmin, tallShot } from './browser.js';

/*
 * Issue 14 item 5 in the embedded mode (no SMTP): the super admin sends a test e-mail, reads it in the outbox, and
 * follows a company's invitation link from the outbox to the invitation page.
 */
const e2e = setupE2e();
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const signInAsSuperAdmin = (page: Page) => signUpSuperAdmin(page, e2e.t);

describe('super admin e-mail page', () => {
  test('status, test e-mail into the outbox, and an invitation link followed from the outbox', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await signInAsSuperAdmin(page);
    await page.goto('/super-admin/email');
    await page.getByRole('heading', { name: 'Configuración de Email', level: 1 }).waitFor();
    await page.getByLabel('Estado SMTP').getByText('No configurado').first().waitFor();
    await page.getByText('Bandeja local (modo embebido)').waitFor();
    await page.getByText('smtp.gmail.com', { exact: true }).waitFor();
    await page.getByText('Rendix genera un token único, de un solo uso y válido por 1 hora.').waitFor();

    // Part 2 §5: an empty e-mail is refused before any request.
    await page.getByRole('button', { name: 'Enviar prueba' }).click();
    await page.getByText('Email requerido').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Por favor ingresa un email para enviar la prueba' }).first().waitFor();

    const probe = uniqueEmail('prueba');
    await page.getByLabel('Email de destino').fill(probe);
    await page.getByRole('button', { name: 'Enviar prueba' }).click();
    await page.getByText('Email enviado correctamente').waitFor();
    const probeRow = page.getByTestId('outbox-row').filter({ hasText: probe });
    await probeRow.waitFor();
    await probeRow.getByText('En bandeja local').waitFor();
    await tallShot(page, 'super-admin-email-1440');

    await probeRow.getByRole('button', { name: /^Ver mensaje/ }).click();
    const probeDialog = page.getByRole('dialog', { name: 'Email de prueba de Rendix' });
    await probeDialog.getByTestId('outbox-body').getByText('Este es un email de prueba', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await probeDialog.waitFor({ state: 'detached' });

    // A company admin, in another browser, invites someone; the mail only reaches the outbox.
    const admin = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    const company = await signUp(admin.page, e2e.t.baseUrl, 'Constructora Los Andes');
    const invitee = uniqueEmail('invitada');
    const invited = await admin.page.request.post('/api/company/invite', { data: { email: invitee }, headers: { origin: e2e.t.baseUrl } });
    expect(invited.status()).toBe(201);
    await admin.context.close();

    await page.getByLabel('Buscar').fill(invitee);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    const inviteRow = page.getByTestId('outbox-row').filter({ hasText: invitee });
    await inviteRow.waitFor();
    await expect(page.getByTestId('outbox-row').count()).resolves.toBe(1);
    await inviteRow.getByRole('button', { name: /^Ver mensaje/ }).click();
    const dialog = page.getByRole('dialog', { name: `Te invitaron a ${company.companyName} en Rendix` });
    const link = dialog.getByRole('link', { name: /\/invitacion\?token=/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${e2e.t.baseUrl}/invitacion\\?token=`));
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await screenshot(page, 'super-admin-email-message-1440');

    const [invitation] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await invitation.getByText('Aceptar invitación').first().waitFor();
    await invitation.getByText(company.companyName as string).first().waitFor();
    expect(await invitation.getByLabel('Email', { exact: true }).inputValue()).toBe(invitee);
    await screenshot(invitation, 'super-admin-email-invitation-followed');
    await context.close();
  });

  test('on a phone the outbox is a list of cards and a message reads in full', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, PHONE);
    await signInAsSuperAdmin(page);
    await page.goto('/super-admin/email');
    await page.getByRole('heading', { name: 'Bandeja de salida' }).waitFor();
    const card = page.getByTestId('outbox-card').first();
    await card.waitFor();
    expect(await page.getByTestId('outbox-row').first().isVisible()).toBe(false);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await tallShot(page, 'super-admin-email-390', 3600);

    // The verification e-mail of this super admin's own registration.
    await page.getByTestId('outbox-card').filter({ hasText: 'Confirma tu email' }).first().getByRole('button', { name: /^Ver mensaje/ }).click();
    await page.getByRole('dialog').getByRole('link', { name: /\/verificar-email\?token=/ }).waitFor();
    await screenshot(page, 'super-admin-email-message-390');
    await context.close();
  });

  test('a company admin is told the page is for the super admin', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await signUp(page, e2e.t.baseUrl, 'Ferretería Sur');
    await page.goto('/super-admin/email');
    await page.getByText('Acceso restringido').waitFor();
    await page.getByText('Solo el super admin puede ver la configuración de email y la bandeja de salida.').waitFor();
    await context.close();
  });
});
