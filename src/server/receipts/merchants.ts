import { fold } from './text.js';

export const RECEIPT_CATEGORIES = ['transporte', 'alimentacion', 'hospedaje', 'materiales', 'combustible', 'otros'] as const;
export type ReceiptCategory = (typeof RECEIPT_CATEGORIES)[number];

/**
 * Merchant keywords per category (folded text). More specific entries first: 'UBER EATS' is food, 'UBER' is transport.
 * `brand` marks a proper merchant name (used in the description) rather than a generic word like 'RESTAURANT'.
 */
const RULES: ReadonlyArray<{ re: RegExp; category: ReceiptCategory; brand?: boolean; headerOnly?: boolean }> = [
  { re: /\b(UBER\s+EATS|RAPPI|PEDIDOSYA|PEDIDOS\s+YA)\b/, category: 'alimentacion', brand: true },
  { re: /\b(COPEC|SHELL|PETROBRAS|ARAMCO|ENEX|ESMAX|TERPEL|YPF|AXION|PRONTO\s+COPEC)\b/, category: 'combustible', brand: true },
  { re: /\b(ESTACION\s+DE\s+SERVICIO|ESTACION\s+DE\s+SERVICIOS|SERVICENTRO|COMBUSTIBLES?|BENCINA|GASOLINA|GASOLINERA|DIESEL|PETROLEO|POSTO)\b/, category: 'combustible' },
  {
    re: /\b(STARBUCKS|JUAN\s+MAESTRO|JUAN\s+VALDEZ|MCDONALD'?S|BURGER\s+KING|DOMINO'?S|TELEPIZZA|PAPA\s+JOHNS|KFC|SUBWAY|DUNKIN|DOGGIS|TARRAGONA|PIZZA\s+HUT|CAFE\s+HAITI|CAFE\s+CARIBE|MELT|NIU\s+SUSHI)\b/,
    category: 'alimentacion',
    brand: true,
  },
  // Supermarkets sell food first. Only in the header: 'JUMBO' in the body is a product size. SANTA ISABEL is also a
  // street: not after AV./CALLE nor before a street number.
  {
    re: /\b(LIDER|JUMBO|UNIMARC|(?<!(?:AV\.?|AVDA\.?|AVENIDA|CALLE|PASAJE|PJE\.?)\s)SANTA\s+ISABEL(?!\s+\d)|TOTTUS|ACUENTA|ALVI|MAYORISTA\s+10|EKONO|OK\s+MARKET|TIENDA\s+INGLESA|CARREFOUR|PLAZA\s+VEA|PAO\s+DE\s+ACUCAR)\b/,
    category: 'alimentacion',
    brand: true,
    headerOnly: true,
  },
  { re: /\b(UBER|CABIFY|DIDI|INDRIVE|BEAT|LATAM|JETSMART|SKY\s+AIRLINES?|TURBUS|TUR\s+BUS|PULLMAN|COSTANERA\s+NORTE|VESPUCIO\s+(NORTE|SUR)|AUTOPISTA\s+CENTRAL|AUTOPASE)\b/, category: 'transporte', brand: true },
  { re: /\b(SODIMAC|EASY|CONSTRUMART|LAPIZ\s+LOPEZ|OFFICE\s?DEPOT|CHILEMAT|IMPERIAL|DIMEIGGS|PRISA)\b/, category: 'materiales', brand: true },
  { re: /\b(HILTON|MARRIOTT|SHERATON|HOLIDAY\s+INN|IBIS|NOVOTEL|HYATT|DIEGO\s+DE\s+ALMAGRO|AIRBNB)\b/, category: 'hospedaje', brand: true },
  { re: /\b(HOTEL(ES)?|INN|HOSTAL|HOSTEL|HOSTERIA|HOSPEDAJE|ALOJAMIENTO|APART\s?HOTEL|AIRBNB|BOOKING|POSADA|LODGE|CABANAS|RESIDENCIAL)\b/, category: 'hospedaje' },
  {
    re: /\b(SUPERMERCADOS?|HIPERMERCADOS?|MINIMERCADOS?|MINIMARKET|SUPERMARKET|GROCERY|RESTAURANTE?S?|RESTORAN|RESTOBAR|CAFE|CAFETERIA|COFFEE|SUSHI|PIZZERIA|PIZZA|FUENTE\s+DE\s+SODA|PANADERIA|PASTELERIA|EMPANADAS|PICADA|BAR|CERVECERIA|COMIDA|COMIDAS|ALMUERZO|MENU|PROPINA|SANDWICH|LOMITO|COMPLETOS|BURGER|PARRILLA|MARISQUERIA|CEVICHERIA|CHURRASCO|FOOD|PADARIA|LANCHONETE|CHURRASCARIA)\b/,
    category: 'alimentacion',
  },
  { re: /\b(TAXI|RADIO\s?TAXI|PEAJE|PEAJES|AUTOPISTA|TAG|TELEPEAJE|ESTACIONAMIENTOS?|PARKING|AEROLINEA|AIRLINES?|PASAJES?|BUS|METRO|TRANSFER|TRASLADOS?|FLETES?|CONDUCTOR|VIAJES?|VIAJAR)\b/, category: 'transporte' },
  { re: /\b(LIBRERIA|FERRETERIA|MATERIALES|CONSTRUCCION|PAPELERIA|OFICINA|TONER|HERRAMIENTAS?|REPUESTOS?|PINTURAS?|GASFITERIA|REPARACION(ES)?|TECHUMBRE|ARIDOS|CEMENTO)\b/, category: 'materiales' },
];

/**
 * A line recogniser often glues a merchant's words (`PANADERIALAESPIGA`, `ESTACIONAMIENTOSCENTRALPARK`,
 * `HOTELPLAZAARICA`) and a concept takes a plural (`Almuerzos cuadrilla`). A generic word may then be followed by more
 * letters when it is long enough not to start an unrelated word; a few short ones only on the merchant's name line (the
 * issuer's name, or the page's first line: `CAFEALTURA` above `INVERSIONES ALTURA SPA`). `TRANSFER` starts
 * `TRANSFERENCIA` (a payment), `METRO` starts `METROPOLITANA`, `HOSTEL` starts `HOSTELERIA` (the restaurant trade).
 */
const GLUED_MIN_LENGTH = 6;
const GLUED_SHORT_IN_NAME = new Set(['TAXI', 'CAFE', 'HOTEL', 'PIZZA', 'SUSHI']);
const NEVER_GLUED = new Set(['TRANSFER', 'METRO', 'HOSTEL', 'POSTO', 'LODGE', 'TONER']);
const GLUED = new Map(RULES.filter((rule) => !rule.brand).map((rule) => [rule, new RegExp(rule.re.source.replace(/\\b$/, '(?=[A-Z0-9])'), 'g')]));

function gluedMatch(rule: (typeof RULES)[number], folded: string, header: boolean): RegExpExecArray | null {
  const re = GLUED.get(rule);
  if (!re) return null;
  re.lastIndex = 0;
  for (let m = re.exec(folded); m; m = re.exec(folded)) {
    const word = m[0].replace(/\s+/g, '');
    if (NEVER_GLUED.has(word)) continue;
    const inName = header && folded.slice(0, m.index).split('\n').length <= 2;
    if (word.length >= GLUED_MIN_LENGTH || (inName && GLUED_SHORT_IN_NAME.has(word))) return m;
  }
  return null;
}

/** A trip's ends (`Desde: Hotel Plaza`, `Hasta: Aeropuerto`) are places, not the merchant. */
const TRIP_END = /^\s*(DESDE|HASTA|ORIGEN|DESTINO)\b/i;

export interface MerchantGuess {
  category: ReceiptCategory;
  /** The brand as written on the receipt ('COPEC', 'Uber'), when a brand matched. */
  brand: string | null;
  /** True when the match is in the header (issuer lines), a stronger signal than a word in the body. */
  inHeader: boolean;
}

function matchIn(original: string, header: boolean): { index: number; category: ReceiptCategory; brand: string | null } | null {
  const folded = fold(original);
  let best: { index: number; category: ReceiptCategory; brand: string | null } | null = null;
  for (const rule of RULES) {
    if (rule.headerOnly && !header) continue;
    const m = rule.re.exec(folded) ?? gluedMatch(rule, folded, header);
    if (!m) continue;
    const better = !best || (rule.brand && !best.brand) || ((!!rule.brand === !!best.brand) && m.index < best.index);
    if (better) {
      // fold() keeps positions for Latin text, so the brand can be cut from the original spelling.
      const brand = rule.brand ? original.slice(m.index, m.index + m[0].length) : null;
      best = { index: m.index, category: rule.category, brand };
    }
  }
  return best;
}

/**
 * What a receipt-book recibo says was paid for (`por concepto de Arriendo bodega`), or null when it says nothing: the
 * issuer of such a recibo is often a person or a firm in another trade than the service paid.
 */
function concept(lines: string[]): string | null {
  for (let i = 0; i < lines.length; i++) {
    // Its DE perhaps glued to the concept ('porconceptodeAlojamiento2noches'), or lost.
    const m = /\bPOR\s*CONCE(?:[A-Z]{0,4}?\s*(?:DE\b|DE(?=[A-Z]))|[A-Z]{0,4})\s*:?\s*(.*)$/i.exec(fold(lines[i]));
    // fold() keeps positions for Latin text: the concept is cut from the line as written.
    if (m) return lines[i].slice(lines[i].length - m[1].length).trim() || (lines[i + 1] ?? '');
  }
  return null;
}

/** A recibo's concept as a description ('Reparacion techumbre'), or null when it states none or it is unreadable. */
export function paidFor(lines: string[]): string | null {
  const text = concept(lines)?.replace(/\s+/g, ' ').replace(/^[\s:.,-]+|[\s:.,=-]+$/g, '') ?? '';
  if ((fold(text).match(/[A-Z]/g) ?? []).length < 4) return null;
  return (text.charAt(0).toUpperCase() + text.slice(1)).slice(0, 200);
}

/**
 * Category from the merchant (a brand beats a generic word such as 'POSTO' or 'RESTAURANT'): header first (issuer name,
 * first lines), then the whole text. A recibo that states its concept takes the concept's category, or none.
 */
export function guessMerchant(headerLines: string[], allLines: string[]): MerchantGuess | null {
  const withoutTripEnds = (lines: string[]) => lines.filter((line) => !TRIP_END.test(line));
  const header = matchIn(withoutTripEnds(headerLines).join('\n'), true);
  const paidFor = concept(allLines);
  if (paidFor !== null) {
    // A hand's word the recogniser split (`Aloja miento 2 noches`) is read whole too.
    const category = (matchIn(paidFor, false) ?? matchIn(paidFor.replace(/\s+/g, ''), false))?.category;
    return category ? { category, brand: header?.brand ?? null, inHeader: false } : null;
  }
  if (header) return { category: header.category, brand: header.brand, inHeader: true };
  const body = matchIn(withoutTripEnds(allLines).join('\n'), false);
  return body ? { category: body.category, brand: body.brand, inHeader: false } : null;
}
