import { observer } from 'mobx-react-lite';
import { useRoot } from '../../../../core/web';
import { rowKey, type MarketRow } from '../../shared/types';
import { MARKETS_STORE } from '../ids';
import type { MarketsStore } from '../markets-store';
import { formatQuoted } from '../quote-value';

/** A market's last price in the display currency, green or red after a live rise or fall. */
export const LivePrice = observer(function LivePrice({ row, className }: { row: MarketRow; className: string }) {
  const root = useRoot();
  const store = root.store<MarketsStore>(MARKETS_STORE);
  const move = store.moves.get(rowKey(row));
  return (
    <span className={move ? `${className} mk-price--${move}` : className} data-move={move}>
      {formatQuoted(root, row.close, row.quote_symbol, store.quoteUsd)}
    </span>
  );
});
