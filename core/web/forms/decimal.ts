import type { RJSFSchema } from '@rjsf/utils';

// The fraction part of a decimal pattern: "\.\d{1,8}", "\.[0-9]{0,8}", "\.\d{8}" -> at most 8 digits.
const FRACTION = /\\\.(?:\\d|\[0-9\])\{(?:\d+,)?(\d+)\}/;
// A whole-number pattern: "^\d+$", "^[0-9]+$".
const WHOLE = /^\^(?:\\d|\[0-9\])\+\$$/;

/**
 * How many decimals a string-valued number field takes, or undefined when the field is not one.
 * `ui:options.decimals` wins; otherwise it is read from the field's decimal pattern. Such fields keep
 * their value as a decimal string (money is never a float).
 */
export function decimalPlaces(schema: RJSFSchema, options: Record<string, unknown> = {}): number | undefined {
  if (schema.type !== 'string') return undefined;
  if (typeof options.decimals === 'number' && Number.isSafeInteger(options.decimals) && options.decimals >= 0) {
    return options.decimals;
  }
  if (typeof schema.pattern !== 'string') return undefined;
  const fraction = FRACTION.exec(schema.pattern);
  if (fraction) return Number(fraction[1]);
  return WHOLE.test(schema.pattern) ? 0 : undefined;
}
