import type { RateObservation, RateProvider } from './provider.js';
import { RateProviderError } from './provider.js';

/*
 * Banco Central de Chile's statistics web service (BDE, 'SieteRestWS'): one GET per series and range,
 *   {base}?user=…&pass=…&firstdate=YYYY-MM-DD&lastdate=YYYY-MM-DD&timeseries=<code>&function=GetSeries
 * answering JSON:
 *   { "Codigo": 0, "Descripcion": "Success",
 *     "Series": { "descripEsp": "…", "descripIng": "…", "seriesId": "F073.TCO.PRE.Z.D",
 *                 "Obs": [ { "indexDateString": "07-03-2025", "value": "934.51", "statusCode": "OK" }, … ] },
 *     "SeriesInfos": [] }
 * Codigo ≠ 0 is an error (e.g. -5 'Invalid username or password'); an observation without data has statusCode 'ND' and
 * value 'NaN'. Days without publication (weekends, holidays) are simply absent.
 */

/** The series of the currencies the BCCh publishes in pesos per unit: the observed dollar, and the 'tipos de cambio' F072. */
export const BCCH_SERIES: Record<string, string> = {
  USD: 'F073.TCO.PRE.Z.D',
  EUR: 'F072.CLP.EUR.N.O.D',
  ARS: 'F072.CLP.ARS.N.O.D',
  AUD: 'F072.CLP.AUD.N.O.D',
  BOB: 'F072.CLP.BOB.N.O.D',
  BRL: 'F072.CLP.BRL.N.O.D',
  CAD: 'F072.CLP.CAD.N.O.D',
  CHF: 'F072.CLP.CHF.N.O.D',
  CNY: 'F072.CLP.CNY.N.O.D',
  COP: 'F072.CLP.COP.N.O.D',
  DKK: 'F072.CLP.DKK.N.O.D',
  GBP: 'F072.CLP.GBP.N.O.D',
  JPY: 'F072.CLP.JPY.N.O.D',
  KRW: 'F072.CLP.KRW.N.O.D',
  MXN: 'F072.CLP.MXN.N.O.D',
  NOK: 'F072.CLP.NOK.N.O.D',
  NZD: 'F072.CLP.NZD.N.O.D',
  PEN: 'F072.CLP.PEN.N.O.D',
  PYG: 'F072.CLP.PYG.N.O.D',
  SEK: 'F072.CLP.SEK.N.O.D',
  UYU: 'F072.CLP.UYU.N.O.D',
};

interface SieteAnswer {
  Codigo?: number;
  Descripcion?: string;
  Series?: { seriesId?: string; Obs?: { indexDateString?: string; value?: string; statusCode?: string }[] | null };
}

export class BcchRateProvider implements RateProvider {
  readonly source = 'bcch' as const;

  constructor(private opts: { url: string; user: string; pass: string; timeoutMs: number }) {}

  publishes(currency: string): boolean {
    return currency in BCCH_SERIES;
  }

  async observations(currency: string, firstDate: string, lastDate: string): Promise<RateObservation[]> {
    const series = BCCH_SERIES[currency];
    if (!series) return [];
    const url = new URL(this.opts.url);
    url.search = new URLSearchParams({ user: this.opts.user, pass: this.opts.pass, firstdate: firstDate, lastdate: lastDate, timeseries: series, function: 'GetSeries' }).toString();
    let body: SieteAnswer;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs), redirect: 'error' });
      if (!res.ok) throw new RateProviderError(`El Banco Central respondió ${res.status}.`);
      body = (await res.json()) as SieteAnswer;
    } catch (err) {
      if (err instanceof RateProviderError) throw err;
      throw new RateProviderError('No se pudo consultar al Banco Central de Chile.');
    }
    if (body.Codigo !== 0) throw new RateProviderError(`El Banco Central rechazó la consulta: ${String(body.Descripcion ?? body.Codigo)}.`);
    const out: RateObservation[] = [];
    for (const o of body.Series?.Obs ?? []) {
      const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(o.indexDateString ?? '');
      const rate = Number(o.value);
      if (!m || o.statusCode !== 'OK' || !Number.isFinite(rate) || rate <= 0) continue;
      out.push({ date: `${m[3]}-${m[2]}-${m[1]}`, rate });
    }
    return out.sort((a, b) => a.date.localeCompare(b.date));
  }
}
