import { isSystemKey, mayGoNegative } from './accounts';
import { BigColumn } from './big-column';

const INITIAL_CAPACITY = 1024;
const PRESENT = 1;
const SYSTEM_ACCOUNT = 2;
const MAY_GO_NEGATIVE = 4;

/** Balances of one account in minor units. `bonus` marks how much of it is experience gold (contract only). */
export interface Balance {
  available: bigint;
  frozen: bigint;
  bonus: bigint;
}

export type BalanceField = 'available' | 'frozen' | 'bonus';

/**
 * The ledger's balances by account handle: a key ("42/coin/USDT") is interned once to a small integer, and its
 * balances — available, frozen, bonus, exact bigint minor units — sit in columns indexed by it, next to the
 * account's flags in a typed array: a posting finds its accounts by handle instead of hashing their keys.
 *
 * A handle stays valid for the table's life: an account that is removed (a rollback of its creation) keeps its
 * handle and only stops being present.
 */
export class BalanceTable {
  private readonly handles = new Map<string, number>();
  /** Key of each handle. */
  readonly keys: string[] = [];
  private readonly available = new BigColumn(INITIAL_CAPACITY);
  private readonly frozen = new BigColumn(INITIAL_CAPACITY);
  private readonly bonus = new BigColumn(INITIAL_CAPACITY);
  private states = new Uint8Array(INITIAL_CAPACITY);
  private presentCount = 0;

  /** Accounts present (with a balance row, possibly all zero). */
  get size(): number {
    return this.presentCount;
  }

  /** The handle of `key`, interned on first use (the account is not thereby present). */
  handle(key: string): number {
    let h = this.handles.get(key);
    if (h === undefined) {
      h = this.keys.length;
      if (h >= this.states.length) this.grow();
      this.keys.push(key);
      this.states[h] = isSystemKey(key) ? SYSTEM_ACCOUNT | (mayGoNegative(key) ? MAY_GO_NEGATIVE : 0) : 0;
      this.handles.set(key, h);
    }
    return h;
  }

  /** The handle of `key` if it was ever interned, else −1. */
  find(key: string): number {
    return this.handles.get(key) ?? -1;
  }

  has(h: number): boolean {
    return (this.states[h]! & PRESENT) !== 0;
  }

  isSystem(h: number): boolean {
    return (this.states[h]! & SYSTEM_ACCOUNT) !== 0;
  }

  mayGoNegative(h: number): boolean {
    return (this.states[h]! & MAY_GO_NEGATIVE) !== 0;
  }

  /** A copy of the account's balances (zeros when it is not present). */
  get(h: number): Balance {
    return { available: this.available.get(h), frozen: this.frozen.get(h), bonus: this.bonus.get(h) };
  }

  value(h: number, field: BalanceField): bigint {
    return this[field].get(h);
  }

  /** Reads the account's available and frozen balances (see `LedgerEngine.prefetch`). */
  prefetch(h: number): number {
    return this.available.prefetch(h) + this.frozen.prefetch(h);
  }

  availableCovers(h: number, amount: bigint): boolean {
    return this.available.atLeast(h, amount);
  }

  frozenCovers(h: number, amount: bigint): boolean {
    return this.frozen.atLeast(h, amount);
  }

  /** Adds `delta` to one balance of the account (making it present). */
  add(h: number, field: BalanceField, delta: bigint): void {
    this.markPresent(h);
    this[field].add(h, delta);
  }

  addAvailable(h: number, amount: bigint): void {
    this.markPresent(h);
    this.available.add(h, amount);
  }

  subtractAvailable(h: number, amount: bigint): void {
    this.markPresent(h);
    this.available.subtract(h, amount);
  }

  addFrozen(h: number, amount: bigint): void {
    this.markPresent(h);
    this.frozen.add(h, amount);
  }

  subtractFrozen(h: number, amount: bigint): void {
    this.markPresent(h);
    this.frozen.subtract(h, amount);
  }

  /** Sets the account's balances (making it present). */
  set(h: number, balance: Readonly<Balance>): void {
    this.markPresent(h);
    this.available.set(h, balance.available);
    this.frozen.set(h, balance.frozen);
    this.bonus.set(h, balance.bonus);
  }

  /** Forgets the account's balances (it is no longer present; its handle stays). */
  remove(h: number): void {
    if (this.states[h]! & PRESENT) this.presentCount--;
    this.states[h] = this.states[h]! & ~PRESENT;
    this.available.set(h, 0n);
    this.frozen.set(h, 0n);
    this.bonus.set(h, 0n);
  }

  /** Present accounts with a copy of their balances, in handle order. */
  *entries(): IterableIterator<[string, Balance]> {
    for (let h = 0; h < this.keys.length; h++) if (this.has(h)) yield [this.keys[h]!, this.get(h)];
  }

  private markPresent(h: number): void {
    const state = this.states[h]!;
    if ((state & PRESENT) === 0) {
      this.states[h] = state | PRESENT;
      this.presentCount++;
    }
  }

  private grow(): void {
    const capacity = this.states.length * 2;
    const states = new Uint8Array(capacity);
    states.set(this.states);
    this.states = states;
    this.available.reserve(capacity);
    this.frozen.reserve(capacity);
    this.bonus.reserve(capacity);
  }
}
