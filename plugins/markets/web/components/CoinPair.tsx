import type { MarketRow } from '../../shared/types';

const DEFAULT_ICON = '/static/avatar-default.svg';

/** Coin icon, base and quote: "(icon) BTC /USDT". */
export function CoinPair({ row }: { row: Pick<MarketRow, 'avatar' | 'coin_symbol' | 'quote_symbol'> }) {
  return (
    <span className="mk-pair">
      <img
        className="mk-pair__icon"
        src={row.avatar}
        alt=""
        width={24}
        height={24}
        loading="lazy"
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(DEFAULT_ICON)) event.currentTarget.src = DEFAULT_ICON;
        }}
      />
      <span className="mk-pair__name">
        <span className="mk-pair__base">{row.coin_symbol}</span>
        <span className="mk-pair__quote">/{row.quote_symbol}</span>
      </span>
    </span>
  );
}
