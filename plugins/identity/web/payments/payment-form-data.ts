import type { PaymentBody, PaymentKind, PaymentMethod } from '../../shared/types';

export type PaymentFormData = Record<string, unknown>;

/**
 * The form's starting data for editing a method. A bank account number comes back masked, so the form
 * starts without it and the member types it again.
 */
export function formDataOf(method: PaymentMethod): PaymentFormData {
  if (method.kind === 'bank') {
    const { holderName, bankName, branch } = method;
    return { holderName, bankName, ...(branch ? { branch } : {}) };
  }
  const { provider, account, holderName, qrImage } = method;
  return { provider, account, holderName, ...(qrImage ? { qrImage } : {}) };
}

/** The request body of a submitted form: its kind and the fields, empty optional ones left out. */
export function paymentBodyOf(kind: PaymentKind, data: PaymentFormData): PaymentBody {
  const fields = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  return { ...fields, kind } as PaymentBody;
}

/** The line a list shows for a method: bank and masked number, or provider and wallet account. */
export function paymentSummary(method: PaymentMethod): { title: string; account: string } {
  return method.kind === 'bank'
    ? { title: method.bankName, account: method.accountNumber }
    : { title: method.provider, account: method.account };
}
