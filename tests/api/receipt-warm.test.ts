import { expect, test } from 'vitest';
import { testAppForFile } from '../helpers/app.js';
import { companyWithEmployee } from '../helpers/factories.js';
import { expectCleanError } from '../helpers/http.js';

// Threads end after a quiet second and a half here (RECEIPT_IDLE_MS), so the test sees them go and come back.
const t = testAppForFile({ env: { RECEIPT_IDLE_MS: '1500' } });

test('without a session: 401, and no thread starts', async () => {
  expectCleanError(await t.client().post('/api/receipts/warm'), 401);
  expect(t.deps.receipts.threads).toBe(0);
});

test('opening the form warms the reader: its threads start before the first photo, and again after they ended', async () => {
  const { employee } = await companyWithEmployee(t);
  expect(t.deps.receipts.threads).toBe(0);
  const res = await employee.client.post('/api/receipts/warm');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ ok: true });
  await expect.poll(() => t.deps.receipts.threads, { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
  // A quiet spell ends them; the next form opened starts them again.
  await expect.poll(() => t.deps.receipts.threads, { timeout: 20_000, interval: 100 }).toBe(0);
  expect((await employee.client.post('/api/receipts/warm')).status).toBe(200);
  await expect.poll(() => t.deps.receipts.threads, { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
});
