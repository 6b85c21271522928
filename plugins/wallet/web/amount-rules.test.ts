import { describe, expect, it } from 'vitest';
import { receiveAmount, transferAmountProblem, withdrawalProblems, type WithdrawalInput } from './amount-rules';

const network = { withdrawFee: '0.1', withdrawMin: '2' };
const good: WithdrawalInput = { address: '0xabc', amount: '10', tradePassword: '123456', googleCode: '' };
const check = (change: Partial<WithdrawalInput>, available = '100', needGoogle = false) =>
  withdrawalProblems({ ...good, ...change }, { network, available, needGoogle });

describe('withdrawal form', () => {
  it('computes what arrives as amount − fee, exactly, and nothing below the fee', () => {
    expect(receiveAmount('0.3', '0.1')).toBe('0.2');
    expect(receiveAmount('2.00000001', '2')).toBe('0.00000001');
    expect(receiveAmount('0.1', '0.1')).toBeNull();
    expect(receiveAmount('1.', '0.1')).toBeNull();
    expect(receiveAmount('', '0.1')).toBeNull();
  });

  it('accepts a complete request', () => {
    expect(check({})).toEqual({});
    expect(check({ amount: '100' })).toEqual({});
  });

  it('names each field at fault', () => {
    expect(check({ address: '  ', amount: '', tradePassword: '' })).toEqual({
      address: 'addressRequired',
      amount: 'amountRequired',
      tradePassword: 'tradePasswordRequired',
    });
    expect(check({ amount: '0' })).toEqual({ amount: 'amountInvalid' });
    expect(check({ amount: '1.99' })).toEqual({ amount: 'amountBelowMin' });
    expect(check({ amount: '100.00000001' })).toEqual({ amount: 'amountAboveAvailable' });
    expect(check({ tradePassword: '12345a' })).toEqual({ tradePassword: 'tradePasswordSixDigits' });
    expect(check({}, '100', true)).toEqual({ googleCode: 'googleCodeRequired' });
    expect(check({ googleCode: '123456' }, '100', true)).toEqual({});
  });

  it('refuses an amount the fee would eat when the minimum is below the fee', () => {
    expect(withdrawalProblems({ ...good, amount: '0.1' }, { network: { withdrawFee: '0.1', withdrawMin: '0' }, available: '1', needGoogle: false })).toEqual({
      amount: 'amountBelowFee',
    });
  });
});

describe('transfer amount', () => {
  it('must be a positive decimal within what may leave the account', () => {
    expect(transferAmountProblem('', '5')).toBe('amountRequired');
    expect(transferAmountProblem('0', '5')).toBe('amountInvalid');
    expect(transferAmountProblem('5.00000001', '5')).toBe('amountAboveTransferable');
    expect(transferAmountProblem('5', '5')).toBeNull();
    expect(transferAmountProblem('1', '--')).toBe('amountAboveTransferable');
  });
});
