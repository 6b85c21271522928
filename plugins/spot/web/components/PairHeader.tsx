import { Tag } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import type { ExchangeStore } from '../exchange-store';
import { formatChange, formatCompact, formatFixed, quoteDecimals, trendOf } from '../format';

/** Marks a screen whose prices come from the demo market maker (site features.demo). */
export function SpotDemoTag() {
  const { t } = useTranslation('spot');
  return (
    <span title={t('demoHint')}>
      <Tag color="amber" shape="circle" data-testid="spot-demo-tag">
        {t('demoTag')}
      </Tag>
    </span>
  );
}

/** The last price valued in the display currency, from getPriceComparison. */
const FiatPrice = observer(function FiatPrice({ store }: { store: ExchangeStore }) {
  const root = useRoot();
  const entry = store.comparison?.prices.find((price) => price.currency === root.settings.currency.code);
  if (!entry) return null;
  return (
    <span className="spot-pair__fiat" data-testid="spot-fiat-price">
      ≈ {entry.symbol}
      {formatFixed(entry.price, 2)}
    </span>
  );
});

/** Symbol, last price with its change colour, 24 h change, high, low and volume. */
export const PairHeader = observer(function PairHeader({ store }: { store: ExchangeStore }) {
  const root = useRoot();
  const { t } = useTranslation('spot');
  const market = store.market;
  const ticker = store.ticker;
  if (!market) return <div className="spot-pair" />;
  const scale = market.base_coin_scale;
  const trend = store.trades[0] ? (store.trades[0].takerSide === 'buy' ? 'up' : 'down') : trendOf(ticker?.zdf);
  const stats = [
    { key: 'change', label: t('change24h'), value: formatChange(ticker?.zdf), className: `spot-${trendOf(ticker?.zdf)}` },
    { key: 'high', label: t('high24h'), value: formatFixed(ticker?.high, scale) },
    { key: 'low', label: t('low24h'), value: formatFixed(ticker?.low, scale) },
    { key: 'vol', label: t('volume24h', { coin: market.coin_symbol }), value: formatCompact(ticker?.vol, market.coin_coin_scale) },
    {
      key: 'amount',
      label: t('turnover24h', { coin: market.quote_symbol }),
      value: formatCompact(ticker?.amount, quoteDecimals(market, store.quoteScale(market))),
    },
  ];
  return (
    <div className="spot-pair" data-testid="spot-pair-header">
      <div className="spot-pair__name">
        <span>
          <strong>{market.coin_symbol}</strong>
          <span className="spot-muted">/{market.quote_symbol}</span>
        </span>
        {(root.site.features.demo || ticker?.demo) && <SpotDemoTag />}
        {market.halted && <Tag color="red">{t('halted')}</Tag>}
      </div>
      <div className="spot-pair__last">
        <span className={`spot-pair__price spot-${trend}`} data-testid="spot-last-price">
          {formatFixed(store.lastPrice, scale)}
        </span>
        <FiatPrice store={store} />
      </div>
      {stats.map((stat) => (
        <div key={stat.key} className="spot-pair__stat" data-stat={stat.key}>
          <span className="spot-pair__label">{stat.label}</span>
          <span className={stat.className}>{stat.value}</span>
        </div>
      ))}
    </div>
  );
});
