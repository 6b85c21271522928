import { observer } from 'mobx-react-lite';
import { formatFiat, useRoot } from '../../../../core/web';
import type { MarketRow } from '../../shared/types';
import { ChangeText } from './ChangeText';
import { CoinPair } from './CoinPair';

/** One home board: a title and up to five rows of pair, price and change. */
export const MarketBoard = observer(function MarketBoard({ id, title, rows, emptyText }: { id: string; title: string; rows: MarketRow[]; emptyText: string }) {
  const root = useRoot();
  return (
    <section className="mk-board" aria-labelledby={`mk-board-${id}`} data-board={id}>
      <div className="mk-board__head">
        <h3 className="mk-board__title" id={`mk-board-${id}`}>
          {title}
        </h3>
      </div>
      {rows.length === 0 && <p className="mk-muted">{emptyText}</p>}
      {rows.map((row) => (
        <div className="mk-board__row" key={row.symbol_name} data-symbol={row.symbol_name}>
          <CoinPair row={row} />
          <span className="mk-board__price">{row.close === null ? '--' : formatFiat(root, row.close)}</span>
          <ChangeText zdf={row.zdf} badge />
        </div>
      ))}
    </section>
  );
});
