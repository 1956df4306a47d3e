import { randomBytes } from 'node:crypto';
import type { TestApp, TestClient } from './app.js';

let seq = 0;
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(2).toString('hex')}@example.cl`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Camila',
    lastName: 'Soto',
    email: uniqueEmail(),
    companyName: 'Comercial Andes SpA',
    password: 'secreto123',
    confirmPassword: 'secreto123',
    ...overrides,
  };
}

/** Registers a fresh user with their own company; returns the signed-in client and the user. */
export async function registerUser(t: TestApp, overrides: Record<string, unknown> = {}) {
  const client: TestClient = t.client();
  const data = registration(overrides);
  const res = await client.post('/api/auth/register', data);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, user: res.body.user, email: data.email as string, password: data.password as string };
}
