import { describe, expect, it } from 'vitest';
import type { AppliedSpotCommand, SpotCommand, SpotEngine } from '../../../core/engine';
import { decodeJson, encodeJson } from '../../../core/engine/persistence';
import { AT, newSpot, order } from '../../../core/engine/spot/test-support';
import { OrderHistory, type FillRecord, type OrderHistoryStorage, type OrderRecord, type StoredOrder } from './history';

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
    const complete = await bounded.completeOrdersOf('buyer');
    expect(complete.orders).toEqual(whole.ordersOf('buyer'));
    expect(complete.fills(filled)).toEqual(whole.fills(filled));
    expect(await bounded.find('buyer', filled)).toEqual({ record: whole.order(filled), fills: whole.fills(filled) });
    expect(await bounded.find('buyer', bids[5]!)).toEqual({ record: whole.order(bids[5]!), fills: [] });
    // another member's order is not found through this one
    expect(await bounded.find('seller', filled)).toBeUndefined();
    expect(await bounded.find('seller', bids[0]!)).toBeUndefined();
    // a member with few finished orders answers from memory alone
    expect((await bounded.completeOrdersOf('seller')).orders).toEqual(whole.ordersOf('seller'));
  });

  it('keeps a finished order whose take-profit / stop-loss legs may still appear', async () => {
    const { log, place, run } = exchange();
    const parent = place('buyer', { side: 'buy', price: '100', qty: '1', takeProfit: '120', stopLoss: '80' });
    place('seller', { side: 'sell', price: '100', qty: '1' });
    for (let i = 0; i < 4; i++) run({ kind: 'cancelOrder', userId: 'buyer', symbol: 'BTCUSDT', orderId: place('buyer', { side: 'buy', price: '90', qty: '1' }) });
    const history = new OrderHistory(1);
    history.persist(new MemoryStore(), 0);
    for (const applied of log) history.apply(applied);
    await history.flush();
    expect(history.order(parent)).toMatchObject({ status: 'filled', final: true });
    // the parent fills the budget of one: the cancelled bids all go
    expect(history.ordersOf('buyer').map((o) => o.id)).toEqual([parent]);
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
    expect((await restarted.completeOrdersOf('buyer')).orders.map((o) => o.id)).toEqual(all);
    expect(restarted.ordersOf('buyer').map((o) => o.id)).toEqual(all.filter((id) => id === fresh[3] || id === fresh[2] || id === fresh[1]));
    await restarted.flush();
    expect(restarted.ordersOf('buyer')).toHaveLength(3);
    expect((await restarted.completeOrdersOf('buyer')).orders.map((o) => o.status)).toEqual(['open', ...Array(6).fill('cancelled')]);
  });
});
