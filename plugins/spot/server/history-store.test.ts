import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SpotTrade } from '../../../core/engine';
import { decodeJson, encodeJson } from '../../../core/engine/persistence';
import type { OrderRecord } from './history';
import { encodeFill, encodeOrderRecord } from './history-store';

const minor = fc.bigInt({ min: 0n, max: 2n ** 96n });
const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

const record: fc.Arbitrary<OrderRecord> = fc.record({
  id: fc.nat(),
  clientOrderId: nullable(text),
  userId: text,
  symbol: text,
  side: fc.constantFrom('buy', 'sell'),
  type: fc.constantFrom('limit', 'market', 'stop', 'takeProfit', 'stopLoss'),
  price: nullable(text),
  qty: nullable(text),
  quote: nullable(text),
  trigger: nullable(text),
  rising: nullable(fc.boolean()),
  takeProfit: nullable(text),
  stopLoss: nullable(text),
  tif: nullable(fc.constantFrom('GTC', 'IOC', 'FOK')),
  postOnly: fc.boolean(),
  status: fc.constantFrom('open', 'conditional', 'filled', 'cancelled'),
  final: fc.boolean(),
  filledQty: minor,
  filledQuote: minor,
  fee: minor,
  released: minor,
  reason: nullable(text),
  createdAt: fc.nat(),
  updatedAt: fc.nat(),
  seq: fc.nat(),
});

const trade: fc.Arbitrary<SpotTrade> = fc.record({
  tradeId: fc.nat(),
  symbol: text,
  price: minor,
  qty: minor,
  quote: minor,
  makerOrderId: fc.nat(),
  takerOrderId: fc.nat(),
  makerUserId: text,
  takerUserId: text,
  takerSide: fc.constantFrom('buy', 'sell'),
  makerFee: minor,
  takerFee: minor,
  at: fc.nat(),
});

describe('the order history rows’ bodies', () => {
  it('are the text encodeJson gives, and read back equal', () => {
    fc.assert(
      fc.property(record, (value) => {
        expect(encodeOrderRecord(value)).toBe(encodeJson(value));
        expect(decodeJson(encodeOrderRecord(value))).toEqual(value);
      }),
    );
    fc.assert(
      fc.property(trade, fc.boolean(), (value, maker) => {
        expect(encodeFill({ trade: value, maker })).toBe(encodeJson({ trade: value, maker }));
        expect(decodeJson(encodeFill({ trade: value, maker }))).toEqual({ trade: value, maker });
      }),
    );
  });
});
