import { formatNumberDisplay } from '../../../core/shared';
import { formatFiat, multiplyDecimals } from '../../../core/web';
import type { ShellRoot } from '../../../core/plugin-api';
import type { MarketRow } from '../shared/types';

/** Quote currencies worth one USD a unit: the site values in USDT, and coin-margined contracts quote in USD. */
const AT_PAR = ['USDT', 'USD'];

/**
 * USD a unit of every quote currency the rows can value: USDT and USD at par, any other coin at the last price of
 * its CODE/USDT spot market — what the server values balances and the trading screen's price at. A coin without
 * such a market, or without a price yet, is missing.
 */
export function quoteValues(spot: readonly MarketRow[]): ReadonlyMap<string, string> {
  const values = new Map(AT_PAR.map((code) => [code, '1']));
  for (const row of spot) {
    if (row.quote_symbol === 'USDT' && row.close !== null && !values.has(row.coin_symbol)) values.set(row.coin_symbol, row.close);
  }
  return values;
}

/**
 * An amount in a market's quote currency as the display currency shows it ("€3,093.50" for 0.05 BTC); in the quote
 * currency itself ("0.05000000 XYZ") when its USD value is unknown; "--" when there is no amount.
 */
export function formatQuoted(root: Pick<ShellRoot, 'settings'>, amount: string | null, quote: string, values: ReadonlyMap<string, string>): string {
  if (amount === null) return '--';
  const usd = values.get(quote);
  return usd === undefined ? `${formatNumberDisplay(amount)} ${quote}` : formatFiat(root, multiplyDecimals(amount, usd));
}
