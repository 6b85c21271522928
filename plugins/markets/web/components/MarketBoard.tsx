import { observer } from 'mobx-react-lite';
import type { MarketRow } from '../../shared/types';
import { ChangeText } from './ChangeText';
import { CoinPair } from './CoinPair';
import { HaltedMark } from './HaltedMark';
import { LivePrice } from './LivePrice';
import { TradeLink } from './TradeLink';

/** One home board: a title and up to five rows of pair, price and change. */
export const MarketBoard = observer(function MarketBoard({ id, title, rows, emptyText }: { id: string; title: string; rows: MarketRow[]; emptyText: string }) {
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
          <span className="mk-board__pair">
            <TradeLink row={row} className="mk-pair-link">
              <CoinPair row={row} />
            </TradeLink>
            <HaltedMark row={row} />
          </span>
          <LivePrice row={row} className="mk-board__price" />
          <ChangeText zdf={row.zdf} badge />
        </div>
      ))}
    </section>
  );
});
