import { Button, Modal, SideSheet, Table, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageGate, StatusTag, useOperatorSession } from '../../../console-core/shared/kit';
import type { ConsoleMarket } from '../../../spot/shared/types';
import { MarketForm } from '../components/MarketForm';
import { SPOT_MARKETS_PERMISSION, useSpotConsoleApi } from '../console-api';
import { percentOfPpm } from '../market-draft';
import { useMarkets } from '../use-markets';
import '../spot-console.css';

/** null: closed; { market: null }: adding; otherwise editing that market. */
type Editing = { market: ConsoleMarket | null } | null;

function Markets() {
  const { t } = useTranslation('spot-console');
  const api = useSpotConsoleApi();
  const { markets, reload } = useMarkets(api);
  const [editing, setEditing] = useState<Editing>(null);

  const saved = () => {
    setEditing(null);
    reload();
  };

  const confirmHalt = (market: ConsoleMarket) => {
    const halting = !market.halted;
    Modal.confirm({
      title: t(halting ? 'haltConfirmTitle' : 'openConfirmTitle', { symbol: market.symbol }),
      content: t(halting ? 'haltConfirm' : 'openConfirm'),
      okText: t(halting ? 'halt' : 'reopen'),
      cancelText: t('cancel'),
      okButtonProps: { type: halting ? 'danger' : 'primary' },
      onOk: async () => {
        try {
          await api.haltMarket(market.symbol, halting);
          Toast.success(t(halting ? 'marketHalted' : 'marketOpened', { symbol: market.symbol }));
        } catch {
          // the client showed the message
        }
        reload();
      },
    });
  };

  const fee = (ppm: number) => `${percentOfPpm(ppm)} %`;
  const columns = [
    { title: t('field.symbol'), dataIndex: 'symbol', render: (symbol: string) => <strong>{symbol}</strong> },
    { title: t('decimals'), render: (_: unknown, row: ConsoleMarket) => `${row.priceScale} / ${row.qtyScale}` },
    { title: t('field.tickSize'), dataIndex: 'tickSize', align: 'right' as const },
    { title: t('field.lotSize'), dataIndex: 'lotSize', align: 'right' as const },
    { title: t('field.minNotional'), dataIndex: 'minNotional', align: 'right' as const, render: (value: string, row: ConsoleMarket) => `${value} ${row.quote}` },
    { title: t('feesColumn'), align: 'right' as const, render: (_: unknown, row: ConsoleMarket) => <span className="sc-nowrap">{`${fee(row.makerFeePpm)} / ${fee(row.takerFeePpm)}`}</span> },
    { title: t('field.selfTrade'), dataIndex: 'selfTrade', render: (policy: string) => t(`selfTradePolicy.${policy}`) },
    {
      title: t('field.priceBandPercent'),
      dataIndex: 'priceBandPercent',
      align: 'right' as const,
      render: (band: number) => (band > 0 ? `${band} %` : t('noPriceBand')),
    },
    {
      title: t('statusLabel'),
      dataIndex: 'halted',
      render: (halted: boolean, row: ConsoleMarket) => (
        <span className="sc-actions">
          <StatusTag namespace="spot-console" value={halted ? 'halted' : 'trading'} />
          <Button size="small" theme="borderless" type={halted ? 'primary' : 'danger'} onClick={() => confirmHalt(row)}>
            {t(halted ? 'reopen' : 'halt')}
          </Button>
        </span>
      ),
    },
    {
      title: '',
      render: (_: unknown, row: ConsoleMarket) => (
        <Button size="small" theme="borderless" onClick={() => setEditing({ market: row })}>
          {t('edit')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <h1 className="sc-title">{t('title')}</h1>
      <p className="sc-hint">{t('intro')}</p>
      <div className="sc-toolbar">
        <Button type="primary" theme="solid" onClick={() => setEditing({ market: null })}>
          {t('addMarket')}
        </Button>
      </div>
      <Table<ConsoleMarket>
        className="sc-markets"
        rowKey="symbol"
        size="middle"
        columns={columns}
        dataSource={markets ?? []}
        loading={markets === null}
        pagination={false}
        empty={t('empty')}
        onRow={(row) => ({ 'data-symbol': row?.symbol })}
      />
      <SideSheet
        visible={editing !== null}
        onCancel={() => setEditing(null)}
        closeOnEsc
        width={520}
        title={editing?.market ? t('editTitle', { symbol: editing.market.symbol }) : t('addTitle')}
      >
        {editing && <MarketForm key={editing.market?.symbol ?? 'new'} market={editing.market} onSaved={saved} />}
      </SideSheet>
    </>
  );
}

/** Operators without spot.markets see why instead of the page (the server refuses them too). */
const MarketsForPermitted = observer(function MarketsForPermitted() {
  const { t } = useTranslation('spot-console');
  const session = useOperatorSession();
  if (!session.can(SPOT_MARKETS_PERMISSION)) {
    return (
      <p className="sc-denied" role="alert" data-testid="spot-markets-denied">
        {t('notPermitted')}
      </p>
    );
  }
  return <Markets />;
});

export default function MarketsPage() {
  return (
    <ConsolePageGate>
      <MarketsForPermitted />
    </ConsolePageGate>
  );
}
