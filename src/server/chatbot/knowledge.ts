import { formatCLP } from '@shared/format.js';
import { COMMON_CURRENCIES } from '@shared/currencies.js';
import { FREE_TRIAL_DAYS, PLANS, type Plan } from '@shared/plans.js';

/**
 * The landing assistant's knowledge: Rendix's real facts in Spanish, answered by retrieval so it runs with no
 * network. Every price and limit is generated from PLANS; nothing here may state a figure of its own.
 */
export interface KbEntry {
  id: string;
  /** Short Spanish label, listed by the 'no sé' answer and given to the model. */
  topic: string;
  /**
   * Words and phrases that point to this entry. A trailing '*' matches any word starting with it
   * ('registr*' matches registro, registrarme). Phrases match as consecutive words.
   */
  keywords: string[];
  answer(): string;
}

export const SUPPORT_EMAIL = 'soporte@rendix.cl';
export const SALES_EMAIL = 'ventas@rendix.cl';

const sellable = (): Plan[] => PLANS.filter((p) => p.purchasable);

/** '$15.000 CLP al mes por empresa (IVA incluido)' or 'gratis'. */
export function priceLabel(plan: Plan): string {
  if (plan.price === null) return 'precio a convenir (contacta a ventas)';
  if (plan.price === 0) return 'gratis';
  return `${formatCLP(plan.price)} CLP al mes por empresa (IVA incluido)`;
}

function expenseLimit(plan: Plan): string {
  return plan.monthlyExpenseLimit === null ? 'rendiciones ilimitadas' : `hasta ${plan.monthlyExpenseLimit} rendiciones por mes`;
}

function userLimit(plan: Plan): string {
  return plan.maxActiveUsers === null ? 'usuarios ilimitados' : `hasta ${plan.maxActiveUsers} usuarios activos`;
}

export function planLine(plan: Plan): string {
  return `• ${plan.name}: ${priceLabel(plan)} — ${userLimit(plan)}, ${expenseLimit(plan)}.`;
}

/** The plan list the model is grounded on and the pricing answer shows. */
export function planSummary(): string {
  return sellable().map(planLine).join('\n');
}

/** 'Hasta 50 rendiciones' reads 'hasta 50 rendiciones' inside a sentence; 'API' and 'NiuData' stay as they are. */
function midSentence(feature: string): string {
  return /^\p{Lu}\p{Ll}/u.test(feature) ? feature[0].toLowerCase() + feature.slice(1) : feature;
}

function planDetail(plan: Plan): string {
  return `Plan ${plan.name}: ${priceLabel(plan)}. ${plan.description} Incluye: ${plan.features.map(midSentence).join(', ')}.`;
}

const freePlan = (): Plan => PLANS.find((p) => p.id === 'free')!;

const planEntries: KbEntry[] = sellable()
  .filter((p) => p.id !== 'free')
  .map((plan) => ({
    id: `plan-${plan.id}`,
    topic: `Plan ${plan.name}`,
    keywords: [...new Set([plan.id, plan.name, `plan ${plan.name}`, ...(plan.id === 'professional' ? ['pro', 'premium'] : []), ...(plan.id === 'enterprise' ? ['empresa grande'] : [])])],
    answer: () => `${planDetail(plan)} Puedes probarlo gratis por ${FREE_TRIAL_DAYS} días.`,
  }));

export const KNOWLEDGE: KbEntry[] = [
  {
    id: 'precios',
    topic: 'Planes y precios',
    keywords: ['precio*', 'cuanto cuesta', 'cuesta', 'cuestan', 'costo*', 'valor*', 'tarifa*', 'plan*', 'mensualidad', 'cobran', 'barato', 'caro', 'suscripcion*'],
    answer: () =>
      `Nuestros planes (precios en pesos chilenos, IVA incluido, por empresa al mes):\n${planSummary()}\n` +
      `Todos los planes pagados tienen ${FREE_TRIAL_DAYS} días de prueba gratis y puedes cancelar cuando quieras. ` +
      `Para más de ${Math.max(...sellable().map((p) => p.maxActiveUsers ?? 0))} usuarios o necesidades a medida, escríbenos a ${SALES_EMAIL}.`,
  },
  ...planEntries,
  {
    id: 'plan-gratuito',
    topic: 'Plan gratuito y sus límites',
    keywords: ['gratis', 'gratuito', 'gratuita', 'free', 'plan gratuito', 'plan gratis', 'sin costo', 'limite*', 'maximo', 'cuantas rendiciones', 'cuantos usuarios', 'cuantos documentos', 'incluye'],
    answer: () => {
      const free = freePlan();
      return (
        `El plan ${free.name} cuesta $0 y no requiere tarjeta de crédito. Incluye ${userLimit(free)}, ` +
        `${free.monthlyExpenseLimit === null ? 'rendiciones ilimitadas' : `${free.monthlyExpenseLimit} documentos (rendiciones) por mes`}, 1 empresa, dashboard básico, soporte por email e integración con NiuData. ` +
        `Al llegar al límite del mes puedes cambiarte a un plan pagado:\n${planSummary()}`
      );
    },
  },
  {
    id: 'prueba',
    topic: 'Prueba gratis',
    keywords: ['prueba', 'prueba gratis', 'periodo de prueba', 'trial', 'probar', 'demo', 'dias gratis', 'compromiso', 'cancelar', 'cancelo'],
    answer: () =>
      `Sí: todos los planes tienen ${FREE_TRIAL_DAYS} días de prueba gratis, sin compromiso y cancelables en cualquier momento. ` +
      `Además el plan ${freePlan().name} es gratis para siempre (${userLimit(freePlan())}, ${expenseLimit(freePlan())}) y no pide tarjeta de crédito.`,
  },
  {
    id: 'registro',
    topic: 'Cómo registrarse',
    keywords: ['registr*', 'inscrib*', 'crear cuenta', 'crear una cuenta', 'abrir cuenta', 'cuenta', 'empezar', 'comenzar', 'comienzo', 'unirme', 'sign up', 'tarjeta de credito', 'tarjeta'],
    answer: () =>
      'Registrarte toma un par de minutos: haz clic en "Comenzar Gratis" o entra a /auth, crea tu cuenta con tu email y una contraseña, ' +
      `y registra tu empresa. No necesitas tarjeta de crédito para el plan ${freePlan().name}. Luego puedes invitar a tu equipo.`,
  },
  {
    id: 'recibos',
    topic: 'Lectura de boletas y recibos',
    keywords: ['boleta*', 'recibo*', 'comprobante*', 'ticket*', 'leen', 'lee', 'leer', 'lectura', 'foto*', 'escane*', 'pdf', 'ocr', 'ia', 'inteligencia artificial', 'timbre', 'sii', 'reconocimiento'],
    answer: () =>
      'Subes una foto o un PDF de la boleta, factura, recibo o ticket y Rendix completa el formulario: monto, fecha, emisor, RUT, folio y categoría. ' +
      'La lectura se hace en nuestros servidores y, si el documento trae el timbre electrónico del SII, lo leemos y verificamos su firma, así el monto, la fecha, el RUT y el folio salen exactos. ' +
      'Funciona con boletas y facturas chilenas y con comprobantes en moneda extranjera (dólares, euros, reales, soles y cualquier otra moneda con código ISO), convirtiendo el monto a pesos. ' +
      'También avisa si un comprobante parece duplicado. Siempre puedes revisar y corregir los datos antes de enviar.',
  },
  {
    id: 'monedas',
    topic: 'Gastos en otras monedas',
    keywords: ['moneda*', 'divisa*', 'dolar*', 'extranjer*', 'usd', 'euro*', 'eur', 'tipo de cambio', 'cambio', 'viaje*', 'exterior', 'internacional*', 'argentin*', 'peru*', 'brasil*'],
    answer: () =>
      `Sí. Una rendición puede estar en cualquier moneda con código ISO 4217 además de pesos chilenos; las más usadas (${COMMON_CURRENCIES.filter((c) => c !== 'CLP').slice(0, 9).join(', ')}…) aparecen primero. ` +
      'Indicas el monto en la moneda del comprobante y Rendix lo convierte a CLP con un tipo de cambio de referencia para esa fecha (el del Banco Central de Chile cuando tu empresa lo tiene conectado); ' +
      'si no hay una tasa conocida para esa moneda, escribes tú el tipo de cambio. Al leer un comprobante extranjero, la moneda se detecta sola. Los reportes y la aprobación usan el monto en pesos.',
  },
  {
    id: 'cuenta',
    topic: 'Tu cuenta y contraseña',
    keywords: ['olvide', 'olvidaste', 'recuperar', 'restablecer', 'cambiar contrasena', 'cambiar mi contrasena', 'contrasena', 'clave', 'iniciar sesion', 'ingresar', 'login', 'entrar', 'acceso'],
    answer: () =>
      'Para entrar usa "Iniciar Sesión" con tu email y contraseña. Si la olvidaste, en esa misma pantalla toca "¿Olvidaste tu contraseña?": te enviamos un enlace por email para crear una nueva, válido por 1 hora. ' +
      `Si no te llega, revisa la carpeta de spam o escríbenos a ${SUPPORT_EMAIL}.`,
  },
  {
    id: 'facturas',
    topic: 'Facturas y boletas',
    keywords: ['factura*', 'facturacion', 'emiten', 'emite', 'iva', 'el iva', 'iva de', 'neto', 'impuesto*', 'rut', 'tributari*', 'boletas y facturas', 'historial de compras', 'comprobante de pago'],
    answer: () =>
      'En las rendiciones puedes registrar boletas, facturas, recibos y tickets; para una factura se piden el número y el RUT del emisor, y se clasifica en la categoría "Factura". ' +
      'Al leer una factura, Rendix toma el monto neto, el IVA (19 %) y el total; en una boleta el IVA ya viene incluido en el total. ' +
      'Sobre tu suscripción: cada pago queda registrado en "Suscripción y Facturación" → "Historial de Compras" con subtotal, IVA y total. ' +
      `Si necesitas una factura con los datos de tu empresa, escríbenos a ${SALES_EMAIL}.`,
  },
  {
    id: 'aprobaciones',
    topic: 'Aprobaciones',
    keywords: ['aprob*', 'rechaz*', 'flujo*', 'supervisor', 'jefe', 'revis*', 'autoriz*', 'estado'],
    answer: () =>
      'Cada rendición pasa por aprobación: los administradores ven las pendientes, pueden corregirlas, aprobarlas o rechazarlas indicando el motivo, y el empleado recibe la notificación. ' +
      `El plan ${PLANS.find((p) => p.id === 'enterprise')?.name ?? 'Empresarial'} agrega flujos de aprobación personalizados.`,
  },
  {
    id: 'integraciones',
    topic: 'Excel, API, webhooks y NiuData',
    keywords: ['excel', 'export*', 'api', 'webhook*', 'integr*', 'niudata', 'erp', 'contab*', 'sincroniz*', 'conect*', 'descarg*', 'reporte*'],
    answer: () =>
      'Puedes exportar tus rendiciones a Excel y descargar cada una en PDF. Para integrar con otros sistemas hay una API con tokens y webhooks que avisan los cambios; ' +
      'y Rendix se integra con NiuData, cuyos usuarios pueden registrarse con su cuenta. ' +
      `La API de integración viene desde el plan ${PLANS.find((p) => p.id === 'professional')?.name ?? 'Profesional'} y el acceso completo en el ${PLANS.find((p) => p.id === 'enterprise')?.name ?? 'Empresarial'}.`,
  },
  {
    id: 'seguridad',
    topic: 'Seguridad y privacidad',
    keywords: ['segur*', 'privacidad', 'privad*', 'datos', 'protec*', 'cifr*', 'encript*', 'hacke*', 'confiable', 'confidencial'],
    answer: () =>
      'Sí. Los datos de cada empresa están separados y solo los ven sus usuarios; las conexiones van cifradas (HTTPS); las contraseñas se guardan con hash, nunca en texto; ' +
      'y las fotos de los comprobantes son privadas: solo se descargan con una sesión autorizada de tu empresa.',
  },
  {
    id: 'multiempresa',
    topic: 'Varias empresas',
    keywords: ['multiempresa', 'varias empresas', 'multiples empresas', 'otra empresa', 'empresas', 'holding', 'sociedades'],
    answer: () =>
      'Un mismo usuario puede trabajar en varias empresas y cambiar entre ellas; cada empresa tiene sus propios datos, equipo y suscripción (los precios son por empresa). ' +
      `Múltiples empresas vienen desde el plan ${PLANS.find((p) => p.id === 'professional')?.name ?? 'Profesional'}.`,
  },
  {
    id: 'pago',
    topic: 'Medios de pago',
    keywords: ['mercadopago', 'mercado pago', 'medio de pago', 'medios de pago', 'forma de pago', 'formas de pago', 'cuota*', 'tarjeta de credito', 'debito', 'transferencia', 'pago', 'pagos', 'pagar', 'clp', 'pesos'],
    answer: () =>
      'Los pagos se hacen con MercadoPago, en pesos chilenos (CLP), con los medios que ofrece MercadoPago; con tarjeta de crédito puedes pagar hasta en 12 cuotas. ' +
      `Los precios ya incluyen IVA:\n${planSummary()}`,
  },
  {
    id: 'movil',
    topic: 'Celular y app',
    keywords: ['celular*', 'movil', 'smartphone', 'iphone', 'android', 'ios', 'tablet', 'app', 'aplicacion', 'instal*', 'play store', 'app store', 'pantalla de inicio', 'offline', 'sin conexion', 'sin internet'],
    answer: () =>
      'Sí. Rendix funciona en el navegador de cualquier celular, tablet o computador, sin descargar nada de una tienda de apps. ' +
      'También puedes instalarlo como app: en Android (Chrome) toca "Instalar" en el aviso o, en el menú ⋮, "Instalar aplicación"; ' +
      'en iPhone, abre Rendix en Safari, toca Compartir y luego "Agregar a pantalla de inicio". ' +
      'Desde el celular puedes fotografiar la boleta al crear la rendición. Sin conexión la app abre, pero para enviar o ver datos necesitas internet.',
  },
  {
    id: 'contacto',
    topic: 'Contacto y soporte',
    keywords: ['contacto', 'contactar', 'soporte', 'ayuda', 'email', 'correo', 'telefono', 'hablar', 'ventas', 'vendedor', 'ejecutivo', 'humano', 'persona'],
    answer: () => `Puedes escribirnos a ${SUPPORT_EMAIL} para soporte y a ${SALES_EMAIL} para ventas o planes a medida.`,
  },
  {
    id: 'que-es',
    topic: 'Qué es Rendix',
    keywords: ['que es rendix', 'de que se trata', 'rendix', 'para que sirve', 'como funciona', 'rendicion de gastos', 'rendir gastos', 'funcionalidad*', 'caracteristica*', 'sirve'],
    answer: () =>
      'Rendix es una plataforma chilena para rendir gastos: tu equipo fotografía boletas y facturas, Rendix lee los datos, los administradores aprueban o rechazan, ' +
      'y tienes un dashboard con los gastos por categoría, exportación a Excel e integración con tu contabilidad.',
  },
];

const STOPWORDS = new Set(
  'a al como con de del el en es esta este hay la las lo los me mi mis o para por que se si su sus te tu tus un una uno unos unas y ya yo le les nos son ser puedo puede pueden tiene tienen tienes hacer hace cual cuales donde cuando quiero quisiera saber necesito sobre ustedes usted'.split(' '),
);
// 'cuanto', 'que es' phrases still work: phrases are matched on the unfiltered words.

/** Lowercase, no accents, only letters and digits. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim();
}

/** A light Spanish stem: plural endings only, so 'precios' and 'precio' meet. */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('es') && !word.endsWith('ees')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function words(text: string): string[] {
  return normalise(text).split(' ').filter(Boolean).map(stem);
}

interface Compiled {
  entry: KbEntry;
  terms: { words: string[]; prefix: boolean }[];
}

const compile = (entries: KbEntry[]): Compiled[] =>
  entries.map((entry) => ({
    entry,
    terms: entry.keywords.map((k) => {
      const prefix = k.endsWith('*');
      const raw = normalise(prefix ? k.slice(0, -1) : k).split(' ').filter(Boolean);
      return { words: prefix ? raw : raw.map(stem), prefix };
    }),
  }));

const COMPILED = compile(KNOWLEDGE);

/** How many entries each single word points to: a word that many entries share says little. */
const DF = (() => {
  const df = new Map<string, number>();
  for (const c of COMPILED) for (const w of new Set(c.terms.filter((t) => t.words.length === 1).map((t) => t.words[0]))) df.set(w, (df.get(w) ?? 0) + 1);
  return df;
})();

function termMatches(term: Compiled['terms'][number], tokens: string[]): boolean {
  const n = term.words.length;
  for (let i = 0; i + n <= tokens.length; i++) {
    let ok = true;
    for (let j = 0; j < n && ok; j++) {
      const tok = tokens[i + j];
      const w = term.words[j];
      ok = term.prefix && j === n - 1 ? tok.startsWith(w) : tok === w;
    }
    if (ok) return true;
  }
  return false;
}

export interface ScoredEntry {
  entry: KbEntry;
  score: number;
}

const NAMED_PLAN_BONUS = 3;

/** Entries that already state the plans' prices: one of them per answer is enough. */
const PRICE_FAMILY = new Set(['precios', 'plan-gratuito', 'pago', ...planEntries.map((e) => e.id)]);

/** Entries ranked by weighted keyword overlap: phrases weigh by their length, rare words more than shared ones. */
export function rank(message: string): ScoredEntry[] {
  const tokens = words(message);
  const content = tokens.filter((t) => !STOPWORDS.has(t));
  if (!content.length) return [];
  const out: ScoredEntry[] = [];
  for (const c of COMPILED) {
    let score = 0;
    for (const term of c.terms) {
      if (!termMatches(term, tokens)) continue;
      if (term.words.length > 1) score += 1.5 * term.words.length;
      else if (!STOPWORDS.has(term.words[0])) score += 1 + Math.log(COMPILED.length / (DF.get(term.words[0]) ?? 1)) / 4;
    }
    // Naming a plan ('el plan Profesional') is the most specific thing a question can say.
    if (score > 0 && c.entry.id.startsWith('plan-') && c.entry.id !== 'plan-gratuito') score += NAMED_PLAN_BONUS;
    if (score > 0) out.push({ entry: c.entry, score });
  }
  return out.sort((a, b) => b.score - a.score);
}

const GREETING = /^(hola+|holi|buenas?|buen[oa]s? (dias|tardes|noches)|hey|hello|hi|saludos|que tal|alo)\b/;
const THANKS = /\b(gracias|muchas gracias|genial|perfecto|excelente|ok|vale)\b/;

export const MIN_SCORE = 1;
/** A second entry joins the answer when it scores at least this share of the best. */
const CLOSE = 0.8;

export function greetingAnswer(): string {
  return (
    '¡Hola! Soy el asistente de Rendix. Puedo contarte sobre nuestros planes y precios, el plan gratuito, la prueba gratis, ' +
    'cómo leemos boletas y facturas, la seguridad de tus datos y cómo registrarte. ¿En qué te ayudo?'
  );
}

export function fallbackAnswer(): string {
  const topics = KNOWLEDGE.filter((e) => !e.id.startsWith('plan-') || e.id === 'plan-gratuito').map((e) => e.topic.toLowerCase());
  return (
    `No sé la respuesta a eso, y prefiero no inventar. Escríbenos a ${SUPPORT_EMAIL} y te ayudamos. ` +
    `Puedo responderte sobre: ${topics.join(', ')}.`
  );
}

export interface KbAnswer {
  /** 'kb' when answered from entries, or the canned greeting/thanks/fallback. */
  kind: 'kb' | 'greeting' | 'thanks' | 'fallback';
  text: string;
  /** The best entries (up to 3) for grounding a model. */
  entries: KbEntry[];
}

/** Answers from the knowledge base alone. */
export function answerFromKnowledge(message: string): KbAnswer {
  const ranked = rank(message);
  const top = ranked.filter((r) => r.score >= MIN_SCORE);
  const entries = ranked.slice(0, 3).map((r) => r.entry);
  if (!top.length) {
    const n = normalise(message);
    if (GREETING.test(n)) return { kind: 'greeting', text: greetingAnswer(), entries };
    if (THANKS.test(n)) return { kind: 'thanks', text: `¡De nada! Si tienes otra pregunta, aquí estoy. También puedes escribir a ${SUPPORT_EMAIL}.`, entries };
    return { kind: 'fallback', text: fallbackAnswer(), entries };
  }
  const [best, second] = top;
  const parts = [best.entry.answer()];
  const repeatsPrices = second && PRICE_FAMILY.has(best.entry.id) && PRICE_FAMILY.has(second.entry.id);
  if (second && second.score >= best.score * CLOSE && !repeatsPrices) parts.push(second.entry.answer());
  return { kind: 'kb', text: parts.join('\n\n'), entries };
}
