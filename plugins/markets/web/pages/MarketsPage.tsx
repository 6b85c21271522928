import { Button, TabPane, Tabs } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { useMemberWatchlist } from '../../shared/kit';
import { DemoTag } from '../components/DemoTag';
import { LoadState } from '../components/LoadState';
import { MarketTable } from '../components/MarketTable';
import type { MarketsStore, MarketTab } from '../markets-store';
import { useMarkets } from '../use-markets';
import '../markets.css';

const TAB_TITLE_KEYS: Record<MarketTab, string> = { favourites: 'tabFavourites', spot: 'tabSpot', ubw: 'tabUbw', bbw: 'tabBbw' };
/** The Favourites tab: the member's starred markets, or a sign-in prompt. */
const Favourites = observer(function Favourites({ store }: { store: MarketsStore }) {
  const root = useRoot();
  const { t } = useTranslation('markets');
  const memberId = root.session.user?.id ?? null;
  if (!memberId) {
    return (
      <div className="mk-state" data-testid="markets-favourites-sign-in">
        <p>{t('favouritesSignIn')}</p>
        <Button theme="solid" onClick={() => root.navigate(root.loginHref())}>
          {t('signIn')}
        </Button>
      </div>
    );
  }
  const rows = store.rowsOf('favourites', memberId);
  if (store.watchlist.owner === memberId && rows.length === 0) return <div className="mk-state">{t('favouritesEmpty')}</div>;
  return rows.length > 0 ? <MarketTable rows={rows} /> : null;
});

/**
 * /market/main: every market in a table, by the member's favourites, spot, USDT-M and Coin-M (the contract tabs
 * only on a site that trades contracts); live while open.
 */
const MarketsPage = observer(function MarketsPage() {
  const { t } = useTranslation('markets');
  const store = useMarkets('spot', 'contract');
  const [tab, setTab] = useState<MarketTab>('spot');
  const { memberId } = useMemberWatchlist();
  const kind = tab === 'spot' ? 'spot' : 'contract';
  const rows = store.rowsOf(tab, memberId);
  const shownDemo = rows.some((row) => row.demo);
  return (
    <div className="mk-page">
      <div className="mk-page__head">
        <h1 className="mk-page__title">{t('title')}</h1>
        {shownDemo && <DemoTag />}
      </div>
      <Tabs type="line" activeKey={tab} onChange={(key) => setTab(key as MarketTab)}>
        {store.tabs.map((key) => (
          <TabPane key={key} itemKey={key} tab={t(TAB_TITLE_KEYS[key])} />
        ))}
      </Tabs>
      {tab === 'favourites' ? (
        <Favourites store={store} />
      ) : (
        <>
          <LoadState status={store.status[kind]} empty={rows.length === 0} onRetry={() => store.refresh(kind).catch(() => {})} />
          {rows.length > 0 && <MarketTable rows={rows} />}
        </>
      )}
    </div>
  );
});

export default MarketsPage;
