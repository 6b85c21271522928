import { Button, Spin, Table, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteLink, useRoot } from '../../../../core/web';
import { MY_TRADES_LIMIT, type SpotFillView, type SpotOrderView, type SpotSymbol } from '../../shared/types';
import type { ExchangeStore } from '../exchange-store';
import { clockTime, dateOf, formatFixed } from '../format';
import { isUnreachable, reasonKey } from '../order-feedback';
import { SPOT_ROUTES } from '../ids';
import { hasFilled, orderTriggers, sideKey, statusKey, typeKey } from '../../shared/order-labels';
import { formatAmount, orderMarket } from './order-labels';
import { ACTION_COLUMN, RecordCards } from './RecordCards';
import { usePhone } from './use-media-query';

type Tab = 'open' | 'history' | 'trades';

/** The class of columns of amounts with their currency: a table keeps "0.0375 BTC" on one line. */
const AMOUNT_COLUMN = 'spot-amount';
/** The class of the status column, whose cells wrap ("En attente du déclenchement"). */
const STATUS_COLUMN = 'spot-status';

/** A local date and time that a narrow column breaks between the two, not inside the date. */
export function Stamp({ time }: { time: number }) {
  return (
    <span className="spot-stamp">
      <span>{dateOf(time)}</span> <span>{clockTime(time)}</span>
    </span>
  );
}

/**
 * Table columns of the member's orders, prices and quantities at their market's decimals; `cost`: with what the
 * fills came to and their fee (for lists of finished orders).
 */
export function useOrderColumns(markets: readonly SpotSymbol[], { cost = false } = {}) {
  const { t } = useTranslation('spot');
  const marketOf = (order: SpotOrderView) => orderMarket(markets, order.symbol);
  const costColumns = [
    {
      title: t('total'),
      dataIndex: 'filledMoney',
      align: 'right' as const,
      className: AMOUNT_COLUMN,
      render: (money: string, order: SpotOrderView) => (hasFilled(order) ? formatAmount(money, marketOf(order).quote) : '--'),
    },
    // in the base currency for a buy, the quote currency for a sell: the server names it
    { title: t('col_fee'), dataIndex: 'fee', align: 'right' as const, className: AMOUNT_COLUMN, render: (fee: string, order: SpotOrderView) => (hasFilled(order) ? formatAmount(fee, order.feeCurrency) : '--') },
  ];
  return [
    { title: t('colTime'), dataIndex: 'createTime', render: (time: number) => <Stamp time={time} /> },
    { title: t('col_symbol'), dataIndex: 'symbol' },
    {
      title: t('col_side'),
      dataIndex: 'side',
      render: (_: string, order: SpotOrderView) => <span className={order.side === 'buy' ? 'spot-up' : 'spot-down'}>{t(sideKey(order))}</span>,
    },
    { title: t('col_type'), dataIndex: 'type', render: (_: string, order: SpotOrderView) => t(typeKey(order)) },
    {
      title: t('col_price'),
      dataIndex: 'price',
      align: 'right' as const,
      render: (price: string | null, order: SpotOrderView) => (price === null ? t('marketPrice') : formatFixed(price, marketOf(order).price)),
    },
    {
      title: t('triggerPrice'),
      dataIndex: 'triggerPrice',
      align: 'right' as const,
      render: (_: string | null, order: SpotOrderView) => {
        const triggers = orderTriggers(order);
        if (triggers.length === 0) return '--';
        return triggers.map(({ key, price }) => (
          <div key={key} data-trigger={key}>
            {key === 'triggerPrice' ? '' : `${t(key)} `}
            {formatFixed(price, marketOf(order).price)}
          </div>
        ));
      },
    },
    {
      title: t('col_num'),
      dataIndex: 'num',
      align: 'right' as const,
      className: AMOUNT_COLUMN,
      // a market buy asks for an amount to spend, not a quantity
      render: (num: string | null, order: SpotOrderView) => (num === null ? formatAmount(order.money, marketOf(order).quote) : formatFixed(num, marketOf(order).qty)),
    },
    { title: t('col_filledNum'), dataIndex: 'filledNum', align: 'right' as const, render: (value: string, order: SpotOrderView) => formatFixed(value, marketOf(order).qty) },
    { title: t('col_avgPrice'), dataIndex: 'avgPrice', align: 'right' as const, render: (value: string, order: SpotOrderView) => (/[1-9]/.test(value) ? formatFixed(value, marketOf(order).price) : '--') },
    ...(cost ? costColumns : []),
    {
      title: t('col_status'),
      dataIndex: 'status',
      className: STATUS_COLUMN,
      render: (_: string, order: SpotOrderView) => {
        // why the engine ended an order (a member's own cancel goes without saying)
        const reason = order.status === 'cancelled' && order.reason !== 'user' ? reasonKey(order) : null;
        return (
          <>
            {t(statusKey(order))}
            {reason && (
              <div className="spot-muted spot-orders__reason" data-reason={order.reason}>
                {t(reason)}
              </div>
            )}
          </>
        );
      },
    },
  ];
}

/** Table columns of a member's fills (their own trades), at the market's decimals; the amount and fee with their unit. */
export function useFillColumns(markets: readonly SpotSymbol[]) {
  const { t } = useTranslation('spot');
  const marketOf = (fill: SpotFillView) => orderMarket(markets, fill.symbol);
  return [
    { title: t('colTime'), dataIndex: 'time', render: (time: number) => <Stamp time={time} /> },
    { title: t('col_side'), dataIndex: 'side', render: (_: string, fill: SpotFillView) => <span className={fill.side === 'buy' ? 'spot-up' : 'spot-down'}>{t(sideKey(fill))}</span> },
    { title: t('col_price'), dataIndex: 'price', align: 'right' as const, render: (price: string, fill: SpotFillView) => formatFixed(price, marketOf(fill).price) },
    { title: t('col_num'), dataIndex: 'num', align: 'right' as const, render: (num: string, fill: SpotFillView) => formatFixed(num, marketOf(fill).qty) },
    { title: t('col_filledMoney'), dataIndex: 'money', align: 'right' as const, className: AMOUNT_COLUMN, render: (money: string, fill: SpotFillView) => formatAmount(money, marketOf(fill).quote) },
    { title: t('col_fee'), dataIndex: 'fee', align: 'right' as const, className: AMOUNT_COLUMN, render: (fee: string, fill: SpotFillView) => formatAmount(fee, fill.feeCurrency) },
    { title: t('colRole'), dataIndex: 'maker', align: 'right' as const, render: (maker: boolean) => t(maker ? 'maker' : 'taker') },
  ];
}

/** Whether an order can still be cancelled: on the book, or waiting for its trigger. */
export const isLive = (order: SpotOrderView) => order.status === 'open' || order.status === 'conditional';

/** When a finished order ended (its last change); "--" while it is live. */
export function useEndedColumn() {
  const { t } = useTranslation('spot');
  return {
    title: t('endTime'),
    dataIndex: 'updateTime',
    className: 'spot-card__field--wide',
    render: (time: number, order: SpotOrderView) => (isLive(order) ? '--' : <Stamp time={time} />),
  };
}

type OrderColumns = ReturnType<typeof useOrderColumns>[number] | ReturnType<typeof cancelColumn> | ReturnType<typeof useEndedColumn>;

/** Orders as cards on a phone: pair, side, type and status, the time, then the figures; a live one's Cancel. */
export function OrderCards({
  orders,
  loading = false,
  ...rest
}: {
  orders: readonly SpotOrderView[];
  /** While the list loads, no "No orders" under the spinner. */
  loading?: boolean;
  columns: readonly OrderColumns[];
  actions?: (order: SpotOrderView) => ReactNode;
  details?: (order: SpotOrderView) => ReactNode;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('spot');
  return (
    <RecordCards
      {...rest}
      records={orders}
      rowKey="id"
      head={['symbol', 'side', 'type', 'status']}
      note={['createTime']}
      cardProps={(order) => ({ 'data-order': order.id })}
      empty={loading ? null : <span className="spot-muted">{t('noOrders')}</span>}
    />
  );
}

/** Fills as cards on a phone: side and role, the time, then price, quantity, amount and fee. */
export function FillCards({
  fills,
  columns,
  loading = false,
  ...rest
}: {
  fills: readonly SpotFillView[];
  columns: ReturnType<typeof useFillColumns>;
  /** While the fills load, no "No fills" under the spinner. */
  loading?: boolean;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('spot');
  return (
    <RecordCards
      {...rest}
      records={fills}
      columns={columns}
      rowKey="tradeId"
      head={['side', 'maker']}
      note={['time']}
      empty={loading ? null : <span className="spot-muted">{t('noFills')}</span>}
    />
  );
}

/**
 * A cancel button that spins while its request is under way and says how it went: cancelled, or not cancelled
 * because the server could not be reached (the HTTP client shows a refusal itself, but not a missing answer).
 */
function CancelOrderButton({ onCancel }: { onCancel: () => Promise<void> }) {
  const { t } = useTranslation('spot');
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await onCancel();
      Toast.success(t('orderCancelled'));
    } catch (error) {
      if (isUnreachable(error)) Toast.error(t('cancelUnreachable'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" type="danger" theme="borderless" loading={busy} onClick={() => void cancel()}>
      {t('cancel')}
    </Button>
  );
}

/**
 * The column of cancel buttons, one for each order that is still live; pinned to the right edge of a table that
 * scrolls sideways, and at the foot of a card.
 */
export function cancelColumn(cancel: (id: number) => Promise<void>) {
  return {
    title: '',
    dataIndex: 'id',
    align: 'right' as const,
    className: ACTION_COLUMN,
    render: (id: number, order: SpotOrderView) => (isLive(order) ? <CancelOrderButton onCancel={() => cancel(id)} /> : null),
  };
}

/** The bottom tabs: open orders (with cancel), order history and trade history, refreshed on refresh_{userId}. */
export const MemberOrders = observer(function MemberOrders({ store }: { store: ExchangeStore }) {
  const root = useRoot();
  const { t } = useTranslation('spot');
  const [tab, setTab] = useState<Tab>('open');
  const phone = usePhone();
  const openColumns = [...useOrderColumns(store.markets), cancelColumn((id) => store.cancel(id))];
  const historyColumns = useOrderColumns(store.markets, { cost: true });
  const endedColumn = useEndedColumn();
  const fillColumns = useFillColumns(store.markets);
  const orders: Record<Exclude<Tab, 'trades'>, SpotOrderView[]> = {
    open: store.openOrders,
    history: store.history,
  };
  // the orders' tabs hold the first page of orders, the trades tab the latest MY_TRADES_LIMIT fills
  const more = tab === 'history' ? store.moreHistory : tab === 'trades' && store.myTrades.length >= MY_TRADES_LIMIT;
  // until the tab's first answer: a spinner, not "No orders"
  const pending = tab === 'trades' ? store.tradesPending : store.ordersPending;
  return (
    <section className="spot-panel spot-orders" aria-label={t('myOrders')}>
      <div className="spot-tabs" role="tablist">
        {(['open', 'history', 'trades'] as const).map((name) => (
          <button type="button" role="tab" key={name} aria-selected={name === tab} className={name === tab ? 'spot-tab spot-tab--active' : 'spot-tab'} onClick={() => setTab(name)}>
            {t(`tab_${name}`)}
            {name === 'open' && store.openOrders.length > 0 ? ` (${store.openOrders.length})` : ''}
          </button>
        ))}
      </div>
      {root.session.isLogin ? (
        <Spin spinning={pending}>
          {tab === 'trades' ? (
            phone ? (
              <FillCards data-testid="spot-orders-trades" fills={store.myTrades} columns={fillColumns} loading={pending} />
            ) : (
              <Table
                className="spot-table"
                size="small"
                rowKey="tradeId"
                data-testid="spot-orders-trades"
                columns={fillColumns}
                dataSource={store.myTrades}
                pagination={false}
                empty={pending ? null : <span className="spot-muted">{t('noFills')}</span>}
              />
            )
          ) : phone ? (
            <OrderCards data-testid={`spot-orders-${tab}`} orders={orders[tab]} columns={tab === 'open' ? openColumns : [...historyColumns, endedColumn]} loading={pending} />
          ) : (
            <Table
              className="spot-table"
              size="small"
              rowKey="id"
              data-testid={`spot-orders-${tab}`}
              columns={tab === 'open' ? openColumns : historyColumns}
              dataSource={orders[tab]}
              pagination={false}
              empty={pending ? null : <span className="spot-muted">{t('noOrders')}</span>}
              onRow={(order?: SpotOrderView) => ({ 'data-order': order?.id }) as never}
            />
          )}
          {more ? (
            <RouteLink to={SPOT_ROUTES.entrust} className="spot-orders__all">
              {t('viewAll')}
            </RouteLink>
          ) : null}
        </Spin>
      ) : (
        <p className="spot-empty">
          <a href={root.loginHref()} onClick={(event) => { event.preventDefault(); root.navigate(root.loginHref()); }}>{t('logInToSeeOrders')}</a>
        </p>
      )}
    </section>
  );
});
