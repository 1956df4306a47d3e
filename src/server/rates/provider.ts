/** One business day's observation of a currency, in CLP per unit. */
export interface RateObservation {
  date: string;
  rate: number;
}

/**
 * A source of dated exchange rates to CLP. `observations` answers what it published between two dates (business days
 * only: weekends and holidays are absent); it throws RateProviderError when it cannot answer.
 */
export interface RateProvider {
  readonly source: 'bcch';
  /** Whether the provider publishes this currency at all. */
  publishes(currency: string): boolean;
  observations(currency: string, firstDate: string, lastDate: string): Promise<RateObservation[]>;
}

export class RateProviderError extends Error {}
