import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../shared/types';
import { formDataOf, paymentBodyOf, paymentSummary } from './payment-form-data';

const times = { id: '3', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const bank: PaymentMethod = { ...times, kind: 'bank', holderName: 'Ada', bankName: 'Bank A', accountNumber: '****6789', branch: 'Mitte' };
const wallet: PaymentMethod = { ...times, kind: 'ewallet', provider: 'PayPal', account: 'ada@example.com', holderName: 'Ada' };

describe('payment form data', () => {
  it('starts an edit without the masked account number', () => {
    expect(formDataOf(bank)).toEqual({ holderName: 'Ada', bankName: 'Bank A', branch: 'Mitte' });
    expect(formDataOf(wallet)).toEqual({ provider: 'PayPal', account: 'ada@example.com', holderName: 'Ada' });
  });

  it('sends the kind and leaves empty optional fields out', () => {
    expect(paymentBodyOf('bank', { holderName: 'Ada', bankName: 'B', accountNumber: 'DE1234', branch: '' })).toEqual({
      kind: 'bank',
      holderName: 'Ada',
      bankName: 'B',
      accountNumber: 'DE1234',
    });
    expect(paymentBodyOf('ewallet', { kind: 'bank', provider: 'P' })).toMatchObject({ kind: 'ewallet' });
  });

  it('summarises a method by bank or provider', () => {
    expect(paymentSummary(bank)).toEqual({ title: 'Bank A', account: '****6789' });
    expect(paymentSummary(wallet)).toEqual({ title: 'PayPal', account: 'ada@example.com' });
  });
});
