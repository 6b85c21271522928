import type { LiveTicker, TickerRow } from '../shared/service';
import type { ContractTypeCode } from '../shared/types';
import { listingKey } from './catalogue';

export interface LiveQuote {
  ticker: LiveTicker;
  demo: boolean;
}

/** The live 24 h tickers the trading plugins report, per (symbol, contract type); they win over stored ones. */
export class LiveTickers {
  private readonly quotes = new Map<string, LiveQuote>();

  set(symbol: string, contractType: ContractTypeCode, quote: LiveQuote): void {
    this.quotes.set(listingKey(symbol, contractType), quote);
  }

  get(symbol: string, contractType: number): LiveQuote | undefined {
    return this.quotes.get(listingKey(symbol, contractType));
  }

  /** The row with its live ticker (and the live ticker's demo flag) when one is known. */
  merge<R extends TickerRow>(row: R): R {
    return withLiveTicker(row, this.get(row.symbol_name, row.contract_type));
  }
}

export function withLiveTicker<R extends TickerRow>(row: R, quote: LiveQuote | undefined): R {
  if (!quote) return row;
  const { close, zdf, high, low, amount, vol } = quote.ticker;
  return { ...row, close, zdf, high, low, amount, vol, demo: quote.demo };
}
