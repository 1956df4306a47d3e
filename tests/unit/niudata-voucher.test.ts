import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEFAULT_PAYABLE_ACCOUNT, niudataVoucherSchema } from '../../src/shared/niudata.js';
import { buildVoucher, chileDate, splitIva, voucherTotals, type VoucherSource } from '../../src/server/niudata/voucher.js';
import { SecretBox, parseSecretKey, secretBoxFor } from '../../src/server/platform/secret-box.js';
import { loadEnv } from '../../src/server/env.js';

const base: VoucherSource = {
  id: '6f1c2a8e-1111-4a4a-9b9b-000000000001',
  expenseNumber: 42,
  date: '2026-03-05',
  description: 'Taxi a reunión con cliente',
  amountClp: 12990,
  documentType: 'boleta',
  invoiceNumber: '778899',
  taxId: '76086428-5',
  netAmount: null,
  taxAmount: null,
  // 02:30 UTC on 6 March is still 5 March in Santiago (UTC-3 in March).
  approvedAt: new Date('2026-03-06T02:30:00Z'),
  employeeName: 'Camila Soto',
  category: { name: 'Transporte', accountingCode: '5102' },
  paymentMethod: { name: 'Efectivo', accountingCode: '1101' },
  costCenter: { code: 'CC-100' },
};
const settings = { payableAccount: DEFAULT_PAYABLE_ACCOUNT, ivaAccount: null };

describe('voucher builder', () => {
  test('two balanced entries in CLP: debit the category code, credit the payable account', () => {
    const out = buildVoucher(base, settings);
    if (!out.ok) throw new Error(out.problems.join());
    const v = out.voucher;
    expect(niudataVoucherSchema.parse(v)).toEqual(v);
    expect(v.currency).toBe('CLP');
    expect(v.external_id).toBe(base.id);
    expect(v.entries).toHaveLength(2);
    const [debit, credit] = v.entries;
    expect(debit).toMatchObject({ account_code: '5102', debit: 12990, credit: 0, cost_center: 'CC-100', tax_id: '76086428-5', folio_number: '778899', document_code: '39', document_date: '2026-03-05' });
    expect(credit).toMatchObject({ account_code: DEFAULT_PAYABLE_ACCOUNT, debit: 0, credit: 12990 });
    expect(credit.description).toContain('Efectivo (1101)');
    expect(voucherTotals(v)).toEqual({ debit: 12990, credit: 12990 });
    // Accounting date: the approval day in Chile, not in UTC.
    expect(v.accounting_date).toBe('2026-03-05');
    for (const e of v.entries) expect(e.accounting_date).toBe('2026-03-05');
    expect(v.description).toContain('Rendición N° 42');
  });

  test('a factura is split into net and IVA only when the company sets an IVA account; still balanced', () => {
    const factura = { ...base, documentType: 'factura', amountClp: 119000, netAmount: 100000, taxAmount: 19000 };
    const two = buildVoucher(factura, settings);
    expect(two.ok && two.voucher.entries.length).toBe(2);
    const three = buildVoucher(factura, { ...settings, ivaAccount: '1150-01 IVA crédito fiscal' });
    if (!three.ok) throw new Error('no voucher');
    expect(three.voucher.entries.map((e) => [e.account_code, e.debit, e.credit])).toEqual([
      ['5102', 100000, 0],
      ['1150-01 IVA crédito fiscal', 19000, 0],
      [DEFAULT_PAYABLE_ACCOUNT, 0, 119000],
    ]);
    expect(three.voucher.entries.every((e) => e.document_code === '33')).toBe(true);
    // A boleta is never split, even with an IVA account.
    const boleta = buildVoucher(base, { ...settings, ivaAccount: '1150-01' });
    expect(boleta.ok && boleta.voucher.entries.length).toBe(2);
  });

  test('net and IVA derived at 19 % when the stored split does not add up; odd totals stay balanced', () => {
    expect(splitIva(119000, null, null)).toEqual({ net: 100000, iva: 19000 });
    expect(splitIva(1001, 500, 100)).toEqual({ net: 841, iva: 160 });
    for (const total of [1, 7, 999, 12345, 1_000_001]) {
      const out = buildVoucher({ ...base, documentType: 'factura', amountClp: total }, { ...settings, ivaAccount: '1150' });
      if (!out.ok) throw new Error('no voucher');
      const t = voucherTotals(out.voucher);
      expect(t.debit).toBe(total);
      expect(t.credit).toBe(total);
      for (const e of out.voucher.entries) expect(Number.isInteger(e.debit) && Number.isInteger(e.credit)).toBe(true);
    }
  });

  test('missing accounting codes are reported, in Spanish, and no voucher is built', () => {
    const noCode = buildVoucher({ ...base, category: { name: 'Hospedaje', accountingCode: ' ' } }, settings);
    expect(noCode).toEqual({ ok: false, problems: ['La categoría Hospedaje no tiene código contable'] });
    const both = buildVoucher({ ...base, category: null, paymentMethod: { name: 'Tarjeta', accountingCode: null } }, settings);
    expect(both.ok).toBe(false);
    if (!both.ok) {
      expect(both.problems[0]).toMatch(/no tiene categoría/);
      expect(both.problems[1]).toBe('El medio de pago Tarjeta no tiene código contable');
    }
    expect(buildVoucher({ ...base, amountClp: 0 }, settings).ok).toBe(false);
  });

  test('chileDate follows daylight saving', () => {
    expect(chileDate(new Date('2026-07-01T03:30:00Z'))).toBe('2026-06-30');
    expect(chileDate(new Date('2026-07-01T04:30:00Z'))).toBe('2026-07-01');
  });
});

describe('secret box (AES-256-GCM)', () => {
  test('round trip, bound to its context; a fresh IV each time; an old key still opens after rotation', () => {
    const k1 = randomBytes(32);
    const k2 = randomBytes(32);
    const box = new SecretBox(k1);
    const a = box.encrypt('niu_live_secreto_1234', 'niudata-token:A');
    expect(a).not.toContain('niu_live');
    expect(box.encrypt('niu_live_secreto_1234', 'niudata-token:A')).not.toBe(a);
    expect(box.decrypt(a, 'niudata-token:A')).toBe('niu_live_secreto_1234');
    expect(() => box.decrypt(a, 'niudata-token:B')).toThrow();
    const tampered = a.slice(0, -2) + (a.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.decrypt(tampered, 'niudata-token:A')).toThrow();
    const rotated = new SecretBox(k2, [k1]);
    expect(rotated.decrypt(a, 'niudata-token:A')).toBe('niu_live_secreto_1234');
    expect(SecretBox.keyIdOfStored(rotated.encrypt('x', 'c'))).toBe(rotated.currentKeyId);
    expect(() => new SecretBox(k2).decrypt(a, 'niudata-token:A')).toThrow(/clave/);
  });

  test('keys are 32 bytes in hex or base64; the env refuses others, and production with NiuData needs one', () => {
    expect(parseSecretKey('00'.repeat(32))?.length).toBe(32);
    expect(parseSecretKey(randomBytes(32).toString('base64'))?.length).toBe(32);
    expect(parseSecretKey(randomBytes(32).toString('base64url'))?.length).toBe(32);
    expect(parseSecretKey('corta')).toBeNull();
    expect(() => loadEnv({ NODE_ENV: 'test', SECRETS_KEY: 'corta' })).toThrow(/SECRETS_KEY debe tener 32 bytes/);
    const prod = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/rendix', APP_URL: 'https://rendix.example.cl', MAIL_DISABLED: 'true' };
    expect(() => loadEnv(prod)).not.toThrow();
    expect(() => loadEnv({ ...prod, NIUDATA_API_URL: 'https://api.niudata.cl/v1' })).toThrow(/SECRETS_KEY es obligatorio en producción/);
    expect(() => loadEnv({ ...prod, NIUDATA_API_URL: 'https://api.niudata.cl/v1', SECRETS_KEY: randomBytes(32).toString('base64') })).not.toThrow();
  });

  test('the embedded mode generates the key once into DATA_DIR/secrets.key, readable only by its owner', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rendix-secrets-'));
    try {
      const env = loadEnv({ NODE_ENV: 'development', DATA_DIR: dir });
      const box = secretBoxFor(env);
      const stored = box.encrypt('t', 'c');
      const file = join(dir, 'secrets.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(parseSecretKey(readFileSync(file, 'utf8'))).not.toBeNull();
      // A restart (a new env object) reads the same key.
      expect(secretBoxFor(loadEnv({ NODE_ENV: 'development', DATA_DIR: dir })).decrypt(stored, 'c')).toBe('t');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
