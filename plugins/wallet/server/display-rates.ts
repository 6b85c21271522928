import { ApiError, CgformStore, type ServerContext } from '../../../core/server';
import { isPrice } from './valuation';

export interface DisplayRate {
  /** ISO code, e.g. "EUR". */
  currency: string;
  /** Units of the currency per 1 USD (USDT is valued as USD). */
  rate: string;
}

/**
 * Display-currency rates as GET /coin/open/getCoinRate serves them: the operator-set rows of the cgform
 * collection `currency`, with the site's configured currency as the fallback for its own code.
 */
export class DisplayRates {
  private readonly forms: CgformStore;

  constructor(private readonly context: ServerContext) {
    this.forms = new CgformStore(context.db, context.dialect, context.now);
  }

  /** The rate of `code` (the site's display currency when absent); 400 naming `currency` when unknown. */
  async rateOf(code?: string): Promise<DisplayRate> {
    const wanted = code ?? this.context.site.currency.code;
    const row = (await this.forms.rows('currency')).find((candidate) => String(candidate.code) === wanted);
    const rate = row ? String(row.rate) : wanted === this.context.site.currency.code ? this.context.site.currency.rate : undefined;
    if (rate === undefined || !isPrice(rate)) throw ApiError.fieldInvalid('currency');
    return { currency: wanted, rate };
  }
}
