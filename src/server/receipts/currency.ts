import { fold } from './text.js';

/**
 * The currency a receipt is in, as an ISO 4217 code (any code, not only the ones the expense form lists): from a
 * symbol or code printed next to an amount, else from the country the receipt shows (tax id, legal forms, tax names).
 */

/** Active ISO 4217 codes. */
export const ISO_4217 = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF ' +
    'CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG ' +
    'HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA ' +
    'MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD ' +
    'RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX ' +
    'USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWG'
  ).split(' '),
);

/** Currencies whose receipts print whole units (no decimals): '12.990' is twelve thousand nine hundred ninety. */
export const WHOLE_UNIT_CURRENCIES = new Set(['CLP', 'COP', 'PYG', 'JPY', 'KRW', 'VND', 'IDR', 'ISK', 'UGX', 'XOF', 'XAF', 'HUF', 'CRC']);

export function isWholeUnit(currency: string): boolean {
  return WHOLE_UNIT_CURRENCIES.has(currency);
}

/**
 * Codes that are also words on receipts in Spanish, English or Portuguese ('ALL ITEMS', 'TOP', 'PEN DRIVE',
 * 'COP.' for código, 'MOP', 'SOS', 'BOB', 'GEL', 'TRY'): only trusted right before or after an amount, and never
 * when the word is followed by another word.
 */
const WORD_LIKE = new Set(['ALL', 'TOP', 'CUP', 'MOP', 'SOS', 'BOB', 'GEL', 'TRY', 'PEN', 'COP', 'MAD', 'BAM', 'DOP', 'BND', 'LAK', 'AMD', 'SAR', 'ERN', 'GIP', 'CAD', 'NAD', 'RON', 'WST', 'MGA', 'SHP', 'BHD']);

const TRUSTED_WORD_LIKE = new Set(['PEN', 'COP', 'CAD']);

/**
 * Symbols and words, folded (uppercase, no accents). Order matters: 'US$' before '$', 'R$' before '$'. 'RM' is the
 * ringgit's symbol, trusted only right before an amount or as a column heading '(RM)'.
 */
const SYMBOLS: ReadonlyArray<[RegExp, string]> = [
  [/US\$|U\$S|\bDOLARES\b|\bDOLLARS?\b/, 'USD'],
  [/€\s?\d|\d\s?€|\bEUROS?\b/, 'EUR'],
  // 'VALOR$' is a label with a peso sign, not reais. OCR reads R$ as RS before an amount in reais ('RS 134,45').
  [/(?<![A-Z])R\$|\bREAIS\b|\bRS\s?(?=\d{1,3}(?:\.\d{3})*,\d{2}(?![\d.,]))/, 'BRL'],
  [/\bS\/\.?\s?\d|\bSOLES\b/, 'PEN'],
  [/\$U\b|\$U\s/, 'UYU'],
  [/£|\bPOUNDS?\s+STERLING\b/, 'GBP'],
  [/\bRM\s?\d|\(RM\)|\bRINGGIT\b|\bIN\s+RM\b/, 'MYR'],
  [/MX\$|\bM\.\s?N\.|\bPESOS\s+MEXICANOS\b/, 'MXN'],
  [/元|\bRMB\b|人民币/, 'CNY'],
  [/円|\bYEN\b/, 'JPY'],
  [/S\$(?=\s?\d)/, 'SGD'],
  [/HK\$/, 'HKD'],
  [/A\$(?=\s?\d)|AU\$/, 'AUD'],
  [/C\$(?=\s?\d)|CA\$/, 'CAD'],
  [/₹/, 'INR'],
  [/₩/, 'KRW'],
  [/₱/, 'PHP'],
  [/฿|\bBAHT\b/, 'THB'],
  [/₫/, 'VND'],
  [/\bZL\b|ZŁ/, 'PLN'],
  [/\bKC\b|KČ/, 'CZK'],
  [/₺/, 'TRY'],
  [/¥\s?\d/, 'JPY'],
];

/** Codes trusted next to an amount; any other ISO code only in a heading ('MONEDA: XXX') or printed twice, since OCR noise makes three capitals. */
const COMMON_CODES = new Set(['USD', 'EUR', 'GBP', 'BRL', 'ARS', 'PEN', 'COP', 'UYU', 'CLP', 'MXN', 'CNY', 'JPY', 'MYR', 'CAD', 'AUD', 'CHF', 'BOB', 'PYG', 'SGD', 'HKD', 'INR', 'KRW', 'NZD', 'THB', 'PHP', 'IDR', 'VND', 'AED', 'ZAR', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'TRY', 'ILS', 'CRC', 'GTQ', 'DOP']);

/** A three-letter code right before or after an amount ('CLP 15.660', '12.50 GBP', 'USD: 45'). */
const CODE_NEAR_AMOUNT = /\b([A-Z]{3})\b\s?[:.]?\s?(?=\d)|\d\s?([A-Z]{3})\b(?!\s*\.|\s+[A-Z]{2,})/g;
/** A code alone on a line or in a heading ('MONEDA: CLP', 'CURRENCY GBP', 'VALORES EN CLP'). */
const CODE_LABELLED = /\b(?:MONEDA|CURRENCY|DIVISA|VALORES\s+EN|AMOUNTS?\s+IN|EN)\s*[:.]?\s*([A-Z]{3})\b/g;

function codeAt(text: string): { index: number; code: string } | null {
  let best: { index: number; code: string } | null = null;
  for (const re of [CODE_NEAR_AMOUNT, CODE_LABELLED]) {
    for (const m of text.matchAll(re)) {
      const code = m[1] ?? m[2];
      if (!code || !ISO_4217.has(code)) continue;
      // A word-like code counts only for the currencies a Chilean app meets, touching the number ('PEN 12', '12 PEN',
      // not 'COP. 123' for código).
      if (WORD_LIKE.has(code) && (!TRUSTED_WORD_LIKE.has(code) || /^[A-Z]{3}\s?\./.test(m[0]))) continue;
      if (re === CODE_NEAR_AMOUNT && !COMMON_CODES.has(code) && text.split(code).length < 3) continue;
      if (!best || m.index < best.index) best = { index: m.index ?? 0, code };
    }
  }
  return best;
}

/** First explicit currency symbol or code in a piece of text (folded or not). */
export function currencyFromSymbols(text: string): string | null {
  const t = fold(text);
  let best: { index: number; currency: string } | null = null;
  const code = codeAt(t);
  if (code) best = { index: code.index, currency: code.code };
  for (const [re, currency] of SYMBOLS) {
    const m = re.exec(t);
    if (m && (!best || m.index < best.index)) best = { index: m.index, currency };
  }
  // '¥' with cents or next to Chinese is the yuan.
  if (best?.currency === 'JPY' && /¥\s?\d+[.,]\d{2}\b|[\u4e00-\u9fff]{2}/.test(text) && !/円|[\u3040-\u30ff]/.test(text)) best.currency = 'CNY';
  return best ? best.currency : null;
}

/**
 * The country's currency from what the receipt says about where it was issued, when no amount carries a symbol:
 * Malaysian legal forms and tax registration (SDN BHD, GST/SST), Brazil (CNPJ, NFC-e, DANFE), Mexico (RFC, M.N.),
 * the UK (VAT reg. no. with a postcode), Japan (kana), China (hanzi).
 */
const MALAYSIAN_STATES = 'SELANGOR|JOHOR|PERAK|KEDAH|PAHANG|SABAH|SARAWAK|MELAKA|MALACCA|KELANTAN|TERENGGANU|NEGERI\\s+SEMBILAN|PERLIS|PULAU\\s+PINANG|PENANG|KUALA\\s+LUMPUR|PUTRAJAYA|LABUAN';
const MALAYSIAN_ADDRESS = new RegExp(`\\b\\d{5}\\b[ ,.A-Z]{0,40}\\b(${MALAYSIAN_STATES})\\b`);

export function currencyFromCountry(text: string): string | null {
  const t = fold(text);
  const my =
    (/\bS[DO]N\.?\s?BH[DO]\b|\bBERHAD\b/.test(t) ? 2 : 0) +
    // 'GST ID', glued as OCR reads it ('GST1D', 'GSTREG').
    (/\b(GST|SST)(\b|1D|ID|REG|NO\b)/.test(t) ? 1 : 0) +
    (/\bMALAYSIA\b|\bSELANGOR\b|\bKUALA\s+LUMPUR\b|\bJOHOR\b|\bPETALING\s+JAYA\b|\bSHAH\s+ALAM\b|\bPULAU\s+PINANG\b|\bPERAK\b|\bKLANG\b|\bJALAN\b|\bJLN\b|\bTAMAN\b/.test(t) ? 1 : 0) +
    (/\bRM\b/.test(t) ? 1 : 0) +
    // A postcode of five digits, then a state's name: the address of a Malaysian shop ('47100 PUCHONG, SELANGOR').
    (MALAYSIAN_ADDRESS.test(t) ? 2 : 0);
  if (my >= 2) return 'MYR';
  if (/\bCNPJ\b|\bNFC-?E\b|\bDANFE\b|\bCUPOM\s+FISCAL\b/.test(t)) return 'BRL';
  if (/\bR\.?\s?F\.?\s?C\.?\s*[:.]?\s*[A-Z&]{3,4}-?\d{6}-?[A-Z0-9]{3}\b/.test(t)) return 'MXN';
  if (/\bVAT\s+(REG|NO|NUMBER)\b/.test(t) && /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/.test(t)) return 'GBP';
  if (/[\u3040-\u30ff]/.test(text)) return 'JPY';
  if (/[\u4e00-\u9fff]{4}/.test(text)) return 'CNY';
  return null;
}
