import { useEffect, useState } from 'react';

/** Whole minutes since `since` (ISO), never negative. */
export function waitedMinutes(nowMs: number, since: string): number {
  const at = Date.parse(since);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.floor((nowMs - at) / 60_000));
}

/** The current time, renewed every `everyMs`, so waiting times on screen move on. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
