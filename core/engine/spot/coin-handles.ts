/** What a slot holds until its account is looked up. */
export const UNKNOWN = -1;

/**
 * The ledger handle of each user's coin account in each currency, user by user: a row of `stride` slots per user
 * (a power of two at least the number of currencies), so that a user's accounts in a market's two currencies are
 * one row — one cache line — where a column per currency would read two. The engine reads it when an order is
 * placed (the open order then keeps both handles) and for a take-profit / stop-loss leg. Slots hold UNKNOWN until
 * the engine looks the account up.
 */
export class CoinHandles {
  private slots: Int32Array;
  private stride = 4;
  private currencies = 0;
  private users: number;

  constructor(users = 1024) {
    this.users = users;
    this.slots = new Int32Array(users * this.stride).fill(UNKNOWN);
  }

  get(userNo: number, currencyNo: number): number {
    return this.slots[userNo * this.stride + currencyNo]!;
  }

  set(userNo: number, currencyNo: number, handle: number): void {
    this.slots[userNo * this.stride + currencyNo] = handle;
  }

  /** Makes room for one more currency; returns its number. */
  addCurrency(): number {
    if (this.currencies === this.stride) this.relayout(this.users, this.stride * 2);
    return this.currencies++;
  }

  /** Makes room for user numbers below `userNo` + 1. */
  reserveUser(userNo: number): void {
    if (userNo < this.users) return;
    let users = this.users;
    while (users <= userNo) users *= 2;
    this.relayout(users, this.stride);
  }

  private relayout(users: number, stride: number): void {
    const old = this.slots;
    this.slots = new Int32Array(users * stride).fill(UNKNOWN);
    for (let user = 0; user < this.users; user++) {
      this.slots.set(old.subarray(user * this.stride, user * this.stride + this.currencies), user * stride);
    }
    this.users = users;
    this.stride = stride;
  }
}
