import { Button, DatePicker, Pagination, Select, Spin, Table, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError, useRoot, weekStartsOn } from '../../../../core/web';
import { ORDER_SIDES, ORDER_STATUSES, SPOT_PATHS, type ExportFormat, type ExportRequest, type SpotOrderView } from '../../shared/types';
import { cancelColumn, FillCards, isLive, OrderCards, Stamp, useEndedColumn, useFillColumns, useOrderColumns } from '../components/MemberOrders';
import { usePhone } from '../components/use-media-query';
import { hasFilled } from '../../shared/order-labels';
import { dayBounds, EntrustStore } from '../entrust-store';
import '../spot.css';

/** One filter of the list: "all" when cleared. */
function FilterSelect<T extends string>({ label, value, options, onChange }: { label: string; value: T | undefined; options: { value: T; label: string }[]; onChange: (value: T | undefined) => void }) {
  const { t } = useTranslation('spot');
  return (
    <Select
      aria-label={label}
      prefix={label}
      placeholder={t('all')}
      showClear
      value={value}
      optionList={options}
      onChange={(next) => onChange(next === undefined || next === null || next === '' ? undefined : (next as T))}
    />
  );
}

/** The fills of one order, at its market's decimals as the order's row (its side is the row's). */
const Fills = observer(function Fills({ store, order }: { store: EntrustStore; order: SpotOrderView }) {
  const { t } = useTranslation('spot');
  const fills = store.fills.get(order.id);
  const phone = usePhone();
  const columns = useFillColumns(store.markets).filter((column) => column.dataIndex !== 'side');
  useEffect(() => {
    store.loadFills(order.id).catch(() => {});
  }, [store, order.id]);
  if (!fills) return <p className="spot-muted">…</p>;
  if (fills.length === 0) return <p className="spot-muted">{t('noFills')}</p>;
  if (phone) return <FillCards data-testid={`spot-fills-${order.id}`} fills={fills} columns={columns} />;
  return <Table className="spot-table" size="small" rowKey="tradeId" data-testid={`spot-fills-${order.id}`} columns={columns} dataSource={fills} pagination={false} />;
});

/** A row opened: when a finished order ended, and its fills. */
function OrderDetails({ store, order }: { store: EntrustStore; order: SpotOrderView }) {
  const { t } = useTranslation('spot');
  return (
    <div className="spot-entrust__details">
      {!isLive(order) && (
        <dl className="spot-entrust__ended">
          <dt>{t('endTime')}</dt>
          <dd>
            <Stamp time={order.updateTime} />
          </dd>
        </dl>
      )}
      {hasFilled(order) && <Fills store={store} order={order} />}
    </div>
  );
}

/** Under an order's card: its fills, once opened. */
const OpenedFills = observer(function OpenedFills({ store, order }: { store: EntrustStore; order: SpotOrderView }) {
  return store.expanded.includes(order.id) ? <Fills store={store} order={order} /> : null;
});

/** Whether a row opens: a finished order tells when it ended, a filled one lists its fills. */
const hasDetails = (order: SpotOrderView) => !isLive(order) || hasFilled(order);

/** On an order's card: the button that opens its fills below it. */
const FillsToggle = observer(function FillsToggle({ store, order }: { store: EntrustStore; order: SpotOrderView }) {
  const { t } = useTranslation('spot');
  const opened = store.expanded.includes(order.id);
  const toggle = () => store.expand(opened ? store.expanded.filter((id) => id !== order.id) : [...store.expanded, order.id]);
  return (
    <Button size="small" theme="borderless" aria-expanded={opened} onClick={toggle}>
      {t('fills')}
    </Button>
  );
});

/**
 * /account/entrust/spot and /account/center/entrust/spot: the member's spot orders with filters, paging, fills and
 * export; a live order (open or waiting for its trigger) can be cancelled from its row.
 */
export default observer(function EntrustPage() {
  const root = useRoot();
  const { t, i18n } = useTranslation('spot');
  const [store] = useState(() => new EntrustStore(root));
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  useEffect(() => {
    void store.start();
    return () => store.stop();
  }, [store]);
  const phone = usePhone();
  const columns = [...useOrderColumns(store.markets, { cost: true }), cancelColumn((id) => store.cancel(id))];
  const endedColumn = useEndedColumn();
  /** The filtered orders (paging left out) as a file, in the browser's time zone. */
  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const { current: _current, size: _size, ...filter } = store.request;
      const request: ExportRequest = { ...filter, format };
      // silent: the toast below is the one shown for the failure
      await root.http.download(SPOT_PATHS.exportOrders, request, { fileName: `spot-orders.${format}`, timeZone: true, silent: true });
    } catch (error) {
      Toast.error(isHttpError(error) && error.msg ? error.msg : t('exportFailed'));
    } finally {
      setExporting(null);
    }
  };
  const page = store.page;
  const pagination =
    page && page.total > page.size
      ? { currentPage: page.current, pageSize: page.size, total: page.total, onPageChange: (current: number) => void store.goTo(current) }
      : null;
  const option = <T extends string>(prefix: string, value: T) => ({ value, label: t(`${prefix}_${value}`) });
  return (
    <div className="spot-entrust" data-testid="spot-entrust">
      <header className="spot-entrust__head">
        <h2>{t('entrustTitle')}</h2>
        <div className="spot-entrust__export">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button key={format} size="small" theme="light" loading={exporting === format} disabled={exporting !== null} onClick={() => void exportAs(format)}>
              {t(format === 'csv' ? 'exportCsv' : 'exportXlsx')}
            </Button>
          ))}
        </div>
      </header>
      <div className="spot-entrust__filters">
        <FilterSelect
          label={t('col_symbol')}
          value={store.filter.symbol}
          options={store.markets.map((market) => ({ value: market.symbol_name, label: market.symbol_name }))}
          onChange={(symbol) => void store.refine({ symbol })}
        />
        <FilterSelect label={t('col_side')} value={store.filter.side} options={ORDER_SIDES.map((side) => option('side', side))} onChange={(side) => void store.refine({ side })} />
        <FilterSelect
          label={t('col_status')}
          value={store.filter.status}
          options={ORDER_STATUSES.map((status) => option('status', status))}
          onChange={(status) => void store.refine({ status })}
        />
        <DatePicker
          type="dateRange"
          weekStartsOn={weekStartsOn(i18n.language)}
          aria-label={t('timeRange')}
          placeholder={[t('startDate'), t('endDate')]}
          onChange={(days) => void store.refine(dayBounds(Array.isArray(days) ? (days as Date[]) : null))}
        />
      </div>
      {phone ? (
        <>
          {/* as the table: a spinner over the cards while a page the member asked for loads, not "No orders" */}
          <Spin spinning={store.loading}>
            <OrderCards
              orders={page?.records ?? []}
              loading={store.loading}
              columns={[...columns, endedColumn]}
              actions={(order) => (hasFilled(order) ? <FillsToggle store={store} order={order} /> : null)}
              details={(order) => (hasFilled(order) ? <OpenedFills store={store} order={order} /> : null)}
            />
          </Spin>
          {pagination && <Pagination size="small" className="spot-entrust__pages" {...pagination} />}
        </>
      ) : (
        <Table
          className="spot-table"
          size="small"
          rowKey="id"
          loading={store.loading}
          columns={columns}
          dataSource={page?.records ?? []}
          expandedRowRender={(order?: SpotOrderView) => (order ? <OrderDetails store={store} order={order} /> : null)}
          rowExpandable={(order?: SpotOrderView) => Boolean(order && hasDetails(order))}
          expandedRowKeys={store.expanded}
          onExpandedRowsChange={(rows) => store.expand((rows ?? []).flatMap((row) => ('id' in row ? [row.id] : [])))}
          empty={<span className="spot-muted">{t('noOrders')}</span>}
          pagination={pagination ?? false}
        />
      )}
    </div>
  );
});
