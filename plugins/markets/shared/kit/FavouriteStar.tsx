import { IconStar, IconStarStroked } from '@douyinfe/semi-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { rowKey } from '../types';
import type { Watchlist, WatchedMarket } from '../watchlist';
import './favourite-star.css';

/**
 * The star of a market row: adds the market to the member's watchlist or removes it. The press stays with the star:
 * a row that opens its market on a click is not opened.
 */
export const FavouriteStar = observer(function FavouriteStar({ watchlist, memberId, row }: { watchlist: Watchlist; memberId: string; row: WatchedMarket }) {
  const { t } = useTranslation('markets');
  const starred = watchlist.has(memberId, row);
  return (
    <button
      type="button"
      className={`mk-star${starred ? ' mk-star--on' : ''}`}
      aria-pressed={starred}
      aria-label={t(starred ? 'starRemove' : 'starAdd')}
      title={t(starred ? 'starRemove' : 'starAdd')}
      disabled={watchlist.pending.has(rowKey(row))}
      onClick={(event) => {
        event.stopPropagation();
        // The shell's HTTP client shows a failure; the star keeps the server's last answer.
        watchlist.toggle(memberId, row).catch(() => {});
      }}
    >
      {starred ? <IconStar /> : <IconStarStroked />}
    </button>
  );
});
