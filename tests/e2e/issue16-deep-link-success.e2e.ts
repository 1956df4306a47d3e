import { describe, expect, test } from 'vitest';
import { newPage, setupE2e, signUp, tallShot } from './browser.js';

/*
 * Issue 16 item 12: after signing in from a deep link the user lands on it (/auth?next=…, same-origin paths only);
 * /subscription-success opened with no payment, or with one that is not the company's (the server is asked), says so
 * instead of 'Pago Exitoso'.
 */
const e2e = setupE2e();
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('deep link through sign-in', () => {
  for (const [label, viewport] of [
    ['1440', WIDE],
    ['390', PHONE],
  ] as const) {
    test(`${label}: a signed-out visit to /approvals?x=1 signs in and lands on /approvals?x=1`, async () => {
      const setup = await newPage(e2e.browser, e2e.t.baseUrl, viewport);
      const account = await signUp(setup.page, e2e.t.baseUrl, `Enlaces ${label} SpA`);
      await setup.context.close();

      const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, viewport);
      await page.goto('/approvals?x=1');
      await page.waitForURL((u) => u.pathname === '/auth');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/approvals?x=1');
      await page.fill('#login-email', account.email);
      await page.fill('#login-password', account.password);
      await tallShot(page, `issue16-deep-link-auth-${label}`, viewport.height);
      await page.evaluate(() => Object.assign(window, { __beforeLogin: true }));
      await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
      await page.waitForFunction(() => !('__beforeLogin' in window) && document.readyState !== 'loading');
      await page.waitForURL((u) => u.pathname === '/approvals');
      expect(new URL(page.url()).search).toBe('?x=1');
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe('/approvals');
      await context.close();
    });
  }

  test('a next that leaves the site is ignored: login lands on /', async () => {
    const setup = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    const account = await signUp(setup.page, e2e.t.baseUrl, 'Redirección Externa SpA');
    await setup.context.close();
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, WIDE);
    await page.goto('/auth?next=%2F%2Fevil.example%2Fx');
    await page.fill('#login-email', account.email);
    await page.fill('#login-password', account.password);
    await page.evaluate(() => Object.assign(window, { __beforeLogin: true }));
    await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
    await page.waitForFunction(() => !('__beforeLogin' in window) && document.readyState !== 'loading');
    await page.waitForURL((u) => u.pathname === '/');
    expect(new URL(page.url()).origin).toBe(e2e.t.baseUrl);
    await context.close();
  });
});

describe('/subscription-success without a payment', () => {
  for (const [label, viewport] of [
    ['1440', WIDE],
    ['390', PHONE],
  ] as const) {
    test(`${label}: says no recent payment was found and links to Suscripción`, async () => {
      const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, viewport);
      await signUp(page, e2e.t.baseUrl, `Sin Pago ${label} SpA`);
      await page.goto('/subscription-success');
      await page.getByRole('heading', { name: 'No encontramos un pago reciente' }).waitFor();
      expect(await page.getByText('Pago Exitoso').count()).toBe(0);
      await tallShot(page, `issue16-success-no-payment-${label}`, viewport.height);
      await page.getByRole('link', { name: 'Ir a Suscripción' }).click();
      await page.waitForURL((u) => u.pathname === '/subscription');

      // Made-up references, or another company's real checkout, are not this company's payment: the server says so.
      const other = await newPage(e2e.browser, e2e.t.baseUrl, viewport);
      await signUp(other.page, e2e.t.baseUrl, `Otra Empresa ${label} SpA`);
      const theirs = await other.page.request.post('/api/mercadopago/create-subscription', { data: { planId: 'basic' }, headers: { origin: e2e.t.baseUrl } });
      expect(theirs.status()).toBe(200);
      const theirCheckout = new URL((await theirs.json()).initPoint).pathname.split('/').pop()!;
      await other.context.close();
      for (const query of [
        'status=approved&payment_id=123&external_reference=abc',
        'collection_id=987654&collection_status=approved&preference_id=pref-inventada',
        `status=approved&external_reference=${theirCheckout}`,
      ]) {
        await page.goto(`/subscription-success?${query}`);
        await page.getByRole('heading', { name: 'No encontramos un pago reciente' }).waitFor();
        expect(await page.getByText('Pago Exitoso').count(), query).toBe(0);
      }
      await tallShot(page, `issue16-success-bogus-payment-${label}`, viewport.height);
      await context.close();
    });
  }

  test('back from a real sandbox payment the page thanks for it, with the payment number the server knows', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.t.baseUrl, PHONE);
    await signUp(page, e2e.t.baseUrl, 'Pago Real SpA');
    const res = await page.request.post('/api/mercadopago/create-subscription', { data: { planId: 'basic' }, headers: { origin: e2e.t.baseUrl } });
    await page.goto(new URL((await res.json()).initPoint).pathname);
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await page.waitForURL((u) => u.pathname === '/subscription-success');
    const paymentId = new URL(page.url()).searchParams.get('payment_id');
    await page.getByRole('heading', { name: 'Pago Exitoso' }).waitFor();
    await page.getByText(`N° de pago: ${paymentId}`).waitFor();
    await tallShot(page, 'issue16-success-real-payment-390', PHONE.height);
    await context.close();
  });
});
