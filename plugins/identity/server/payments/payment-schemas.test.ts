import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { paymentBodySchema, paymentFormSchema } from './payment-schemas';
import { maskAccountNumber, paymentColumns, toPaymentMethod } from './payment-store';

const validate = new Ajv({ allErrors: false, strict: false }).compile(paymentBodySchema());
const firstError = (body: unknown) => (validate(body) ? null : validate.errors![0]);
const BANK = { kind: 'bank', holderName: 'Ada', bankName: 'Harbour Bank', accountNumber: 'DE89370400440532013000' };

describe('payment body schema', () => {
  it('is built from the web forms’ schemas', () => {
    expect(paymentFormSchema('bank')).toMatchObject({ required: ['holderName', 'bankName', 'accountNumber'] });
    expect(paymentFormSchema('ewallet')).toMatchObject({ required: ['provider', 'account', 'holderName'] });
  });

  it('accepts each kind with its own fields only', () => {
    expect(validate(BANK)).toBe(true);
    expect(validate({ kind: 'ewallet', provider: 'PayPal', account: 'ada@example.com', holderName: 'Ada' })).toBe(true);
    expect(firstError({ kind: 'ewallet', provider: 'PayPal', account: 'ada@example.com', holderName: 'Ada', bankName: 'X' })).toMatchObject({
      keyword: 'additionalProperties',
      params: { additionalProperty: 'bankName' },
    });
  });

  it('puts the field at fault first', () => {
    expect(firstError({ ...BANK, holderName: undefined })).toMatchObject({ keyword: 'required', params: { missingProperty: 'holderName' } });
    expect(firstError({ ...BANK, accountNumber: '12-34-56' })).toMatchObject({ instancePath: '/accountNumber' });
    expect(firstError({ ...BANK, kind: 'cheque' })).toMatchObject({ instancePath: '/kind' });
  });
});

describe('payment rows', () => {
  it('masks all but the last 4 characters of an account number', () => {
    expect(maskAccountNumber('DE89370400440532013000')).toBe('****3000');
    expect(maskAccountNumber('123456')).toBe('****3456');
  });

  it('maps a body to columns and a row back, masking the bank account number', () => {
    const columns = paymentColumns({ kind: 'bank', holderName: 'Ada', bankName: 'B', accountNumber: 'DE1234567', branch: '' });
    expect(columns).toMatchObject({ kind: 'bank', account: 'DE1234567', branch: null, provider: null, qr_image: null });
    const row = { id: 5, member_id: 1, created_at: 'a', updated_at: 'b', ...columns };
    expect(toPaymentMethod(row)).toEqual({ id: '5', created_at: 'a', updated_at: 'b', kind: 'bank', holderName: 'Ada', bankName: 'B', accountNumber: '****4567' });
    const wallet = paymentColumns({ kind: 'ewallet', provider: 'P', account: 'ada', holderName: 'Ada' });
    expect(toPaymentMethod({ id: 6, created_at: 'a', updated_at: 'b', ...wallet })).toEqual({
      id: '6', created_at: 'a', updated_at: 'b', kind: 'ewallet', provider: 'P', account: 'ada', holderName: 'Ada',
    });
  });
});
