import { Typography } from '@douyinfe/semi-ui-19';
import type { Page } from '../../../../core/shared';
import { formatTime, shortHash } from '../labels';

/** Rows per page of the wallet's record lists. */
export const RECORDS_PAGE_SIZE = 10;

/** Semi Table paging for a server page; none for a short list of recent records. */
export function pagingOf<T>(page: Page<T> | undefined, onPageChange?: (current: number) => void) {
  if (!onPageChange) return false as const;
  return { currentPage: page?.current ?? 1, pageSize: page?.size ?? RECORDS_PAGE_SIZE, total: page?.total ?? 0, onPageChange };
}

export function TimeCell({ iso, language }: { iso: string; language: string }) {
  return <span className="wallet-time">{formatTime(iso, language)}</span>;
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
