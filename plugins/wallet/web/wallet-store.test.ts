import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import { isWalletMessage, WalletStore } from './wallet-store';

describe('WalletStore', () => {
  it('counts changes observably', () => {
    const store = new WalletStore();
    const seen: number[] = [];
    const stop = autorun(() => seen.push(store.version));
    store.changed();
    store.changed();
    stop();
    expect(seen).toEqual([0, 1, 2]);
  });

  it('recognises wallet messages only', () => {
    expect(isWalletMessage({ type: 'wallet', event: 'balance' })).toBe(true);
    expect(isWalletMessage({ type: 'otc', orderCode: '1' })).toBe(false);
    expect(isWalletMessage('wallet')).toBe(false);
    expect(isWalletMessage(null)).toBe(false);
  });
});
