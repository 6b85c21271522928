import { observer } from 'mobx-react-lite';
import type { MarketRow } from '../../shared/types';
import { ChangeText } from './ChangeText';
import { CoinPair } from './CoinPair';
import { HaltedMark } from './HaltedMark';
import { LivePrice } from './LivePrice';
import { TradeLink } from './TradeLink';

/** Compact tiles: pair, last price in the display currency, 24 h change. */
export const PriceBoard = observer(function PriceBoard({ rows }: { rows: MarketRow[] }) {
  return (
    <div className="mk-tiles">
      {rows.map((row) => (
        <div className="mk-tile" key={`${row.symbol_name}#${row.contract_type}`} data-symbol={row.symbol_name}>
          <TradeLink row={row} className="mk-pair-link">
            <CoinPair row={row} />
          </TradeLink>
          <LivePrice row={row} className="mk-tile__price" />
          <span className="mk-tile__foot">
            <ChangeText zdf={row.zdf} />
            <HaltedMark row={row} />
          </span>
        </div>
      ))}
    </div>
  );
});
