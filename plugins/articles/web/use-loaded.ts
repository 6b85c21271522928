import { useEffect, useState } from 'react';
import { isHttpError } from '../../../core/web';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'missing' } | { status: 'failed'; retry: () => void };

/** Loads when `key` changes (a new id or language); a 404 reads as "missing", anything else offers a retry. */
export function useLoaded<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!current) return;
        if (isHttpError(error) && error.code === 404) setState({ status: 'missing' });
        else setState({ status: 'failed', retry: () => setAttempt((value) => value + 1) });
      },
    );
    return () => {
      current = false;
    };
    // `load` is a new closure on every render; `key` names what it loads
  }, [key, attempt]);
  return state;
}
