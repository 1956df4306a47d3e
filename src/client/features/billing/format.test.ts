import { describe, expect, test } from 'vitest';
import {
  formatBillingPeriod,
  formatDetails,
  formatPlanPrice,
  formatTaxRate,
  invoiceStatusView,
  mailto,
  paymentMethodLabel,
  planName,
  priceBreakdown,
  quoteSummary,
  secondsText,
  showsTax,
  testStatusView,
  toTestStatus,
} from './format';

describe('formatPlanPrice', () => {
  test('CLP with es-CL thousands and no decimals', () => {
    expect(formatPlanPrice(9990)).toBe('$9.990');
    expect(formatPlanPrice(15000)).toBe('$15.000');
    expect(formatPlanPrice(25000)).toBe('$25.000');
  });
  test('zero and sales contact', () => {
    expect(formatPlanPrice(0)).toBe('$0');
    expect(formatPlanPrice(0, 'Gratis')).toBe('Gratis');
    expect(formatPlanPrice(null)).toBe('Contactar');
  });
});

describe('priceBreakdown', () => {
  test('splits an IVA-included price into net + 19 % IVA that add up to the total', () => {
    expect(priceBreakdown(15000)).toEqual({ net: '$12.605', tax: '$2.395', total: '$15.000' });
    expect(priceBreakdown(9990)).toEqual({ net: '$8.395', tax: '$1.595', total: '$9.990' });
  });
});

describe('formatBillingPeriod', () => {
  test('both ends as dd/mm/yyyy', () => {
    expect(formatBillingPeriod('2025-05-01', '2025-05-31')).toBe('01/05/2025 - 31/05/2025');
  });
  test('open ends and empty', () => {
    expect(formatBillingPeriod('2025-05-01', null)).toBe('Desde 01/05/2025');
    expect(formatBillingPeriod(null, '2025-05-31')).toBe('Hasta 31/05/2025');
    expect(formatBillingPeriod(null, undefined)).toBe('-');
    expect(formatBillingPeriod('not a date', null)).toBe('-');
  });
});

describe('tax display', () => {
  test('only above 0', () => {
    expect(showsTax(19)).toBe(true);
    expect(showsTax('19.00')).toBe(true);
    expect(showsTax(0)).toBe(false);
    expect(showsTax('0')).toBe(false);
    expect(showsTax(null)).toBe(false);
  });
  test('as a Chilean percentage', () => {
    expect(formatTaxRate(19)).toBe('19%');
    expect(formatTaxRate('19.00')).toBe('19%');
    expect(formatTaxRate(19.5)).toBe('19,5%');
  });
});

describe('invoiceStatusView', () => {
  test('labels and colours of part 1 §4', () => {
    expect(invoiceStatusView('paid')).toEqual({ label: 'Pagado', variant: 'success' });
    expect(invoiceStatusView('pending')).toEqual({ label: 'Pendiente', variant: 'warning' });
    expect(invoiceStatusView('failed')).toEqual({ label: 'Fallido', variant: 'destructive' });
    expect(invoiceStatusView('cancelled')).toEqual({ label: 'Cancelado', variant: 'secondary' });
  });
  test('any other value shows as it is', () => {
    expect(invoiceStatusView('refunded')).toEqual({ label: 'refunded', variant: 'outline' });
  });
});

describe('test result states', () => {
  test('the four badge states', () => {
    expect(testStatusView('success')).toEqual({ status: 'success', label: 'Éxito', variant: 'success' });
    expect(testStatusView('error')).toEqual({ status: 'error', label: 'Error', variant: 'destructive' });
    expect(testStatusView('warning')).toEqual({ status: 'warning', label: 'Advertencia', variant: 'warning' });
    expect(testStatusView('whatever')).toEqual({ status: 'unknown', label: 'Desconocido', variant: 'secondary' });
  });
  test('non-string values are unknown', () => {
    expect(toTestStatus(undefined)).toBe('unknown');
    expect(toTestStatus(200)).toBe('unknown');
  });
});

describe('labels', () => {
  test('plan names from ids and the premium alias', () => {
    expect(planName('professional')).toBe('Profesional');
    expect(planName('premium')).toBe('Profesional');
    expect(planName('basic')).toBe('Básico');
    expect(planName('Plan a medida')).toBe('Plan a medida');
    expect(planName(null)).toBe('-');
  });
  test('payment methods', () => {
    expect(paymentMethodLabel('credit_card')).toBe('Tarjeta de crédito');
    expect(paymentMethodLabel('SANDBOX')).toBe('Modo de prueba');
    expect(paymentMethodLabel('khipu')).toBe('khipu');
    expect(paymentMethodLabel(null)).toBe('-');
  });
  test('seconds and mailto', () => {
    expect(secondsText(1)).toBe('1 segundo');
    expect(secondsText(10)).toBe('10 segundos');
    expect(mailto('ventas@rendix.cl', 'Plan a medida')).toBe('mailto:ventas@rendix.cl?subject=Plan%20a%20medida');
  });
});

describe('formatDetails', () => {
  test('strings as they are, objects as indented JSON, empty as null', () => {
    expect(formatDetails('Token inválido')).toBe('Token inválido');
    expect(formatDetails({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(formatDetails(null)).toBeNull();
    expect(formatDetails(undefined)).toBeNull();
    expect(formatDetails('')).toBeNull();
  });
  test('values JSON cannot hold still show', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(formatDetails(loop)).toBe('[object Object]');
  });
});

describe('quoteSummary (issue 16 item 3)', () => {
  const base = { planId: 'basic', planName: 'Básico', price: 9990, credit: 0, amount: 9990, currentPlanName: 'Profesional' };
  test('a downgrade waits for the paid month and says so before paying', () => {
    // Paid Profesional until 31/12 at 10:00 in Chile (13:00 UTC, summer time).
    const text = quoteSummary({ ...base, kind: 'scheduled', periodStart: '2026-12-31T13:00:00.000Z', periodEnd: '2027-01-31T13:00:00.000Z', currentPeriodEnd: '2026-12-31T13:00:00.000Z' });
    expect(text).toBe('Tu plan Profesional sigue hasta el 31/12/2026; Básico empieza el 31/12/2026 (hasta el 31/01/2027) y se cobra $9.990 ahora. No pagas dos planes por los mismos días.');
  });
  test('an upgrade names the credit for the unused days', () => {
    const text = quoteSummary({ ...base, kind: 'upgrade', planId: 'professional', planName: 'Profesional', price: 15000, credit: 6327, amount: 8673, currentPlanName: 'Básico', periodStart: '2026-11-25T13:00:00.000Z', periodEnd: '2026-12-25T13:00:00.000Z', currentPeriodEnd: '2026-12-15T13:00:00.000Z' });
    expect(text).toBe('Profesional empieza ahora y dura hasta el 25/12/2026. Se descuentan $6.327 por los días no usados de tu plan Básico: pagas $8.673.');
  });
  test('a first purchase reads its month', () => {
    expect(quoteSummary({ ...base, kind: 'new', currentPlanName: null, currentPeriodEnd: null, periodStart: '2026-11-30T23:46:00.000Z', periodEnd: '2026-12-30T23:46:00.000Z' })).toBe(
      'El plan Básico va del 30/11/2026 al 30/12/2026. Se cobra $9.990.',
    );
  });
});
