import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CountedList } from './counted-list';

const NONE = Object.freeze([]) as unknown as number[];

describe('CountedList', () => {
  it('takes what was pushed as an array of exactly those items, then starts over', () => {
    const list = new CountedList<number>();
    expect(list.take(NONE)).toBe(NONE);
    list.push(1);
    expect(list.take(NONE)).toEqual([1]);
    list.push(2);
    list.push(3);
    expect(list.length).toBe(2);
    const taken = list.take(NONE);
    expect(taken).toEqual([2, 3]);
    expect(list.length).toBe(0);
    list.push(4);
    // the array taken is the caller's: the list no longer writes into it
    expect(taken).toEqual([2, 3]);
    expect(list.get(0)).toBe(4);
  });

  it('answers what a plain array answers, for any sequence of pushes, clears and takes', () => {
    const op = fc.oneof(fc.integer().map((n) => ({ push: n })), fc.constant('clear' as const), fc.constant('take' as const));
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const list = new CountedList<number>();
        let plain: number[] = [];
        for (const o of ops) {
          if (o === 'clear') {
            list.clear();
            plain = [];
          } else if (o === 'take') {
            const taken = list.take(NONE);
            expect(taken).toEqual(plain);
            if (plain.length === 0) expect(taken).toBe(NONE);
            plain = [];
          } else {
            list.push(o.push);
            plain.push(o.push);
          }
          expect(list.length).toBe(plain.length);
          for (let i = 0; i < plain.length; i++) expect(list.get(i)).toBe(plain[i]);
        }
      }),
    );
  });
});
