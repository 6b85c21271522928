import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BalanceTable } from './balance-table';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

describe('BalanceTable', () => {
  it('interns a key once; an interned account is not present until it changes', () => {
    const table = new BalanceTable();
    const h = table.handle('u1/coin/BTC');
    expect(table.handle('u1/coin/BTC')).toBe(h);
    expect(table.find('u1/coin/BTC')).toBe(h);
    expect(table.find('u2/coin/BTC')).toBe(-1);
    expect(table.has(h)).toBe(false);
    expect(table.size).toBe(0);
    table.addAvailable(h, 0n);
    expect(table.has(h)).toBe(true);
    expect(table.size).toBe(1);
    expect([...table.entries()]).toEqual([['u1/coin/BTC', { available: 0n, frozen: 0n, bonus: 0n }]]);
  });

  it('knows system accounts and those that may go negative', () => {
    const table = new BalanceTable();
    expect(table.isSystem(table.handle('fees/system/USDT'))).toBe(true);
    expect(table.mayGoNegative(table.handle('fees/system/USDT'))).toBe(false);
    expect(table.mayGoNegative(table.handle('deposit-clearing/system/USDT'))).toBe(true);
    expect(table.isSystem(table.handle('u1/coin/USDT'))).toBe(false);
  });

  it('stays exact across the safe-integer boundary, in both directions and per account', () => {
    const table = new BalanceTable();
    const h = table.handle('u1/coin/ETH');
    const other = table.handle('u2/coin/ETH');
    table.addAvailable(h, SAFE);
    table.addAvailable(h, 1n); // 2^53: beyond what a double holds exactly
    table.addAvailable(h, 2n);
    expect(table.value(h, 'available')).toBe(SAFE + 3n);
    table.subtractAvailable(h, SAFE + 3n);
    table.addFrozen(h, 10n ** 30n);
    expect(table.get(h)).toEqual({ available: 0n, frozen: 10n ** 30n, bonus: 0n });
    expect(table.frozenCovers(h, 10n ** 30n)).toBe(true);
    expect(table.frozenCovers(h, 10n ** 30n + 1n)).toBe(false);
    // a negative operand beyond the safe range
    table.addAvailable(other, -(SAFE + 2n));
    expect(table.value(other, 'available')).toBe(-(SAFE + 2n));
    expect(table.availableCovers(other, -(SAFE + 2n))).toBe(true);
    expect(table.availableCovers(other, -(SAFE + 1n))).toBe(false);
  });

  it('stays exact across the 64-bit boundary, in both directions, beyond 1024 accounts', () => {
    const table = new BalanceTable();
    for (let i = 0; i < 1500; i++) table.handle(`u${i}/coin/BTC`);
    const h = table.handle('u1499/coin/BTC');
    const I64_MAX = 2n ** 63n - 1n;
    table.addFrozen(h, I64_MAX);
    table.addFrozen(h, 1n);
    expect(table.value(h, 'frozen')).toBe(I64_MAX + 1n);
    expect(table.frozenCovers(h, I64_MAX + 1n)).toBe(true);
    expect(table.frozenCovers(h, I64_MAX + 2n)).toBe(false);
    table.subtractFrozen(h, 2n);
    expect(table.value(h, 'frozen')).toBe(I64_MAX - 1n);
    table.subtractAvailable(h, I64_MAX + 5n);
    expect(table.get(h)).toEqual({ available: -(I64_MAX + 5n), frozen: I64_MAX - 1n, bonus: 0n });
    table.remove(h);
    expect(table.get(h)).toEqual({ available: 0n, frozen: 0n, bonus: 0n });
  });

  it('compares an available balance with any bigint exactly', () => {
    const table = new BalanceTable();
    const h = table.handle('u1/coin/BTC');
    table.addAvailable(h, SAFE - 1n);
    expect(table.availableCovers(h, SAFE - 1n)).toBe(true);
    expect(table.availableCovers(h, SAFE)).toBe(false);
    expect(table.availableCovers(h, 10n ** 40n)).toBe(false);
  });

  it('set and remove: a removed account keeps its handle and is no longer listed', () => {
    const table = new BalanceTable();
    const a = table.handle('a/coin/BTC');
    const b = table.handle('b/coin/BTC');
    table.set(a, { available: 5n, frozen: 10n ** 20n, bonus: 1n });
    table.set(b, { available: 7n, frozen: 0n, bonus: 0n });
    table.remove(a);
    expect(table.has(a)).toBe(false);
    expect(table.size).toBe(1);
    expect(table.get(a)).toEqual({ available: 0n, frozen: 0n, bonus: 0n });
    expect([...table.entries()].map(([key]) => key)).toEqual(['b/coin/BTC']);
    table.set(a, { available: 1n, frozen: 2n, bonus: 0n });
    expect(table.handle('a/coin/BTC')).toBe(a);
    expect(table.get(a)).toEqual({ available: 1n, frozen: 2n, bonus: 0n });
  });

  it('grows past its first capacity', () => {
    const table = new BalanceTable();
    for (let i = 0; i < 5000; i++) table.addAvailable(table.handle(`u${i}/coin/BTC`), BigInt(i));
    expect(table.size).toBe(5000);
    expect(table.value(table.find('u4321/coin/BTC'), 'available')).toBe(4321n);
  });

  it('any sequence of changes gives the sums computed in bigints', () => {
    const amount = fc.oneof(fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }), fc.bigInt({ min: -1000n, max: 1000n }), fc.constantFrom(SAFE, -SAFE, SAFE + 1n));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom('available', 'frozen', 'bonus'), fc.boolean(), amount), { maxLength: 60 }), (ops) => {
        const table = new BalanceTable();
        const handles = [table.handle('a/coin/X'), table.handle('b/coin/X'), table.handle('c/coin/X')];
        const expected = handles.map(() => ({ available: 0n, frozen: 0n, bonus: 0n }));
        for (const [who, field, subtract, value] of ops) {
          const h = handles[who]!;
          if (field === 'available') subtract ? table.subtractAvailable(h, value) : table.addAvailable(h, value);
          else if (field === 'frozen') subtract ? table.subtractFrozen(h, value) : table.addFrozen(h, value);
          else table.add(h, 'bonus', subtract ? -value : value);
          expected[who]![field] += subtract ? -value : value;
        }
        for (let i = 0; i < handles.length; i++) {
          if (table.has(handles[i]!)) expect(table.get(handles[i]!)).toEqual(expected[i]);
          expect(table.availableCovers(handles[i]!, expected[i]!.available)).toBe(true);
          expect(table.availableCovers(handles[i]!, expected[i]!.available + 1n)).toBe(false);
        }
      }),
    );
  });
});
