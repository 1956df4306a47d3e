import { describe, expect, test } from 'vitest';
import { registration, uniqueEmail } from '../helpers/factories.js';
import { DESKTOP, MOBILE, newPage, screenshot, setupE2e, signUp } from './browser.js';

// TRUST_PROXY on: the API calls below play an attacker rotating addresses through X-Forwarded-For; the browser itself
// comes from 127.0.0.1, a place this account never signed in from.
const e2e = setupE2e({ smtp: true, env: { TRUST_PROXY: 'true' } });

describe('login code after many failed attempts on the account', () => {
  test('the form asks for the e-mailed code, validates it, and the code signs the owner in', async () => {
    const account = registration({ email: uniqueEmail('e2e-codigo'), password: 'clave-segura1', confirmPassword: 'clave-segura1' });
    const reg = await fetch(`${e2e.t.baseUrl}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    expect(reg.status).toBe(201);
    for (let i = 0; i < 10; i++) {
      const r = await fetch(`${e2e.t.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
        body: JSON.stringify({ email: account.email, password: `adivina-${i}` }),
      });
      expect(r.status).toBe(401);
    }

    for (const viewport of [MOBILE, DESKTOP]) {
      const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, viewport);
      await page.goto('/auth');
      await page.fill('#login-email', account.email);
      await page.fill('#login-password', account.password);
      await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
      await page.locator('#login-code').waitFor();
      await page.getByText('Te enviamos un código a tu email.', { exact: false }).waitFor();
      expect(await page.locator('#login-code').getAttribute('autocomplete')).toBe('one-time-code');
      // No error toast: this is a step, not a failure.
      expect(await page.getByText('Error de autenticación').count()).toBe(0);
      if (viewport === DESKTOP) {
        // Submitting without the code: the field says what it needs.
        await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
        await page.getByText('Ingresa el código de 6 dígitos que te enviamos por email').waitFor();
        const mail = await e2e.t.smtp!.waitFor(account.email, { subject: /código/i });
        const code = /\b(\d{6})\b/.exec(mail.text)![1];
        await page.fill('#login-code', code);
        await screenshot(page, 'login-code-filled');
        await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/');
      } else {
        await screenshot(page, 'login-code-asked-mobile');
      }
      await context.close();
    }
  });

  test('an admin unlocks a member from the Empresa users list', async () => {
    const { memberships } = await import('../../src/server/db/schema/index.js');
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, DESKTOP);
    const admin = await signUp(page, e2e.t.baseUrl, 'Desbloqueos SpA');
    const member = registration({ email: uniqueEmail('e2e-miembro'), firstName: 'Marta', lastName: 'Rojas' });
    const reg = await fetch(`${e2e.t.baseUrl}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(member) });
    const memberId = ((await reg.json()) as { user: { id: string } }).user.id;
    await e2e.t.deps.db.insert(memberships).values({ userId: memberId, companyId: admin.user.currentCompanyId, role: 'employee' });
    for (let i = 0; i < 10; i++) {
      await fetch(`${e2e.t.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: member.email, password: `adivina-${i}` }),
      });
    }
    const before = await fetch(`${e2e.t.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.99' }, body: JSON.stringify({ email: member.email, password: member.password }) });
    expect(((await before.json()) as { code: string }).code).toBe('login_code_required');

    await page.goto('/company');
    await page.getByRole('button', { name: 'Acciones para Marta Rojas' }).first().click();
    await page.getByRole('menuitem', { name: 'Desbloquear ingreso' }).click();
    await page.getByText('Ingreso desbloqueado').waitFor();
    await screenshot(page, 'company-unlock-login');
    const after = await fetch(`${e2e.t.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.99' }, body: JSON.stringify({ email: member.email, password: member.password }) });
    expect(after.status).toBe(200);
    await context.close();
  });
});
