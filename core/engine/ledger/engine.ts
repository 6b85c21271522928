import {
  SYSTEM_ACCOUNTS,
  isUserAccountType,
  isValidAccount,
  isValidUserId,
  systemAccountKey,
  userAccountKey,
  accountKey,
  type UserAccountType,
} from './accounts';
import { BalanceTable } from './balance-table';
import { checkPosting, type Balance, type PostingProblem } from './balances';
import type { LedgerCommand, SettleLine } from './commands';
import { CurrencyRegistry, type Currency } from './currency';
import type { BonusChange, CommandResult, PostingEvent, PostingLine, RejectionCode } from './events';
import { hashState, type HashFactory } from './hash';
import { Journal, type AppliedCommand } from './journal';
import { parseStepId, stepResult, type StepKind, type StepOwner, type StepSource } from './steps';
import { tradePostingLines, type TradeAccounts, type TradeFill, type TradeHandles } from './trade';

const MAX_ID_LENGTH = 128;
/**
 * Control characters and unpaired surrogates: text the databases refuse (NUL on PostgreSQL) or rewrite
 * (a lone surrogate becomes U+FFFD in UTF-8), which would fail or corrupt the batch that holds the id.
 */
const UNSTORABLE_ID = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const KINDS: ReadonlySet<string> = new Set<LedgerCommand['kind']>([
  'depositCredit', 'withdrawalHold', 'withdrawalSettle', 'withdrawalRelease', 'transfer', 'hold', 'release', 'settle', 'bonusCredit',
]);
const MAX_SETTLE_LINES = 64;

class Rejection {
  constructor(
    readonly reason: RejectionCode,
    readonly field?: string,
  ) {}
}

/** A balance change the engine has checked and will apply. */
interface Plan {
  lines: PostingLine[];
  bonus?: BonusChange[];
}

/**
 * The ledger state machine: applies commands one at a time, deterministically (no clock, no randomness,
 * no I/O). Every command yields one posting whose lines sum to zero per currency, or a rejection that
 * changes nothing. Each id is applied once; a repeat returns the first result.
 */
export class LedgerEngine {
  readonly currencies: CurrencyRegistry;
  /** Balances by account handle (an account key interned to a small integer). */
  private readonly balances = new BalanceTable();
  private readonly results = new Map<string, CommandResult>();
  private seq = 0;
  /** What `prefetch` read: kept, so that the compiler keeps the reads. */
  private prefetched = 0;
  /** The engine whose commands' steps are posted here (their ids are its, not kept here). */
  private steps: StepOwner | undefined;
  /** Open journals, oldest first; changes are recorded into the newest. */
  private readonly journals: Journal[] = [];

  constructor(currencies: Iterable<Currency> | CurrencyRegistry) {
    this.currencies = currencies instanceof CurrencyRegistry ? currencies : new CurrencyRegistry(currencies);
  }

  /** Sequence number of the last recorded command. */
  get lastSeq(): number {
    return this.seq;
  }

  get commandCount(): number {
    return this.results.size;
  }

  apply(command: LedgerCommand): CommandResult {
    const id = (command as { id?: unknown }).id;
    // without a usable id or kind a command cannot be recorded: refused with seq 0, nothing kept
    if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH || UNSTORABLE_ID.test(id)) {
      return { ok: false, seq: 0, id: typeof id === 'string' ? id : '', kind: command.kind, duplicate: false, reason: 'invalidCommand', field: 'id' };
    }
    if (!KINDS.has(command.kind)) return { ok: false, seq: 0, id, kind: command.kind, duplicate: false, reason: 'invalidCommand', field: 'kind' };
    const first = this.resultOf(id);
    if (first) return { ...first, duplicate: true };
    // a step's id its owner no longer remembers (or never had) is not a new command's id
    if (this.steps && parseStepId(id)) return { ok: false, seq: 0, id, kind: command.kind, duplicate: false, reason: 'invalidCommand', field: 'id' };
    const seq = this.seq + 1;
    let result: CommandResult;
    const planned = Number.isSafeInteger(command.at) && command.at >= 0 ? this.plan(command) : new Rejection('invalidCommand', 'at');
    if (planned instanceof Rejection) {
      result = { ok: false, seq, id, kind: command.kind, duplicate: false, reason: planned.reason };
      if (planned.field !== undefined) result.field = planned.field;
    } else {
      const event: PostingEvent = { type: 'posting', lines: planned.lines };
      if (planned.bonus) event.bonus = planned.bonus;
      const problem = this.applyPosting(event.lines, event.bonus);
      result = problem
        ? { ok: false, seq, id, kind: command.kind, duplicate: false, reason: problem.reason, ...(problem.field ? { field: problem.field } : {}) }
        : { ok: true, seq, id, kind: command.kind, duplicate: false, events: [event] };
    }
    this.record(result, command);
    return result;
  }

  /**
   * Books a step of another engine's command (the spot engine's holds, settles and releases), computed in minor
   * units by that engine, which checked it will succeed: the same posting checks as `apply`, without parsing
   * decimal strings back and without keeping an id or result for it (the owner's command id stands for its
   * steps, see steps.ts). A refused step changes nothing and takes no sequence number. `source` builds the
   * logged command only while a journal records (a batch on its way to the database).
   */
  post(kind: StepKind, lines: PostingLine[], source: StepSource): PostingProblem | null {
    for (let i = 0; i < lines.length; i++) {
      if (lines[i]!.amount === 0n) return { reason: 'invalidAmount', field: kind === 'settle' ? `lines[${i}].amount` : 'amount' };
    }
    const problem = this.applyPosting(lines, undefined);
    if (problem) return problem;
    const seq = ++this.seq;
    const journal = this.recordingJournal();
    if (journal) this.logStep(journal, seq, kind, lines, source);
    return null;
  }

  /**
   * A hold (available → frozen) or release (frozen → available) step on one user account: `post` of its two
   * lines, checked directly on the account (the lines are only built while a journal records them).
   */
  move(kind: 'hold' | 'release', account: string, amount: bigint, source: StepSource): PostingProblem | null {
    return this.moveAt(kind, this.balances.handle(account), amount, source);
  }

  /** `move` on an account handle (`accountHandle`). */
  moveAt(kind: 'hold' | 'release', h: number, amount: bigint, source: StepSource): PostingProblem | null {
    const table = this.balances;
    if (amount <= 0n) return { reason: 'invalidAmount', field: 'amount' };
    if (table.isSystem(h)) return { reason: 'invalidAccount', field: table.keys[h]! };
    const hold = kind === 'hold';
    if (!table.has(h) || !(hold ? table.availableCovers(h, amount) : table.frozenCovers(h, amount))) return { reason: 'insufficientFunds', field: table.keys[h]! };
    const journal = this.recordingJournal();
    if (journal) this.keepBefore(journal, h);
    if (hold) {
      table.subtractAvailable(h, amount);
      table.addFrozen(h, amount);
    } else {
      table.subtractFrozen(h, amount);
      table.addAvailable(h, amount);
    }
    const seq = ++this.seq;
    if (journal) {
      const account = table.keys[h]!;
      const lines: PostingLine[] = [
        { account, bucket: hold ? 'available' : 'frozen', amount: -amount },
        { account, bucket: hold ? 'frozen' : 'available', amount },
      ];
      this.logStep(journal, seq, kind, lines, source);
    }
    return null;
  }

  /**
   * The settle step of one fill (`post` of `tradePostingLines(fill, accounts)`) on account handles: the same
   * checks and changes without building lines or per-account deltas. The handles must be the accounts of the
   * fill's currencies (seller's and buyer's base, buyer's and seller's quote, the fee accounts); an unusual
   * fill (negative or oversized fees, a user side on a system account or on a fee account) goes through `post`.
   */
  settleTrade(fill: TradeFill, at: TradeHandles, source: StepSource): PostingProblem | null {
    const table = this.balances;
    const base = fill.baseAmount;
    const quote = fill.quoteAmount;
    const buyerFee = fill.buyerFee;
    const sellerFee = fill.sellerFee;
    if (
      buyerFee < 0n || sellerFee < 0n || buyerFee > base || sellerFee > quote ||
      at.buyerBase === at.feeBase || at.sellerQuote === at.feeQuote ||
      table.isSystem(at.sellerBase) || table.isSystem(at.buyerBase) || table.isSystem(at.buyerQuote) || table.isSystem(at.sellerQuote)
    ) {
      return this.post('settle', tradePostingLines(fill, this.tradeKeys(at)), source);
    }
    // the only lines that take money are the two from frozen; every other line adds to an available balance
    if (base !== 0n && !table.frozenCovers(at.sellerBase, base)) return { reason: 'insufficientFunds', field: table.keys[at.sellerBase]! };
    if (quote !== 0n && !table.frozenCovers(at.buyerQuote, quote)) return { reason: 'insufficientFunds', field: table.keys[at.buyerQuote]! };
    const journal = this.recordingJournal();
    if (journal) {
      // the accounts of the lines `post` would book (zero lines are left out)
      if (base !== 0n) this.keepBefore(journal, at.sellerBase);
      if (base !== buyerFee) this.keepBefore(journal, at.buyerBase);
      if (quote !== 0n) this.keepBefore(journal, at.buyerQuote);
      if (quote !== sellerFee) this.keepBefore(journal, at.sellerQuote);
      if (buyerFee > 0n) this.keepBefore(journal, at.feeBase);
      if (sellerFee > 0n) this.keepBefore(journal, at.feeQuote);
    }
    if (base !== 0n) table.subtractFrozen(at.sellerBase, base);
    // what a side receives less its fee, added and subtracted in place: `base - buyerFee` would be a heap bigint
    if (base !== buyerFee) {
      table.addAvailable(at.buyerBase, base);
      if (buyerFee !== 0n) table.subtractAvailable(at.buyerBase, buyerFee);
    }
    if (quote !== 0n) table.subtractFrozen(at.buyerQuote, quote);
    if (quote !== sellerFee) {
      table.addAvailable(at.sellerQuote, quote);
      if (sellerFee !== 0n) table.subtractAvailable(at.sellerQuote, sellerFee);
    }
    if (buyerFee > 0n) table.addAvailable(at.feeBase, buyerFee);
    if (sellerFee > 0n) table.addAvailable(at.feeQuote, sellerFee);
    const seq = ++this.seq;
    if (journal) this.logStep(journal, seq, 'settle', tradePostingLines(fill, this.tradeKeys(at)), source);
    return null;
  }

  /** The handle of an account key, for `moveAt`, `settleTrade` and `covers` (stable for this engine's life). */
  accountHandle(key: string): number {
    return this.balances.handle(key);
  }

  /** The handle of an account key the ledger has seen, else −1 (an account without money; nothing is interned). */
  findAccount(key: string): number {
    return this.balances.find(key);
  }

  /**
   * Starts reading an account's balances (a handle ≥ 0), so that their cache misses overlap the caller's work
   * before it moves them. Changes nothing.
   */
  prefetch(h: number): void {
    this.prefetched = this.balances.prefetch(h);
  }

  /** Whether the account's available balance is at least `amount` (handle −1: an empty account). */
  covers(h: number, amount: bigint): boolean {
    return h < 0 ? amount <= 0n : this.balances.availableCovers(h, amount);
  }

  /** Makes `owner` the engine whose step ids this ledger answers for; the sequence covers its last step. */
  attachSteps(owner: StepOwner): void {
    this.steps = owner;
    if (owner.lastStepSeq > this.seq) this.seq = owner.lastStepSeq;
  }

  /** Available and frozen of one account (zeros when it has never been used). */
  balance(key: string): Readonly<Balance> {
    const h = this.balances.find(key);
    return h >= 0 && this.balances.has(h) ? this.balances.get(h) : { available: 0n, frozen: 0n, bonus: 0n };
  }

  userBalance(userId: string, type: UserAccountType, currency: string): Readonly<Balance> {
    return this.balance(userAccountKey(userId, type, currency));
  }

  /** What may leave an account by transfer or withdrawal: available minus experience gold. */
  transferable(userId: string, type: UserAccountType, currency: string): bigint {
    const balance = this.balance(userAccountKey(userId, type, currency));
    const free = balance.available - balance.bonus;
    return free > 0n ? free : 0n;
  }

  /** Every account with its balances (a read-only view; do not keep it across commands). */
  entries(): IterableIterator<[string, Readonly<Balance>]> {
    return this.balances.entries();
  }

  /** The first result of a command id, if it was applied. */
  resultOf(id: string): CommandResult | undefined {
    return this.results.get(id) ?? stepResult(this.steps, id);
  }

  stateHash(createHasher: HashFactory): string {
    return hashState(new Map(this.balances.entries()), this.results.keys(), createHasher);
  }

  // ---- batches: record what changes so it can be persisted, or undone when persisting fails ----

  /** Starts recording into a new journal; the previous one stops receiving changes. */
  openJournal(): Journal {
    const journal = new Journal(this.seq);
    this.journals.push(journal);
    return journal;
  }

  /** Freezes the journal's changed balances as they are now (what its batch will persist). */
  seal(journal: Journal): void {
    journal.sealed = true;
    journal.changes = [...journal.before.keys()].map((account) => ({ account, balance: { ...this.balance(account) } }));
  }

  /** Forgets the oldest journal once its batch is durable. */
  closeJournal(journal: Journal): void {
    const index = this.journals.indexOf(journal);
    if (index !== 0) throw new Error('journals close oldest first');
    this.journals.shift();
  }

  /**
   * Undoes the journal and every newer one (newest first): balances, recorded ids and the sequence go
   * back to where they were when it was opened. Returns the commands undone, oldest first.
   */
  rollback(journal: Journal): AppliedCommand[] {
    const index = this.journals.indexOf(journal);
    if (index < 0) throw new Error('unknown journal');
    const undone = this.journals.splice(index);
    for (let i = undone.length - 1; i >= 0; i--) {
      const each = undone[i]!;
      for (const [key, before] of each.before) {
        const h = this.balances.handle(key);
        if (before) this.balances.set(h, before);
        else this.balances.remove(h);
      }
      for (const record of each.records) this.results.delete(record.result.id);
    }
    this.seq = journal.seqBefore;
    return undone.flatMap((each) => each.records);
  }

  // ---- rebuilding ----

  /**
   * The first result of every applied id (not the steps: their owner keeps those), oldest first, without its
   * events: what a stored snapshot keeps so
   * that a repeat is still recognised (it then returns this thin result) and the state hash stays equal.
   */
  thinResults(): CommandResult[] {
    const thin: CommandResult[] = [];
    for (const result of this.results.values()) thin.push(result.ok ? { ...result, events: [] } : result);
    return thin;
  }

  /** Loads persisted balances and first results (start-up); only into an empty engine. */
  restore(balances: Iterable<[string, Balance]>, results: Iterable<CommandResult>): void {
    if (this.balances.size > 0 || this.results.size > 0) throw new Error('restore needs an empty engine');
    for (const [key, balance] of balances) this.balances.set(this.balances.handle(key), balance);
    for (const result of results) {
      this.results.set(result.id, result);
      if (result.seq > this.seq) this.seq = result.seq;
    }
  }

  /** Applies a recorded command's result as it was (replay from the log); checks the invariants again. */
  replay(result: CommandResult): void {
    if (this.results.has(result.id)) throw new Error(`replay: id ${result.id} twice`);
    if (result.seq !== this.seq + 1) throw new Error(`replay: seq ${result.seq} after ${this.seq}`);
    if (result.ok) {
      for (const event of result.events) {
        const problem = this.applyPosting(event.lines, event.bonus);
        if (problem) throw new Error(`replay: seq ${result.seq} no longer applies (${problem.reason} ${problem.field ?? ''})`);
      }
    }
    this.results.set(result.id, result);
    this.seq = result.seq;
  }

  // ---- internals ----

  private record(result: CommandResult, command: LedgerCommand): void {
    this.results.set(result.id, result);
    this.seq = result.seq;
    this.recordingJournal()?.records.push({ command, result });
  }

  /** Records a step's logged command and result (its id comes from the owner's command). */
  private logStep(journal: Journal, seq: number, kind: StepKind, lines: PostingLine[], source: StepSource): void {
    const command = source.describeStep(seq, kind);
    journal.records.push({ command, result: { ok: true, seq, id: command.id, kind, duplicate: false, events: [{ type: 'posting', lines }] } });
  }

  /** Keeps an account's balances before its first change in the journal. */
  private keepBefore(journal: Journal, h: number): void {
    const key = this.balances.keys[h]!;
    if (!journal.before.has(key)) journal.before.set(key, this.balances.has(h) ? this.balances.get(h) : undefined);
  }

  private tradeKeys(at: TradeHandles): TradeAccounts {
    const keys = this.balances.keys;
    return {
      sellerBase: keys[at.sellerBase]!,
      buyerBase: keys[at.buyerBase]!,
      buyerQuote: keys[at.buyerQuote]!,
      sellerQuote: keys[at.sellerQuote]!,
      feeBase: keys[at.feeBase]!,
      feeQuote: keys[at.feeQuote]!,
    };
  }

  private recordingJournal(): Journal | undefined {
    const count = this.journals.length;
    // checked first: journals[-1] is not an index but a property look-up up the prototype chain
    if (count === 0) return undefined;
    const journal = this.journals[count - 1];
    return journal && !journal.sealed ? journal : undefined;
  }

  private applyPosting(lines: PostingLine[], bonus: BonusChange[] | undefined): PostingProblem | null {
    const deltas = checkPosting(this.balances, lines, bonus);
    if (!Array.isArray(deltas)) return deltas;
    const recording = this.recordingJournal();
    const table = this.balances;
    for (const delta of deltas) {
      const h = delta.h;
      if (recording) this.keepBefore(recording, h);
      table.addAvailable(h, delta.available);
      table.addFrozen(h, delta.frozen);
      if (delta.bonus !== 0n) table.add(h, 'bonus', delta.bonus);
    }
    return null;
  }

  private plan(command: LedgerCommand): Plan | Rejection {
    switch (command.kind) {
      case 'depositCredit': {
        const ctx = this.userAmount(command, command.accountType ?? 'coin');
        if (ctx instanceof Rejection) return ctx;
        return transferLines(systemAccountKey(SYSTEM_ACCOUNTS.depositClearing, command.currency), 'available', ctx.key, 'available', ctx.amount);
      }
      case 'withdrawalHold': {
        const ctx = this.userAmount(command, command.accountType ?? 'coin');
        if (ctx instanceof Rejection) return ctx;
        const refused = this.checkTransferable(ctx.key, ctx.amount);
        if (refused) return refused;
        return transferLines(ctx.key, 'available', ctx.key, 'frozen', ctx.amount);
      }
      case 'withdrawalSettle': {
        const ctx = this.userAmount(command, command.accountType ?? 'coin');
        if (ctx instanceof Rejection) return ctx;
        const fee = this.currencies.parse(command.currency, command.fee);
        if (typeof fee === 'string') return new Rejection(fee, 'fee');
        if (fee > ctx.amount) return new Rejection('invalidAmount', 'fee');
        const lines: PostingLine[] = [
          { account: ctx.key, bucket: 'frozen', amount: -ctx.amount },
          { account: systemAccountKey(SYSTEM_ACCOUNTS.withdrawalClearing, command.currency), bucket: 'available', amount: ctx.amount - fee },
        ];
        if (fee > 0n) lines.push({ account: systemAccountKey(SYSTEM_ACCOUNTS.fees, command.currency), bucket: 'available', amount: fee });
        return { lines };
      }
      case 'withdrawalRelease':
      case 'release': {
        const ctx = this.userAmount(command, command.kind === 'release' ? command.accountType : (command.accountType ?? 'coin'));
        if (ctx instanceof Rejection) return ctx;
        return transferLines(ctx.key, 'frozen', ctx.key, 'available', ctx.amount);
      }
      case 'hold': {
        // an order may use experience gold as margin, so a hold is limited by available alone
        const ctx = this.userAmount(command, command.accountType);
        if (ctx instanceof Rejection) return ctx;
        return transferLines(ctx.key, 'available', ctx.key, 'frozen', ctx.amount);
      }
      case 'transfer':
        return this.planTransfer(command);
      case 'settle':
        return this.planSettle(command.lines);
      case 'bonusCredit': {
        const ctx = this.userAmount(command, 'contract');
        if (ctx instanceof Rejection) return ctx;
        const plan = transferLines(systemAccountKey(SYSTEM_ACCOUNTS.bonusIssuance, command.currency), 'available', ctx.key, 'available', ctx.amount);
        plan.bonus = [{ account: ctx.key, delta: ctx.amount }];
        return plan;
      }
    }
  }

  private userAmount(
    command: { userId: unknown; currency: unknown; amount: unknown },
    type: unknown,
  ): { key: string; amount: bigint } | Rejection {
    if (!isValidUserId(command.userId)) return new Rejection('invalidAccount', 'userId');
    if (!isUserAccountType(type)) return new Rejection('invalidAccount', 'accountType');
    if (typeof command.currency !== 'string' || !this.currencies.has(command.currency)) return new Rejection('unknownCurrency', 'currency');
    const amount = this.currencies.parse(command.currency, command.amount);
    if (typeof amount === 'string') return new Rejection(amount, 'amount');
    if (amount <= 0n) return new Rejection('invalidAmount', 'amount');
    return { key: userAccountKey(command.userId, type, command.currency), amount };
  }

  /** Experience gold never leaves an account: an amount above available − bonus is refused. */
  private checkTransferable(key: string, amount: bigint): Rejection | null {
    const balance = this.balance(key);
    if (amount > balance.available) return new Rejection('insufficientFunds', 'amount');
    if (amount > balance.available - balance.bonus) return new Rejection('bonusNotTransferable', 'amount');
    return null;
  }

  private planTransfer(command: Extract<LedgerCommand, { kind: 'transfer' }>): Plan | Rejection {
    if (!isUserAccountType(command.from)) return new Rejection('invalidAccount', 'from');
    if (!isUserAccountType(command.to) || command.to === command.from) return new Rejection('invalidAccount', 'to');
    const ctx = this.userAmount(command, command.from);
    if (ctx instanceof Rejection) return ctx;
    const refused = this.checkTransferable(ctx.key, ctx.amount);
    if (refused) return refused;
    const plan = transferLines(ctx.key, 'available', userAccountKey(command.userId, command.to, command.currency), 'available', ctx.amount);
    const bonus = this.balance(ctx.key).bonus;
    if (command.from === 'contract' && bonus > 0n) {
      // checkTransferable guarantees available ≥ amount + bonus, so the whole bonus is clawed back
      plan.lines.push(
        { account: ctx.key, bucket: 'available', amount: -bonus },
        { account: systemAccountKey(SYSTEM_ACCOUNTS.bonusIssuance, command.currency), bucket: 'available', amount: bonus },
      );
      plan.bonus = [{ account: ctx.key, delta: -bonus }];
    }
    return plan;
  }

  private planSettle(lines: SettleLine[]): Plan | Rejection {
    if (!Array.isArray(lines) || lines.length < 2 || lines.length > MAX_SETTLE_LINES) return new Rejection('invalidCommand', 'lines');
    const planned: PostingLine[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const field = `lines[${i}]`;
      if (!line || !isValidAccount(line)) return new Rejection('invalidAccount', field);
      if (!this.currencies.has(line.currency)) return new Rejection('unknownCurrency', `${field}.currency`);
      if (line.bucket !== 'available' && line.bucket !== 'frozen') return new Rejection('invalidCommand', `${field}.bucket`);
      const amount = this.currencies.parse(line.currency, line.amount, true);
      if (typeof amount === 'string') return new Rejection(amount, `${field}.amount`);
      if (amount === 0n) return new Rejection('invalidAmount', `${field}.amount`);
      planned.push({ account: accountKey(line.owner, line.type, line.currency), bucket: line.bucket, amount });
    }
    return { lines: planned };
  }
}

function transferLines(fromKey: string, fromBucket: PostingLine['bucket'], toKey: string, toBucket: PostingLine['bucket'], amount: bigint): Plan {
  return {
    lines: [
      { account: fromKey, bucket: fromBucket, amount: -amount },
      { account: toKey, bucket: toBucket, amount },
    ],
  };
}
