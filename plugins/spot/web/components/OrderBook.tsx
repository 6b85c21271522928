import { Select } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatDecimal, parseDecimal } from '../../../../core/shared';
import type { ExchangeStore } from '../exchange-store';
import { formatFixed } from '../format';
import { bookGroups, bookRows, type BookGroup, type BookRow } from '../order-book';
import { decimalsOf } from '../decimal';

/** Levels shown a side. */
export const BOOK_ROWS = 12;

function BookSide({ rows, side, priceScale, qtyScale, onPick }: { rows: BookRow[]; side: 'bids' | 'asks'; priceScale: number; qtyScale: number; onPick: (price: string) => void }) {
  return (
    <div className={`spot-book__side spot-book__side--${side}`} data-side={side}>
      {rows.map((row) => (
        <button type="button" key={row.price} className="spot-row spot-row--button spot-book__row" onClick={() => onPick(row.price)} data-price={row.price}>
          <span className={side === 'bids' ? 'spot-up' : 'spot-down'}>{formatFixed(row.price, priceScale)}</span>
          <span>{formatFixed(row.qty, qtyScale)}</span>
          <span className="spot-muted">{formatFixed(row.cumulative, qtyScale)}</span>
          <span className="spot-book__bar" style={{ width: `${row.bar}%` }} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}

/** Asks above (best at the bottom), the last price, bids below; grouping by 1, 10 or 100 ticks; a click picks the price. */
export const OrderBook = observer(function OrderBook({ store }: { store: ExchangeStore }) {
  const { t } = useTranslation('spot');
  const market = store.market;
  if (!market) return <section className="spot-panel spot-book" />;
  const tickScale = decimalsOf(market.tick_size);
  const groupLabel = (group: BookGroup) => formatDecimal(parseDecimal(market.tick_size, tickScale) * BigInt(group), tickScale);
  const groups = bookGroups(market.tick_size, store.lastPrice);
  // a grouping chosen on another market that this one does not offer falls back to one tick
  const group = groups.includes(store.group) ? store.group : 1;
  const rows = bookRows(store.depth?.bids ?? [], store.depth?.asks ?? [], market.tick_size, group, BOOK_ROWS);
  const priceScale = market.base_coin_scale;
  const qtyScale = market.coin_coin_scale;
  const pick = (price: string) => store.pickPrice(price);
  return (
    <section className="spot-panel spot-book" aria-label={t('orderBook')} data-testid="spot-order-book">
      <header className="spot-panel__head">
        <h3>{t('orderBook')}</h3>
        <Select
          size="small"
          value={group}
          onChange={(value) => store.setGroup(value as BookGroup)}
          optionList={groups.map((choice) => ({ value: choice, label: groupLabel(choice) }))}
          aria-label={t('grouping')}
          style={{ width: 110 }}
        />
      </header>
      <div className="spot-row spot-row--head">
        <span>{t('colPrice', { coin: market.quote_symbol })}</span>
        <span>{t('colAmount', { coin: market.coin_symbol })}</span>
        <span>{t('colTotal', { coin: market.coin_symbol })}</span>
      </div>
      {store.depth && rows.asks.length === 0 && rows.bids.length === 0 ? (
        <div className="spot-book__side spot-book__side--asks">
          <p className="spot-empty">{t('noOrders')}</p>
        </div>
      ) : (
        <BookSide rows={[...rows.asks].reverse()} side="asks" priceScale={priceScale} qtyScale={qtyScale} onPick={pick} />
      )}
      <div className="spot-book__mid" data-testid="spot-book-mid">
        {formatFixed(store.lastPrice, priceScale)}
      </div>
      <BookSide rows={rows.bids} side="bids" priceScale={priceScale} qtyScale={qtyScale} onPick={pick} />
    </section>
  );
});
