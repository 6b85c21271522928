import { compareDecimal, formatNumberDisplay, isDecimalString } from '../../../core/shared';

export type ChangeTone = 'up' | 'down' | 'flat';

/** Whether a 24 h change (percent, decimal string) is a rise, a fall or neither. */
export function changeTone(zdf: string | null): ChangeTone {
  if (zdf === null || !isDecimalString(zdf, { allowNegative: true })) return 'flat';
  const sign = compareDecimal(zdf, '0');
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}

/** "+2.35%", "-1.12%", "0.00%"; "--" without a value. */
export function formatChange(zdf: string | null): string {
  if (zdf === null || !isDecimalString(zdf, { allowNegative: true })) return '--';
  const [int, frac = ''] = zdf.replace('-', '').split('.');
  const text = `${int}.${frac.padEnd(2, '0').slice(0, 2)}`;
  const tone = changeTone(zdf);
  return `${tone === 'up' ? '+' : tone === 'down' ? '-' : ''}${text}%`;
}

/** A base-coin volume with the number display rules (M / B / T suffixes). */
export function formatVolume(vol: string | null): string {
  return vol === null ? '--' : formatNumberDisplay(vol);
}
