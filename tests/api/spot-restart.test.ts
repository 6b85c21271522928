// What a start rebuilds of the spot plugin's views: the order history from its table and the commands after its
// checkpoint; without a stored history, the order history, fills and market data of the last commands
// (HISTORY_WINDOW) and every open order placed before them, from the engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOT_PATHS } from '../../plugins/spot/shared/types';
import { rebuiltExchange } from '../support/spot-exchange';
import { availableDialects } from './harness';
import { startWalletServer, type WalletMember, type WalletTestServer } from './wallet-harness';

const BTC = '/coin/entrust/exchange/BTC_USDT';

for (const dialect of await availableDialects()) {
  describe(`spot restart (${dialect})`, () => {
    let server: WalletTestServer;
    let buyer: WalletMember;
    let seller: WalletMember;
    const ids: Record<'early' | 'filled' | 'cancelled' | 'late' | 'taker', number> = { early: 0, filled: 0, cancelled: 0, late: 0, taker: 0 };
    const start = (reuse?: WalletTestServer) => startWalletServer(dialect, { reuse, site: { plugins: ['identity', 'wallet', 'markets', 'api-keys', 'spot'] } });
    const place = async (member: WalletMember, body: Record<string, unknown>) => {
      const response = await server.post(BTC, body, member.token);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data.id as number;
    };
    const rebuilt = (window?: number, stored = false) => rebuiltExchange(server, { window, stored });
    const restart = async () => {
      await server.close({ keepData: true });
      server = await start(server);
    };
    const historyOf = async (member: WalletMember) => {
      const response = await server.get(SPOT_PATHS.history.replace(':a', 'all').replace(':b', 'all').replace(':c', '1'), member.token);
      expect(response.status).toBe(200);
      return response.body.data.records as Array<{ id: number; status: string; filledNum: string }>;
    };

    beforeAll(async () => {
      server = await start();
      buyer = await server.signUp();
      seller = await server.signUp();
      await server.credit(buyer.id, 'USDT', '100000');
      await server.credit(seller.id, 'BTC', '5');
      // the early bid rests and fills in part before the window and in part inside it
      ids.early = await place(buyer, { side: 'buy', type: 'limit', price: '50000', num: '0.3', clientOrderId: 'early-bid' });
      ids.filled = await place(seller, { side: 'sell', type: 'limit', price: '50000', num: '0.1' });
      ids.cancelled = await place(buyer, { side: 'buy', type: 'limit', price: '40000', num: '0.1' });
      expect((await server.post(SPOT_PATHS.cancel, { id: ids.cancelled }, buyer.token)).status).toBe(200);
      // the window: the last two commands
      ids.late = await place(seller, { side: 'sell', type: 'limit', price: '60000', num: '0.1' });
      ids.taker = await place(seller, { side: 'sell', type: 'limit', price: '50000', num: '0.05' });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('keeps the whole history when the log is shorter than the window', async () => {
      const all = await rebuilt();
      expect(all.history.ordersOf(buyer.id).map((o) => o.id)).toEqual([ids.cancelled, ids.early]);
      expect(all.history.ordersOf(seller.id).map((o) => o.id)).toEqual([ids.taker, ids.late, ids.filled]);
      expect(all.history.fills(ids.early)).toHaveLength(2);
      expect(all.history.order(ids.filled)).toMatchObject({ status: 'filled', final: true });
      expect(all.marketData.trades('BTC/USDT', 10)).toHaveLength(2);
    });

    it('with a window, keeps its commands and every open order placed before it', async () => {
      const windowed = await rebuilt(2);
      const { history } = windowed;
      // placed before the window and still open: from the engine, with every fill so far
      expect(history.order(ids.early)).toMatchObject({ status: 'open', final: false, clientOrderId: 'early-bid', price: '50000', qty: '0.3', filledQty: 150000n });
      expect(history.fills(ids.early)).toHaveLength(1);
      // finished before the window: not kept
      expect(history.order(ids.filled)).toBeUndefined();
      expect(history.order(ids.cancelled)).toBeUndefined();
      // inside the window: as placed
      expect(history.order(ids.late)).toMatchObject({ status: 'open', type: 'limit', price: '60000', qty: '0.1' });
      expect(history.order(ids.taker)).toMatchObject({ status: 'filled', final: true });
      expect(history.ordersOf(buyer.id).map((o) => o.id)).toEqual([ids.early]);
      expect(history.ordersOf(seller.id).map((o) => o.id)).toEqual([ids.taker, ids.late]);
      // every market is known; the market data comes from its own tables, older than the window too
      expect(history.markets()).toEqual((await rebuilt()).history.markets());
      expect(windowed.marketData.trades('BTC/USDT', 10).map((t) => t.qty)).toEqual(['0.05', '0.1']);
      expect(windowed.marketData.depth('BTC/USDT', 5).bids[0]).toEqual(['50000', '0.15']);
    });

    it('a restarted server shows the open orders and the history over HTTP', async () => {
      await restart();
      const open = await server.get(SPOT_PATHS.openOrders.replace(':x', 'BTC_USDT'), buyer.token);
      expect(open.status).toBe(200);
      expect(open.body.data.map((o: any) => [o.id, o.filledNum])).toEqual([[ids.early, '0.15']]);
      const fills = await server.get(SPOT_PATHS.fills.replace(':id', String(ids.early)), buyer.token);
      expect(fills.body.data).toHaveLength(2);
      expect((await historyOf(buyer)).map((o) => [o.id, o.status])).toEqual([[ids.cancelled, 'cancelled'], [ids.early, 'open']]);
      expect((await historyOf(seller)).map((o) => [o.id, o.status])).toEqual([[ids.taker, 'filled'], [ids.late, 'open'], [ids.filled, 'filled']]);
    });

    it('with its stored history, a start keeps the orders finished before any window', async () => {
      const windowed = await rebuilt(2, true);
      const history = await windowed.historyOf(seller.id);
      expect(history.order(ids.filled)).toMatchObject({ status: 'filled', final: true, filledQty: 100000n });
      expect(history.ordersOf(seller.id).map((o) => o.id)).toEqual([ids.taker, ids.late, ids.filled]);
      await windowed.historyOf(buyer.id);
      expect(history.order(ids.cancelled)).toMatchObject({ status: 'cancelled', final: true });
      expect(history.fills(ids.early)).toHaveLength(2);
    });

    it('an order filled after a restart, before its owner looks, is stored filled with all its fills', async () => {
      await restart();
      // the buyer has not asked for anything since the start: the fill of their stored bid waits for their rows
      await place(seller, { side: 'sell', type: 'limit', price: '50000', num: '0.15' });
      await restart();
      expect((await historyOf(buyer)).find((o) => o.id === ids.early)).toMatchObject({ status: 'filled', filledNum: '0.3' });
      const fills = await server.get(SPOT_PATHS.fills.replace(':id', String(ids.early)), buyer.token);
      expect(fills.body.data).toHaveLength(3);
      const open = await server.get(SPOT_PATHS.openOrders.replace(':x', 'BTC_USDT'), buyer.token);
      expect(open.body.data).toEqual([]);
    });
  });
}
