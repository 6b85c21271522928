import { BinanceFailure, SPOT_ERRORS } from './errors';

/** "BTC/USDT" → "BTCUSDT". */
export const binanceSymbol = (symbol: string): string => symbol.replace('/', '');

/**
 * The markets by their Binance names. Binance symbols carry no separator, so a name is looked up among the
 * markets the exchange has (BTCUSDT → BTC/USDT); anything else is -1121.
 */
export class SymbolIndex {
  constructor(private readonly markets: () => readonly string[]) {}

  /** Every market, in the order they were added. */
  all(): readonly string[] {
    return this.markets();
  }

  find(name: string): string | undefined {
    return this.markets().find((symbol) => binanceSymbol(symbol) === name);
  }

  resolve(name: string): string {
    const symbol = this.find(name);
    if (!symbol) throw new BinanceFailure(SPOT_ERRORS.invalidSymbol());
    return symbol;
  }

  /** `symbol` or `symbols` (a JSON array, ["BTCUSDT","ETHUSDT"]) or, when neither is sent, every market. */
  selection(symbol: string | undefined, symbols: string | undefined): string[] {
    if (symbol !== undefined && symbols !== undefined) throw new BinanceFailure(SPOT_ERRORS.combination());
    if (symbol !== undefined) return [this.resolve(symbol)];
    if (symbols === undefined) return [...this.markets()];
    let names: unknown;
    try {
      names = JSON.parse(symbols);
    } catch {
      names = undefined;
    }
    if (!Array.isArray(names) || names.length === 0 || names.length > 100 || !names.every((name) => typeof name === 'string')) {
      throw new BinanceFailure(SPOT_ERRORS.illegalChars('symbols', '["BTCUSDT","ETHUSDT"]'));
    }
    return [...new Set(names as string[])].map((name) => this.resolve(name));
  }
}
