import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMinorUnits, type MinorUnits } from '../book/decimal-input';
import { orderAmount, plainMinorUnits } from './amounts';

describe('order amounts', () => {
  it.each([
    ['101.25', 2, 10125n],
    ['0.5', 8, 50_000_000n],
    ['7', 0, 7n],
    ['007.10', 3, 7100n],
    ['999999999999999', 18, 999_999_999_999_999n * 10n ** 18n],
    ['0.0000000000001', 13, 1n],
  ])('%s at scale %i is %s minor units', (input, scale, minor) => {
    expect(plainMinorUnits(input, scale)).toBe(minor);
    expect(orderAmount(input, scale, 'price')).toBe(minor);
  });

  it.each([['0'], ['0.00'], ['1.234'], ['-1'], ['+1'], ['1e3'], ['.5'], ['5.'], ['1.2.3'], [' 1'], ['１'], [''], ['1234567890123456']])(
    'leaves %j to the full parser, which gives the same answer as before',
    (input) => {
      expect(plainMinorUnits(input, 2)).toBeUndefined();
      expect(orderAmount(input, 2, 'qty')).toBe(answer(toMinorUnits(input, 2, 'qty')));
    },
  );

  it('agrees with toMinorUnits on any short decimal-looking text', () => {
    const text = fc.stringMatching(/^[-+]?[0-9]{0,9}(\.[0-9]{0,9})?$/);
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 18 }), (input, scale) => {
        expect(orderAmount(input, scale, 'quote')).toBe(answer(toMinorUnits(input, scale, 'quote')));
      }),
      { numRuns: 2000 },
    );
  });
});

function answer(parsed: MinorUnits): bigint | string {
  return parsed.ok ? parsed.value : parsed.reason;
}
