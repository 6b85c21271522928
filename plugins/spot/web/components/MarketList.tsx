import { IconSearch } from '@douyinfe/semi-icons';
import { Button, Input } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { FavouriteStar, useMemberWatchlist } from '../../../markets/shared/kit';
import { CONTRACT_TYPE } from '../../../markets/shared/types';
import type { ExchangeStore } from '../exchange-store';
import { formatChange, formatFixed, trendOf } from '../format';

type ListTab = 'favourites' | 'all';
const LIST_TABS: readonly ListTab[] = ['favourites', 'all'];

/**
 * The side panel of markets: tabs Favourites (the member's starred spot markets, in the order starred) and All (opens
 * selected), a search by symbol over either, and a click on a row switches the pair. A signed-in member stars a
 * market on its row; the star is the markets plugin's, on its one watchlist, so /market/main shows the same stars.
 */
export const MarketList = observer(function MarketList({ store, onSelect }: { store: ExchangeStore; onSelect: (path: string) => void }) {
  const root = useRoot();
  const { t } = useTranslation('spot');
  const { t: tm } = useTranslation('markets');
  const { watchlist, memberId } = useMemberWatchlist();
  const [tab, setTab] = useState<ListTab>('all');
  const [query, setQuery] = useState('');
  const needle = query.trim().toUpperCase();
  const listed = store.markets.map((market) => ({ ...market, contract_type: CONTRACT_TYPE.spot }));
  const shown = tab === 'favourites' ? watchlist.pick(memberId, listed) : listed;
  const rows = shown.filter((market) => market.symbol_name.includes(needle) || market.path_name.includes(needle));
  const tickerOf = (symbol: string) => store.tickers.find((row) => row.symbol_name === symbol && row.contract_type === 0);

  let empty: ReactNode = null;
  if (tab === 'favourites' && !memberId) {
    empty = (
      <div className="spot-empty spot-markets__prompt" data-testid="spot-favourites-sign-in">
        <p>{tm('favouritesSignIn')}</p>
        <Button size="small" theme="solid" onClick={() => root.navigate(root.loginHref())}>
          {tm('signIn')}
        </Button>
      </div>
    );
  } else if (tab === 'favourites' && shown.length === 0) {
    // nothing while the member's list is on its way
    if (watchlist.owner === memberId) empty = <p className="spot-empty" data-testid="spot-favourites-empty">{tm('favouritesEmpty')}</p>;
  } else if (rows.length === 0) {
    empty = <p className="spot-empty">{t('noMarkets')}</p>;
  }

  return (
    <section className={memberId ? 'spot-panel spot-markets spot-markets--starred' : 'spot-panel spot-markets'} aria-label={t('markets')}>
      <Input prefix={<IconSearch />} size="small" placeholder={t('searchMarkets')} value={query} onChange={setQuery} aria-label={t('searchMarkets')} showClear />
      <div className="spot-tabs spot-tabs--small" role="tablist" aria-label={t('markets')}>
        {LIST_TABS.map((name) => (
          <button type="button" role="tab" key={name} data-tab={name} aria-selected={name === tab} className={name === tab ? 'spot-tab spot-tab--active' : 'spot-tab'} onClick={() => setTab(name)}>
            {name === 'favourites' ? tm('tabFavourites') : t('all')}
          </button>
        ))}
      </div>
      <div className="spot-row spot-row--head">
        <span>{t('colPair')}</span>
        <span>{t('colLast')}</span>
        <span>{t('colChange')}</span>
      </div>
      <div className="spot-markets__rows" role="list">
        {rows.map((market) => {
          const ticker = tickerOf(market.symbol_name);
          const active = market.path_name === store.path;
          return (
            <div role="listitem" key={market.path_name} className={active ? 'spot-markets__item spot-markets__item--active' : 'spot-markets__item'}>
              {memberId && <FavouriteStar watchlist={watchlist} memberId={memberId} row={market} />}
              <button
                type="button"
                className="spot-row spot-row--button"
                aria-current={active || undefined}
                data-market={market.path_name}
                onClick={() => onSelect(market.path_name)}
              >
                <span>
                  <strong>{market.coin_symbol}</strong>
                  <span className="spot-muted">/{market.quote_symbol}</span>
                </span>
                <span>{formatFixed(ticker?.close ?? market.close, market.base_coin_scale)}</span>
                {/* the narrow list has no room beside the pair: a halted market says so in place of its change */}
                {market.halted ? (
                  <span>
                    <span className="spot-halted-mark">{t('halted')}</span>
                  </span>
                ) : (
                  <span className={`spot-${trendOf(ticker?.zdf)}`}>{formatChange(ticker?.zdf)}</span>
                )}
              </button>
            </div>
          );
        })}
        {empty}
      </div>
    </section>
  );
});
