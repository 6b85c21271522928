import { DecimalError, formatDecimal, parseDecimal } from '../../shared/money';

/** A currency the ledger knows: its code (e.g. "USDT") and how many decimals one unit has. */
export interface Currency {
  code: string;
  scale: number;
}

const CODE_RE = /^[A-Z0-9]{1,20}$/;
/** numeric(38, 0) holds 38 digits; keeping scales at 18 or below leaves 20 integer digits. */
export const MAX_SCALE = 18;

export type AmountProblem = 'invalidAmount' | 'tooManyDecimals';

/** The currencies of a ledger, fixed when the engine is created (a scale never changes under balances). */
export class CurrencyRegistry {
  private readonly byCode = new Map<string, Currency>();

  constructor(currencies: Iterable<Currency> = []) {
    for (const currency of currencies) this.register(currency);
  }

  register(currency: Currency): void {
    if (!CODE_RE.test(currency.code)) throw new Error(`invalid currency code "${currency.code}"`);
    if (!Number.isSafeInteger(currency.scale) || currency.scale < 0 || currency.scale > MAX_SCALE) {
      throw new Error(`invalid scale ${currency.scale} for ${currency.code} (0..${MAX_SCALE})`);
    }
    const known = this.byCode.get(currency.code);
    if (known && known.scale !== currency.scale) throw new Error(`${currency.code} is registered with scale ${known.scale}`);
    this.byCode.set(currency.code, { code: currency.code, scale: currency.scale });
  }

  get(code: string): Currency | undefined {
    return this.byCode.get(code);
  }

  has(code: string): boolean {
    return this.byCode.has(code);
  }

  list(): Currency[] {
    return [...this.byCode.values()];
  }

  /**
   * A decimal string to minor units of `code`, or the reason it is not an amount. Callers check the
   * currency first; signed allows a leading '-'.
   */
  parse(code: string, input: unknown, signed = false): bigint | AmountProblem {
    const currency = this.byCode.get(code);
    if (!currency || typeof input !== 'string') return 'invalidAmount';
    try {
      return parseDecimal(input, currency.scale, { allowNegative: signed });
    } catch (error) {
      return error instanceof DecimalError && error.reason === 'tooManyDecimals' ? 'tooManyDecimals' : 'invalidAmount';
    }
  }

  format(code: string, minor: bigint): string {
    const currency = this.byCode.get(code);
    if (!currency) throw new Error(`unknown currency ${code}`);
    return formatDecimal(minor, currency.scale);
  }
}
