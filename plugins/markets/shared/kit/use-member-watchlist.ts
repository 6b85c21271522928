import { useEffect } from 'react';
import { useRoot } from '../../../../core/web';
import { MARKETS_STORE, type WatchlistHost } from '../watchlist';

/**
 * The one watchlist of the markets store and the signed-in member's id (null: a visitor), the member's list loaded
 * once. Call it in an observer component: a sign-in or sign-out renders it again.
 */
export function useMemberWatchlist() {
  const root = useRoot();
  const { watchlist } = root.store<WatchlistHost>(MARKETS_STORE);
  const memberId = root.session.user?.id ?? null;
  useEffect(() => {
    // The HTTP client shows a failure; the stars then show the last list loaded.
    if (memberId) watchlist.load(memberId).catch(() => {});
  }, [watchlist, memberId]);
  return { watchlist, memberId };
}
