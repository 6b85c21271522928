import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNTS, systemAccountKey, userAccountKey } from './accounts';
import type { LedgerCommand } from './commands';
import { LedgerEngine } from './engine';
import type { CommandResult } from './events';
import { tradeSettleLines } from './trade';

const CURRENCIES = [
  { code: 'USDT', scale: 6 },
  { code: 'BTC', scale: 8 },
];
const sha256 = () => createHash('sha256');
let counter = 0;
const nextId = () => `c${++counter}`;

type Body<K extends LedgerCommand['kind']> = Omit<Extract<LedgerCommand, { kind: K }>, 'id' | 'at' | 'kind'>;
function run<K extends LedgerCommand['kind']>(engine: LedgerEngine, kind: K, body: Body<K>, id = nextId()): CommandResult {
  return engine.apply({ id, at: 1_700_000_000_000, kind, ...body } as unknown as LedgerCommand);
}

function funded(amount = '100'): LedgerEngine {
  const engine = new LedgerEngine(CURRENCIES);
  expect(run(engine, 'depositCredit', { userId: 'u1', currency: 'USDT', amount }).ok).toBe(true);
  return engine;
}

const bal = (engine: LedgerEngine, key: string) => {
  const { available, frozen, bonus } = engine.balance(key);
  return { available, frozen, bonus };
};
const U1_COIN = userAccountKey('u1', 'coin', 'USDT');
const U1_CONTRACT = userAccountKey('u1', 'contract', 'USDT');

function rejection(result: CommandResult) {
  return result.ok ? 'accepted' : result.reason;
}

function sumsToZero(engine: LedgerEngine): Record<string, bigint> {
  const sums: Record<string, bigint> = {};
  for (const [key, balance] of engine.entries()) {
    const currency = key.split('/')[2]!;
    sums[currency] = (sums[currency] ?? 0n) + balance.available + balance.frozen;
  }
  return sums;
}

describe('LedgerEngine commands', () => {
  it('deposit credit moves money from deposit clearing into the coin account', () => {
    const engine = funded('12.5');
    expect(bal(engine, U1_COIN)).toEqual({ available: 12_500_000n, frozen: 0n, bonus: 0n });
    expect(engine.balance(systemAccountKey(SYSTEM_ACCOUNTS.depositClearing, 'USDT')).available).toBe(-12_500_000n);
    expect(sumsToZero(engine)).toEqual({ USDT: 0n });
  });

  it('withdrawal hold, settle with fee, and release', () => {
    const engine = funded('100');
    expect(run(engine, 'withdrawalHold', { userId: 'u1', currency: 'USDT', amount: '30' }).ok).toBe(true);
    expect(bal(engine, U1_COIN)).toEqual({ available: 70_000_000n, frozen: 30_000_000n, bonus: 0n });
    const settled = run(engine, 'withdrawalSettle', { userId: 'u1', currency: 'USDT', amount: '20', fee: '1.5' });
    expect(settled.ok).toBe(true);
    expect(bal(engine, U1_COIN)).toEqual({ available: 70_000_000n, frozen: 10_000_000n, bonus: 0n });
    expect(engine.balance(systemAccountKey(SYSTEM_ACCOUNTS.withdrawalClearing, 'USDT')).available).toBe(18_500_000n);
    expect(engine.balance(systemAccountKey(SYSTEM_ACCOUNTS.fees, 'USDT')).available).toBe(1_500_000n);
    expect(run(engine, 'withdrawalRelease', { userId: 'u1', currency: 'USDT', amount: '10' }).ok).toBe(true);
    expect(bal(engine, U1_COIN)).toEqual({ available: 80_000_000n, frozen: 0n, bonus: 0n });
    expect(sumsToZero(engine)).toEqual({ USDT: 0n });
  });

  it('settling more than is held, or a fee above the amount, is refused', () => {
    const engine = funded('100');
    run(engine, 'withdrawalHold', { userId: 'u1', currency: 'USDT', amount: '10' });
    expect(rejection(run(engine, 'withdrawalSettle', { userId: 'u1', currency: 'USDT', amount: '11', fee: '0' }))).toBe('insufficientFunds');
    expect(rejection(run(engine, 'withdrawalSettle', { userId: 'u1', currency: 'USDT', amount: '5', fee: '6' }))).toBe('invalidAmount');
    expect(rejection(run(engine, 'withdrawalRelease', { userId: 'u1', currency: 'USDT', amount: '10.000001' }))).toBe('insufficientFunds');
  });

  it('transfers between account types and holds/releases for orders', () => {
    const engine = funded('100');
    expect(run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '40', from: 'coin', to: 'margin' }).ok).toBe(true);
    const margin = userAccountKey('u1', 'margin', 'USDT');
    expect(engine.balance(margin).available).toBe(40_000_000n);
    expect(run(engine, 'hold', { userId: 'u1', accountType: 'margin', currency: 'USDT', amount: '15' }).ok).toBe(true);
    expect(bal(engine, margin)).toEqual({ available: 25_000_000n, frozen: 15_000_000n, bonus: 0n });
    expect(run(engine, 'release', { userId: 'u1', accountType: 'margin', currency: 'USDT', amount: '5' }).ok).toBe(true);
    expect(bal(engine, margin)).toEqual({ available: 30_000_000n, frozen: 10_000_000n, bonus: 0n });
    expect(rejection(run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '1', from: 'coin', to: 'coin' }))).toBe('invalidAccount');
    expect(rejection(run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '31', from: 'margin', to: 'coin' }))).toBe('insufficientFunds');
  });

  it('trade settlement pays from frozen, credits available, and sends both fees to the fee account', () => {
    const engine = new LedgerEngine(CURRENCIES);
    run(engine, 'depositCredit', { userId: 'buyer', currency: 'USDT', amount: '1000' });
    run(engine, 'depositCredit', { userId: 'seller', currency: 'BTC', amount: '1' });
    run(engine, 'hold', { userId: 'buyer', accountType: 'coin', currency: 'USDT', amount: '500' });
    run(engine, 'hold', { userId: 'seller', accountType: 'coin', currency: 'BTC', amount: '0.01' });
    const lines = tradeSettleLines(engine.currencies, {
      buyer: 'buyer', seller: 'seller', base: 'BTC', quote: 'USDT',
      baseAmount: 1_000_000n, quoteAmount: 500_000_000n, buyerFee: 1_000n, sellerFee: 500_000n,
    });
    const result = run(engine, 'settle', { lines, memo: 'trade' });
    expect(result.ok).toBe(true);
    expect(engine.userBalance('buyer', 'coin', 'BTC').available).toBe(999_000n);
    expect(engine.userBalance('seller', 'coin', 'USDT').available).toBe(499_500_000n);
    expect(engine.userBalance('buyer', 'coin', 'USDT')).toEqual({ available: 500_000_000n, frozen: 0n, bonus: 0n });
    expect(engine.userBalance('seller', 'coin', 'BTC')).toEqual({ available: 99_000_000n, frozen: 0n, bonus: 0n });
    expect(engine.balance(systemAccountKey(SYSTEM_ACCOUNTS.fees, 'BTC')).available).toBe(1_000n);
    expect(engine.balance(systemAccountKey(SYSTEM_ACCOUNTS.fees, 'USDT')).available).toBe(500_000n);
    expect(sumsToZero(engine)).toEqual({ USDT: 0n, BTC: 0n });
  });

  it('experience gold is credited to the contract account, usable for holds, never transferable or withdrawable', () => {
    const engine = new LedgerEngine(CURRENCIES);
    expect(run(engine, 'bonusCredit', { userId: 'u1', currency: 'USDT', amount: '50' }).ok).toBe(true);
    expect(bal(engine, U1_CONTRACT)).toEqual({ available: 50_000_000n, frozen: 0n, bonus: 50_000_000n });
    expect(engine.balance(systemAccountKey(SYSTEM_ACCOUNTS.bonusIssuance, 'USDT')).available).toBe(-50_000_000n);
    expect(engine.transferable('u1', 'contract', 'USDT')).toBe(0n);
    expect(rejection(run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '1', from: 'contract', to: 'coin' }))).toBe('bonusNotTransferable');
    expect(rejection(run(engine, 'withdrawalHold', { userId: 'u1', accountType: 'contract', currency: 'USDT', amount: '1' }))).toBe('bonusNotTransferable');
    expect(run(engine, 'hold', { userId: 'u1', accountType: 'contract', currency: 'USDT', amount: '20' }).ok).toBe(true);
    expect(run(engine, 'release', { userId: 'u1', accountType: 'contract', currency: 'USDT', amount: '20' }).ok).toBe(true);
    expect(bal(engine, U1_CONTRACT)).toEqual({ available: 50_000_000n, frozen: 0n, bonus: 50_000_000n });
  });

  it('a transfer out of the contract account first claws back that currency\'s experience gold', () => {
    const engine = funded('100');
    run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '100', from: 'coin', to: 'contract' });
    run(engine, 'bonusCredit', { userId: 'u1', currency: 'USDT', amount: '30' });
    expect(engine.transferable('u1', 'contract', 'USDT')).toBe(100_000_000n);
    expect(rejection(run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '100.000001', from: 'contract', to: 'coin' }))).toBe('bonusNotTransferable');
    expect(bal(engine, U1_CONTRACT)).toEqual({ available: 130_000_000n, frozen: 0n, bonus: 30_000_000n });
    const result = run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '10', from: 'contract', to: 'coin' });
    expect(result.ok).toBe(true);
    expect(bal(engine, U1_CONTRACT)).toEqual({ available: 90_000_000n, frozen: 0n, bonus: 0n });
    expect(engine.balance(systemAccountKey(SYSTEM_ACCOUNTS.bonusIssuance, 'USDT')).available).toBe(0n);
    expect(engine.userBalance('u1', 'coin', 'USDT').available).toBe(10_000_000n);
    expect(sumsToZero(engine)).toEqual({ USDT: 0n });
  });
});

describe('LedgerEngine prefetch', () => {
  it('reads an account\'s balances and changes nothing', () => {
    const engine = funded('100');
    const h = engine.accountHandle(U1_COIN);
    const before = engine.stateHash(sha256);
    const balance = bal(engine, U1_COIN);
    engine.prefetch(h);
    engine.prefetch(engine.accountHandle(systemAccountKey(SYSTEM_ACCOUNTS.depositClearing, 'USDT')));
    expect(engine.stateHash(sha256)).toBe(before);
    expect(bal(engine, U1_COIN)).toEqual(balance);
  });
});

describe('LedgerEngine rejections change nothing', () => {
  const cases: Array<[string, (engine: LedgerEngine) => CommandResult, string]> = [
    ['negative balance', (e) => run(e, 'withdrawalHold', { userId: 'u1', currency: 'USDT', amount: '100.000001' }), 'insufficientFunds'],
    ['unknown currency', (e) => run(e, 'depositCredit', { userId: 'u1', currency: 'DOGE', amount: '1' }), 'unknownCurrency'],
    ['too many decimals', (e) => run(e, 'depositCredit', { userId: 'u1', currency: 'USDT', amount: '1.0000001' }), 'tooManyDecimals'],
    ['zero amount', (e) => run(e, 'depositCredit', { userId: 'u1', currency: 'USDT', amount: '0' }), 'invalidAmount'],
    ['not a decimal', (e) => run(e, 'depositCredit', { userId: 'u1', currency: 'USDT', amount: '1e3' }), 'invalidAmount'],
    ['bad user id', (e) => run(e, 'depositCredit', { userId: 'a/b', currency: 'USDT', amount: '1' }), 'invalidAccount'],
    ['bad account type', (e) => run(e, 'hold', { userId: 'u1', accountType: 'savings' as never, currency: 'USDT', amount: '1' }), 'invalidAccount'],
    ['bad time', (e) => e.apply({ id: nextId(), at: -1, kind: 'depositCredit', userId: 'u1', currency: 'USDT', amount: '1' }), 'invalidCommand'],
    [
      'unbalanced posting',
      (e) => run(e, 'settle', { lines: [
        { owner: 'u1', type: 'coin', currency: 'USDT', bucket: 'available', amount: '-10' },
        { owner: 'u2', type: 'coin', currency: 'USDT', bucket: 'available', amount: '9.999999' },
      ] }),
      'unbalancedPosting',
    ],
    [
      'balanced in total but not per currency',
      (e) => run(e, 'settle', { lines: [
        { owner: 'u1', type: 'coin', currency: 'USDT', bucket: 'available', amount: '-1' },
        { owner: 'u2', type: 'coin', currency: 'BTC', bucket: 'available', amount: '1' },
      ] }),
      'unbalancedPosting',
    ],
    [
      'a non-negative system account going negative',
      (e) => run(e, 'settle', { lines: [
        { owner: 'fees', type: 'system', currency: 'USDT', bucket: 'available', amount: '-1' },
        { owner: 'u1', type: 'coin', currency: 'USDT', bucket: 'available', amount: '1' },
      ] }),
      'negativeSystemBalance',
    ],
    [
      'a frozen bucket on a system account',
      (e) => run(e, 'settle', { lines: [
        { owner: 'u1', type: 'coin', currency: 'USDT', bucket: 'available', amount: '-1' },
        { owner: 'fees', type: 'system', currency: 'USDT', bucket: 'frozen', amount: '1' },
      ] }),
      'invalidAccount',
    ],
    [
      'an unknown system account',
      (e) => run(e, 'settle', { lines: [
        { owner: 'u1', type: 'coin', currency: 'USDT', bucket: 'available', amount: '-1' },
        { owner: 'treasury', type: 'system', currency: 'USDT', bucket: 'available', amount: '1' },
      ] }),
      'invalidAccount',
    ],
    [
      'one line of several overdrawing',
      (e) => run(e, 'settle', { lines: [
        { owner: 'u1', type: 'coin', currency: 'USDT', bucket: 'available', amount: '-60' },
        { owner: 'u2', type: 'coin', currency: 'USDT', bucket: 'available', amount: '60' },
        { owner: 'u1', type: 'coin', currency: 'USDT', bucket: 'available', amount: '-60' },
        { owner: 'u3', type: 'coin', currency: 'USDT', bucket: 'available', amount: '60' },
      ] }),
      'insufficientFunds',
    ],
  ];

  it.each(cases)('%s', (_name, act, reason) => {
    const engine = funded('100');
    const before = engine.stateHash(sha256);
    const balances = [...engine.entries()].map(([key, b]) => [key, { ...b }]);
    const result = act(engine);
    expect(rejection(result)).toBe(reason);
    expect([...engine.entries()].map(([key, b]) => [key, { ...b }])).toEqual(balances);
    // the rejection is recorded under its id (a repeat returns it), so only the id set changed
    expect(engine.resultOf(result.id)).toEqual(result);
    expect(engine.stateHash(sha256)).not.toBe(before);
  });

  it('a command without a usable id is refused and not recorded', () => {
    const engine = funded('1');
    const result = engine.apply({ id: '', at: 1, kind: 'depositCredit', userId: 'u1', currency: 'USDT', amount: '1' });
    expect(result).toMatchObject({ ok: false, reason: 'invalidCommand', field: 'id', seq: 0 });
    for (const id of ['a\u0000b', 'tab\there', 'lone\ud800', '\udc00x']) {
      expect(engine.apply({ id, at: 1, kind: 'depositCredit', userId: 'u1', currency: 'USDT', amount: '1' })).toMatchObject({ ok: false, field: 'id', seq: 0 });
    }
    expect(engine.apply({ id: 'emoji-😀', at: 1, kind: 'depositCredit', userId: 'u1', currency: 'USDT', amount: '1' }).ok).toBe(true);
    const unknown = engine.apply({ id: 'k1', at: 1, kind: 'mint' } as unknown as LedgerCommand);
    expect(unknown).toMatchObject({ ok: false, reason: 'invalidCommand', field: 'kind', seq: 0 });
    expect(engine.commandCount).toBe(2);
  });
});

describe('idempotency', () => {
  it('a repeated id returns the first result and applies nothing', () => {
    const engine = funded('100');
    const first = run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '10', from: 'coin', to: 'finance' }, 'same');
    const hash = engine.stateHash(sha256);
    const again = run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '10', from: 'coin', to: 'finance' }, 'same');
    expect(again).toEqual({ ...first, duplicate: true });
    expect(engine.stateHash(sha256)).toBe(hash);
    expect(engine.userBalance('u1', 'finance', 'USDT').available).toBe(10_000_000n);
    // even a different body under the same id is not applied
    const other = run(engine, 'depositCredit', { userId: 'u1', currency: 'USDT', amount: '5' }, 'same');
    expect(other.seq).toBe(first.seq);
    expect(engine.userBalance('u1', 'coin', 'USDT').available).toBe(90_000_000n);
  });

  it('a repeated rejected id returns the same rejection even when it would now succeed', () => {
    const engine = new LedgerEngine(CURRENCIES);
    const first = run(engine, 'withdrawalHold', { userId: 'u1', currency: 'USDT', amount: '1' }, 'w1');
    expect(rejection(first)).toBe('insufficientFunds');
    run(engine, 'depositCredit', { userId: 'u1', currency: 'USDT', amount: '5' });
    expect(run(engine, 'withdrawalHold', { userId: 'u1', currency: 'USDT', amount: '1' }, 'w1')).toEqual({ ...first, duplicate: true });
    expect(engine.userBalance('u1', 'coin', 'USDT').frozen).toBe(0n);
  });
});

describe('journals', () => {
  it('rollback undoes balances, ids and the sequence of the journal and every newer one', () => {
    const engine = funded('100');
    const hash = engine.stateHash(sha256);
    const seq = engine.lastSeq;
    const older = engine.openJournal();
    run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '10', from: 'coin', to: 'margin' }, 'a');
    run(engine, 'depositCredit', { userId: 'u2', currency: 'BTC', amount: '1' }, 'b');
    engine.seal(older);
    expect(older.changes.map((c) => c.account).sort()).toEqual(
      [U1_COIN, userAccountKey('u1', 'margin', 'USDT'), userAccountKey('u2', 'coin', 'BTC'), systemAccountKey(SYSTEM_ACCOUNTS.depositClearing, 'BTC')].sort(),
    );
    engine.openJournal();
    run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '5', from: 'margin', to: 'coin' }, 'c');
    // the sealed journal keeps the balances as they were when sealed
    expect(older.changes.find((c) => c.account === U1_COIN)!.balance.available).toBe(90_000_000n);
    const undone = engine.rollback(older);
    expect(undone.map((r) => r.result.id)).toEqual(['a', 'b', 'c']);
    expect(engine.stateHash(sha256)).toBe(hash);
    expect(engine.lastSeq).toBe(seq);
    expect(engine.resultOf('a')).toBeUndefined();
    expect(engine.balance(userAccountKey('u2', 'coin', 'BTC'))).toEqual({ available: 0n, frozen: 0n, bonus: 0n });
  });

  it('replaying recorded results rebuilds the same state hash', () => {
    const engine = new LedgerEngine(CURRENCIES);
    const journal = engine.openJournal();
    run(engine, 'depositCredit', { userId: 'u1', currency: 'USDT', amount: '7' });
    run(engine, 'bonusCredit', { userId: 'u1', currency: 'USDT', amount: '3' });
    run(engine, 'withdrawalHold', { userId: 'u1', currency: 'USDT', amount: '8' });
    run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '2', from: 'coin', to: 'contract' });
    run(engine, 'transfer', { userId: 'u1', currency: 'USDT', amount: '1', from: 'contract', to: 'coin' });
    const replayed = new LedgerEngine(CURRENCIES);
    for (const record of journal.records) replayed.replay(record.result);
    expect(replayed.stateHash(sha256)).toBe(engine.stateHash(sha256));
    expect(replayed.lastSeq).toBe(engine.lastSeq);
  });
});
