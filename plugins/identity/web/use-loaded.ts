import { useCallback, useEffect, useState } from 'react';

/** Loads a list on mount and on reload(); a failed load keeps the previous rows (the HTTP client showed the error). */
export function useLoaded<T>(load: () => Promise<T[]>): { rows: T[]; loading: boolean; reload: () => Promise<void> } {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await load());
    } catch {
      // already reported
    } finally {
      setLoading(false);
    }
  }, [load]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { rows, loading, reload };
}
