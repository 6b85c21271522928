import { IconSearch } from '@douyinfe/semi-icons';
import { Input } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExchangeStore } from '../exchange-store';
import { formatChange, formatFixed, trendOf } from '../format';

/** The side panel of markets: search by symbol, click switches the pair. */
export const MarketList = observer(function MarketList({ store, onSelect }: { store: ExchangeStore; onSelect: (path: string) => void }) {
  const { t } = useTranslation('spot');
  const [query, setQuery] = useState('');
  const needle = query.trim().toUpperCase();
  const rows = store.markets.filter((market) => market.symbol_name.includes(needle) || market.path_name.includes(needle));
  const tickerOf = (symbol: string) => store.tickers.find((row) => row.symbol_name === symbol && row.contract_type === 0);
  return (
    <section className="spot-panel spot-markets" aria-label={t('markets')}>
      <Input prefix={<IconSearch />} size="small" placeholder={t('searchMarkets')} value={query} onChange={setQuery} aria-label={t('searchMarkets')} showClear />
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
            <button
              type="button"
              role="listitem"
              key={market.path_name}
              className={active ? 'spot-row spot-row--button spot-row--active' : 'spot-row spot-row--button'}
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
          );
        })}
        {rows.length === 0 && <p className="spot-empty">{t('noMarkets')}</p>}
      </div>
    </section>
  );
});
