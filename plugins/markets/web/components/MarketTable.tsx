import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatFiat, useRoot } from '../../../../core/web';
import type { MarketRow } from '../../shared/types';
import { ChangeText } from './ChangeText';
import { CoinPair } from './CoinPair';

const price = (root: Parameters<typeof formatFiat>[0], value: string | null) => (value === null ? '--' : formatFiat(root, value));

/** Pair, last price, 24 h change, high, low and turnover; prices in the display currency. */
export const MarketTable = observer(function MarketTable({ rows }: { rows: MarketRow[] }) {
  const root = useRoot();
  const { t } = useTranslation('markets');
  return (
    <div className="mk-table__scroll">
      <table className="mk-table">
        <thead>
          <tr>
            <th scope="col">{t('colPair')}</th>
            <th scope="col">{t('colLast')}</th>
            <th scope="col">{t('colChange')}</th>
            <th scope="col" className="mk-hide-narrow">{t('colHigh')}</th>
            <th scope="col" className="mk-hide-narrow">{t('colLow')}</th>
            <th scope="col">{t('colVolume')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.symbol_name}#${row.contract_type}`} data-symbol={row.symbol_name}>
              <td>
                <CoinPair row={row} />
              </td>
              <td data-column="last">{price(root, row.close)}</td>
              <td>
                <ChangeText zdf={row.zdf} />
              </td>
              <td className="mk-hide-narrow">{price(root, row.high)}</td>
              <td className="mk-hide-narrow">{price(root, row.low)}</td>
              <td>{price(root, row.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
