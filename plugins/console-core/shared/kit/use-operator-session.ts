import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../../../../core/shared';
import { useRoot } from '../../../../core/web';
import { OPERATOR_CONSOLE_STORE, type OperatorConsole } from '../types';

/** Rows per page of console lists. */
export const CONSOLE_PAGE_SIZE = 20;

/** The operator session of console-core: its token, permissions and HTTP client (session.http). */
export function useOperatorSession(): OperatorConsole {
  return useRoot().store<OperatorConsole>(OPERATOR_CONSOLE_STORE);
}

export interface PagedState<T> {
  page: Page<T> | null;
  loading: boolean;
  /** Loads page `current` (1-based) with the current filter. */
  load(current: number): void;
  reload(): void;
}

/** Loads pages of a list; a newer request wins over an older one still in flight. */
export function usePaged<T>(fetchPage: (current: number) => Promise<Page<T>>, enabled: boolean): PagedState<T> {
  const [page, setPage] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const current = useRef(1);
  const load = useCallback(
    (wanted: number) => {
      const ticket = ++latest.current;
      current.current = wanted;
      setLoading(true);
      fetchPage(wanted)
        .then((result) => {
          if (ticket === latest.current) setPage(result);
        })
        .catch(() => undefined) // the client already showed the message
        .finally(() => {
          if (ticket === latest.current) setLoading(false);
        });
    },
    [fetchPage],
  );
  useEffect(() => {
    if (enabled) load(1);
  }, [enabled, load]);
  return { page, loading, load, reload: () => load(current.current) };
}

/** Fetches an image the operator may see (it needs the operator's header, so no plain <img src>). */
export function useOperatorImage(path: string | null): { url: string | null; failed: boolean } {
  const root = useRoot();
  const session = useOperatorSession();
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!path) return undefined;
    let objectUrl: string | null = null;
    let cancelled = false;
    setState({ url: null, failed: false });
    fetch(`/api/${root.site.api.head}${path}`, { headers: session.authHeaders() })
      .then(async (response) => {
        if (!response.ok) throw new Error(`image answered ${response.status}`);
        const blob = await response.blob();
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ url: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, root, session]);
  return state;
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
