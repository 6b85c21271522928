import { describe, expect, it } from 'vitest';
import { BinanceFailure } from './errors';
import { BinanceParams, trimDecimal } from './params';

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof BinanceFailure) return error.error;
    throw error;
  }
  throw new Error('no failure');
};

describe('Binance parameters', () => {
  const params = BinanceParams.ofQuery('symbol=BTCUSDT&limit=10&price=97000.5000&empty=&bad=1e5&type=LIMIT');

  it('reads present values and treats empty ones as not sent', () => {
    expect(params.required('symbol')).toBe('BTCUSDT');
    expect(params.integer('limit', { min: 1, max: 100 })).toBe(10);
    expect(params.decimal('price')).toBe('97000.5');
    expect(params.optional('empty')).toBeUndefined();
    expect(trimDecimal('1.000')).toBe('1');
    expect(trimDecimal('100')).toBe('100');
  });

  it('refuses with Binance codes naming the parameter', () => {
    expect(failure(() => params.required('empty'))).toMatchObject({ code: -1102, msg: expect.stringContaining("'empty'") });
    expect(failure(() => params.integer('limit', { max: 5 }))).toMatchObject({ code: -1100, msg: expect.stringContaining("'limit'") });
    expect(failure(() => params.decimal('bad'))).toMatchObject({ code: -1100 });
    expect(failure(() => params.choice('type', ['MARKET']))).toMatchObject({ code: -1100 });
    expect(failure(() => params.forbid('price'))).toMatchObject({ code: -1106, msg: "Parameter 'price' sent when not required." });
  });
});
