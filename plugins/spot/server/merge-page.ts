/**
 * One page of two sources merged in one order, without reading either whole: `stored`, a run of rows of a
 * database query in that order starting at its rank `storedFrom` (the query's offset), and `held`, the few items
 * memory holds in full (none of them among the stored rows). An item's place in the merge is its rank in its own
 * source plus how many of the other source come before it; a stored run starting at rank max(0, offset − held)
 * and holding limit + min(offset, held) rows (fewer only where the query ends) decides every place in
 * [offset, offset + limit) — the page — exactly (storedRun sizes it).
 */
export function mergePage<T>(
  stored: readonly T[],
  storedFrom: number,
  held: readonly T[],
  before: (a: T, b: T) => boolean,
  offset: number,
  limit: number,
): T[] {
  const placed: Array<{ place: number; item: T }> = [];
  const inPage = (place: number) => place >= offset && place < offset + limit;
  let heldBefore = 0;
  stored.forEach((item, rank) => {
    while (heldBefore < held.length && before(held[heldBefore]!, item)) heldBefore++;
    const place = storedFrom + rank + heldBefore;
    if (inPage(place)) placed.push({ place, item });
  });
  let storedBefore = 0;
  held.forEach((item, rank) => {
    while (storedBefore < stored.length && before(stored[storedBefore]!, item)) storedBefore++;
    // exact unless the item comes before the first row read (storedFrom > 0) or after the last one (not exhausted):
    // with the run storedRun() sizes, such a place is outside the page either way
    const place = rank + storedFrom + storedBefore;
    if (inPage(place)) placed.push({ place, item });
  });
  return placed.sort((a, b) => a.place - b.place).map(({ item }) => item);
}

/** Where the stored run of a page starts and how many rows it takes (see mergePage). */
export function storedRun(offset: number, limit: number, held: number): { from: number; count: number } {
  const from = Math.max(0, offset - held);
  return { from, count: offset + limit - from };
}
