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

/** A real 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export async function catalogIds(client: TestClient) {
  const cats = (await client.get('/api/categories')).body as { id: string; name: string }[];
  const pms = (await client.get('/api/payment-methods')).body as { id: string; name: string }[];
  const byName = (list: { id: string; name: string }[], name: string) => list.find((x) => x.name === name)!.id;
  return {
    category: (name = 'Transporte') => byName(cats, name),
    paymentMethod: (name = 'Efectivo') => byName(pms, name),
  };
}

/** Files an expense over multipart, as the form does. */
export async function fileExpense(
  client: TestClient,
  fields: Record<string, string>,
  receipt?: { data: Buffer; name: string; type?: string },
  headers?: Record<string, string>,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (receipt) form.append('receipt', new Blob([new Uint8Array(receipt.data)], { type: receipt.type ?? 'application/octet-stream' }), receipt.name);
  return client.request('POST', '/api/expenses', form, headers);
}

export function expenseFields(ids: Awaited<ReturnType<typeof catalogIds>>, overrides: Record<string, string> = {}) {
  return {
    date: new Date().toISOString().slice(0, 10),
    amount: '12990',
    currency: 'CLP',
    description: 'Taxi a reunión con cliente',
    category: ids.category(),
    paymentMethod: ids.paymentMethod(),
    documentType: 'boleta',
    ...overrides,
  };
}

/**
 * An admin on the Profesional plan with one employee in the same company (switched to it), and the catalog ids.
 * The usual cast of the integration tests.
 */
export async function companyWithEmployee(t: TestApp) {
  const { companies, memberships } = await import('../../src/server/db/schema/index.js');
  const { eq } = await import('drizzle-orm');
  const admin = await registerUser(t);
  const companyId = admin.user.currentCompanyId as string;
  await t.deps.db.update(companies).set({ plan: 'professional', subscriptionStatus: 'active' }).where(eq(companies.id, companyId));
  const employee = await registerUser(t);
  await t.deps.db.insert(memberships).values({ userId: employee.user.id, companyId, role: 'employee' });
  await employee.client.post('/api/user/switch-company', { companyId });
  const ids = await catalogIds(admin.client);
  return { admin, employee, companyId, ids };
}

/** Creates an API token as `admin` and returns its secret. */
export async function createApiToken(admin: TestClient, name = 'ERP contable'): Promise<string> {
  const res = await admin.post('/api/tokens', { name });
  if (res.status !== 201) throw new Error(`token failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Opens the newest verification link e-mailed to `email` (read from the outbox table, where every
 * message is written first), as the person would from their inbox.
 */
export async function verifyEmailByLink(t: TestApp, email: string) {
  const { emailOutbox } = await import('../../src/server/db/schema/index.js');
  const { and, desc, eq, like } = await import('drizzle-orm');
  const [mail] = await t.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, 'Confirma tu email%')))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no verification e-mail to ${email}`);
  const token = decodeURIComponent(/\/verificar-email\?token=([^\s"<&]+)/.exec(mail.text)![1]);
  const res = await t.client().post('/api/auth/verify-email', { token });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** A registered user (with their own company) who also holds the platform's super admin flag. */
export async function registerSuperAdmin(t: TestApp, overrides: Record<string, unknown> = {}) {
  const { users } = await import('../../src/server/db/schema/index.js');
  const { eq } = await import('drizzle-orm');
  const registered = await registerUser(t, overrides);
  await t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, registered.user.id));
  return registered;
}
