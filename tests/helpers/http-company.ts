import { expect } from 'vitest';
import { TestClient } from './app.js';
import { catalogIds, registration, uniqueEmail } from './factories.js';
import type { startSmtpCapture } from './smtp.js';

type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** The token of the first `path?token=…` link in an e-mail's text. */
export function linkToken(text: string, path: string): string {
  const m = new RegExp(`${path}\\?token=([^\\s"<&]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(m[1]);
}

export const EMPLOYEE_PASSWORD = 'secreto123';

/**
 * A company set up over HTTP and e-mail only, for tests whose database belongs to server processes: an admin on an
 * unlimited plan (NiuData registration, e-mail verified) who registers at `adminUrl`, and an employee who accepts
 * the invitation at `employeeUrl` (the same server unless told).
 */
export async function companyOverHttp(smtp: SmtpCapture, adminUrl: string, opts: { employeeUrl?: string; companyName?: string } = {}) {
  const admin = new TestClient(adminUrl);
  const reg = registration({ companyName: opts.companyName ?? 'Durable SpA' });
  expect((await admin.post('/api/auth/register-niudata', reg)).status).toBe(201);
  const verify = await smtp.waitFor(reg.email, { subject: /Confirma tu email/, timeoutMs: 30_000 });
  expect((await admin.post('/api/auth/verify-email', { token: linkToken(verify.text, '/verificar-email') })).status).toBe(200);
  const employeeEmail = uniqueEmail('empleada');
  expect((await admin.post('/api/company/invite', { email: employeeEmail })).status).toBe(201);
  const invitation = await smtp.waitFor(employeeEmail, { subject: /Te invitaron/, timeoutMs: 30_000 });
  const employee = new TestClient(opts.employeeUrl ?? adminUrl);
  const accepted = await employee.post('/api/auth/accept-invitation', {
    token: linkToken(invitation.text, '/invitacion'),
    firstName: 'Inés',
    lastName: 'Rojas',
    password: EMPLOYEE_PASSWORD,
    confirmPassword: EMPLOYEE_PASSWORD,
  });
  expect(accepted.status).toBe(200);
  return { admin, adminEmail: reg.email as string, employee, employeeEmail, ids: await catalogIds(admin) };
}
