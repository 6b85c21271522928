// Layouts chosen by the window's width, re-rendered when the width crosses the query.
import { useCallback, useSyncExternalStore } from 'react';

/** Windows up to this wide list orders as cards rather than table rows. */
export const PHONE_QUERY = '(max-width: 600px)';

/** Whether the window matches a media query now; false where there is no window. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

/** Whether the window is phone-sized. */
export const usePhone = () => useMediaQuery(PHONE_QUERY);
