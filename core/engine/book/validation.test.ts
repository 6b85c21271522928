import { describe, expect, it } from 'vitest';
import { toMinorUnits } from './decimal-input';
import { OrderBook } from './order-book';
import { required, requiredForConditional } from './required';
import { stateHash } from './state-hash';
import { book, limit, market, stopLimit, testMarket } from './test-support';
import type { MarketSpec, PlaceOrder, RejectReason } from './types';

describe('rejections change nothing', () => {
  // tick 0.05, lot 0.10, minimum notional 10.00
  const strict: Partial<MarketSpec> = { tickSize: 5n, lotSize: 10n, minNotional: 1000n };
  const cases: [string, PlaceOrder, RejectReason][] = [
    ['price not on tick', limit(9, 9, 'buy', 10001n, 100n), 'priceNotOnTick'],
    ['qty not on lot', limit(9, 9, 'buy', 10000n, 105n), 'qtyNotOnLot'],
    ['below minimum notional', limit(9, 9, 'buy', 5000n, 10n), 'belowMinNotional'], // 50.00 × 0.10 = 5.00
    ['zero qty', limit(9, 9, 'buy', 10000n, 0n), 'nonPositive'],
    ['negative price', limit(9, 9, 'buy', -10000n, 100n), 'nonPositive'],
    ['price beyond 2^53 − 1', limit(9, 9, 'buy', 2n ** 53n, 100n), 'outOfRange'],
    ['price as a number', limit(9, 9, 'buy', 100 as unknown as bigint, 100n), 'invalidField'],
    ['unknown side', limit(9, 9, 'hold' as 'buy', 10000n, 100n), 'invalidField'],
    ['unknown time in force', limit(9, 9, 'buy', 10000n, 100n, { tif: 'GTD' as 'GTC' }), 'invalidField'],
    ['post-only with IOC', limit(9, 9, 'buy', 10000n, 100n, { tif: 'IOC', postOnly: true }), 'invalidField'],
    ['unknown fee tier', limit(9, 9, 'buy', 10000n, 100n, { feeTier: 5 }), 'unknownFeeTier'],
    ['duplicate id', limit(1, 9, 'buy', 9000n, 100n), 'duplicateId'],
    ['market with qty and quote', market(9, 9, 'sell', { qty: 100n, quote: 10000n }), 'invalidField'],
    ['market with neither', market(9, 9, 'sell', {}), 'invalidField'],
    ['market buy by qty without budget', market(9, 9, 'buy', { qty: 100n }), 'budgetRequired'],
    ['market sell by quote without budget', market(9, 9, 'sell', { quote: 10000n }), 'budgetRequired'],
    ['market by quote below minimum notional', market(9, 9, 'buy', { quote: 999n }), 'belowMinNotional'],
    ['market by qty not on lot', market(9, 9, 'sell', { qty: 15n }), 'qtyNotOnLot'],
    ['stop trigger not on tick', stopLimit(9, 9, 'buy', 10002n, 10000n, 100n), 'priceNotOnTick'],
    ['stop below minimum notional', stopLimit(9, 9, 'buy', 5000n, 5000n, 10n), 'belowMinNotional'],
    ['exit price not on tick', limit(9, 9, 'buy', 10000n, 100n, { takeProfit: { id: 30, price: 11001n } }), 'priceNotOnTick'],
  ];

  it.each(cases)('%s', (_name, order, reason) => {
    const b = book(strict);
    b.place(limit(1, 1, 'sell', 10500n, 1000n));
    const before = { hash: stateHash(b), seq: b.seq };
    expect(b.place(order)).toEqual([{ type: 'rejected', orderId: order.id, reason }]);
    expect({ hash: stateHash(b), seq: b.seq }).toEqual(before);
  });
});

describe('decimal input', () => {
  it.each([
    ['1.25', 2, 'price', { ok: true, value: 125n }],
    ['1.255', 2, 'price', { ok: false, reason: 'priceTooManyDecimals' }],
    ['0.123456789', 8, 'qty', { ok: false, reason: 'qtyTooManyDecimals' }],
    ['10.001', 2, 'quote', { ok: false, reason: 'quoteTooManyDecimals' }],
    ['0', 2, 'qty', { ok: false, reason: 'nonPositive' }],
    ['-1', 2, 'qty', { ok: false, reason: 'nonPositive' }],
    ['1e5', 2, 'qty', { ok: false, reason: 'invalidField' }],
  ] as const)('%s at scale %i (%s)', (input, scale, field, expected) => {
    expect(toMinorUnits(input, scale, field)).toEqual(expected);
  });
});

describe('required', () => {
  const spec = testMarket();
  it.each<[string, PlaceOrder, ReturnType<typeof required>]>([
    ['buy limit: price × qty, rounded down', limit(1, 1, 'buy', 12345n, 789n), { asset: 'quote', amount: 97402n }],
    ['sell limit: the quantity', limit(1, 1, 'sell', 12345n, 789n), { asset: 'base', amount: 789n }],
    ['buy stop-limit: at its limit price', stopLimit(1, 1, 'buy', 10000n, 10100n, 200n), { asset: 'quote', amount: 20200n }],
    ['market buy by quote: the quote', market(1, 1, 'buy', { quote: 5000n }), { asset: 'quote', amount: 5000n }],
    ['market buy by qty: its quote budget', market(1, 1, 'buy', { qty: 100n, budget: 7000n }), { asset: 'quote', amount: 7000n }],
    ['market sell by qty: the quantity', market(1, 1, 'sell', { qty: 100n }), { asset: 'base', amount: 100n }],
    ['market sell by quote: its base budget', market(1, 1, 'sell', { quote: 5000n, budget: 80n }), { asset: 'base', amount: 80n }],
  ])('%s', (_name, order, expected) => {
    expect(required(spec, order)).toEqual(expected);
  });

  it('covers every fill of a buy limit, whatever the prices it gets', () => {
    const b = book();
    b.place(limit(1, 1, 'sell', 333n, 1n));
    b.place(limit(2, 1, 'sell', 334n, 2n));
    const order = limit(3, 2, 'buy', 335n, 3n);
    const spent = b.place(order).reduce((sum, e) => (e.type === 'fill' ? sum + e.quote : sum), 0n);
    expect(spent).toBeLessThanOrEqual(required(testMarket(), order).amount);
  });

  it('of a conditional leg: base for a sell, quote at its price for a buy', () => {
    const leg = { type: 'conditional', orderId: 1, parentId: 0, userId: 1, kind: 'takeProfit', trigger: 9000n, price: 9000n, qty: 200n, ocoWith: null } as const;
    expect(requiredForConditional(spec, { ...leg, side: 'sell' })).toEqual({ asset: 'base', amount: 200n });
    expect(requiredForConditional(spec, { ...leg, side: 'buy' })).toEqual({ asset: 'quote', amount: 18000n });
  });
});

describe('duplicate ids', () => {
  // resting 50, conditional 40, and 30/20 the take-profit / stop-loss legs waiting for resting order 10
  const withLiveIds = () => {
    const b = book();
    b.place(limit(50, 1, 'sell', 12000n, 100n));
    b.place(stopLimit(40, 1, 'buy', 13000n, 13000n, 100n));
    b.place(limit(10, 2, 'buy', 9000n, 100n, { takeProfit: { id: 30, price: 9500n }, stopLoss: { id: 20, price: 8500n } }));
    return b;
  };

  it('are refused whatever order the ids came in, also by a restored book', () => {
    for (const b of [withLiveIds(), OrderBook.restore(testMarket(), withLiveIds().snapshot())]) {
      for (const id of [50, 40, 30, 20, 10]) {
        expect(b.place(limit(id, 3, 'sell', 15000n, 100n))).toEqual([{ type: 'rejected', orderId: id, reason: 'duplicateId' }]);
        expect(b.place(limit(99, 3, 'sell', 15000n, 100n, { takeProfit: { id, price: 14000n } }))[0]).toMatchObject({ reason: 'duplicateId' });
      }
      expect(b.place(limit(5, 3, 'sell', 15000n, 100n))[0]).toMatchObject({ type: 'accepted', orderId: 5 });
    }
  });

  it('are free again once the order has left the book', () => {
    const b = withLiveIds();
    b.cancel({ orderId: 50, time: 60 });
    expect(b.place(limit(50, 3, 'sell', 15000n, 100n))[0]).toMatchObject({ type: 'accepted', orderId: 50 });
  });
});
