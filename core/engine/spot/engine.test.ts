import { describe, expect, it } from 'vitest';
import { accountKey, systemAccountKey } from '../ledger/accounts';
import type { SpotAccepted, SpotResult } from './types';
import { sha256 as hash } from '../persistence';

const hash_ = hash;
import { SpotEngine } from './engine';
import { AT, BTCUSDT, funds, newSpot, order, RecordingLedger } from './test-support';

function accepted(result: SpotResult): SpotAccepted {
  if (!result.ok) throw new Error(`rejected: ${result.reason} ${result.field ?? ''}`);
  return result;
}

describe('spot engine: holds per order type', () => {
  it.each([
    ['buy limit holds price × qty in quote', { side: 'buy', type: 'limit', price: '101.5', qty: '0.5' }, 'USDT', '50.75'],
    ['sell limit holds qty in base', { side: 'sell', type: 'limit', price: '101.5', qty: '0.5' }, 'BTC', '0.5'],
    ['buy stop-limit holds price × qty', { side: 'buy', type: 'stopLimit', trigger: '120', price: '121', qty: '0.1' }, 'USDT', '12.1'],
    ['sell stop-limit holds qty', { side: 'sell', type: 'stopLimit', trigger: '90', price: '89', qty: '0.1' }, 'BTC', '0.1'],
  ] as const)('%s', (_name, fields, currency, frozen) => {
    const spot = newSpot({ u1: { BTC: '1', USDT: '1000' } });
    const result = accepted(spot.apply(order('u1', fields)));
    expect(funds(spot, 'u1', currency)[1]).toBe(frozen);
    expect(spot.order(result.orderId!)).toMatchObject({ held: spot.ledger.currencies.parse(currency, frozen), heldCurrency: currency });
  });

  it('a market order with nothing to trade releases its whole hold', () => {
    const spot = newSpot({ u1: { USDT: '1000' } });
    const result = accepted(spot.apply(order('u1', { type: 'market', quote: '100' })));
    expect(result.orders).toMatchObject([{ status: 'cancelled', reason: 'noLiquidity', released: 100_000_000n }]);
    expect(funds(spot, 'u1', 'USDT')).toEqual(['1000', '0']);
  });
});

describe('spot engine: fills settle both sides and fees in the same command', () => {
  it('a taker buy at a better price settles, charges fees and releases the price improvement', () => {
    const spot = newSpot({ alice: { BTC: '1' }, bob: { USDT: '1000' } });
    accepted(spot.apply(order('alice', { side: 'sell', price: '100', qty: '0.5' })));
    const before = spot.ledger.lastSeq;
    const result = accepted(spot.apply(order('bob', { side: 'buy', price: '101', qty: '0.5' })));
    // hold, settle, release of the maker (nothing held: no step), release of the taker's improvement
    expect(result.ledgerFrom).toBe(before);
    expect(result.ledgerTo - result.ledgerFrom).toBe(3);
    // the buyer's fee in BTC's own minor units (8 decimals), the seller's in USDT's
    expect(result.trades).toMatchObject([{ price: 10000n, qty: 500000n, quote: 50_000_000n, makerFee: 50_000n, takerFee: 100_000n, takerSide: 'buy' }]);
    expect(funds(spot, 'bob', 'BTC')).toEqual(['0.499', '0']);
    expect(funds(spot, 'bob', 'USDT')).toEqual(['950', '0']);
    expect(funds(spot, 'alice', 'BTC')).toEqual(['0.5', '0']);
    expect(funds(spot, 'alice', 'USDT')).toEqual(['49.95', '0']);
    expect(spot.ledger.balance(systemAccountKey('fees', 'BTC')).available).toBe(100_000n);
    expect(spot.ledger.balance(systemAccountKey('fees', 'USDT')).available).toBe(50_000n);
    expect(result.orders).toEqual([
      expect.objectContaining({ userId: 'alice', status: 'filled', released: 0n, avgPrice: 10000n }),
      expect.objectContaining({ userId: 'bob', status: 'filled', released: 500_000n, filledQuote: 50_000_000n }),
    ]);
    expect(spot.openOrders()).toEqual([]);
    expect(spot.lastPrice('BTCUSDT')).toBe(10000n);
  });

  it("a buy smaller than the fee's quantity unit pays its fee in the base currency's smallest unit", () => {
    // qtyScale 6, BTC 8 decimals: 0.0001 BTC at 0.2 % is 0.0000002 BTC, below a quantity minor unit
    const spot = newSpot({ alice: { BTC: '1' }, bob: { USDT: '1000' } });
    accepted(spot.apply(order('alice', { side: 'sell', price: '10000', qty: '0.0001' })));
    const result = accepted(spot.apply(order('bob', { side: 'buy', price: '10000', qty: '0.0001' })));
    expect(result.trades).toMatchObject([{ qty: 100n, quote: 1_000_000n, makerFee: 1000n, takerFee: 20n }]);
    expect(funds(spot, 'bob', 'BTC')).toEqual(['0.0000998', '0']);
    expect(spot.ledger.balance(systemAccountKey('fees', 'BTC')).available).toBe(20n);
    expect(spot.ledger.balance(systemAccountKey('fees', 'USDT')).available).toBe(1000n);
  });

  it('a partial fill keeps the rest held; cancel releases exactly the rest', () => {
    const spot = newSpot({ alice: { BTC: '1' }, bob: { USDT: '1000' } });
    const resting = accepted(spot.apply(order('alice', { side: 'sell', price: '100', qty: '0.8' })));
    accepted(spot.apply(order('bob', { side: 'buy', price: '100', qty: '0.3' })));
    expect(funds(spot, 'alice', 'BTC')).toEqual(['0.2', '0.5']);
    expect(spot.order(resting.orderId!)).toMatchObject({ filledQty: 300000n, held: 50_000_000n, status: 'open' });
    const cancel = accepted(spot.apply({ kind: 'cancelOrder', id: 'c1', at: AT, userId: 'alice', symbol: 'BTCUSDT', orderId: resting.orderId! }));
    expect(cancel.orders).toMatchObject([{ status: 'cancelled', reason: 'user', released: 50_000_000n, filledQty: 300000n }]);
    expect(funds(spot, 'alice', 'BTC')).toEqual(['0.7', '0']);
  });

  it.each([
    ['IOC rest', { side: 'buy', price: '100', qty: '0.5', tif: 'IOC' }, 'unfilledIoc', '30'],
    ['market buy by quote: unspent quote', { side: 'buy', type: 'market', quote: '50' }, 'noLiquidity', '30'],
    ['market buy by qty: unspent budget', { side: 'buy', type: 'market', qty: '0.5', budget: '60' }, 'noLiquidity', '30'],
  ] as const)('releases what is left: %s', (_name, fields, reason, spent) => {
    const spot = newSpot({ alice: { BTC: '1' }, bob: { USDT: '1000' } });
    accepted(spot.apply(order('alice', { side: 'sell', price: '100', qty: '0.3' })));
    const result = accepted(spot.apply(order('bob', fields)));
    expect(result.orders.find((o) => o.userId === 'bob')).toMatchObject({ status: 'cancelled', reason });
    expect(funds(spot, 'bob', 'USDT')).toEqual([String(1000 - Number(spent)), '0']);
    expect(funds(spot, 'bob', 'BTC')).toEqual(['0.2994', '0']);
  });

  it('kills a FOK that cannot fill completely: accepted, cancelled unfilledFok, its hold released, nothing traded', () => {
    const spot = newSpot({ alice: { BTC: '1' }, bob: { USDT: '1000' } });
    accepted(spot.apply(order('alice', { side: 'sell', price: '100', qty: '0.3' })));
    const killed = accepted(spot.apply(order('bob', { side: 'buy', price: '100', qty: '0.5', tif: 'FOK' })));
    expect(killed.trades).toEqual([]);
    expect(killed.orders).toMatchObject([{ orderId: killed.orderId, userId: 'bob', status: 'cancelled', reason: 'unfilledFok', filledQty: 0n, released: 50_000_000n }]);
    expect(spot.openOrders('bob')).toEqual([]);
    expect(funds(spot, 'bob', 'USDT')).toEqual(['1000', '0']);
    // one that can fill does, whole
    const filled = accepted(spot.apply(order('bob', { side: 'buy', price: '100', qty: '0.3', tif: 'FOK' })));
    expect(filled.orders.find((o) => o.userId === 'bob')).toMatchObject({ status: 'filled', filledQty: 300000n });
  });

  it('self-trade prevention cancels the resting order and releases its hold', () => {
    const spot = newSpot({ u1: { BTC: '1', USDT: '1000' } });
    const resting = accepted(spot.apply(order('u1', { side: 'sell', price: '100', qty: '0.5' })));
    const result = accepted(spot.apply(order('u1', { side: 'buy', price: '100', qty: '0.5' })));
    expect(result.trades).toEqual([]);
    expect(result.orders).toMatchObject([{ orderId: resting.orderId, reason: 'selfTrade', released: 50_000_000n }]);
    expect(funds(spot, 'u1', 'BTC')).toEqual(['1', '0']);
    expect(funds(spot, 'u1', 'USDT')).toEqual(['950', '50']);
  });

  it('a filled buy with take-profit and stop-loss holds its sell legs, and one cancel releases both', () => {
    const spot = newSpot({ alice: { BTC: '1' }, bob: { USDT: '1000' } });
    accepted(spot.apply(order('alice', { side: 'sell', price: '100', qty: '0.5' })));
    const parent = accepted(spot.apply(order('bob', { side: 'buy', price: '100', qty: '0.5', takeProfit: '120', stopLoss: '90' })));
    const legs = spot.openOrders('bob');
    // 0.5 bought, 0.001 paid in fees: legs of 0.499 (on the lot); only one leg can execute, so they share one hold
    expect(legs.map((o) => [o.kind, o.status, o.qty, o.held])).toEqual([
      ['takeProfit', 'conditional', 499_000n, 49_900_000n],
      ['stopLoss', 'conditional', 499_000n, 0n],
    ]);
    expect(funds(spot, 'bob', 'BTC')).toEqual(['0', '0.499']);
    expect(legs[0]!.id).toBe(parent.orderId! + 1);
    // the result names the legs it made live, for readers of the log (the order history)
    expect(parent.exits).toEqual([
      { orderId: parent.orderId! + 1, parentId: parent.orderId, userId: 'bob', kind: 'takeProfit', side: 'sell', trigger: 12_000n, price: 12_000n, qty: 499_000n },
      { orderId: parent.orderId! + 2, parentId: parent.orderId, userId: 'bob', kind: 'stopLoss', side: 'sell', trigger: 9_000n, price: 9_000n, qty: 499_000n },
    ]);
    const cancel = accepted(spot.apply({ kind: 'cancelOrder', id: 'c-leg', at: AT, userId: 'bob', symbol: 'BTCUSDT', orderId: legs[0]!.id }));
    expect(cancel.orders.map((o) => o.reason)).toEqual(['user', 'oco']);
    expect(cancel.exits).toBeUndefined();
    // the second leg's hold was released too: nothing stays frozen
    expect(funds(spot, 'bob', 'BTC')).toEqual(['0.499', '0']);
  });
});

describe('spot engine: rejections change nothing', () => {
  it.each([
    ['insufficient funds', { side: 'buy', price: '100', qty: '20' }, 'insufficientFunds', 'amount'],
    ['too many price decimals', { price: '100.001', qty: '0.1' }, 'priceTooManyDecimals', 'price'],
    ['too many qty decimals', { price: '100', qty: '0.1234567' }, 'qtyTooManyDecimals', 'qty'],
    ['qty not on the lot', { price: '100', qty: '0.00015' }, 'qtyNotOnLot', 'qty'],
    ['below the minimum notional', { price: '1', qty: '0.5' }, 'belowMinNotional', 'qty'],
    ['market buy by an amount below the minimum notional', { type: 'market', quote: '0.5', price: undefined, qty: undefined }, 'belowMinNotional', 'quote'],
    ['missing price', { qty: '0.1', price: undefined }, 'invalidField', 'price'],
    ['negative qty', { price: '100', qty: '-1' }, 'nonPositive', 'qty'],
    ['float-looking input', { price: '1e2', qty: '0.1' }, 'invalidField', 'price'],
    ['unknown market', { symbol: 'ETHUSDT', price: '100', qty: '0.1' }, 'unknownMarket', 'symbol'],
    ['bad user id', { userId: 'a b', price: '100', qty: '0.1' }, 'invalidUser', 'userId'],
    ['market buy by qty without a budget', { type: 'market', qty: '0.1' }, 'budgetRequired', 'budget'],
    ['unknown fee tier', { price: '100', qty: '0.1', feeTier: 3 }, 'unknownFeeTier', 'feeTier'],
    ['post-only that would take', { price: '101', qty: '0.1', postOnly: true }, 'postOnlyWouldTake', 'price'],
    ['take-profit below a buy price', { price: '99', qty: '0.1', takeProfit: '98' }, 'invalidExit', 'takeProfit'],
    ['stop-loss above a buy price', { price: '99', qty: '0.1', takeProfit: '120', stopLoss: '100' }, 'invalidExit', 'stopLoss'],
    ['stop-loss alone below a sell price', { side: 'sell', price: '99', qty: '0.1', stopLoss: '98' }, 'invalidExit', 'stopLoss'],
    ['take-profit under the stop-loss of a market buy', { type: 'market', quote: '10', price: undefined, qty: undefined, takeProfit: '90', stopLoss: '95' }, 'invalidExit', 'takeProfit'],
    ['a take-profit on a stop-limit', { type: 'stopLimit', trigger: '110', price: '111', qty: '0.1', takeProfit: '120' }, 'exitNotAllowed', 'takeProfit'],
    ['a stop-loss on a stop-limit', { type: 'stopLimit', trigger: '110', price: '111', qty: '0.1', stopLoss: '90' }, 'exitNotAllowed', 'stopLoss'],
  ] as const)('%s', (_name, fields, reason, field) => {
    const spot = newSpot({ u1: { USDT: '1000' }, u2: { BTC: '1' } });
    accepted(spot.apply(order('u2', { side: 'sell', price: '100', qty: '0.5' })));
    const before = spot.stateHash(hash);
    const seq = spot.ledger.lastSeq;
    const result = spot.apply(order('u1', fields));
    expect(result).toMatchObject({ ok: false, reason, field });
    expect(spot.stateHash(hash)).toBe(before);
    expect(spot.ledger.lastSeq).toBe(seq);
  });

  it.each([
    ['no command', null, '', undefined, 'id'],
    ['an id with a space', { kind: 'cancelOrder', id: 'a b', at: AT }, 'a b', 'cancelOrder', 'id'],
    ['an id of 101 characters', { kind: 'cancelOrder', id: 'x'.repeat(101), at: AT }, 'x'.repeat(101), 'cancelOrder', 'id'],
    ['a negative time', { kind: 'cancelOrder', id: 'c1', at: -1 }, 'c1', 'cancelOrder', 'at'],
    ['an array with an id (its `at` is a method)', Object.assign([], { id: 'c2' }), 'c2', undefined, 'at'],
    ['an unknown kind', { kind: 'closeAll', id: 'c3', at: AT }, 'c3', 'closeAll', 'kind'],
  ])('an invalid command: %s', (_name, command, id, kind, field) => {
    const spot = newSpot();
    expect(spot.apply(command as never)).toEqual({ ok: false, id, kind, reason: 'invalidCommand', field });
  });

  it('a halted market refuses orders but still cancels; a duplicate client order id is refused', () => {
    const spot = newSpot({ u1: { USDT: '1000' } });
    const placed = accepted(spot.apply(order('u1', { price: '100', qty: '0.1', clientOrderId: 'mine-1' })));
    expect(spot.apply(order('u1', { price: '100', qty: '0.1', clientOrderId: 'mine-1' }))).toMatchObject({ ok: false, reason: 'duplicateClientOrderId' });
    accepted(spot.apply({ kind: 'haltMarket', id: 'halt', at: AT, symbol: 'BTCUSDT', halted: true }));
    expect(spot.apply(order('u1', { price: '100', qty: '0.1' }))).toMatchObject({ ok: false, reason: 'marketHalted' });
    expect(spot.apply({ kind: 'cancelOrder', id: 'c-other', at: AT, userId: 'u2', symbol: 'BTCUSDT', clientOrderId: 'mine-1' })).toMatchObject({ ok: false, reason: 'unknownOrder' });
    expect(spot.apply({ kind: 'cancelOrder', id: 'c-steal', at: AT, userId: 'u2', symbol: 'BTCUSDT', orderId: placed.orderId! })).toMatchObject({ ok: false, reason: 'notOwner' });
    const cancel = accepted(spot.apply({ kind: 'cancelOrder', id: 'c-mine', at: AT, userId: 'u1', symbol: 'BTCUSDT', clientOrderId: 'mine-1' }));
    expect(cancel.orderId).toBe(placed.orderId);
    expect(funds(spot, 'u1', 'USDT')).toEqual(['1000', '0']);
  });

  it('a user the ledger has never seen is refused for funds, changing nothing, and may trade once funded', () => {
    const spot = newSpot({ u1: { USDT: '1000' } });
    const before = spot.stateHash(hash);
    const balances = [...spot.ledger.entries()];
    const command = order('stranger', { side: 'sell', price: '100', qty: '0.1' });
    expect(spot.apply(command)).toMatchObject({ ok: false, reason: 'insufficientFunds', field: 'amount' });
    expect(spot.stateHash(hash)).toBe(before);
    expect([...spot.ledger.entries()]).toEqual(balances);
    spot.ledger.apply({ kind: 'depositCredit', id: 'stranger-btc', at: AT, userId: 'stranger', currency: 'BTC', amount: '1' });
    accepted(spot.apply(command));
    expect(funds(spot, 'stranger', 'BTC')).toEqual(['0.9', '0.1']);
    const taken = accepted(spot.apply(order('u1', { side: 'buy', price: '100', qty: '0.1' })));
    expect(taken.trades).toHaveLength(1);
    expect(funds(spot, 'stranger', 'BTC')).toEqual(['0.9', '0']);
    expect(funds(spot, 'stranger', 'USDT')).toEqual(['9.99', '0']);
  });

  it('an accepted id returns its first result; a rejected id may be sent again', () => {
    const spot = newSpot({ u1: { USDT: '5' } });
    const command = order('u1', { price: '100', qty: '0.1' });
    expect(spot.apply(command)).toMatchObject({ ok: false, reason: 'insufficientFunds' });
    spot.ledger.apply({ kind: 'depositCredit', id: 'more', at: AT, userId: 'u1', currency: 'USDT', amount: '100' });
    const first = accepted(spot.apply(command));
    const again = spot.apply(command);
    expect(again).toEqual({ ...first, duplicate: true });
    expect(funds(spot, 'u1', 'USDT')).toEqual(['95', '10']);
  });

  it('a repeat answers the compact record of the first result: seq, order id, ledger range, no trades again', () => {
    const spot = newSpot({ alice: { BTC: '1' }, bob: { USDT: '1000' } });
    accepted(spot.apply(order('alice', { side: 'sell', price: '100', qty: '0.5' })));
    const taker = order('bob', { side: 'buy', price: '100', qty: '0.5' });
    const first = accepted(spot.apply(taker));
    expect(first.trades).toHaveLength(1);
    const hashBefore = spot.stateHash(hash);
    const again = spot.apply(taker);
    const record = { ok: true, seq: first.seq, id: first.id, kind: 'placeOrder', duplicate: true, orderId: first.orderId, trades: [], orders: [], ledgerFrom: first.ledgerFrom, ledgerTo: first.ledgerTo };
    expect(again).toEqual(record);
    expect(spot.resultOf(taker.id)).toEqual({ ...record, duplicate: false });
    expect(spot.stateHash(hash)).toBe(hashBefore);
  });

  it("the ledger answers for a command's step ids (s:<id>:<n><kind>) and logs them while a journal records", () => {
    const spot = newSpot({ alice: { BTC: '1' }, bob: { USDT: '1000' } });
    accepted(spot.apply(order('alice', { side: 'sell', price: '100', qty: '0.5' })));
    const journal = spot.ledger.openJournal();
    const taker = order('bob', { side: 'buy', price: '100', qty: '0.5' });
    const result = accepted(spot.apply(taker));
    // hold of the taker, one settle (both orders are then done with nothing left to release)
    const ids = [`s:${taker.id}:1h`, `s:${taker.id}:2t`];
    expect(journal.records.map((record) => [record.command.id, record.command.kind, record.result.seq])).toEqual([
      [ids[0], 'hold', result.ledgerFrom + 1],
      [ids[1], 'settle', result.ledgerFrom + 2],
    ]);
    expect(journal.records[0]!.command).toMatchObject({ userId: 'bob', currency: 'USDT', amount: '50', accountType: 'coin' });
    expect(result.ledgerTo).toBe(result.ledgerFrom + 2);
    expect(spot.ledger.resultOf(ids[1]!)).toMatchObject({ ok: true, seq: result.ledgerFrom + 2, kind: 'settle' });
    expect(spot.ledger.resultOf(`s:${taker.id}:3r`)).toBeUndefined();
    // a ledger command reusing a step's id is a repeat: nothing moves
    const before = funds(spot, 'bob', 'USDT');
    const reused = spot.ledger.apply({ kind: 'depositCredit', id: ids[0]!, at: AT, userId: 'bob', currency: 'USDT', amount: '5' });
    expect(reused).toMatchObject({ duplicate: true, seq: result.ledgerFrom + 1 });
    expect(funds(spot, 'bob', 'USDT')).toEqual(before);
  });
});

describe('spot engine: markets', () => {
  it.each([
    ['qtyScale above the base currency scale', { qtyScale: 9 }, 'qtyScale'],
    ['unknown quote currency', { quote: 'EUR' }, 'quote'],
    ['zero tick', { tickSize: '0' }, 'tickSize'],
    ['tick finer than the price scale', { tickSize: '0.001' }, 'tickSize'],
    ['no fee tier', { feeTiers: [] }, 'market'],
    ['bad symbol', { symbol: 'btc usdt' }, 'symbol'],
  ])('refuses %s', (_name, changes, field) => {
    const spot = newSpot();
    expect(spot.apply({ kind: 'addMarket', id: 'bad', at: AT, market: { ...BTCUSDT, symbol: 'ETHUSDT', ...changes } })).toMatchObject({ ok: false, reason: 'invalidMarket', field });
  });

  it('updates fees and lot size under resting orders', () => {
    const spot = newSpot({ alice: { BTC: '1' }, bob: { USDT: '1000' } });
    accepted(spot.apply(order('alice', { side: 'sell', price: '100', qty: '0.5' })));
    accepted(spot.apply({ kind: 'updateMarket', id: 'fees', at: AT, symbol: 'BTCUSDT', changes: { feeTiers: [{ makerPpm: 0, takerPpm: 0 }], lotSize: '0.01' } }));
    expect(spot.apply(order('bob', { price: '100', qty: '0.005' }))).toMatchObject({ ok: false, reason: 'qtyNotOnLot' });
    const result = accepted(spot.apply(order('bob', { price: '100', qty: '0.5' })));
    expect(result.trades[0]).toMatchObject({ makerFee: 0n, takerFee: 0n });
    expect(spot.apply({ kind: 'updateMarket', id: 'scale', at: AT, symbol: 'BTCUSDT', changes: { priceScale: 4 } as never })).toMatchObject({ ok: false, field: 'priceScale' });
  });
});

describe('spot engine: a stop-limit reports its direction', () => {
  it('rising when the trigger is at or above the last price, falling below it; by side before any trade', () => {
    const spot = newSpot({ a: { BTC: '1', USDT: '10000' }, b: { BTC: '1', USDT: '10000' } });
    const stop = (side: 'buy' | 'sell', trigger: string) =>
      accepted(spot.apply(order('a', { side, type: 'stopLimit', trigger, price: trigger, qty: '0.1' }))).stopRising;
    expect([stop('buy', '90'), stop('sell', '110')]).toEqual([true, false]);
    accepted(spot.apply(order('a', { side: 'sell', type: 'limit', price: '100', qty: '0.1' })));
    const trade = accepted(spot.apply(order('b', { side: 'buy', type: 'limit', price: '100', qty: '0.1' })));
    expect(trade.trades).toHaveLength(1);
    expect(trade.stopRising).toBeUndefined();
    expect([stop('buy', '110'), stop('sell', '100'), stop('sell', '90'), stop('buy', '99.99')]).toEqual([true, true, false, false]);
  });
});

describe('spot engine: a trade that reaches a stop names it', () => {
  it("reports the triggered stop-limit and its owner in the result of the other members' trade, and nowhere else", () => {
    const spot = newSpot({ a: { USDT: '10000' }, b: { BTC: '1' }, c: { USDT: '10000' } });
    const stop = accepted(spot.apply(order('a', { side: 'buy', type: 'stopLimit', trigger: '105', price: '106', qty: '0.1' })));
    expect(stop.triggered).toBeUndefined();
    accepted(spot.apply(order('b', { side: 'sell', price: '105', qty: '0.1' })));
    const trade = accepted(spot.apply(order('c', { side: 'buy', price: '105', qty: '0.1' })));
    expect(trade.trades).toHaveLength(1);
    expect(trade.triggered).toEqual([{ orderId: stop.orderId, userId: 'a' }]);
    expect(spot.order(stop.orderId!)?.status).toBe('open');
  });
});

describe('spot engine: the accepted-id window', () => {
  /** An engine remembering 4 to 8 seqs, after `count` resting buys of u1 at AT + 1 … AT + count (seqs 2 …). */
  function windowed(count: number) {
    const spot = newSpot({ u1: { USDT: '100000' }, u2: { BTC: '10' } }, { idGeneration: 4 });
    const commands = Array.from({ length: count }, (_, i) => order('u1', { at: AT + 1 + i, price: String(90 - i), qty: '0.1' }));
    for (const command of commands) accepted(spot.apply(command));
    return { spot, commands };
  }

  it('answers a repeat it holds, refuses a repeat of a forgotten command as stale and changes nothing', () => {
    const { spot, commands } = windowed(11);
    // seqs 1–12: the window holds 5–12, so the first three orders (seqs 2–4) are forgotten
    const recent = commands[10]!;
    expect(spot.apply(recent)).toMatchObject({ ok: true, duplicate: true, seq: 12 });
    const forgotten = commands[1]!;
    const hash = spot.stateHash(hash_);
    const before = funds(spot, 'u1', 'USDT');
    expect(spot.apply(forgotten)).toEqual({ ok: false, id: forgotten.id, kind: 'placeOrder', reason: 'staleCommand', field: 'at' });
    // as old as the newest forgotten command (seq 4, AT + 3): stale too, even under a new id
    expect(spot.apply({ ...forgotten, id: 'fresh-but-old', at: AT + 3 })).toMatchObject({ ok: false, reason: 'staleCommand' });
    expect(spot.stateHash(hash_)).toBe(hash);
    expect(funds(spot, 'u1', 'USDT')).toEqual(before);
    expect(spot.resultOf(forgotten.id)).toBeUndefined();
    accepted(spot.apply({ ...forgotten, id: 'fresh', at: AT + 4 }));
  });

  it("forgets a forgotten command's ledger steps too: their ids cannot be used again for a ledger command", () => {
    const { spot, commands } = windowed(11);
    const step = `s:${commands[1]!.id}:1h`;
    expect(spot.ledger.resultOf(`s:${commands[10]!.id}:1h`)).toMatchObject({ ok: true, kind: 'hold' });
    expect(spot.ledger.resultOf(step)).toBeUndefined();
    const before = funds(spot, 'u1', 'USDT');
    expect(spot.ledger.apply({ kind: 'depositCredit', id: step, at: AT + 50, userId: 'u1', currency: 'USDT', amount: '5' })).toMatchObject({ ok: false, seq: 0, reason: 'invalidCommand', field: 'id' });
    expect(funds(spot, 'u1', 'USDT')).toEqual(before);
  });

  it('a snapshot holds only the window; the restored engine forgets and refuses exactly as the original', () => {
    const { spot, commands } = windowed(13);
    const snapshot = spot.snapshot();
    expect(snapshot.results.map((result) => result.seq)).toEqual([9, 10, 11, 12, 13, 14]);
    expect(snapshot.ids).toEqual({ generation: 4, staleThrough: AT + 7, previousMaxAt: AT + 11, currentMaxAt: AT + 13 });
    const twin = SpotEngine.restore((spot.ledger as RecordingLedger).twin(), snapshot);
    expect(twin.stateHash(hash_)).toBe(spot.stateHash(hash_));
    const next = [
      ...Array.from({ length: 6 }, (_, i) => order('u2', { side: 'sell', at: AT + 20 + i, price: String(78 + i), qty: '0.1' })),
      commands[8]!,
      commands[12]!,
    ];
    for (const command of next) expect(twin.apply(command)).toEqual(spot.apply(command));
    expect(twin.stateHash(hash_)).toBe(spot.stateHash(hash_));
  });
});

describe("spot engine: open orders keep their owners' account handles", () => {
  it('a restore onto a ledger that numbers its accounts otherwise finds them there: cancels and fills move the same balances', () => {
    const spot = newSpot({ alice: { BTC: '1', USDT: '1000' }, bob: { BTC: '1', USDT: '1000' }, carol: { BTC: '1', USDT: '1000' } });
    for (const command of [
      order('alice', { side: 'buy', price: '100', qty: '0.1' }),
      order('bob', { side: 'sell', price: '101', qty: '0.2' }),
      order('alice', { side: 'buy', price: '99', qty: '0.05' }),
      order('carol', { side: 'sell', price: '102', qty: '0.3' }),
    ]) accepted(spot.apply(command));
    const snapshot = spot.snapshot();
    // the same balances, interned after 64 accounts of nobody's: other handles throughout
    const source = spot.ledger as RecordingLedger;
    const ledger = new RecordingLedger(source.currencies);
    for (let i = 0; i < 64; i++) ledger.accountHandle(accountKey(`nobody${i}`, 'coin', 'BTC'));
    ledger.restore([...source.entries()].map(([key, balance]) => [key, { ...balance }]), source.recorded);
    for (const user of ['alice', 'bob', 'carol']) {
      for (const currency of ['BTC', 'USDT']) {
        const key = accountKey(user, 'coin', currency);
        expect(ledger.accountHandle(key)).not.toBe(source.accountHandle(key));
      }
    }
    const twin = SpotEngine.restore(ledger, snapshot);
    expect(twin.stateHash(hash_)).toBe(spot.stateHash(hash_));
    const next = [
      order('alice', { side: 'buy', price: '50', qty: '0.01', at: AT + 1 }),
      // releases a restored order's hold
      { kind: 'cancelOrder' as const, id: 'cancel-alice', at: AT + 2, userId: 'alice', symbol: 'BTCUSDT', orderId: 1 },
      // fills against restored makers: bob's ask, then alice's bid
      order('alice', { side: 'buy', type: 'market', quote: '60', at: AT + 3 }),
      order('bob', { side: 'sell', price: '99', qty: '0.1', at: AT + 4 }),
    ];
    for (const command of next) expect(twin.apply(command)).toEqual(spot.apply(command));
    for (const user of ['alice', 'bob', 'carol']) {
      for (const currency of ['BTC', 'USDT']) expect(funds(twin, user, currency)).toEqual(funds(spot, user, currency));
    }
    expect(twin.stateHash(hash_)).toBe(spot.stateHash(hash_));
  });
});

describe('spot engine: the price band', () => {
  const band = (spot: SpotEngine, priceBandPercent: number, id = `band-${priceBandPercent}`) =>
    spot.apply({ kind: 'updateMarket', id, at: AT, symbol: 'BTCUSDT', changes: { priceBandPercent } });
  /** BTCUSDT with a 20 % band and a last trade price of `last`: a buy may go up to +20 %, a sell down to −20 %. */
  function banded(last = '100') {
    const spot = newSpot({ a: { BTC: '1', USDT: '10000' }, b: { BTC: '1', USDT: '10000' } });
    accepted(band(spot, 20));
    accepted(spot.apply(order('a', { side: 'sell', price: last, qty: '0.1' })));
    expect(accepted(spot.apply(order('b', { side: 'buy', price: last, qty: '0.1' }))).trades).toHaveLength(1);
    return spot;
  }
  /** Refused on the price for the band, changing nothing: state, ledger, balances. */
  function expectOutside(spot: SpotEngine, fields: Parameters<typeof order>[1]) {
    const before = spot.stateHash(hash);
    const seq = spot.ledger.lastSeq;
    const balances = [funds(spot, 'a', 'BTC'), funds(spot, 'a', 'USDT')];
    expect(spot.apply(order('a', fields))).toMatchObject({ ok: false, reason: 'priceOutsideBand', field: 'price' });
    expect(spot.stateHash(hash)).toBe(before);
    expect(spot.ledger.lastSeq).toBe(seq);
    expect([funds(spot, 'a', 'BTC'), funds(spot, 'a', 'USDT')]).toEqual(balances);
  }

  it.each([
    ['a buy at the edge (+20 %)', { side: 'buy', price: '120', qty: '0.1' }],
    ['a post-only buy at the edge', { side: 'buy', price: '120', qty: '0.1', postOnly: true }],
    ['a buy far below the last price', { side: 'buy', price: '10', qty: '0.1' }],
    ['a sell at the edge (−20 %)', { side: 'sell', price: '80', qty: '0.1' }],
    ['a sell far above the last price', { side: 'sell', price: '500', qty: '0.1' }],
    ['a market buy', { side: 'buy', type: 'market', quote: '50' }],
    ['a market sell', { side: 'sell', type: 'market', qty: '0.1' }],
    ['a buy stop-limit at its trigger + 20 %', { side: 'buy', type: 'stopLimit', trigger: '300', price: '360', qty: '0.01' }],
    ['a sell stop-limit at its trigger − 20 %', { side: 'sell', type: 'stopLimit', trigger: '50', price: '40', qty: '0.1' }],
    ['a buy with a take-profit far above', { side: 'buy', price: '100', qty: '0.1', takeProfit: '1000' }],
  ] as const)('accepts %s', (_name, fields) => {
    accepted(banded().apply(order('a', fields)));
  });

  it.each([
    ['a buy a tick above the edge', { side: 'buy', price: '120.01', qty: '0.1' }],
    ['a post-only buy a tick above', { side: 'buy', price: '120.01', qty: '0.1', postOnly: true }],
    ['an IOC buy a tick above', { side: 'buy', price: '120.01', qty: '0.1', tif: 'IOC' }],
    ['a fat-finger buy at 50 times the last price', { side: 'buy', price: '5000', qty: '0.1' }],
    ['a sell a tick below the edge', { side: 'sell', price: '79.99', qty: '0.1' }],
    ['a FOK sell a tick below', { side: 'sell', price: '79.99', qty: '0.1', tif: 'FOK' }],
    ['a buy stop-limit a tick above its trigger + 20 %', { side: 'buy', type: 'stopLimit', trigger: '300', price: '360.01', qty: '0.01' }],
    ['a sell stop-limit a tick below its trigger − 20 %', { side: 'sell', type: 'stopLimit', trigger: '50', price: '39.99', qty: '0.1' }],
  ] as const)('refuses %s and changes nothing', (_name, fields) => {
    expectOutside(banded(), fields);
  });

  it('compares exactly: the edges of a last price of 100.01 round inward to the tick', () => {
    // 100.01 × 1.2 = 120.012, 100.01 × 0.8 = 80.008
    const spot = banded('100.01');
    expectOutside(spot, { side: 'buy', price: '120.02', qty: '0.1' });
    expectOutside(spot, { side: 'sell', price: '80', qty: '0.1' });
    accepted(spot.apply(order('a', { side: 'buy', price: '120.01', qty: '0.1' })));
    accepted(spot.apply(order('a', { side: 'sell', price: '80.01', qty: '0.1' })));
  });

  it('follows the last price: a new trade moves the edges', () => {
    const spot = banded();
    expectOutside(spot, { side: 'buy', price: '132', qty: '0.01' });
    accepted(spot.apply(order('a', { side: 'sell', price: '110', qty: '0.01' })));
    accepted(spot.apply(order('b', { side: 'buy', price: '110', qty: '0.01' })));
    expect(spot.lastPrice('BTCUSDT')).toBe(11_000n);
    accepted(spot.apply(order('b', { side: 'buy', price: '132', qty: '0.01' })));
    expectOutside(spot, { side: 'buy', price: '132.01', qty: '0.01' });
  });

  it('checks no limit order before the first trade, a stop-limit against its trigger all the same', () => {
    const spot = newSpot({ a: { BTC: '1', USDT: '10000' } });
    accepted(band(spot, 20));
    expect(spot.lastPrice('BTCUSDT')).toBeNull();
    accepted(spot.apply(order('a', { side: 'buy', price: '5000', qty: '0.1' })));
    accepted(spot.apply(order('a', { side: 'sell', price: '1', qty: '1' })));
    expectOutside(spot, { side: 'buy', type: 'stopLimit', trigger: '100', price: '120.01', qty: '0.1' });
  });

  it('updateMarket sets and clears the band; a band out of range is refused on its field', () => {
    const spot = banded();
    expectOutside(spot, { side: 'buy', price: '150', qty: '0.1' });
    accepted(band(spot, 50));
    accepted(spot.apply(order('a', { side: 'buy', price: '150', qty: '0.1' })));
    expect(spot.market('BTCUSDT')?.priceBandPercent).toBe(50);
    accepted(band(spot, 0));
    accepted(spot.apply(order('a', { side: 'buy', price: '1000', qty: '0.1' })));
    for (const bad of [-1, 100, 2.5, '20' as never, null as never]) {
      expect(band(spot, bad, `bad-${String(bad)}`)).toMatchObject({ ok: false, reason: 'invalidMarket', field: 'priceBandPercent' });
    }
    expect(spot.market('BTCUSDT')?.priceBandPercent).toBe(0);
  });

  it.each([
    ['a negative band', -5],
    ['a band of 100 %', 100],
    ['a fractional band', 12.5],
    ['a band as text', '10'],
  ])('addMarket refuses %s', (_name, priceBandPercent) => {
    const spot = newSpot();
    const market = { ...BTCUSDT, symbol: 'ETHUSDT', priceBandPercent: priceBandPercent as number };
    expect(spot.apply({ kind: 'addMarket', id: 'bad', at: AT, market })).toMatchObject({ ok: false, reason: 'invalidMarket', field: 'priceBandPercent' });
  });

  it('a snapshot keeps the band; a stored config from before the band restores without one', () => {
    const spot = banded();
    const snapshot = spot.snapshot();
    expect(snapshot.markets[0]!.config.priceBandPercent).toBe(20);
    const twin = SpotEngine.restore((spot.ledger as RecordingLedger).twin(), snapshot);
    expect(twin.stateHash(hash_)).toBe(spot.stateHash(hash_));
    expectOutside(twin, { side: 'buy', price: '120.01', qty: '0.1' });

    const old = structuredClone(snapshot);
    delete old.markets[0]!.config.priceBandPercent;
    const restored = SpotEngine.restore((spot.ledger as RecordingLedger).twin(), old);
    expect(restored.market('BTCUSDT')).not.toHaveProperty('priceBandPercent');
    accepted(restored.apply(order('a', { side: 'buy', price: '120.01', qty: '0.1' })));
  });
});
