import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * Opens every new page at its top, as a full page load would: a client-side navigation keeps the window's scroll
 * position otherwise, so a page reached from low down on another opened part-way down. Back and forward are left to
 * the browser, which restores where the reader was; a change of the query alone (a tab, a filter) keeps the place.
 */
export function ScrollReset() {
  const [path] = useLocation();
  const popped = useRef(false);
  const first = useRef(true);
  useEffect(() => {
    const onPop = () => {
      popped.current = true;
    };
    // capturing: at the window, before the router's own listener renders the page it goes back to
    window.addEventListener('popstate', onPop, { capture: true });
    return () => window.removeEventListener('popstate', onPop, { capture: true });
  }, []);
  useEffect(() => {
    const skip = first.current || popped.current;
    first.current = popped.current = false;
    if (!skip) window.scrollTo(0, 0);
  }, [path]);
  return null;
}
