import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { decisionSchema } from '../../src/shared/approvals.js';
import { forgotSchema, loginSchema, preferencesSchema, registerSchema, resetSchema, switchCompanySchema } from '../../src/shared/auth.js';
import { billingWebhookCreateSchema, billingWebhookUpdateSchema, createSubscriptionSchema } from '../../src/shared/billing.js';
import { catalogItemSchema, costCenterSchema } from '../../src/shared/catalog.js';
import { chatRequestSchema } from '../../src/shared/chatbot.js';
import {
  acceptInvitationFormSchema,
  acceptInvitationSchema,
  changeUserRoleSchema,
  createCompanySchema,
  editUserSchema,
  inviteUserSchema,
  updateCompanySchema,
} from '../../src/shared/company.js';
import { expenseFiltersSchema, expenseInputSchema } from '../../src/shared/expenses.js';
import { AMOUNT_MAX, CLP_MAX, MIN_DATE, RATE_MAX, decimalPlaces, isCalendarDate, isSafeText, maxExpenseDate } from '../../src/shared/input.js';
import { accountingWebhookInputSchema, approvedExpensesQuerySchema, createApiTokenSchema, invoiceFiltersSchema } from '../../src/shared/integrations.js';

/*
 * Property: whatever arrives in any field of any request schema shared by the server routes and the client forms,
 * the schema either refuses it with a Spanish message or its output fits the database (text PostgreSQL stores,
 * real dates in range, amounts that fit numeric(14,2), rates numeric(14,6), CLP bigint).
 */

const UUID = '2f1c7a52-3b8e-4d3a-9c61-0e2a4b5c6d7e';
const TODAY = new Date().toISOString().slice(0, 10);

/** Every request schema with a body it accepts; each property replaces one field of it. */
const SCHEMAS: Record<string, { schema: z.ZodType; valid: Record<string, unknown> }> = {
  expenseInput: {
    schema: expenseInputSchema,
    valid: { date: TODAY, amount: '12990', currency: 'USD', exchangeRate: '950', amountCLP: '', description: 'Taxi', category: UUID, paymentMethod: 'Efectivo', costCenter: '', documentType: 'boleta', invoiceNumber: '', taxId: '', address: '' },
  },
  expenseFilters: { schema: expenseFiltersSchema, valid: { status: 'all', category: 'Transporte', startDate: '2024-01-01', endDate: '2024-12-31', userId: 'all', page: '1', pageSize: '25', _t: '1' } },
  catalogItem: { schema: catalogItemSchema, valid: { name: 'Peajes', accountingCode: '6101', description: 'Autopistas', isActive: true } },
  costCenter: { schema: costCenterSchema, valid: { code: 'CC-01', description: 'Ventas', isActive: true } },
  decision: { schema: decisionSchema, valid: { status: 'rejected', rejectionReason: 'Falta la boleta' } },
  login: { schema: loginSchema, valid: { email: 'ana@empresa.cl', password: 'secreto123', rememberMe: true } },
  register: { schema: registerSchema, valid: { firstName: 'Ana', lastName: 'Soto', email: 'ana@empresa.cl', companyName: 'Andes SpA', password: 'secreto123', confirmPassword: 'secreto123' } },
  forgot: { schema: forgotSchema, valid: { email: 'ana@empresa.cl' } },
  reset: { schema: resetSchema, valid: { token: 'abc', password: 'secreto123', confirmPassword: 'secreto123' } },
  preferences: { schema: preferencesSchema, valid: { darkMode: true, emailNotifications: false } },
  switchCompany: { schema: switchCompanySchema, valid: { companyId: UUID } },
  createCompany: { schema: createCompanySchema, valid: { name: 'Andes SpA', domain: 'andes.cl' } },
  updateCompany: { schema: updateCompanySchema, valid: { name: 'Andes SpA', domain: 'andes.cl', taxId: '76.086.428-5', address: 'Av. Apoquindo 1' } },
  inviteUser: { schema: inviteUserSchema, valid: { email: 'ana@empresa.cl' } },
  changeUserRole: { schema: changeUserRoleSchema, valid: { userId: UUID, role: 'manager' } },
  editUser: { schema: editUserSchema, valid: { userId: UUID, firstName: 'Ana', lastName: 'Soto', email: 'ana@empresa.cl', taxId: '' } },
  acceptInvitation: { schema: acceptInvitationSchema, valid: { token: 'abc', firstName: 'Ana', lastName: 'Soto', password: 'secreto123', confirmPassword: 'secreto123' } },
  acceptInvitationForm: { schema: acceptInvitationFormSchema, valid: { token: 'abc', firstName: 'Ana', lastName: 'Soto', password: 'secreto123', confirmPassword: 'secreto123' } },
  createApiToken: { schema: createApiTokenSchema, valid: { name: 'ERP' } },
  accountingWebhook: { schema: accountingWebhookInputSchema, valid: { webhookUrl: 'https://erp.example.com/hook', enabled: true } },
  approvedExpensesQuery: { schema: approvedExpensesQuerySchema, valid: { startDate: '2025-01-01', endDate: '2025-01-31', dateField: 'date', limit: '100', cursor: 'abc' } },
  invoiceFilters: { schema: invoiceFiltersSchema, valid: { status: 'all', documentType: 'all', syncStatus: 'all', search: 'Andes', startDate: '', endDate: '', page: '1', pageSize: '20' } },
  createSubscription: { schema: createSubscriptionSchema, valid: { planId: 'professional' } },
  billingWebhookCreate: { schema: billingWebhookCreateSchema, valid: { name: 'ERP', url: 'https://erp.example.com', secret: 's', headers: '{"x-a":"b"}', retryCount: 3, timeoutSeconds: 10 } },
  billingWebhookUpdate: { schema: billingWebhookUpdateSchema, valid: { name: 'ERP', url: 'https://erp.example.com', headers: '{}', isActive: true } },
  chat: { schema: chatRequestSchema, valid: { message: 'Hola', history: [{ role: 'user', content: 'precio' }] } },
};

// ---------------------------------------------------------------- hostile values

const hostileChars = fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\\', '%', '_', "'", '"', '\u202e', '\u05d0', '😀', '\u200b', '\n', '\r', '\t');
/** Text with hostile characters among ordinary ones, including any code unit (lone surrogates too). */
const hostileText = fc.oneof(
  fc.tuple(fc.string({ maxLength: 20 }), hostileChars, fc.string({ maxLength: 20 })).map(([a, c, b]) => a + c + b),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 30 }).map((units) => String.fromCharCode(...units)),
  fc.constantFrom('Transporte\\', '%', '_', '%_%', 'a'.repeat(100_000), '😀'.repeat(5000), 'שלום عربى', '', ' ', 'null', '{}', '[]'),
);
const hostileDate = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 })).map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('2024-02-30', '2023-02-29', '0000-01-01', '9999-12-31', '2024-02-29', '2024-02-30T00:00:00Z', '2024-1-1', '20240101'),
);
/** Numbers and numeric text: NaN, ±Infinity, -0, 1e308, many decimals, huge integers. */
const hostileNumber = fc.oneof(
  fc.double(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53 + 1, 0.1 + 0.2, 0.001, 0.005, 999_999_999_999.99, 1e12, 99_999_999.999999, 1e8),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `${a}.${b}`),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `${a},${b}`),
  fc.constantFrom('NaN', 'Infinity', '-0', '1e308', '1e-7', '0x10', '0b1', ' 12 ', '1_000', '١٢٣', '12.', '.5', '+5', '--5', ''),
);
const hostileOther = fc.constantFrom<unknown>(null, undefined, true, false, [], {}, ['a'], { a: 1 }, [[[[[]]]]]);
const hostile = fc.oneof(hostileText, hostileDate, hostileNumber, hostileOther);

// ---------------------------------------------------------------- what fits the database

const ENGLISH = /\b(Invalid|Expected|Required|received|must|Too (big|small)|String|Number)\b/;

/** Why `output` would not fit the database ('' when it fits). */
function misfit(output: unknown, path = ''): string {
  if (typeof output === 'string') {
    if (!isSafeText(output)) return `${path}: texto que PostgreSQL no guarda`;
    if (output.length > 10_000) return `${path}: ${output.length} caracteres`;
    if (/(^|\.)(date|startDate|endDate)$/.test(path)) {
      if (output !== '' && !isCalendarDate(output)) return `${path}: fecha inexistente ${output}`;
      if (output !== '' && (output < MIN_DATE || output > '2100-12-31')) return `${path}: fecha fuera de rango ${output}`;
      if (path === 'date' && output > maxExpenseDate()) return `${path}: fecha más de un año adelante`;
    }
    return '';
  }
  if (typeof output === 'number') {
    if (!Number.isFinite(output)) return `${path}: ${output}`;
    const field = path.split('.').pop();
    if (field === 'amount' && (output < 0.01 || output > AMOUNT_MAX || decimalPlaces(output) > 2)) return `${path}: monto ${output} no cabe en numeric(14,2)`;
    if (field === 'exchangeRate' && (output <= 0 || output > RATE_MAX || decimalPlaces(output) > 6)) return `${path}: tipo de cambio ${output} no cabe en numeric(14,6)`;
    if (field === 'amountCLP' && (output < 0 || output > CLP_MAX)) return `${path}: monto CLP ${output}`;
    if (!Number.isSafeInteger(Math.trunc(output)) && field !== 'amount') return `${path}: ${output}`;
    return '';
  }
  if (Array.isArray(output)) return output.map((v, i) => misfit(v, `${path}[${i}]`)).find(Boolean) ?? '';
  if (output && typeof output === 'object') return Object.entries(output).map(([k, v]) => misfit(v, path ? `${path}.${k}` : k)).find(Boolean) ?? '';
  return '';
}

function judge(schema: z.ZodType, input: unknown): string {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (typeof issue.message !== 'string' || !issue.message.trim()) return 'rechazo sin mensaje';
      if (ENGLISH.test(issue.message)) return `mensaje en inglés: ${issue.message}`;
    }
    return '';
  }
  return misfit(parsed.data);
}

describe('shared request schemas against hostile input', () => {
  test.each(Object.entries(SCHEMAS))('%s: the valid body passes', (_name, { schema, valid }) => {
    const parsed = schema.safeParse(valid);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(misfit(parsed.data)).toBe('');
  });

  test.each(Object.entries(SCHEMAS))('%s: any field set to anything is refused in Spanish or fits the database', (_name, { schema, valid }) => {
    const fields = Object.keys(valid);
    fc.assert(
      fc.property(fc.constantFrom(...fields), hostile, (field, value) => {
        expect(judge(schema, { ...valid, [field]: value })).toBe('');
      }),
      { seed: 20261125, numRuns: 400 },
    );
  });

  test.each(Object.entries(SCHEMAS))('%s: several fields hostile at once', (_name, { schema, valid }) => {
    const fields = Object.keys(valid);
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...fields), hostile, { maxKeys: fields.length }), (changes) => {
        expect(judge(schema, { ...valid, ...changes })).toBe('');
      }),
      { seed: 20261125, numRuns: 150 },
    );
  });

  test('amounts: whatever passes is what the column stores, never rounded', () => {
    const valid = SCHEMAS.expenseInput.valid;
    fc.assert(
      fc.property(hostileNumber, (amount) => {
        const parsed = expenseInputSchema.safeParse({ ...valid, currency: 'CLP', amount });
        if (!parsed.success) return;
        // numeric(14,2) keeps exactly what toFixed(2) writes: the number itself.
        expect(Number(parsed.data.amount.toFixed(2))).toBe(parsed.data.amount);
        expect(parsed.data.amount).toBeGreaterThanOrEqual(0.01);
      }),
      { seed: 20261125, numRuns: 2000 },
    );
  });

  test('expense dates: whatever passes is a real day from 2000-01-01 to a year ahead', () => {
    fc.assert(
      fc.property(hostileDate, (date) => {
        const parsed = expenseInputSchema.safeParse({ ...SCHEMAS.expenseInput.valid, date });
        if (!parsed.success) return;
        expect(isCalendarDate(parsed.data.date)).toBe(true);
        expect(parsed.data.date >= MIN_DATE && parsed.data.date <= maxExpenseDate()).toBe(true);
        // The same day JavaScript (and PostgreSQL) read.
        expect(new Date(`${parsed.data.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(parsed.data.date);
      }),
      { seed: 20261125, numRuns: 2000 },
    );
  });
});
