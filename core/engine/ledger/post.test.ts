import { describe, expect, it } from 'vitest';
import { accountKey } from './accounts';
import { LedgerEngine } from './engine';
import type { LedgerCommand } from './commands';
import { parseStepId, stepId, type StepKind, type StepOwner, type StepSource } from './steps';
import { tradeAccounts, tradePostingLines, tradeSettleLines, type TradeFill } from './trade';

const CURRENCIES = [
  { code: 'BTC', scale: 8 },
  { code: 'USDT', scale: 6 },
];

function funded(): LedgerEngine {
  const ledger = new LedgerEngine(CURRENCIES);
  ledger.apply({ kind: 'depositCredit', id: 'd1', at: 1, userId: 'seller', currency: 'BTC', amount: '2' });
  ledger.apply({ kind: 'depositCredit', id: 'd2', at: 1, userId: 'buyer', currency: 'USDT', amount: '1000' });
  ledger.apply({ kind: 'hold', id: 'h1', at: 1, userId: 'seller', accountType: 'coin', currency: 'BTC', amount: '1' });
  ledger.apply({ kind: 'hold', id: 'h2', at: 1, userId: 'buyer', accountType: 'coin', currency: 'USDT', amount: '500' });
  return ledger;
}

const FILL: TradeFill = { buyer: 'buyer', seller: 'seller', base: 'BTC', quote: 'USDT', baseAmount: 50_000_000n, quoteAmount: 250_000_000n, buyerFee: 50_000n, sellerFee: 0n };

/** A step owner with one command "o1" whose steps took ledger seqs (from, to]. */
class Owner implements StepOwner, StepSource {
  described: Array<[number, StepKind]> = [];
  constructor(
    private readonly command: LedgerCommand,
    public range = { from: 4, to: 4 },
  ) {}
  stepRange(id: string) {
    return id === 'o1' ? this.range : undefined;
  }
  get lastStepSeq() {
    return this.range.to;
  }
  describeStep(seq: number, kind: StepKind): LedgerCommand {
    this.described.push([seq, kind]);
    return { ...this.command, id: stepId('o1', seq - this.range.from, kind) } as LedgerCommand;
  }
}

describe('ledger post (steps computed by a trusted caller)', () => {
  it('books a trade exactly as the settle command it stands for', () => {
    const byCommand = funded();
    const byPost = funded();
    const command: LedgerCommand = { kind: 'settle', id: 't1', at: 2, lines: tradeSettleLines(byCommand.currencies, FILL), memo: 'trade' };
    const applied = byCommand.apply(command);
    expect(byPost.post('settle', tradePostingLines(FILL, tradeAccounts(FILL, accountKey)), new Owner(command))).toBeNull();
    expect(byPost.lastSeq).toBe(applied.seq);
    expect([...byPost.entries()]).toEqual([...byCommand.entries()]);
    // the zero seller fee line is left out of both
    expect(applied.ok && applied.events[0]!.lines).toHaveLength(5);
  });

  it('refuses what the balances cannot cover: nothing changes and no seq is taken', () => {
    const ledger = funded();
    const key = accountKey('buyer', 'coin', 'USDT');
    const before = [...ledger.entries()].map(([k, b]) => [k, { ...b }]);
    const owner = new Owner({} as LedgerCommand);
    const problem = ledger.post('hold', [
      { account: key, bucket: 'available', amount: -600_000_000n },
      { account: key, bucket: 'frozen', amount: 600_000_000n },
    ], owner);
    expect(problem).toEqual({ reason: 'insufficientFunds', field: key });
    expect(ledger.post('hold', [{ account: key, bucket: 'available', amount: 0n }, { account: key, bucket: 'frozen', amount: 0n }], owner)).toEqual({
      reason: 'invalidAmount',
      field: 'amount',
    });
    expect(ledger.lastSeq).toBe(4);
    expect([...ledger.entries()]).toEqual(before);
    expect(owner.described).toEqual([]);
  });

  it('builds the logged command only while a journal records, with the step id', () => {
    const ledger = funded();
    const key = accountKey('seller', 'coin', 'BTC');
    const lines = [{ account: key, bucket: 'frozen' as const, amount: -50_000_000n }, { account: key, bucket: 'available' as const, amount: 50_000_000n }];
    const command: LedgerCommand = { kind: 'release', id: '', at: 2, userId: 'seller', accountType: 'coin', currency: 'BTC', amount: '0.5' };
    const owner = new Owner(command);
    ledger.post('release', lines, owner);
    expect(owner.described).toEqual([]);
    const journal = ledger.openJournal();
    ledger.post('release', lines, owner);
    expect(owner.described).toEqual([[6, 'release']]);
    expect(journal.records.map((record) => [record.command.id, record.result])).toEqual([
      ['s:o1:2r', { ok: true, seq: 6, id: 's:o1:2r', kind: 'release', duplicate: false, events: [{ type: 'posting', lines }] }],
    ]);
  });

  it('answers for step ids through their owner: look-up, repeats, restore', () => {
    const ledger = funded();
    const owner = new Owner({} as LedgerCommand, { from: 4, to: 6 });
    ledger.attachSteps(owner);
    expect(ledger.lastSeq).toBe(6);
    expect(ledger.resultOf('s:o1:2t')).toEqual({ ok: true, seq: 6, id: 's:o1:2t', kind: 'settle', duplicate: false, events: [] });
    expect(ledger.resultOf('s:o1:3t')).toBeUndefined();
    expect(ledger.resultOf('s:o2:1h')).toBeUndefined();
    // a command reusing a step's id is a repeat and changes nothing
    const before = ledger.stateHash(() => hasher());
    expect(ledger.apply({ kind: 'depositCredit', id: 's:o1:1h', at: 3, userId: 'buyer', currency: 'USDT', amount: '1' })).toMatchObject({ duplicate: true, seq: 5, kind: 'hold' });
    expect(ledger.stateHash(() => hasher())).toBe(before);
  });

  it('moves a user account between available and frozen (hold, release) with the checks of the two lines', () => {
    const ledger = funded();
    const key = accountKey('buyer', 'coin', 'USDT');
    const owner = new Owner({ kind: 'hold', id: '', at: 2, userId: 'buyer', accountType: 'coin', currency: 'USDT', amount: '100' });
    const journal = ledger.openJournal();
    expect(ledger.move('hold', key, 100_000_000n, owner)).toBeNull();
    expect(ledger.balance(key)).toEqual({ available: 400_000_000n, frozen: 600_000_000n, bonus: 0n });
    expect(journal.records[0]!.result).toEqual({
      ok: true, seq: 5, id: 's:o1:1h', kind: 'hold', duplicate: false,
      events: [{ type: 'posting', lines: [{ account: key, bucket: 'available', amount: -100_000_000n }, { account: key, bucket: 'frozen', amount: 100_000_000n }] }],
    });
    expect(ledger.move('release', key, 600_000_000n, owner)).toBeNull();
    expect(ledger.balance(key)).toEqual({ available: 1_000_000_000n, frozen: 0n, bonus: 0n });
    // refused, nothing changes: more than the bucket holds, no amount, an unknown account, a system account
    expect(ledger.move('release', key, 1n, owner)).toEqual({ reason: 'insufficientFunds', field: key });
    expect(ledger.move('hold', key, 0n, owner)).toEqual({ reason: 'invalidAmount', field: 'amount' });
    expect(ledger.move('hold', key, -1n, owner)).toEqual({ reason: 'invalidAmount', field: 'amount' });
    expect(ledger.move('hold', accountKey('nobody', 'coin', 'USDT'), 1n, owner)).toMatchObject({ reason: 'insufficientFunds' });
    expect(ledger.move('hold', 'fees/system/USDT', 1n, owner)).toMatchObject({ reason: 'invalidAccount' });
    expect(ledger.lastSeq).toBe(6);
    expect(ledger.balance(key)).toEqual({ available: 1_000_000_000n, frozen: 0n, bonus: 0n });
    // a rollback puts the balance back
    ledger.rollback(journal);
    expect(ledger.balance(key)).toEqual({ available: 500_000_000n, frozen: 500_000_000n, bonus: 0n });
    expect(ledger.lastSeq).toBe(4);
  });

  it('step ids: written and read back; other ids are not steps', () => {
    expect(parseStepId(stepId('c:1', 12, 'settle'))).toEqual({ ownerId: 'c:1', n: 12, kind: 'settle' });
    for (const id of ['s:x:0h', 's:x:1', 's:x:1x', 'x:1h', 's:1h', 's:x:01h']) expect(parseStepId(id)).toBeUndefined();
  });
});

function hasher() {
  let text = '';
  return { update: (data: string) => (text += data), digest: () => text };
}
