import { Button, Tag } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import type { CoinRate } from '../markets-store';

/** The display currencies with their rate per 1 USD; one of them can be chosen for all prices. */
export const CurrencyRates = observer(function CurrencyRates({ rates }: { rates: CoinRate[] }) {
  const root = useRoot();
  const { t } = useTranslation('markets');
  const current = root.settings.currency.code;
  return (
    <div className="mk-table__scroll">
      <table className="mk-table">
        <thead>
          <tr>
            <th scope="col">{t('colCurrency')}</th>
            <th scope="col">{t('colSymbol')}</th>
            <th scope="col">{t('colRate')}</th>
            <th scope="col" aria-label={t('colAction')} />
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => (
            <tr key={rate.exchange_code} data-currency={rate.exchange_code}>
              <td>
                <strong>{rate.exchange_code}</strong>
              </td>
              <td>{rate.symbol}</td>
              <td>{rate.rate}</td>
              <td>
                {rate.exchange_code === current ? (
                  <Tag color="green">{t('rateInUse')}</Tag>
                ) : (
                  <Button size="small" theme="borderless" onClick={() => root.setCurrency(rate)}>
                    {t('rateUse')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
