import { z } from 'zod';
import { RATE_MAX, calendarDate, decimal, safeText, MIN_DATE, INPUT_MSG } from './input.js';

/** Where an expense's rate came from (expenses.exchange_rate_source). */
export const RATE_SOURCES = ['clp', 'bcch', 'cache', 'default', 'manual', 'override'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

function ddmmyyyy(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** The Spanish label of a rate's source, as the form, the detail and the Excel show it. */
export function rateSourceLabel(source: string | null, rateDate: string | null, date?: string | null): string {
  switch (source) {
    case 'clp':
      return 'Peso chileno';
    case 'bcch':
      return rateDate && date && rateDate !== date
        ? `Banco Central de Chile (${ddmmyyyy(rateDate)}, día hábil anterior)`
        : `Banco Central de Chile${rateDate ? ` (${ddmmyyyy(rateDate)})` : ''}`;
    case 'cache':
      return `Última tasa conocida${rateDate ? ` (${ddmmyyyy(rateDate)})` : ''}`;
    case 'default':
      return 'Tasa por defecto';
    case 'manual':
      return 'Tasa ingresada por el usuario';
    case 'override':
      return 'Tasa corregida por un administrador';
    default:
      return 'Tasa registrada';
  }
}

export const RATE_MSG = {
  currency: 'Moneda no soportada: usa un código ISO 4217 (por ejemplo USD, EUR, MYR).',
  missing: (currency: string) => `No hay tipo de cambio conocido para ${currency} en esa fecha: ingresa la tasa (pesos chilenos por 1 ${currency}).`,
  invalid: 'El tipo de cambio debe ser mayor a 0.',
  reason: 'Indica el motivo de la corrección (al menos 5 caracteres).',
  onlyPending: 'Solo se puede corregir la tasa de una rendición pendiente o aprobada que aún no esté en una nómina de pago.',
  alreadyBooked: (voucherId: string | null) =>
    `Esta rendición ya está contabilizada en NiuData${voucherId ? ` (comprobante ${voucherId})` : ''}: su monto en pesos no se puede cambiar aquí. Corrige el comprobante en NiuData.`,
  beingBooked: 'Esta rendición se está enviando a NiuData en este momento. Espera a que termine el envío y vuelve a intentarlo.',
} as const;

/** GET /api/exchange-rates?currency=USD&date=2025-03-08 */
export const rateQuerySchema = z.object({
  currency: safeText({ error: RATE_MSG.currency }).trim().min(1, { error: RATE_MSG.currency }).max(10, { error: RATE_MSG.currency }),
  date: calendarDate({ min: MIN_DATE, max: () => '2100-12-31', rangeMessage: INPUT_MSG.expenseDateRange, requiredMessage: 'Indica la fecha.' }),
});

/** The rate that applies to a currency on a date, or `rate: null` when none is known (the user must type it). */
export const rateQuoteSchema = z.object({
  currency: z.string(),
  date: z.string(),
  rate: z.string().nullable(),
  source: z.enum(RATE_SOURCES).nullable(),
  /** The business day the rate is from (the previous one for a weekend or holiday). */
  rateDate: z.string().nullable(),
  label: z.string(),
});
export type RateQuote = z.infer<typeof rateQuoteSchema>;

/** POST /api/expenses/{id}/exchange-rate (admins): the new rate and why. */
export const rateOverrideSchema = z.object({
  exchangeRate: decimal({
    decimals: 6,
    min: 0.000001,
    max: RATE_MAX,
    messages: { required: INPUT_MSG.rate, negative: INPUT_MSG.rate, tooLarge: INPUT_MSG.rateTooLarge, decimals: INPUT_MSG.rateDecimals, min: INPUT_MSG.rate },
  }),
  reason: safeText({ error: RATE_MSG.reason }).trim().min(5, { error: RATE_MSG.reason }).max(300, { error: 'Máximo 300 caracteres' }),
});
export type RateOverrideInput = z.input<typeof rateOverrideSchema>;
