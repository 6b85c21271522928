import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { FavouriteStar } from '../../shared/kit';
import { rowKey, type MarketRow } from '../../shared/types';
import { MARKETS_STORE } from '../ids';
import type { MarketsStore } from '../markets-store';
import { formatQuoted } from '../quote-value';
import { tradePath } from '../trade-paths';
import { ChangeText } from './ChangeText';
import { CoinPair } from './CoinPair';
import { HaltedMark } from './HaltedMark';
import { LivePrice } from './LivePrice';
import { TradeLink } from './TradeLink';

/**
 * Pair, last price, 24 h change, high, low and turnover; prices in the display currency, the last price coloured
 * by its latest move. A row opens the market's trading screen; signed-in members get a star per row.
 */
export const MarketTable = observer(function MarketTable({ rows }: { rows: MarketRow[] }) {
  const root = useRoot();
  const store = root.store<MarketsStore>(MARKETS_STORE);
  const { t } = useTranslation('markets');
  const memberId = root.session.user?.id ?? null;
  return (
    <div className="mk-table__scroll">
      <table className="mk-table">
        <thead>
          <tr>
            {memberId && <th scope="col" className="mk-table__star" aria-label={t('tabFavourites')} />}
            <th scope="col" className="mk-table__pair">{t('colPair')}</th>
            <th scope="col">{t('colLast')}</th>
            <th scope="col">{t('colChange')}</th>
            <th scope="col" className="mk-hide-narrow">{t('colHigh')}</th>
            <th scope="col" className="mk-hide-narrow">{t('colLow')}</th>
            <th scope="col" className="mk-hide-phone">{t('colVolume')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            const path = tradePath(root, row);
            return (
              <tr key={key} data-symbol={row.symbol_name} className="mk-table__row" onClick={path === null ? undefined : () => root.navigate(path)}>
                {memberId && (
                  <td className="mk-table__star">
                    <FavouriteStar watchlist={store.watchlist} memberId={memberId} row={row} />
                  </td>
                )}
                <td className="mk-table__pair">
                  <span className="mk-table__pair-cell">
                    <TradeLink row={row} className="mk-pair-link">
                      <CoinPair row={row} />
                    </TradeLink>
                    {row.demo && (
                      <span className="mk-demo-mark mk-hide-phone" title={t('demoHint')}>
                        {t('demoRow')}
                      </span>
                    )}
                    <HaltedMark row={row} />
                  </span>
                </td>
                <td data-column="last">
                  <LivePrice row={row} className="mk-table__price" />
                </td>
                <td>
                  <ChangeText zdf={row.zdf} />
                </td>
                <td className="mk-hide-narrow">{formatQuoted(root, row.high, row.quote_symbol, store.quoteUsd)}</td>
                <td className="mk-hide-narrow">{formatQuoted(root, row.low, row.quote_symbol, store.quoteUsd)}</td>
                <td className="mk-hide-phone">{formatQuoted(root, row.amount, row.quote_symbol, store.quoteUsd)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
