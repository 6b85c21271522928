import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { USER_ACCOUNT_TYPES, isSystemKey, mayGoNegative } from './accounts';
import type { LedgerCommand } from './commands';
import { LedgerEngine } from './engine';
import { tradeSettleLines } from './trade';

const CURRENCIES = [
  { code: 'USDT', scale: 2 },
  { code: 'BTC', scale: 4 },
];
const sha256 = () => createHash('sha256');
const users = fc.constantFrom('u1', 'u2', 'u3');
const currency = fc.constantFrom('USDT', 'BTC');
const type = fc.constantFrom(...USER_ACCOUNT_TYPES);
const amount = fc.integer({ min: 1, max: 5_000 }).map((n) => (n / 100).toFixed(2));

const draft = fc.oneof(
  fc.record({ kind: fc.constant('depositCredit' as const), userId: users, currency, amount }),
  fc.record({ kind: fc.constant('withdrawalHold' as const), userId: users, currency, amount }),
  fc.record({ kind: fc.constant('withdrawalSettle' as const), userId: users, currency, amount, fee: fc.constantFrom('0', '0.01', '0.5') }),
  fc.record({ kind: fc.constant('withdrawalRelease' as const), userId: users, currency, amount }),
  fc.record({ kind: fc.constant('transfer' as const), userId: users, currency, amount, from: type, to: type }),
  fc.record({ kind: fc.constant('hold' as const), userId: users, accountType: type, currency, amount }),
  fc.record({ kind: fc.constant('release' as const), userId: users, accountType: type, currency, amount }),
  fc.record({ kind: fc.constant('bonusCredit' as const), userId: users, currency, amount }),
  fc.record({ kind: fc.constant('trade' as const), buyer: users, seller: users, qty: fc.integer({ min: 1, max: 500 }), price: fc.integer({ min: 1, max: 300 }) }),
);

function toCommand(engine: LedgerEngine, d: Draft, index: number): LedgerCommand {
  const base = { id: `p${index % 17 === 16 ? index - 3 : index}`, at: index };
  if (d.kind !== 'trade') return { ...base, ...d } as LedgerCommand;
  const { buyer, seller, qty, price } = d;
  const quote = BigInt(qty) * BigInt(price);
  const lines = tradeSettleLines(engine.currencies, {
    buyer, seller, base: 'BTC', quote: 'USDT', baseAmount: BigInt(qty), quoteAmount: quote, buyerFee: BigInt(qty) / 100n, sellerFee: quote / 100n,
  });
  return { ...base, kind: 'settle', lines };
}

type Draft = typeof draft extends fc.Arbitrary<infer T> ? T : never;

describe('ledger properties (random command sequences)', () => {
  it('balances never go negative, every currency sums to zero, replay gives the same state hash', () => {
    fc.assert(
      fc.property(fc.array(draft, { minLength: 1, maxLength: 120 }), (drafts) => {
        const engine = new LedgerEngine(CURRENCIES);
        const journal = engine.openJournal();
        drafts.forEach((d, index) => {
          const before = engine.stateHash(sha256);
          const result = engine.apply(toCommand(engine, d, index));
          if (result.duplicate) expect(engine.stateHash(sha256)).toBe(before);
        });
        const sums = new Map<string, bigint>();
        for (const [key, balance] of engine.entries()) {
          if (!mayGoNegative(key)) {
            expect(balance.available).toBeGreaterThanOrEqual(0n);
            expect(balance.frozen).toBeGreaterThanOrEqual(0n);
          }
          if (isSystemKey(key)) expect(balance.frozen).toBe(0n);
          expect(balance.bonus).toBeGreaterThanOrEqual(0n);
          const code = key.split('/')[2]!;
          sums.set(code, (sums.get(code) ?? 0n) + balance.available + balance.frozen);
        }
        for (const sum of sums.values()) expect(sum).toBe(0n);
        const replayed = new LedgerEngine(CURRENCIES);
        for (const record of journal.records) replayed.replay(record.result);
        expect(replayed.stateHash(sha256)).toBe(engine.stateHash(sha256));
      }),
      { numRuns: 300 },
    );
  });

  it('a rolled-back journal restores the exact state, whatever ran inside it', () => {
    fc.assert(
      fc.property(fc.array(draft, { maxLength: 40 }), fc.array(draft, { maxLength: 40 }), (first, second) => {
        const engine = new LedgerEngine(CURRENCIES);
        first.forEach((d, index) => engine.apply(toCommand(engine, d, index)));
        const hash = engine.stateHash(sha256);
        const journal = engine.openJournal();
        second.forEach((d, index) => engine.apply(toCommand(engine, d, 1000 + index)));
        engine.rollback(journal);
        expect(engine.stateHash(sha256)).toBe(hash);
      }),
      { numRuns: 200 },
    );
  });
});
