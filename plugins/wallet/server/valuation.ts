import { divRound, formatDecimal, isDecimalString, pow10, splitDecimal } from '../../../core/shared';

/** Decimals of the USDT and display-currency values the wallet answers with (the client's precision, spec §9). */
export const VALUE_SCALE = 8;

/** A non-negative decimal string as an exact fraction: `minor / 10^scale`. */
interface Exact {
  minor: bigint;
  scale: number;
}

function exact(decimal: string): Exact {
  const { int, frac } = splitDecimal(decimal);
  return { minor: BigInt(int + frac), scale: frac.length };
}

/** A holding to value: an amount in minor units of its currency's scale and the currency's USDT price. */
export interface Holding {
  minor: bigint;
  scale: number;
  /** Non-negative decimal string. */
  price: string;
}

/**
 * Σ amount × price, exact until one final rounding down to VALUE_SCALE decimals (a value is never overstated),
 * optionally × a display rate (units per 1 USDT) within the same single rounding.
 */
export function valueOf(holdings: readonly Holding[], rate = '1'): string {
  const factor = exact(rate);
  let sum = 0n;
  let scale = 0;
  for (const holding of holdings) {
    if (holding.minor === 0n) continue;
    const price = exact(holding.price);
    const termScale = holding.scale + price.scale;
    let term = holding.minor * price.minor;
    // bring the running sum and the term to the larger of the two scales
    if (termScale > scale) {
      sum *= pow10(termScale - scale);
      scale = termScale;
    } else {
      term *= pow10(scale - termScale);
    }
    sum += term;
  }
  const total = sum * factor.minor;
  const totalScale = scale + factor.scale;
  const rounded = totalScale > VALUE_SCALE ? divRound(total, pow10(totalScale - VALUE_SCALE), 'down') : total * pow10(VALUE_SCALE - totalScale);
  return formatDecimal(rounded, VALUE_SCALE);
}

/** The decimal string, without the trailing zeros PostgreSQL's numeric pads it with ("1.500000" → "1.5"). */
export function canonicalDecimal(value: unknown): string {
  const text = String(value);
  const { int, frac } = splitDecimal(text);
  return formatDecimal(BigInt(int + frac), frac.length);
}

/** A usable price or rate: a plain non-negative decimal string. */
export function isPrice(value: unknown): value is string {
  return isDecimalString(value) && (value as string).length <= 60;
}
