import { action, makeObservable, observable } from 'mobx';

/** A realtime message of the wallet on refresh_{memberId}: `{ type: 'wallet', event, … }`. */
export function isWalletMessage(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && (payload as { type?: unknown }).type === 'wallet';
}

/**
 * What the open wallet page observes: `version` grows whenever the member's balances or records changed
 * (a realtime message, or an action of this page), and the page reloads what it shows.
 */
export class WalletStore {
  version = 0;

  constructor() {
    makeObservable(this, { version: observable, changed: action });
  }

  changed(): void {
    this.version += 1;
  }
}
