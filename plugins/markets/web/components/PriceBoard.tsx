import { observer } from 'mobx-react-lite';
import { formatFiat, useRoot } from '../../../../core/web';
import type { MarketRow } from '../../shared/types';
import { ChangeText } from './ChangeText';
import { CoinPair } from './CoinPair';

/** Compact tiles: pair, last price in the display currency, 24 h change. */
export const PriceBoard = observer(function PriceBoard({ rows }: { rows: MarketRow[] }) {
  const root = useRoot();
  return (
    <div className="mk-tiles">
      {rows.map((row) => (
        <div className="mk-tile" key={`${row.symbol_name}#${row.contract_type}`} data-symbol={row.symbol_name}>
          <CoinPair row={row} />
          <span className="mk-tile__price">{row.close === null ? '--' : formatFiat(root, row.close)}</span>
          <span className="mk-tile__foot">
            <ChangeText zdf={row.zdf} />
          </span>
        </div>
      ))}
    </div>
  );
});
