import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyRates } from '../components/CurrencyRates';
import { DemoTag } from '../components/DemoTag';
import { LoadState } from '../components/LoadState';
import { PriceBoard } from '../components/PriceBoard';
import { useMarkets } from '../use-markets';
import '../markets.css';

/** /rate/index: the spot prices as a board, then the display currencies and their rates. */
const RatesPage = observer(function RatesPage() {
  const { t } = useTranslation('markets');
  const store = useMarkets('spot');
  useEffect(() => {
    store.ensureRates().catch(() => {});
  }, [store]);
  return (
    <div className="mk-page">
      <div className="mk-page__head">
        <h1 className="mk-page__title">{t('ratesTitle')}</h1>
        {store.spot.some((row) => row.demo) && <DemoTag />}
      </div>
      <LoadState status={store.status.spot} empty={store.spot.length === 0} onRetry={() => store.refresh('spot').catch(() => {})} />
      {store.spot.length > 0 && <PriceBoard rows={store.spot} />}
      <section className="mk-page__section">
        <h2 className="mk-page__section-title">{t('currenciesTitle')}</h2>
        <LoadState status={store.status.rates} empty={store.rates.length === 0} onRetry={() => store.ensureRates().catch(() => {})} />
        {store.rates.length > 0 && <CurrencyRates rates={store.rates} />}
      </section>
    </div>
  );
});

export default RatesPage;
