import { ApiError, ERROR_CODES } from '../../../core/server';
import { DecimalError, parseDecimal } from '../../../core/shared';

/**
 * A decimal string in a currency's scale as minor units, or a 400 naming `field`: more decimals than the scale is
 * `errTooManyDecimals`, anything else that is not a plain amount above zero (or zero, when allowed) `errInvalidAmount`.
 */
export function parseAmount(value: unknown, scale: number, field: string, options: { allowZero?: boolean } = {}): bigint {
  let minor: bigint;
  try {
    minor = parseDecimal(value as string, scale);
  } catch (error) {
    if (error instanceof DecimalError && error.reason === 'tooManyDecimals') {
      throw new ApiError(ERROR_CODES.badRequest, 'wallet:errTooManyDecimals', { field, params: { scale } });
    }
    throw new ApiError(ERROR_CODES.badRequest, 'wallet:errInvalidAmount', { field });
  }
  if (minor < 0n || (minor === 0n && !options.allowZero)) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errInvalidAmount', { field });
  return minor;
}
