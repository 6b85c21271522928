import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { RouteLink } from '../../../../core/web';
import { MARKETS_ROUTE } from '../ids';
import { useMarkets } from '../use-markets';
import { DemoTag } from './DemoTag';
import { LoadState } from './LoadState';
import { MarketBoard } from './MarketBoard';
import '../markets.css';

/** Slot "home.sections": the gainers, new and hot boards of the home page. */
const HomeBoards = observer(function HomeBoards() {
  const { t } = useTranslation('markets');
  const store = useMarkets('spot');
  if (store.spot.length === 0) {
    return <LoadState status={store.status.spot} empty onRetry={() => store.refresh('spot').catch(() => {})} />;
  }
  return (
    <div className="mk-boards">
      <MarketBoard id="gainers" title={t('boardGainers')} rows={store.gainers} emptyText={t('empty')} />
      <MarketBoard id="new" title={t('boardNew')} rows={store.newest} emptyText={t('empty')} />
      <MarketBoard id="hot" title={t('boardHot')} rows={store.hot} emptyText={t('empty')} />
      <div className="mk-boards__foot">
        <span>{store.spot.some((row) => row.demo) && <DemoTag />}</span>
        <RouteLink to={MARKETS_ROUTE} className="mk-link">
          {t('viewAll')}
        </RouteLink>
      </div>
    </div>
  );
});

export default HomeBoards;
