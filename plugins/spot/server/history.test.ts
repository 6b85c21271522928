import { describe, expect, it } from 'vitest';
import type { AppliedSpotCommand, SpotCommand, SpotEngine } from '../../../core/engine';
import { decodeJson, encodeJson } from '../../../core/engine/persistence';
import { AT, newSpot, order } from '../../../core/engine/spot/test-support';
import { formatDecimal } from '../../../core/shared/money';
import { KEEP_FINISHED, OrderHistory, matchesOrder, type FillQuery, type FillRecord, type OrderHistoryStorage, type OrderQuery, type OrderRecord, type PageRange, type StoredOrder } from './history';

/** Rows kept as a database would: copies, not the history's own objects; a fill row written again is ignored. */
class MemoryStore implements OrderHistoryStorage {
  readonly rows = new Map<number, string>();
  /** Fill rows by order id, then trade id. */
  readonly fillRows = new Map<number, Map<number, string>>();
  /** Every fill given to `write`, repeats included. */
  fillsWritten = 0;
  stored = 0;
  failing = false;

  async write(orders: readonly StoredOrder[], checkpoint?: number): Promise<void> {
    if (this.failing) throw new Error('disk full');
    for (const { record, fills } of orders) {
      this.rows.set(record.id, encodeJson(record));
      const rows = this.fillRows.get(record.id) ?? this.fillRows.set(record.id, new Map()).get(record.id)!;
      for (const fill of fills) if (!rows.has(fill.trade.tradeId)) rows.set(fill.trade.tradeId, encodeJson(fill));
      this.fillsWritten += fills.length;
    }
    if (checkpoint !== undefined) this.stored = checkpoint;
  }

  record(orderId: number): OrderRecord {
    return decodeJson<OrderRecord>(this.rows.get(orderId)!);
  }

  async checkpoint(): Promise<number> {
    return this.stored;
  }

  async ordersOf(userId: string): Promise<StoredOrder[]> {
    return [...this.rows.values()]
      .map((text) => decodeJson<OrderRecord>(text))
      .filter((record) => record.userId === userId)
      .sort((a, b) => a.id - b.id)
      .map((record) => this.withFills(record));
  }

  async order(orderId: number): Promise<StoredOrder | undefined> {
    return this.rows.has(orderId) ? this.withFills(this.record(orderId)) : undefined;
  }

  async newestByClientOrderId(userId: string, symbol: string, clientOrderId: string): Promise<OrderRecord | undefined> {
    return (await this.ordersOf(userId)).map(({ record }) => record).filter((record) => record.symbol === symbol && record.clientOrderId === clientOrderId).at(-1);
  }

  async finishedOrders(userId: string, query: OrderQuery, except: readonly number[], range: PageRange): Promise<{ records: OrderRecord[]; total: number }> {
    const all = (await this.finished(userId, except)).filter(({ record }) => matchesOrder(record, query, record.status)).map(({ record }) => record);
    if (!range.oldestFirst) all.reverse();
    return { records: all.slice(range.offset, range.offset + range.limit), total: all.length };
  }

  async finishedFills(userId: string, query: FillQuery, except: readonly number[], range: Omit<PageRange, 'offset'>): Promise<FillRecord[]> {
    const fills = (await this.finished(userId, except))
      .filter(({ record }) => record.symbol === query.symbol && (query.orderId === undefined || record.id === query.orderId))
      .flatMap(({ fills }) => fills)
      .filter(({ trade }) => (query.fromId === undefined || trade.tradeId >= query.fromId) && (query.from === undefined || trade.at >= query.from) && (query.to === undefined || trade.at <= query.to))
      .sort((a, b) => a.trade.tradeId - b.trade.tradeId || a.orderId - b.orderId);
    return (range.oldestFirst ? fills : fills.reverse()).slice(0, range.limit);
  }

  private async finished(userId: string, except: readonly number[]): Promise<StoredOrder[]> {
    return (await this.ordersOf(userId)).filter(({ record }) => record.final && !except.includes(record.id));
  }

  private withFills(record: OrderRecord): StoredOrder {
    const fills = [...(this.fillRows.get(record.id) ?? new Map<number, string>())].sort(([a], [b]) => a - b).map(([, text]) => decodeJson<FillRecord>(text));
    return { record, fills };
  }
}

/** A spot command without its id and time, which the log below gives. */
type CommandFields = SpotCommand extends infer C ? (C extends unknown ? Omit<C, 'id' | 'at'> : never) : never;

/** A spot engine whose accepted commands are kept as the log a history replays. */
function exchange() {
  const spot: SpotEngine = newSpot({ buyer: { USDT: '100000' }, seller: { BTC: '10' } });
  const log: AppliedSpotCommand[] = [];
  let n = 0;
  const run = (command: CommandFields): number => {
    const full = { ...command, id: `h${++n}`, at: AT + n * 1000 } as SpotCommand;
    const result = spot.apply(full);
    if (!result.ok) throw new Error(`${full.id} refused: ${result.reason}`);
    log.push({ command: full, result });
    return result.orderId ?? 0;
  };
  const place = (userId: string, fields: Parameters<typeof order>[1]) => {
    const { id: _id, at: _at, ...command } = order(userId, fields);
    return run(command);
  };
  return { spot, log, run, place };
}

/** A history fed `log` after `from` (the start's replay). */
function replayed(store: MemoryStore, log: readonly AppliedSpotCommand[], from: number): OrderHistory {
  const history = new OrderHistory();
  history.persist(store, from);
  for (const applied of log) if (applied.result.seq > from) history.apply(applied);
  return history;
}

/** BTCUSDT's decimal text (test-support: prices in cents, quantities at 6 decimals). */
const btcUsdt = { price: (minor: bigint) => formatDecimal(minor, 2), qty: (minor: bigint) => formatDecimal(minor, 6) };

describe('OrderHistory: take-profit / stop-loss legs', () => {
  it('lists each leg from the moment it waits for its trigger, dated as its parent, until it finishes', () => {
    const { log, run, place } = exchange();
    place('seller', { side: 'sell', price: '100', qty: '0.5' });
    const parent = place('buyer', { side: 'buy', price: '100', qty: '0.5', takeProfit: '120', stopLoss: '90' });
    const history = new OrderHistory(KEEP_FINISHED, () => btcUsdt);
    for (const applied of log) history.apply(applied);
    const placedAt = history.order(parent)!.createdAt;
    const legs = history.ordersOf('buyer').filter((record) => record.id !== parent);
    // newest first; 0.499 each: the 0.5 bought less its fee, on the lot
    expect(legs).toMatchObject([
      { id: parent + 2, type: 'stopLoss', side: 'sell', status: 'conditional', final: false, price: '90', trigger: '90', qty: '0.499', createdAt: placedAt },
      { id: parent + 1, type: 'takeProfit', side: 'sell', status: 'conditional', final: false, price: '120', trigger: '120', qty: '0.499', createdAt: placedAt },
    ]);

    run({ kind: 'cancelOrder', userId: 'buyer', symbol: 'BTCUSDT', orderId: parent + 1 });
    history.apply(log.at(-1)!);
    expect([history.order(parent + 1), history.order(parent + 2)]).toMatchObject([
      { status: 'cancelled', reason: 'user', final: true, qty: '0.499' },
      { status: 'cancelled', reason: 'oco', final: true, qty: '0.499' },
    ]);
  });
});

describe('OrderHistory with a store', () => {
  it('writes every changed order with the checkpoint; a start from it shows the same orders and fills', async () => {
    const { log, run, place } = exchange();
    const live = new OrderHistory();
    const store = new MemoryStore();
    live.persist(store, 0);
    const bid = place('buyer', { side: 'buy', price: '100', qty: '2', clientOrderId: 'b1', tif: 'GTC' });
    place('seller', { side: 'sell', price: '100', qty: '0.5' });
    const other = place('buyer', { side: 'buy', price: '90', qty: '1' });
    run({ kind: 'cancelOrder', userId: 'buyer', symbol: 'BTCUSDT', orderId: other });
    for (const applied of log) live.apply(applied);
    await live.flush();
    expect(store.stored).toBe(log.at(-1)!.result.seq);
    expect(store.rows.size).toBe(3);

    const restarted = replayed(store, log, store.stored);
    expect(restarted.order(bid)).toBeUndefined();
    await restarted.ensureUser('buyer');
    await restarted.ensureUser('seller');
    for (const userId of ['buyer', 'seller']) expect(restarted.ordersOf(userId)).toEqual(live.ordersOf(userId));
    expect(restarted.fills(bid)).toEqual(live.fills(bid));
    expect(restarted.order(bid)).toMatchObject({ clientOrderId: 'b1', tif: 'GTC', filledQty: 500000n, status: 'open' });
    expect(restarted.order(other)).toMatchObject({ status: 'cancelled', final: true });
  });

  it('applies a change to a stored order once its member is read, and writes it with the next flush', async () => {
    const { log, place } = exchange();
    const live = new OrderHistory();
    const store = new MemoryStore();
    live.persist(store, 0);
    const bid = place('buyer', { side: 'buy', price: '100', qty: '1' });
    for (const applied of log) live.apply(applied);
    await live.flush();
    const checkpoint = store.stored;

    // after the checkpoint the seller fills the bid: the buyer's history is not read yet
    place('seller', { side: 'sell', price: '100', qty: '1' });
    live.apply(log.at(-1)!);
    const restarted = replayed(store, log, checkpoint);
    expect(restarted.order(bid)).toBeUndefined();
    await restarted.flush();
    // the flush read the buyer to write the filled bid
    expect(store.record(bid)).toMatchObject({ status: 'filled', final: true, filledQty: 1000000n });
    expect(restarted.order(bid)).toEqual(live.order(bid));
    expect(restarted.fills(bid)).toEqual(live.fills(bid));
  });

  it('does not apply twice a change its stored row already holds', async () => {
    const { log, place } = exchange();
    const store = new MemoryStore();
    const bid = place('buyer', { side: 'buy', price: '100', qty: '1' });
    const first = new OrderHistory();
    first.persist(store, 0);
    first.apply(log[0]!);
    await first.flush();
    const checkpoint = store.stored;
    // the fill reached the bid's row, but not the checkpoint (a flush stopped between its writes)
    place('seller', { side: 'sell', price: '100', qty: '0.4' });
    first.apply(log.at(-1)!);
    await store.write([{ record: first.order(bid)!, fills: first.fills(bid) }]);
    expect(store.stored).toBe(checkpoint);

    const restarted = replayed(store, log, checkpoint);
    await restarted.ensureUser('buyer');
    expect(restarted.order(bid)).toMatchObject({ filledQty: 400000n, status: 'open' });
    expect(restarted.fills(bid)).toHaveLength(1);
  });

  it('writes each fill once, however often its order is written again', async () => {
    const { log, place } = exchange();
    const live = new OrderHistory();
    const store = new MemoryStore();
    live.persist(store, 0);
    const bid = place('buyer', { side: 'buy', price: '100', qty: '3' });
    live.apply(log.at(-1)!);
    for (const qty of ['0.5', '1', '1.5']) {
      place('seller', { side: 'sell', price: '100', qty });
      live.apply(log.at(-1)!);
      await live.flush();
    }
    // three flushes wrote the bid three times and the sellers' orders once each: six fills, each sent once
    expect(store.fillsWritten).toBe(6);
    expect(store.record(bid)).toMatchObject({ status: 'filled', filledQty: 3000000n });
    const restarted = replayed(store, log, store.stored);
    await restarted.ensureUser('buyer');
    expect(restarted.fills(bid)).toEqual(live.fills(bid));
    expect(restarted.fills(bid).map((fill) => fill.trade.qty)).toEqual([500000n, 1000000n, 1500000n]);
    // an order read back from the store is written with only its new fills
    place('seller', { side: 'sell', price: '100', qty: '1' });
    const ask = place('buyer', { side: 'buy', price: '100', qty: '1' });
    restarted.apply(log.at(-2)!);
    restarted.apply(log.at(-1)!);
    await restarted.flush();
    expect(store.fillsWritten).toBe(8);
    expect(restarted.fills(ask)).toHaveLength(1);
  });

  it('keeps the orders of a failed write for the next flush', async () => {
    const { log, place } = exchange();
    const history = new OrderHistory();
    const store = new MemoryStore();
    history.persist(store, 0);
    place('buyer', { side: 'buy', price: '100', qty: '1' });
    history.apply(log[0]!);
    store.failing = true;
    await expect(history.flush()).rejects.toThrow('disk full');
    expect(store.rows.size).toBe(0);
    expect(store.stored).toBe(0);
    store.failing = false;
    await history.flush();
    expect(store.rows.size).toBe(1);
    expect(store.stored).toBe(log[0]!.result.seq);
  });

  it("lists a member's new orders before their stored ones", async () => {
    const { log, place } = exchange();
    const store = new MemoryStore();
    const live = new OrderHistory();
    live.persist(store, 0);
    const old = place('buyer', { side: 'buy', price: '100', qty: '1' });
    live.apply(log[0]!);
    await live.flush();
    const restarted = replayed(store, log, store.stored);
    const recent = place('buyer', { side: 'buy', price: '99', qty: '1' });
    restarted.apply(log.at(-1)!);
    await restarted.ensureUser('buyer');
    expect(restarted.ordersOf('buyer').map((o) => o.id)).toEqual([recent, old]);
  });
});

/** All of a member's orders, newest first, as a history page of any size gives them. */
async function everything(history: OrderHistory, userId: string): Promise<OrderRecord[]> {
  return (await history.ordersPage(userId, {}, (record) => record.status, { oldestFirst: false, offset: 0, limit: 1_000_000 })).records;
}

describe('OrderHistory keeps a bounded part of each member’s past in memory', () => {
  /** The buyer places `count` bids at 90 and cancels all but the last; the seller fills one bid at 100 first. */
  function busyBuyer(count: number) {
    const ex = exchange();
    const filled = ex.place('buyer', { side: 'buy', price: '100', qty: '1' });
    ex.place('seller', { side: 'sell', price: '100', qty: '1' });
    const bids = Array.from({ length: count }, () => ex.place('buyer', { side: 'buy', price: '90', qty: '1' }));
    for (const id of bids.slice(0, -1)) ex.run({ kind: 'cancelOrder', userId: 'buyer', symbol: 'BTCUSDT', orderId: id });
    return { ...ex, filled, bids };
  }

  it('drops the oldest finished orders once written; the whole history answers from the store and memory', async () => {
    const { log, filled, bids } = busyBuyer(6);
    const store = new MemoryStore();
    const bounded = new OrderHistory(2);
    const whole = new OrderHistory(1_000_000);
    bounded.persist(store, 0);
    whole.persist(new MemoryStore(), 0);
    for (const applied of log) {
      bounded.apply(applied);
      whole.apply(applied);
    }
    // nothing is dropped before it is written
    expect(bounded.ordersOf('buyer')).toHaveLength(7);
    await bounded.flush();
    await whole.flush();
    // the open bid and the two newest cancelled ones
    expect(bounded.ordersOf('buyer').map((o) => o.id)).toEqual([bids[5], bids[4], bids[3]]);
    expect(bounded.order(filled)).toBeUndefined();
    expect(bounded.fills(filled)).toEqual([]);
    expect(await everything(bounded, 'buyer')).toEqual(whole.ordersOf('buyer'));
    expect(await bounded.fillsPage('buyer', { symbol: 'BTCUSDT' }, { oldestFirst: true, limit: 100 })).toEqual(whole.fills(filled));
    expect(await bounded.find('buyer', filled)).toEqual({ record: whole.order(filled), fills: whole.fills(filled) });
    expect(await bounded.find('buyer', bids[5]!)).toEqual({ record: whole.order(bids[5]!), fills: [] });
    // another member's order is not found through this one
    expect(await bounded.find('seller', filled)).toBeUndefined();
    expect(await bounded.find('seller', bids[0]!)).toBeUndefined();
    // a member with few finished orders answers from memory alone
    expect(await everything(bounded, 'seller')).toEqual(whole.ordersOf('seller'));
  });

  it('looks at a member’s list again only once a quarter of the budget more of their orders finished (open ones are not read at every write)', async () => {
    const { log, place, run } = exchange();
    // 20 open bids the list holds throughout, then 9 bids cancelled one by one
    for (let i = 0; i < 20; i++) place('buyer', { side: 'buy', price: '80', qty: '1' });
    const history = new OrderHistory(8);
    history.persist(new MemoryStore(), 0);
    let applied = 0;
    const finishOne = async () => {
      run({ kind: 'cancelOrder', userId: 'buyer', symbol: 'BTCUSDT', orderId: place('buyer', { side: 'buy', price: '90', qty: '1' }) });
      for (; applied < log.length; applied++) history.apply(log[applied]!);
      await history.flush();
      return history.ordersOf('buyer').filter((o) => o.final).length;
    };
    // looked at after every second one (8 / 4), within the budget of 8
    for (let i = 0; i < 8; i++) expect(await finishOne()).toBe(i + 1);
    // the ninth is past the budget, but only one finished since the last look: it stays until the next one
    expect(await finishOne()).toBe(9);
    expect(await finishOne()).toBe(8);
    expect(history.ordersOf('buyer').filter((o) => !o.final)).toHaveLength(20);
  });

  it('keeps a finished order whose take-profit / stop-loss legs may still appear', async () => {
    const { log, place, run } = exchange();
    const parent = place('buyer', { side: 'buy', price: '100', qty: '1', takeProfit: '120', stopLoss: '80' });
    place('seller', { side: 'sell', price: '100', qty: '1' });
    for (let i = 0; i < 4; i++) run({ kind: 'cancelOrder', userId: 'buyer', symbol: 'BTCUSDT', orderId: place('buyer', { side: 'buy', price: '90', qty: '1' }) });
    const history = new OrderHistory(1, () => btcUsdt);
    history.persist(new MemoryStore(), 0);
    for (const applied of log) history.apply(applied);
    await history.flush();
    expect(history.order(parent)).toMatchObject({ status: 'filled', final: true });
    // the parent fills the budget of one: the cancelled bids all go; its legs wait for their triggers
    expect(history.ordersOf('buyer').map((o) => o.id)).toEqual([parent + 2, parent + 1, parent]);
  });

  it('a trimmed member read after a restart gets their stored orders back in id order, then trimmed again', async () => {
    const { log, place, run } = exchange();
    const store = new MemoryStore();
    const first = new OrderHistory(2);
    first.persist(store, 0);
    const old = Array.from({ length: 3 }, () => place('buyer', { side: 'buy', price: '90', qty: '1' }));
    for (const applied of log) first.apply(applied);
    await first.flush();
    const checkpoint = store.stored;
    const restarted = new OrderHistory(2);
    restarted.persist(store, checkpoint);
    const fresh = Array.from({ length: 4 }, () => place('buyer', { side: 'buy', price: '91', qty: '1' }));
    for (const id of [...old, ...fresh.slice(0, 3)]) run({ kind: 'cancelOrder', userId: 'buyer', symbol: 'BTCUSDT', orderId: id });
    for (const applied of log) if (applied.result.seq > checkpoint) restarted.apply(applied);
    await restarted.flush();
    const all = [...old, ...fresh].sort((a, b) => b - a);
    expect((await everything(restarted, 'buyer')).map((o) => o.id)).toEqual(all);
    expect(restarted.ordersOf('buyer').map((o) => o.id)).toEqual(all.filter((id) => id === fresh[3] || id === fresh[2] || id === fresh[1]));
    await restarted.flush();
    expect(restarted.ordersOf('buyer')).toHaveLength(3);
    expect((await everything(restarted, 'buyer')).map((o) => o.status)).toEqual(['open', ...Array(6).fill('cancelled')]);
  });
});

describe('OrderHistory pages of a trimmed member', () => {
  /** A buyer's busy past: bids filled, partly filled, cancelled and open, stops, sells of what was bought. */
  function busyPast(ex: ReturnType<typeof exchange>, rounds: number, from: number) {
    const { place, run } = ex;
    for (let i = from; i < from + rounds; i++) {
      // a client order id is used again once its order is cancelled
      const bid = place('buyer', { side: 'buy', price: String(90 + (i % 7)), qty: '1', ...(i % 3 === 1 ? { clientOrderId: `c${i % 5}` } : {}) });
      if (i % 3 === 0) place('seller', { side: 'sell', price: '90', qty: i % 2 ? '1' : '0.5' });
      if (i % 3 === 1) run({ kind: 'cancelOrder', userId: 'buyer', symbol: 'BTCUSDT', orderId: bid });
      if (i % 5 === 2) place('buyer', { side: 'buy', type: 'stopLimit', trigger: '150', price: '151', qty: '0.1' });
      if (i % 6 === 3) place('buyer', { side: 'sell', price: '500', qty: '0.2' });
    }
  }

  it('answers every filter and page alike from the store and memory as a history that keeps everything', async () => {
    const ex = exchange();
    const bounded = new OrderHistory(3);
    const whole = new OrderHistory(1_000_000);
    bounded.persist(new MemoryStore(), 0);
    whole.persist(new MemoryStore(), 0);
    const feed = (from: number) => {
      for (const applied of ex.log.slice(from)) {
        bounded.apply(applied);
        whole.apply(applied);
      }
      return ex.log.length;
    };
    busyPast(ex, 24, 0);
    let fed = feed(0);
    await bounded.flush();
    await whole.flush();
    // changes not written yet: orders finished, filled and placed since, held in memory only
    busyPast(ex, 6, 24);
    fed = feed(fed);
    expect(bounded.ordersOf('buyer').length).toBeLessThan(whole.ordersOf('buyer').length);

    const times = whole.ordersOf('buyer').map((o) => o.createdAt).sort((a, b) => a - b);
    const ids = whole.ordersOf('buyer').map((o) => o.id).sort((a, b) => a - b);
    const queries: OrderQuery[] = [
      {},
      { status: 'filled' },
      { status: 'cancelled' },
      { status: 'open' },
      { status: 'conditional' },
      { side: 'sell' },
      { currency: 'BTC' },
      { currency: 'ETH' },
      { symbol: 'BTCUSDT', side: 'buy' },
      { from: times[10], to: times[40] },
      { fromId: ids[30] },
    ];
    const status = (record: OrderRecord) => record.status;
    for (const query of queries) {
      for (const oldestFirst of [false, true]) {
        for (const [offset, limit] of [[0, 1], [0, 7], [2, 3], [5, 10], [13, 4], [40, 100]] as const) {
          const range = { oldestFirst, offset, limit };
          const expected = await whole.ordersPage('buyer', query, status, range);
          expect(await bounded.ordersPage('buyer', query, status, range), JSON.stringify({ query, range })).toEqual(expected);
        }
      }
    }
    expect((await whole.ordersPage('buyer', {}, status, { oldestFirst: true, offset: 0, limit: 1 })).total).toBe(ids.length);

    const tradeIds = whole.ordersOf('buyer').flatMap((o) => whole.fills(o.id)).map((fill) => fill.trade.tradeId).sort((a, b) => a - b);
    expect(tradeIds.length).toBeGreaterThan(8);
    const filled = whole.ordersOf('buyer').find((o) => o.status === 'filled')!;
    const fillQueries: FillQuery[] = [
      { symbol: 'BTCUSDT' },
      { symbol: 'BTCUSDT', fromId: tradeIds[4] },
      { symbol: 'BTCUSDT', orderId: filled.id },
      { symbol: 'BTCUSDT', from: times[5], to: times[30] },
      { symbol: 'ETHUSDT' },
    ];
    for (const query of fillQueries) {
      for (const oldestFirst of [false, true]) {
        for (const limit of [1, 3, 50]) {
          expect(await bounded.fillsPage('buyer', query, { oldestFirst, limit }), JSON.stringify({ query, oldestFirst, limit })).toEqual(await whole.fillsPage('buyer', query, { oldestFirst, limit }));
        }
      }
    }
    for (let c = 0; c < 5; c++) expect(await bounded.findByClientOrderId('buyer', 'BTCUSDT', `c${c}`)).toEqual(await whole.findByClientOrderId('buyer', 'BTCUSDT', `c${c}`));
  });

  it('a write waits for a query of the store under way, and a query for a write under way', async () => {
    const ex = exchange();
    const store = new MemoryStore();
    const history = new OrderHistory(1);
    history.persist(store, 0);
    busyPast(ex, 6, 0);
    for (const applied of ex.log) history.apply(applied);
    await history.flush();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const finished = store.finishedOrders.bind(store);
    const events: string[] = [];
    store.finishedOrders = async (...args) => {
      events.push('query');
      await gate;
      return finished(...args);
    };
    const query = history.ordersPage('buyer', {}, (record) => record.status, { oldestFirst: false, offset: 0, limit: 10 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    busyPast(ex, 1, 6);
    history.apply(ex.log.at(-1)!);
    const write = history.flush().then(() => events.push('write'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual(['query']);
    release();
    await query;
    await write;
    expect(events).toEqual(['query', 'write']);
  });
});
