import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ smtp: true });
});
afterAll(async () => t?.close());

test('register signs in and the session lookup returns the user', async () => {
  const { client, email } = await registerUser(t);
  const me = await client.get('/api/auth/user');
  expect(me.status).toBe(200);
  expect(me.body.email).toBe(email);
  expect(me.body.subscriptionStatus).toBe('free');
});
