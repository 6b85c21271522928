import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SYSTEM_ACCOUNTS, accountKey, systemAccountKey } from './accounts';
import type { LedgerCommand } from './commands';
import { LedgerEngine } from './engine';
import type { StepKind, StepSource } from './steps';
import { tradeAccounts, tradePostingLines, type TradeAccounts, type TradeFill, type TradeHandles } from './trade';

const CURRENCIES = [
  { code: 'ETH', scale: 18 },
  { code: 'USDT', scale: 6 },
];
const USERS = ['a', 'b'];

/** Both users hold ETH and USDT, some of it frozen (ETH beyond 2^53 minor units). */
function funded(): LedgerEngine {
  const ledger = new LedgerEngine(CURRENCIES);
  let n = 0;
  for (const userId of USERS) {
    ledger.apply({ kind: 'depositCredit', id: `d${++n}`, at: 1, userId, currency: 'ETH', amount: '20' });
    ledger.apply({ kind: 'depositCredit', id: `d${++n}`, at: 1, userId, currency: 'USDT', amount: '5000' });
    ledger.apply({ kind: 'hold', id: `h${++n}`, at: 1, userId, accountType: 'coin', currency: 'ETH', amount: '10' });
    ledger.apply({ kind: 'hold', id: `h${++n}`, at: 1, userId, accountType: 'coin', currency: 'USDT', amount: '2500' });
  }
  return ledger;
}

const source: StepSource = {
  describeStep: (seq: number, kind: StepKind): LedgerCommand => ({ kind: 'release', id: `s${seq}${kind}`, at: 1, userId: 'a', accountType: 'coin', currency: 'ETH', amount: '1' }),
};

function handlesOf(ledger: LedgerEngine, accounts: TradeAccounts): TradeHandles {
  return {
    sellerBase: ledger.accountHandle(accounts.sellerBase),
    buyerBase: ledger.accountHandle(accounts.buyerBase),
    buyerQuote: ledger.accountHandle(accounts.buyerQuote),
    sellerQuote: ledger.accountHandle(accounts.sellerQuote),
    feeBase: ledger.accountHandle(accounts.feeBase),
    feeQuote: ledger.accountHandle(accounts.feeQuote),
  };
}

const balances = (ledger: LedgerEngine) => new Map(ledger.entries());

describe('ledger settleTrade (a fill on account handles)', () => {
  it('books any fill exactly as post of its lines: same problem, balances, sequence and journal', () => {
    const amount = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 0n, max: 1000n }));
    const fee = fc.oneof(fc.bigInt({ min: -5n, max: 10n ** 18n }), fc.constant(0n));
    const fill = fc.record({ buyer: fc.constantFrom(...USERS), seller: fc.constantFrom(...USERS), baseAmount: amount, quoteAmount: amount, buyerFee: fee, sellerFee: fee });
    fc.assert(
      fc.property(fc.array(fill, { minLength: 1, maxLength: 8 }), fc.boolean(), (fills, journaled) => {
        const byPost = funded();
        const byHandles = funded();
        const journals = journaled ? [byPost.openJournal(), byHandles.openJournal()] : [];
        for (const f of fills) {
          const trade: TradeFill = { ...f, base: 'ETH', quote: 'USDT' };
          const accounts = tradeAccounts(trade, accountKey);
          const expected = byPost.post('settle', tradePostingLines(trade, accounts), source);
          expect(byHandles.settleTrade(trade, handlesOf(byHandles, accounts), source)).toEqual(expected);
          expect(byHandles.lastSeq).toBe(byPost.lastSeq);
          expect(balances(byHandles)).toEqual(balances(byPost));
        }
        if (journaled) {
          expect(journals[1]!.records).toEqual(journals[0]!.records);
          expect(journals[1]!.before).toEqual(journals[0]!.before);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a fill whose frozen funds do not cover it, changing nothing', () => {
    const ledger = funded();
    const trade: TradeFill = { buyer: 'a', seller: 'b', base: 'ETH', quote: 'USDT', baseAmount: 10n ** 19n + 1n, quoteAmount: 1n, buyerFee: 0n, sellerFee: 0n };
    const before = balances(ledger);
    const seq = ledger.lastSeq;
    expect(ledger.settleTrade(trade, handlesOf(ledger, tradeAccounts(trade, accountKey)), source)).toEqual({ reason: 'insufficientFunds', field: 'b/coin/ETH' });
    expect(balances(ledger)).toEqual(before);
    expect(ledger.lastSeq).toBe(seq);
  });

  it('a fee account given as a user side goes through the general checks', () => {
    const ledger = funded();
    const trade: TradeFill = { buyer: 'a', seller: 'b', base: 'ETH', quote: 'USDT', baseAmount: 5n, quoteAmount: 5n, buyerFee: 0n, sellerFee: 0n };
    const handles = handlesOf(ledger, tradeAccounts(trade, accountKey));
    handles.sellerBase = ledger.accountHandle(systemAccountKey(SYSTEM_ACCOUNTS.fees, 'ETH'));
    expect(ledger.settleTrade(trade, handles, source)).toEqual({ reason: 'invalidAccount', field: 'fees/system/ETH' });
  });
});
