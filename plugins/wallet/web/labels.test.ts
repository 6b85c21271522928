import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/wallet.json';
import { BILL_KINDS, DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '../shared/types';
import { ACCOUNT_ORDER, accountKey, billKindKey, shortHash, statusKey } from './labels';

describe('wallet labels', () => {
  it('has a text for every account type, state and bill kind of the wire', () => {
    const keys = [
      ...ACCOUNT_ORDER.map(accountKey),
      ...[...DEPOSIT_STATUSES, ...WITHDRAWAL_STATUSES].map(statusKey),
      ...BILL_KINDS.map(billKindKey),
    ];
    expect(keys.filter((key) => !(key in en))).toEqual([]);
    expect(accountKey(4)).toBe('accountContract');
    expect(billKindKey('withdrawalFee')).toBe('kindWithdrawalFee');
  });

  it('shortens long hashes only', () => {
    expect(shortHash(`0x${'a'.repeat(64)}`)).toBe('0xaaaaaa…aaaaaa');
    expect(shortHash('0x1234')).toBe('0x1234');
  });
});
