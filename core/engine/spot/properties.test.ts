import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyOfKey, isSystemKey, parseAccountKey } from '../ledger/accounts';
import { SpotEngine } from './engine';
import type { SpotCommand } from './types';
import { encodeJson, encodeSpotApplied, sha256 as hash } from '../persistence';
import { AT, newSpot, type RecordingLedger } from './test-support';

const USERS = ['u1', 'u2', 'u3'];
const FUNDS = Object.fromEntries(USERS.map((u) => [u, { BTC: '50', USDT: '100000' }]));

const price = fc.integer({ min: 90, max: 110 }).map(String);
const qty = fc.integer({ min: 1, max: 40 }).map((n) => (n / 100).toFixed(2));
const user = fc.constantFrom(...USERS);
const side = fc.constantFrom('buy' as const, 'sell' as const);

/** A command shape without ids; ids, symbol and time are filled in per position. */
const commandArb = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('limit' as const), user, side, price, qty, tif: fc.constantFrom('GTC' as const, 'IOC' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('market' as const), user, side, qty }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stop' as const), user, side, price, qty }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('exits' as const), user, price, qty }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, pick: fc.nat() }) },
);
type Shape = typeof commandArb extends fc.Arbitrary<infer T> ? T : never;

function toCommand(spot: SpotEngine, shape: Shape, i: number): SpotCommand {
  const base = { id: `p${i}`, at: AT + i, userId: shape.user, symbol: 'BTCUSDT' };
  switch (shape.kind) {
    case 'limit':
      return { ...base, kind: 'placeOrder', type: 'limit', side: shape.side, price: shape.price, qty: shape.qty, tif: shape.tif };
    case 'market':
      return shape.side === 'buy'
        ? { ...base, kind: 'placeOrder', type: 'market', side: 'buy', quote: String(Number(shape.qty) * 100) }
        : { ...base, kind: 'placeOrder', type: 'market', side: 'sell', qty: shape.qty };
    case 'stop':
      return { ...base, kind: 'placeOrder', type: 'stopLimit', side: shape.side, trigger: shape.price, price: shape.price, qty: shape.qty };
    case 'exits':
      return { ...base, kind: 'placeOrder', type: 'limit', side: 'buy', price: shape.price, qty: shape.qty, takeProfit: String(Number(shape.price) + 5), stopLoss: String(Number(shape.price) - 5) };
    case 'cancel': {
      const open = spot.openOrders(shape.user);
      const target = open.length ? open[shape.pick % open.length]!.id : 999_999;
      return { ...base, kind: 'cancelOrder', orderId: target };
    }
  }
}

function expectInvariants(spot: SpotEngine): void {
  const book = spot.book('BTCUSDT')!;
  const bid = book.bestBid();
  const ask = book.bestAsk();
  if (bid !== null && ask !== null) expect(bid < ask, 'book crossed').toBe(true);
  const held = new Map<string, bigint>();
  for (const order of spot.openOrders()) {
    const key = `${order.userId}/coin/${order.heldCurrency}`;
    held.set(key, (held.get(key) ?? 0n) + order.held);
  }
  const sums = new Map<string, bigint>();
  for (const [key, balance] of spot.ledger.entries()) {
    const currency = currencyOfKey(key);
    sums.set(currency, (sums.get(currency) ?? 0n) + balance.available + balance.frozen);
    if (!isSystemKey(key)) {
      expect(balance.frozen, `frozen of ${key}`).toBe(held.get(key) ?? 0n);
      expect(balance.available >= 0n, parseAccountKey(key).owner).toBe(true);
    }
  }
  for (const [currency, sum] of sums) expect(sum, currency).toBe(0n);
}

describe.each([
  ['the default accepted-id window', undefined, 0],
  ['an accepted-id window of 3 to 6 seqs', 3, 0],
  // prices of 90 to 110: a band of 5 % refuses some of them once a trade has set the last price
  ['a price band of 5 %', undefined, 5],
])('spot engine properties, %s', (_name, idGeneration, priceBandPercent) => {
  const fresh = () => {
    const spot = newSpot(FUNDS, { idGeneration });
    if (priceBandPercent > 0) spot.apply({ kind: 'updateMarket', id: 'band', at: AT, symbol: 'BTCUSDT', changes: { priceBandPercent } });
    return spot;
  };

  it('never crossed; frozen = remaining holds; zero-sum; snapshot → restore and replay give the same hash', () => {
    let outsideBand = 0;
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 60 }), (shapes) => {
        const spot = fresh();
        const applied: SpotCommand[] = [];
        shapes.forEach((shape, i) => {
          const command = toCommand(spot, shape, i);
          const result = spot.apply(command);
          if (result.ok) applied.push(command);
          else if (result.reason === 'priceOutsideBand') outsideBand += 1;
          expectInvariants(spot);
        });
        const finalHash = spot.stateHash(hash);

        // snapshot → restore over a copy of the ledger
        const ledger = (spot.ledger as RecordingLedger).twin();
        expect(spot.snapshotView()).toEqual(spot.snapshot());
        expect(SpotEngine.restore(ledger, spot.snapshot()).stateHash(hash)).toBe(finalHash);

        // replaying the accepted commands from empty
        const replay = fresh();
        for (const command of applied) expect(replay.apply(command).ok).toBe(true);
        expect(replay.stateHash(hash)).toBe(finalHash);
      }),
      { numRuns: 150 },
    );
    expect(outsideBand > 0).toBe(priceBandPercent > 0);
  });

  it('a restored engine answers the next commands alike', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 30 }), fc.array(commandArb, { minLength: 1, maxLength: 30 }), (before, after) => {
        const spot = fresh();
        before.forEach((shape, i) => spot.apply(toCommand(spot, shape, i)));
        const ledger = (spot.ledger as RecordingLedger).twin();
        const twin = SpotEngine.restore(ledger, spot.snapshot());
        after.forEach((shape, j) => {
          const i = before.length + j;
          expect(twin.apply(toCommand(twin, shape, i))).toEqual(spot.apply(toCommand(spot, shape, i)));
        });
        expect(twin.stateHash(hash)).toBe(spot.stateHash(hash));
      }),
      { numRuns: 60 },
    );
  });
});

describe('the spot log encoder', () => {
  it('writes every accepted command and its result as encodeJson does', () => {
    let trades = 0;
    let reasons = 0;
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 40 }), (shapes) => {
        const spot = newSpot(FUNDS);
        const check = (command: SpotCommand) => {
          const result = spot.apply(command);
          if (!result.ok) return;
          trades += result.trades.length;
          reasons += result.orders.filter((update) => update.reason !== undefined).length;
          expect(encodeSpotApplied(command, result)).toBe(encodeJson({ command, result }));
        };
        // a cancel names an order open when it is applied
        shapes.forEach((shape, i) => check(toCommand(spot, shape, i)));
        check({ id: 'halt', at: AT, kind: 'haltMarket', symbol: 'BTCUSDT', halted: true });
        check({ id: 'limits', at: AT, kind: 'updateMarket', symbol: 'BTCUSDT', changes: { minNotional: '2', selfTrade: 'cancelResting' } });
      }),
      { numRuns: 100 },
    );
    // the runs held bigints in trades and order updates, with and without a reason
    expect(trades).toBeGreaterThan(0);
    expect(reasons).toBeGreaterThan(0);
  });
});
