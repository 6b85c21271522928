import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ExchangeStore } from '../exchange-store';
import { clockTime, formatFixed } from '../format';

/** The market's latest trades, live from the trades topic; a click picks the price. */
export const RecentTrades = observer(function RecentTrades({ store }: { store: ExchangeStore }) {
  const { t } = useTranslation('spot');
  const market = store.market;
  return (
    <section className="spot-panel spot-trades" aria-label={t('recentTrades')} data-testid="spot-recent-trades">
      <header className="spot-panel__head">
        <h3>{t('recentTrades')}</h3>
      </header>
      <div className="spot-row spot-row--head">
        <span>{t('colPrice', { coin: market?.quote_symbol ?? '' })}</span>
        <span>{t('colAmount', { coin: market?.coin_symbol ?? '' })}</span>
        <span>{t('colTime')}</span>
      </div>
      <div className="spot-trades__rows">
        {store.trades.map((trade) => (
          <button type="button" key={trade.id} className="spot-row spot-row--button" data-trade={trade.id} onClick={() => store.pickPrice(trade.price)}>
            <span className={trade.takerSide === 'buy' ? 'spot-up' : 'spot-down'}>{formatFixed(trade.price, market?.base_coin_scale ?? 8)}</span>
            <span>{formatFixed(trade.qty, market?.coin_coin_scale ?? 8)}</span>
            <span className="spot-muted">{clockTime(trade.time)}</span>
          </button>
        ))}
        {store.trades.length === 0 && <p className="spot-empty">{t('noTrades')}</p>}
      </div>
    </section>
  );
});
