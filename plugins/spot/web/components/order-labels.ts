// How the member's orders read on the screens: their market's decimals, amounts with a unit.
import { DecimalError, INVALID_NUMBER_DISPLAY, formatWithSeparators } from '../../../../core/shared';
import type { SpotSymbol } from '../../shared/types';

/** Decimals of a market's prices and quantities, and its quote currency. */
export interface OrderMarket {
  price: number;
  qty: number;
  quote: string;
}

/** The market of an order's symbol ("BTC/USDT"); 8 decimals and the symbol's quote when it is not listed. */
export function orderMarket(markets: readonly SpotSymbol[], symbol: string): OrderMarket {
  const market = markets.find((candidate) => candidate.symbol_name === symbol);
  return { price: market?.base_coin_scale ?? 8, qty: market?.coin_coin_scale ?? 8, quote: market?.quote_symbol ?? symbol.split('/')[1] ?? '' };
}

/**
 * An amount with its currency ("14,500.5 USDT"), exact as the server wrote it: the market does not tell the quote
 * currency's decimals, so it is neither padded nor cut.
 */
export function formatAmount(value: string | null, currency: string): string {
  if (value === null) return INVALID_NUMBER_DISPLAY;
  try {
    return `${formatWithSeparators(value)} ${currency}`;
  } catch (error) {
    if (error instanceof DecimalError) return INVALID_NUMBER_DISPLAY;
    throw error;
  }
}
