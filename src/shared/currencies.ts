/**
 * ISO 4217 list one (active codes), shipped as data: validation accepts exactly these. Compared with Node 20's
 * Intl.supportedValuesOf('currency') (tests/api/exchange-rates.test.ts): ICU still lists the withdrawn HRK (2023), ZWL
 * (2024) and ANG (2025), which are not here, and lacks the fund and unit codes (CLF, the Unidad de Fomento, BOV, CHE,
 * CHW, COU, MXV, USN, UYI, UYW), VED and the X-codes of metals and units, which are.
 */
export const ISO_CURRENCIES = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD',
  'BND', 'BOB', 'BOV', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHE', 'CHF', 'CHW', 'CLF', 'CLP',
  'CNY', 'COP', 'COU', 'CRC', 'CUC', 'CUP', 'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR',
  'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS',
  'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT',
  'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR',
  'MWK', 'MXN', 'MXV', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP',
  'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE',
  'SLL', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD',
  'TZS', 'UAH', 'UGX', 'USD', 'USN', 'UYI', 'UYU', 'UYW', 'UZS', 'VED', 'VES', 'VND', 'VUV', 'WST', 'XAF', 'XAG',
  'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XCD', 'XCG', 'XDR', 'XOF', 'XPD', 'XPF', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX',
  'YER', 'ZAR', 'ZMW', 'ZWG',
] as const;

const ISO_SET: ReadonlySet<string> = new Set(ISO_CURRENCIES);

export function isIsoCurrency(code: string): boolean {
  return ISO_SET.has(code);
}

/** Offered first on the form: the eight of the original form, then what Chilean travellers meet most. */
export const COMMON_CURRENCIES = ['CLP', 'USD', 'EUR', 'UYU', 'ARS', 'PEN', 'COP', 'BRL', 'MXN', 'BOB', 'GBP', 'CNY', 'JPY', 'CAD', 'AUD', 'CHF'] as const;

const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['es-CL', 'es'], { type: 'currency' }) : null;

/** Spanish name of a code ('Ringgit malasio'); the code itself when the runtime has none. */
export function currencyName(code: string): string {
  try {
    const n = names?.of(code);
    return n && n !== code ? n.charAt(0).toUpperCase() + n.slice(1) : code;
  } catch {
    return code;
  }
}

/** Every code with its label, common ones first, then the rest alphabetically. */
export function currencyOptions(): { code: string; label: string; common: boolean }[] {
  const common = new Set<string>(COMMON_CURRENCIES);
  return [
    ...COMMON_CURRENCIES.map((code) => ({ code, label: `${code} - ${currencyName(code)}`, common: true })),
    ...ISO_CURRENCIES.filter((c) => !common.has(c)).map((code) => ({ code, label: `${code} - ${currencyName(code)}`, common: false })),
  ];
}
