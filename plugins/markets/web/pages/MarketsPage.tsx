import { TabPane, Tabs } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoTag } from '../components/DemoTag';
import { LoadState } from '../components/LoadState';
import { MarketTable } from '../components/MarketTable';
import { MARKET_TABS, type MarketTab } from '../markets-store';
import { useMarkets } from '../use-markets';
import '../markets.css';

const TAB_TITLE_KEYS: Record<MarketTab, string> = { spot: 'tabSpot', ubw: 'tabUbw', bbw: 'tabBbw' };

/** /market/main: every market in a table, by spot, USDT-M and Coin-M. */
const MarketsPage = observer(function MarketsPage() {
  const { t } = useTranslation('markets');
  const store = useMarkets('spot', 'contract');
  const [tab, setTab] = useState<MarketTab>('spot');
  const kind = tab === 'spot' ? 'spot' : 'contract';
  const rows = store.rowsOf(tab);
  const shownDemo = rows.some((row) => row.demo);
  return (
    <div className="mk-page">
      <div className="mk-page__head">
        <h1 className="mk-page__title">{t('title')}</h1>
        {shownDemo && <DemoTag />}
      </div>
      <Tabs type="line" activeKey={tab} onChange={(key) => setTab(key as MarketTab)}>
        {MARKET_TABS.map((key) => (
          <TabPane key={key} itemKey={key} tab={t(TAB_TITLE_KEYS[key])} />
        ))}
      </Tabs>
      <LoadState status={store.status[kind]} empty={rows.length === 0} onRetry={() => store.refresh(kind).catch(() => {})} />
      {rows.length > 0 && <MarketTable rows={rows} />}
    </div>
  );
});

export default MarketsPage;
