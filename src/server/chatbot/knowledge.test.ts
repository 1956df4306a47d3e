import { describe, expect, test } from 'vitest';
import { formatCLP } from '@shared/format.js';
import { FREE_TRIAL_DAYS, PLANS, getPlan } from '@shared/plans.js';
import { answerFromKnowledge, normalise, planSummary } from './knowledge.js';

const ask = (q: string) => answerFromKnowledge(q);
const paid = PLANS.filter((p) => p.purchasable && p.price !== null && p.price > 0);

describe('knowledge base answers', () => {
  test('normalises accents, case and punctuation', () => {
    expect(normalise('¿Cuánto CUESTA el plan Básico?')).toBe('cuanto cuesta el plan basico');
  });

  test('¿cuánto cuesta? lists every sellable plan with its PLANS price in es-CL', () => {
    const a = ask('¿cuánto cuesta?');
    expect(a.kind).toBe('kb');
    for (const plan of paid) {
      expect(a.text).toContain(plan.name);
      expect(a.text).toContain(`${formatCLP(plan.price)} CLP`);
    }
    expect(a.text).toContain('IVA incluido');
    expect(formatCLP(15000)).toBe('$15.000');
  });

  test('precios del plan profesional answers the Profesional price', () => {
    const a = ask('precios del plan profesional');
    const pro = getPlan('professional');
    expect(a.text.startsWith(`Plan ${pro.name}: ${formatCLP(pro.price)} CLP`)).toBe(true);
  });

  test('every price-looking figure in any answer is a PLANS price', () => {
    const prices = new Set(PLANS.map((p) => formatCLP(p.price)));
    for (const q of ['¿cuánto cuesta?', 'plan empresarial', 'plan básico', 'medios de pago', '¿qué incluye el plan gratuito?', 'precios del plan profesional']) {
      for (const m of ask(q).text.matchAll(/\$[\d.]+/g)) expect(prices, `${q}: ${m[0]}`).toContain(m[0]);
    }
  });

  test('¿qué incluye el plan gratuito? gives the free limits from PLANS', () => {
    const free = getPlan('free');
    const a = ask('¿qué incluye el plan gratuito?');
    expect(a.text).toContain(`hasta ${free.maxActiveUsers} usuarios`);
    expect(a.text).toContain(`${free.monthlyExpenseLimit} documentos`);
    expect(a.text).toMatch(/no requiere tarjeta de crédito/);
  });

  test('límite de rendiciones states the monthly limit of each plan', () => {
    const a = ask('¿cuál es el límite de rendiciones?');
    expect(a.text).toContain(`${getPlan('free').monthlyExpenseLimit} documentos (rendiciones) por mes`);
    expect(a.text).toContain(`hasta ${getPlan('basic').monthlyExpenseLimit} rendiciones por mes`);
    expect(a.text).toContain('rendiciones ilimitadas');
  });

  test('¿hay prueba gratis? gives the trial days', () => {
    const a = ask('¿hay prueba gratis?');
    expect(a.text).toMatch(new RegExp(`^Sí: todos los planes tienen ${FREE_TRIAL_DAYS} días de prueba gratis`));
  });

  test.each(['¿emiten factura?', 'facturas y boletas'])('%s talks about facturas and boletas', (q) => {
    const a = ask(q);
    expect(a.text).toMatch(/factura/i);
    expect(a.text).toMatch(/boleta/i);
  });

  test('¿emiten factura? mentions the purchase history and sales contact', () => {
    const a = ask('¿emiten factura?');
    expect(a.text).toContain('Historial de Compras');
    expect(a.text).toContain('ventas@rendix.cl');
  });

  test('¿es seguro? answers about company separation, encryption and hashed passwords', () => {
    const a = ask('¿es seguro?');
    expect(a.text).toMatch(/datos de cada empresa están separados/);
    expect(a.text).toMatch(/cifradas/);
    expect(a.text).toMatch(/hash/);
    expect(a.text).toMatch(/privadas/);
  });

  test('¿cómo me registro? points to /auth without a credit card', () => {
    const a = ask('¿cómo me registro?');
    expect(a.text).toContain('/auth');
    expect(a.text).toMatch(/No necesitas tarjeta de crédito/);
  });

  test('¿cómo leen las boletas? explains photo/PDF, the SII timbre and foreign currencies', () => {
    const a = ask('¿cómo leen las boletas?');
    expect(a.text).toMatch(/foto o un PDF/);
    expect(a.text).toMatch(/timbre electrónico del SII/);
    expect(a.text).toMatch(/moneda extranjera/);
  });

  test('payment: MercadoPago in CLP, up to 12 installments, prices from PLANS', () => {
    const a = ask('¿puedo pagar en cuotas?');
    expect(a.text).toMatch(/MercadoPago/);
    expect(a.text).toMatch(/12 cuotas/);
    expect(a.text).toContain(planSummary());
  });

  test('contact and integrations', () => {
    expect(ask('¿cómo los contacto?').text).toContain('soporte@rendix.cl');
    expect(ask('¿se integra con NiuData o exporta a Excel?').text).toMatch(/Excel[\s\S]*NiuData/);
  });

  test.each([
    ['¿Cuánto cuesta el plan profesional?', 'professional'],
    ['cual es el precio del plan enterprise', 'enterprise'],
    ['¿qué trae el plan básico?', 'basic'],
  ] as const)('%s answers that plan first, with its price, and lists the plans once at most', (q, id) => {
    const plan = getPlan(id);
    const a = ask(q);
    expect(a.text.startsWith(`Plan ${plan.name}: ${formatCLP(plan.price)} CLP`)).toBe(true);
    expect(a.text.split('• ').length - 1).toBeLessThanOrEqual(PLANS.filter((p) => p.purchasable).length);
  });

  test('price answers are never stacked: each plan line appears once', () => {
    for (const q of ['¿puedo pagar en cuotas?', '¿cuánto hay que pagar por el plan gratis?', 'precios y medios de pago']) {
      const text = ask(q).text;
      for (const plan of paid) expect(text.split(`• ${plan.name}:`).length - 1, q).toBeLessThanOrEqual(1);
    }
  });

  test('¿funciona en el celular? explains the browser and installing the app on Android and iPhone', () => {
    const a = ask('¿funciona en el celular?');
    expect(a.text).toMatch(/^Sí\. Rendix funciona en el navegador/);
    expect(a.text).toMatch(/Agregar a pantalla de inicio/);
    expect(ask('¿tienen app para iPhone?').text).toBe(a.text);
  });

  test('IVA questions get the net / IVA facts, not the product blurb', () => {
    const a = ask('¿qué es el IVA de la boleta?');
    expect(a.text).toMatch(/IVA \(19 %\)/);
    expect(ask('¿qué es Rendix?').text).toMatch(/^Rendix es una plataforma chilena/);
  });

  test('foreign currencies: any ISO code as the expense form offers, the common ones named, a rate typed when none is known', () => {
    const a = ask('¿Se puede usar con dólares?');
    expect(a.text).toMatch(/cualquier moneda con código ISO 4217/);
    for (const c of ['USD', 'EUR', 'BRL', 'MXN']) expect(a.text).toContain(c);
    expect(a.text).toMatch(/escribes tú el tipo de cambio/);
    // The reading answer no longer lists only the eight currencies of the original form.
    expect(ask('¿cómo leen las boletas?').text).toMatch(/cualquier otra moneda con código ISO/);
  });

  test('a forgotten password points to the reset link, not to the security blurb', () => {
    for (const q of ['olvidé mi clave', 'necesito cambiar mi contraseña']) {
      const a = ask(q);
      expect(a.text, q).toMatch(/¿Olvidaste tu contraseña\?/);
      expect(a.text, q).toMatch(/1 hora/);
    }
  });

  test('a greeting answers a greeting', () => {
    expect(ask('Hola').kind).toBe('greeting');
    expect(ask('buenas tardes').text).toMatch(/^¡Hola! Soy el asistente de Rendix/);
    // A greeting with a question answers the question.
    expect(ask('hola, ¿cuánto cuesta?').kind).toBe('kb');
  });

  test('an unknown question gets the honest fallback with the support e-mail and the topics', () => {
    const a = ask('¿cuál es la capital de Francia?');
    expect(a.kind).toBe('fallback');
    expect(a.text).toMatch(/^No sé la respuesta/);
    expect(a.text).toContain('soporte@rendix.cl');
    expect(a.text).toMatch(/planes y precios/);
    expect(a.text).not.toMatch(/\$\d/);
  });

  test('retrieval returns up to 3 entries for grounding', () => {
    const a = ask('precios del plan profesional y seguridad');
    expect(a.entries.length).toBeGreaterThan(0);
    expect(a.entries.length).toBeLessThanOrEqual(3);
  });
});
