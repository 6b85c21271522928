// A second spot exchange view over a running test server's engine and log, as a start would rebuild it.
import { MARKETS_SERVICE, type MarketsService } from '../../plugins/markets/shared/service';
import { SpotExchange } from '../../plugins/spot/server/exchange';
import type { OrderHistoryStorage } from '../../plugins/spot/server/history';
import type { WalletTestServer } from '../api/wallet-harness';

/** A database without a stored order history (as before the first checkpoint). */
export const NOTHING_STORED: OrderHistoryStorage = {
  checkpoint: async () => 0,
  write: async () => {},
  ordersOf: async () => [],
  order: async () => undefined,
  newestByClientOrderId: async () => undefined,
  finishedOrders: async () => ({ records: [], total: 0 }),
  finishedFills: async () => [],
};

/**
 * Loads and closes (writing its views) an exchange over `server`'s engine and log: without a stored order history
 * it is rebuilt from the last `window` commands and the engine's open orders; with `stored`, from the history
 * table and its checkpoint (its members' orders are read by `historyOf`).
 */
export async function rebuiltExchange(server: WalletTestServer, options: { window?: number; stored?: boolean } = {}): Promise<SpotExchange> {
  const markets = server.context.use<MarketsService>(MARKETS_SERVICE);
  const exchange = options.stored ? new SpotExchange(server.context, server.wallet, markets) : new SpotExchange(server.context, server.wallet, markets, NOTHING_STORED);
  await exchange.load(options.window);
  await exchange.close();
  return exchange;
}
