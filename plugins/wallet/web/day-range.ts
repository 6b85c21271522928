/**
 * A picked range of days as the epoch-ms bounds of the record filters: from the first day's local midnight
 * (inclusive) to the midnight after the last day (exclusive). No bounds without a complete range.
 */
export function dayRangeBounds(days: Date[] | null | undefined): { startTime?: number; endTime?: number } {
  if (!days || days.length !== 2) return {};
  const start = new Date(days[0]!);
  start.setHours(0, 0, 0, 0);
  const end = new Date(days[1]!);
  end.setHours(0, 0, 0, 0);
  end.setDate(end.getDate() + 1);
  return { startTime: start.getTime(), endTime: end.getTime() };
}
