/**
 * Cleans what the user types into an amount field, in this order:
 *  0. a comma is the decimal point when it is the only one and no '.' is there ('0,5' -> '0.5', as a German or
 *     French keyboard types it); otherwise commas separate thousands and go ('67,169.46', '1,000,000');
 *  1. keep only ASCII digits and '.', and of the dots only the first one;
 *  2. remove a leading point ('.5' -> '5');
 *  3. collapse leading zeros of the integer part ('0005' -> '5', '00.5' -> '0.5');
 *  4. truncate the fraction to `decimals` digits (no point at all when decimals is 0).
 * A trailing point is kept while decimals > 0 so the user can keep typing ('1.' stays '1.').
 * The result is not always a complete decimal string; validate it with isDecimalString before use.
 */
export function normalizeNumericInput(raw: string, decimals: number): string {
  if (!Number.isSafeInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
  const typed = String(raw);
  const decimalComma = !typed.includes('.') && typed.indexOf(',') !== -1 && typed.indexOf(',') === typed.lastIndexOf(',');
  const kept = (decimalComma ? typed.replace(',', '.') : typed).replace(/[^0-9.]/g, '');
  const firstDot = kept.indexOf('.');
  let text = firstDot === -1 ? kept : kept.slice(0, firstDot + 1) + kept.slice(firstDot + 1).replace(/\./g, '');
  if (text.startsWith('.')) text = text.slice(1);
  if (text === '') return '';

  const dot = text.indexOf('.');
  const rawInt = dot === -1 ? text : text.slice(0, dot);
  const int = rawInt.replace(/^0+(?=\d)/, '');
  if (dot === -1 || decimals === 0) return int;
  return `${int}.${text.slice(dot + 1, dot + 1 + decimals)}`;
}
