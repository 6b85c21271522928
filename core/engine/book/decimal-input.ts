// Decimal strings from the API edge to the book's minor units, with the book's reject reasons.
import { DecimalError, parseDecimal } from '../../shared/money';
import type { RejectReason } from './types';

export type AmountField = 'price' | 'qty' | 'quote';

const TOO_MANY: Record<AmountField, RejectReason> = {
  price: 'priceTooManyDecimals',
  qty: 'qtyTooManyDecimals',
  quote: 'quoteTooManyDecimals',
};

export type MinorUnits = { ok: true; value: bigint } | { ok: false; reason: RejectReason };

/** '1.25' at scale 8 → 125000000n; more decimals than the scale → the field's tooManyDecimals reason. */
export function toMinorUnits(input: string, scale: number, field: AmountField): MinorUnits {
  try {
    const value = parseDecimal(input, scale);
    return value > 0n ? { ok: true, value } : { ok: false, reason: 'nonPositive' };
  } catch (e) {
    if (!(e instanceof DecimalError)) throw e;
    if (e.reason === 'tooManyDecimals') return { ok: false, reason: TOO_MANY[field] };
    return { ok: false, reason: e.reason === 'negative' ? 'nonPositive' : 'invalidField' };
  }
}
