import type { SpotMarketConfig } from '../../../core/engine';
import type { SpotExchange } from './exchange';

const DEMO_MARKETS: SpotMarketConfig[] = [
  { symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT', priceScale: 2, qtyScale: 6, tickSize: '0.01', lotSize: '0.000001', minNotional: '5', feeTiers: [{ makerPpm: 1000, takerPpm: 1000 }], selfTrade: 'cancelTaker' },
  { symbol: 'ETH/USDT', base: 'ETH', quote: 'USDT', priceScale: 2, qtyScale: 6, tickSize: '0.01', lotSize: '0.0001', minNotional: '5', feeTiers: [{ makerPpm: 1000, takerPpm: 1000 }], selfTrade: 'cancelTaker' },
];

/**
 * A demo site trades BTC/USDT and ETH/USDT, without a price band: the demo market maker quotes around a reference
 * price that moves on its own, and visitors may try prices far from the last one (the order form asks first). Each
 * market is added once under a fixed command id (a repeat is a duplicate and changes nothing), and only while its
 * currencies are configured and the market is unknown.
 */
export async function seedDemoMarkets(exchange: SpotExchange): Promise<void> {
  for (const market of DEMO_MARKETS) {
    if (exchange.engine.market(market.symbol)) continue;
    if (exchange.wallet.scaleOf(market.base) === undefined || exchange.wallet.scaleOf(market.quote) === undefined) continue;
    await exchange.submit({ kind: 'addMarket', id: `spot:demo:${market.symbol}`, at: 0, market });
  }
}
