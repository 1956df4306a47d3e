import { describe, expect, test } from 'vitest';
import { DESKTOP, MOBILE, newPage, screenshot, signUp, setupE2e } from './browser.js';

const e2e = setupE2e({ smtp: true });

const linkIn = (text: string, path: string) => new RegExp(`https?://\\S+${path}\\?token=[^\\s"<&]+`).exec(text)?.[0];

async function newestMail(to: string, subject: RegExp, after = 0) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = e2e.t.smtp!.messages.slice(after).filter((m) => m.to.includes(to) && subject.test(m.subject)).pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('e-mail ownership in the browser', () => {
  for (const [label, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    test(`a new account sees 'Confirma tu email', gets a new link, opens it and the banner goes (${label})`, async () => {
      const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, viewport);
      const account = await signUp(page, e2e.t.baseUrl, `Verificada ${label} SpA`);
      await page.goto('/');
      const banner = page.getByRole('status').filter({ hasText: 'Confirma tu email' });
      await banner.waitFor();
      await banner.getByText(account.email).waitFor();
      await screenshot(page, `verify-banner-${label}`);

      const before = e2e.t.smtp!.messages.length;
      await banner.getByRole('button', { name: 'Reenviar enlace' }).click();
      await page.getByText(`Te enviamos un nuevo enlace a ${account.email}.`).waitFor();
      const link = linkIn((await newestMail(account.email, /Confirma tu email/, before)).text, '/verificar-email');
      expect(link).toBeTruthy();

      await page.goto(link!);
      await page.getByText('Tu email quedó verificado.').waitFor();
      await screenshot(page, `verify-done-${label}`);
      await page.getByRole('link', { name: 'Ir a Rendix' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByRole('link', { name: 'Nueva Rendición' }).first().waitFor();
      expect(await page.getByText('Confirma tu email').count()).toBe(0);

      // The link is single use: opening it again says so.
      await page.goto(link!);
      await page.getByRole('alert').getByText(/no es válido o ya expiró/).waitFor();
      await context.close();
    });
  }

  test('a verified login invited to another company only accepts: no password form, lands in that company', async () => {
    const member = await newPage(e2e.browser, e2e.t.baseUrl, MOBILE);
    const account = await signUp(member.page, e2e.t.baseUrl, 'Propia Consultores');
    const verify = linkIn((await newestMail(account.email, /Confirma tu email/)).text, '/verificar-email');
    await member.page.goto(verify!);
    await member.page.getByText('Tu email quedó verificado.').waitFor();

    const admin = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    await signUp(admin.page, e2e.t.baseUrl, 'Cliente Grande SpA');
    const invited = await admin.page.request.post('/api/company/invite', { data: { email: account.email }, headers: { origin: e2e.t.baseUrl } });
    expect(invited.status()).toBe(201);
    await admin.context.close();

    const invitation = linkIn((await newestMail(account.email, /Cliente Grande SpA/)).text, '/invitacion');
    await member.page.goto(invitation!);
    await member.page.getByText('Te invitaron a unirte a').waitFor();
    await member.page.getByText(`Entrarás con tu cuenta ${account.email}`, { exact: false }).waitFor();
    expect(await member.page.locator('#accept-password').count()).toBe(0);
    await screenshot(member.page, 'invite-existing-mobile');
    await member.page.getByRole('button', { name: 'Aceptar invitación' }).click();
    await member.page.waitForURL((u) => u.pathname === '/');
    const current = await (await member.page.request.get('/api/company/current')).json();
    expect(current).toMatchObject({ name: 'Cliente Grande SpA', userRole: 'employee' });
    await member.context.close();
  });
});
