import { Table, Typography } from '@douyinfe/semi-ui-19';
import type { ColumnProps } from '@douyinfe/semi-ui-19/lib/es/table';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../core/shared';
import { formatTime, shortHash } from '../labels';

/** Rows per page of the wallet's record lists. */
export const RECORDS_PAGE_SIZE = 10;

/** Semi Table paging for a server page; none for a short list of recent records. */
export function pagingOf<T>(page: Page<T> | undefined, onPageChange?: (current: number) => void) {
  if (!onPageChange) return false as const;
  return { currentPage: page?.current ?? 1, pageSize: page?.size ?? RECORDS_PAGE_SIZE, total: page?.total ?? 0, onPageChange };
}

/**
 * A list of the member's records: each row marked with its id (data-record), server paging when `onPageChange`
 * is given; `wide` tables scroll sideways on narrow screens rather than squeeze their columns.
 */
export function RecordList<R extends { id: string }>({
  columns,
  page,
  loading,
  onPageChange,
  wide = false,
}: {
  columns: ColumnProps<R>[];
  page: Page<R> | undefined;
  loading: boolean;
  onPageChange?: (current: number) => void;
  wide?: boolean;
}) {
  const { t } = useTranslation('wallet');
  return (
    <Table
      className="wallet-table"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={page?.records ?? []}
      loading={loading}
      empty={t('noRecords')}
      pagination={pagingOf(page, onPageChange)}
      {...(wide ? { scroll: { x: 'max-content' } } : {})}
      onRow={(record?: R) => ({ 'data-record': record?.id })}
    />
  );
}

/** A record's time on two lines (date, then time) to keep wide tables narrow. */
export function TimeCell({ iso, language }: { iso: string; language: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span className="wallet-time">{iso}</span>;
  return (
    <span className="wallet-time" title={formatTime(iso, language)}>
      <span>{date.toLocaleDateString(language, { year: 'numeric', month: '2-digit', day: '2-digit' })}</span>
      <span className="wallet-muted">{date.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' })}</span>
    </span>
  );
}

/** A currency with the network it moved on beneath it. */
export function CurrencyNetworkCell({ currency, network }: { currency: string; network: string }) {
  return (
    <span className="wallet-stack">
      <span>{currency}</span>
      <span className="wallet-muted">{network}</span>
    </span>
  );
}

/** A transaction hash or address: shortened, the whole value in the title and copyable. */
export function HashCell({ value }: { value: string | null }) {
  if (!value) return <span className="wallet-muted">–</span>;
  return (
    <Typography.Text className="wallet-hash" copyable={{ content: value }} title={value}>
      {shortHash(value)}
    </Typography.Text>
  );
}
