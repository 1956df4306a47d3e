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
  { re: /\b(ESTACION\s+DE\s+SERVICIO|ESTACION\s+DE\s+SERVICIOS|COMBUSTIBLES?|BENCINA|GASOLINA|GASOLINERA|DIESEL|PETROLEO|POSTO)\b/, category: 'combustible' },
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
  { re: /\b(UBER|CABIFY|DIDI|BEAT|LATAM|JETSMART|SKY\s+AIRLINES?|TURBUS|TUR\s+BUS|PULLMAN|COSTANERA\s+NORTE|VESPUCIO\s+(NORTE|SUR)|AUTOPISTA\s+CENTRAL|AUTOPASE)\b/, category: 'transporte', brand: true },
  { re: /\b(SODIMAC|EASY|CONSTRUMART|LAPIZ\s+LOPEZ|OFFICE\s?DEPOT|CHILEMAT|IMPERIAL|DIMEIGGS|PRISA)\b/, category: 'materiales', brand: true },
  { re: /\b(HILTON|MARRIOTT|SHERATON|HOLIDAY\s+INN|IBIS|NOVOTEL|HYATT|DIEGO\s+DE\s+ALMAGRO|AIRBNB)\b/, category: 'hospedaje', brand: true },
  { re: /\b(HOTEL(ES)?|INN|HOSTAL|HOSTEL|HOSTERIA|HOSPEDAJE|APART\s?HOTEL|AIRBNB|BOOKING|POSADA|LODGE|CABANAS|RESIDENCIAL)\b/, category: 'hospedaje' },
  {
    re: /\b(SUPERMERCADOS?|HIPERMERCADOS?|MINIMERCADOS?|MINIMARKET|SUPERMARKET|GROCERY|RESTAURANTE?S?|RESTORAN|RESTOBAR|CAFE|CAFETERIA|COFFEE|SUSHI|PIZZERIA|PIZZA|FUENTE\s+DE\s+SODA|PANADERIA|PASTELERIA|EMPANADAS|PICADA|BAR|CERVECERIA|COMIDA|COMIDAS|ALMUERZO|MENU|PROPINA|SANDWICH|LOMITO|COMPLETOS|BURGER|PARRILLA|MARISQUERIA|CEVICHERIA|CHURRASCO|FOOD)\b/,
    category: 'alimentacion',
  },
  { re: /\b(TAXI|RADIO\s?TAXI|PEAJE|PEAJES|AUTOPISTA|TAG|TELEPEAJE|ESTACIONAMIENTOS?|PARKING|AEROLINEA|AIRLINES?|PASAJES?|BUS|METRO|TRANSFER)\b/, category: 'transporte' },
  { re: /\b(LIBRERIA|FERRETERIA|MATERIALES|CONSTRUCCION|PAPELERIA|OFICINA|TONER)\b/, category: 'materiales' },
];

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
    const m = rule.re.exec(folded);
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

/** Category from the merchant (a brand beats a generic word such as 'POSTO' or 'RESTAURANT'): header first (issuer name, first lines), then the whole text. */
export function guessMerchant(headerLines: string[], allLines: string[]): MerchantGuess | null {
  const header = matchIn(headerLines.join('\n'), true);
  if (header) return { category: header.category, brand: header.brand, inHeader: true };
  const body = matchIn(allLines.join('\n'), false);
  return body ? { category: body.category, brand: body.brand, inHeader: false } : null;
}
