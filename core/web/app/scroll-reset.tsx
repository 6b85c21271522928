import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** How the address last changed: back or forward (`popstate`), or a navigation of the page's own. */
const HISTORY_EVENTS = [
  ['popstate', true],
  ['pushState', false],
  ['replaceState', false],
] as const;

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
    // capturing: at the window, before the router's own listeners (the same events) render the new location
    const listeners = HISTORY_EVENTS.map(([type, pop]) => [type, () => (popped.current = pop)] as const);
    for (const [type, listener] of listeners) window.addEventListener(type, listener, { capture: true });
    return () => {
      for (const [type, listener] of listeners) window.removeEventListener(type, listener, { capture: true });
    };
  }, []);
  useEffect(() => {
    if (!first.current && !popped.current) window.scrollTo(0, 0);
    first.current = false;
  }, [path]);
  return null;
}
