import { BinanceFailure, SPOT_ERRORS } from './errors';

const INTEGER = /^\d{1,16}$/;
const DECIMAL = /^\d{1,20}(\.\d{1,20})?$/;
const DECIMAL_RANGE = '^([0-9]{1,20})(\\.[0-9]{1,20})?$';

/** "97000.50000000" → "97000.5", "1.000" → "1": trailing zeros say nothing about precision to the engine. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/**
 * A request's parameters read in Binance's terms: a missing one is -1102, a malformed one -1100 naming the legal
 * range, one sent where it does not belong -1106. An empty value counts as not sent.
 */
export class BinanceParams {
  constructor(private readonly values: Readonly<Record<string, string>>) {}

  static ofQuery(rawQuery: string): BinanceParams {
    return new BinanceParams(Object.fromEntries(new URLSearchParams(rawQuery)));
  }

  has(name: string): boolean {
    return (this.values[name] ?? '') !== '';
  }

  optional(name: string): string | undefined {
    return this.has(name) ? this.values[name] : undefined;
  }

  required(name: string): string {
    const value = this.optional(name);
    if (value === undefined) throw new BinanceFailure(SPOT_ERRORS.mandatory(name));
    return value;
  }

  integer(name: string, range: { min?: number; max?: number } = {}): number | undefined {
    const text = this.optional(name);
    if (text === undefined) return undefined;
    const min = range.min ?? 0;
    const max = range.max ?? Number.MAX_SAFE_INTEGER;
    const value = Number(text);
    if (!INTEGER.test(text) || value < min || value > max) throw new BinanceFailure(SPOT_ERRORS.illegalChars(name, `${min}-${max}`));
    return value;
  }

  /** A positive-looking decimal string without trailing zeros, or undefined when not sent. */
  decimal(name: string): string | undefined {
    const text = this.optional(name);
    if (text === undefined) return undefined;
    if (!DECIMAL.test(text)) throw new BinanceFailure(SPOT_ERRORS.illegalChars(name, DECIMAL_RANGE));
    return trimDecimal(text);
  }

  /** One of the allowed values; anything else is the given error (-1100 naming the values by default). */
  choice<T extends string>(name: string, allowed: readonly T[], invalid = SPOT_ERRORS.illegalChars(name, allowed.join(', '))): T | undefined {
    const text = this.optional(name);
    if (text === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(text)) throw new BinanceFailure(invalid);
    return text as T;
  }

  /** -1106 for the first of `names` that was sent. */
  forbid(...names: string[]): void {
    const sent = names.find((name) => this.has(name));
    if (sent) throw new BinanceFailure(SPOT_ERRORS.notRequired(sent));
  }
}
