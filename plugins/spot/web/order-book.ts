// Order book rows as the screen shows them: levels grouped by a multiple of the tick, with cumulative depth bars.
import { formatDecimal, parseDecimal } from '../../../core/shared';
import type { DepthLevelView } from '../shared/types';
import { decimalsOf, readDecimal } from './decimal';

/** Ticks per row of the order book: a power of ten. */
export type BookGroup = number;

/** Grouping choices every market has: 1, 10 or 100 ticks per row. */
export const BOOK_GROUPS: readonly BookGroup[] = [1, 10, 100];

/** A row may span at most this share of the last price (1 %) to be offered beyond BOOK_GROUPS. */
const MAX_GROUP_SHARE = 100n;

/**
 * The grouping choices of a market: BOOK_GROUPS, then further powers of ten while a row spans at most 1 % of the
 * last price (0.01 to 100 at 67,000 with a 0.01 tick; up to 10 at 3,500).
 */
export function bookGroups(tick: string, lastPrice: string | null): BookGroup[] {
  const groups = [...BOOK_GROUPS];
  const price = readDecimal(lastPrice);
  if (price === null) return groups;
  const scale = Math.max(decimalsOf(tick), decimalsOf(price));
  const [tickMinor, priceMinor] = [parseDecimal(tick, scale), parseDecimal(price, scale)];
  let next = groups[groups.length - 1]! * 10;
  while (tickMinor * BigInt(next) * MAX_GROUP_SHARE <= priceMinor) {
    groups.push(next);
    next *= 10;
  }
  return groups;
}

export interface BookRow {
  price: string;
  qty: string;
  /** Quantity of this row and every row nearer the spread. */
  cumulative: string;
  /** Depth bar width, 0..100 (percent of the larger side's total). */
  bar: number;
}

/**
 * Merges levels into buckets of `group` ticks: bids round down to the bucket below, asks up to the bucket above,
 * so a row never shows a better price than the book has. Keeps the order given (best first) and `limit` rows.
 */
export function groupLevels(levels: readonly DepthLevelView[], side: 'bids' | 'asks', tick: string, group: number, limit: number): DepthLevelView[] {
  if (levels.length === 0) return [];
  const scale = Math.max(decimalsOf(tick), ...levels.map(([price]) => decimalsOf(price)));
  const qtyScale = Math.max(...levels.map(([, qty]) => decimalsOf(qty)));
  const bucket = parseDecimal(tick, scale) * BigInt(group);
  const rows: [bigint, bigint][] = [];
  for (const [price, qty] of levels) {
    const minor = parseDecimal(price, scale);
    const rest = bucket > 0n ? minor % bucket : 0n;
    const key = rest === 0n ? minor : side === 'bids' ? minor - rest : minor - rest + bucket;
    const amount = parseDecimal(qty, qtyScale);
    const last = rows[rows.length - 1];
    if (last && last[0] === key) last[1] += amount;
    else if (rows.length < limit) rows.push([key, amount]);
    else break;
  }
  return rows.map(([price, qty]) => [formatDecimal(price, scale, { fixed: true }), formatDecimal(qty, qtyScale)]);
}

/** Rows with cumulative quantities and bar widths relative to `maxCumulative` (the larger side's total). */
export function withDepth(levels: readonly DepthLevelView[], maxCumulative: bigint, qtyScale: number): BookRow[] {
  let sum = 0n;
  return levels.map(([price, qty]) => {
    sum += parseDecimal(qty, qtyScale);
    const bar = maxCumulative > 0n ? Number((sum * 10000n) / maxCumulative) / 100 : 0;
    return { price, qty, cumulative: formatDecimal(sum, qtyScale), bar };
  });
}

/** Total quantity of levels at `qtyScale`. */
export function totalQty(levels: readonly DepthLevelView[], qtyScale: number): bigint {
  return levels.reduce((sum, [, qty]) => sum + parseDecimal(qty, qtyScale), 0n);
}

/** Both sides grouped and barred against the same scale, asks still best first. */
export function bookRows(bids: readonly DepthLevelView[], asks: readonly DepthLevelView[], tick: string, group: number, limit: number) {
  const groupedBids = groupLevels(bids, 'bids', tick, group, limit);
  const groupedAsks = groupLevels(asks, 'asks', tick, group, limit);
  const qtyScale = Math.max(0, ...[...groupedBids, ...groupedAsks].map(([, qty]) => decimalsOf(qty)));
  const bidTotal = totalQty(groupedBids, qtyScale);
  const askTotal = totalQty(groupedAsks, qtyScale);
  const max = bidTotal > askTotal ? bidTotal : askTotal;
  return { bids: withDepth(groupedBids, max, qtyScale), asks: withDepth(groupedAsks, max, qtyScale) };
}
