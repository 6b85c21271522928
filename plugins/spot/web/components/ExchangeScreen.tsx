import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { symbolOfPath } from '../../shared/types';
import { ExchangeStore } from '../exchange-store';
import { MarketList } from './MarketList';
import { MemberOrders } from './MemberOrders';
import { OrderBook } from './OrderBook';
import { TradePanel } from './OrderForm';
import { PairHeader } from './PairHeader';
import { PriceChart } from './PriceChart';
import { RecentTrades } from './RecentTrades';
import '../spot.css';

/**
 * The trading screen of one market (null: the first listed). `onSelect` opens another market: the pages put it in
 * the address, which brings it back here as `path`.
 */
export const ExchangeScreen = observer(function ExchangeScreen({ path, onSelect, fullScreen = false }: { path: string | null; onSelect: (path: string) => void; fullScreen?: boolean }) {
  const root = useRoot();
  const { t } = useTranslation('spot');
  const [store] = useState(() => new ExchangeStore(root));
  useEffect(() => {
    void store.open(path);
  }, [store, path]);
  useEffect(() => () => store.close(), [store]);

  if (store.marketsStatus === 'ready' && store.markets.length === 0) {
    return <div className="spot-screen spot-empty">{t('noMarkets')}</div>;
  }
  return (
    <div className={fullScreen ? 'spot-screen spot-screen--full' : 'spot-screen'} data-testid="spot-exchange" data-market={store.path ?? ''}>
      {store.unknownPair !== null && store.market ? (
        <p className="spot-notice" role="alert" data-testid="spot-unknown-pair">
          {t('unknownPair', { pair: symbolOfPath(store.unknownPair) })}
          {/* the market shown instead; opening it puts it in the address too */}
          <button type="button" className="spot-notice__pair" onClick={() => onSelect(store.market!.path_name)}>
            {store.market.symbol_name}
          </button>
        </p>
      ) : null}
      <PairHeader store={store} />
      <div className="spot-screen__grid">
        <MarketList store={store} onSelect={onSelect} />
        <PriceChart store={store} />
        <OrderBook store={store} />
        <RecentTrades store={store} />
        <TradePanel store={store} />
      </div>
      <MemberOrders store={store} />
    </div>
  );
});
