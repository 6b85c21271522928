import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PagedState } from '../../console-core/shared/kit';

/**
 * Shows rows changed by an action in place, with what the server answered, until the next page load:
 * an operator sees the outcome of a decision where they took it.
 */
export function useRowUpdates<T extends { id: string }>(list: PagedState<T>): { list: PagedState<T>; update(row: T): void } {
  const [updates, setUpdates] = useState<Record<string, T>>({});
  useEffect(() => setUpdates({}), [list.page]);
  const update = useCallback((row: T) => setUpdates((previous) => ({ ...previous, [row.id]: row })), []);
  const patched = useMemo(
    () => ({
      ...list,
      page: list.page && { ...list.page, records: list.page.records.map((row) => updates[row.id] ?? row) },
    }),
    [list, updates],
  );
  return { list: patched, update };
}
