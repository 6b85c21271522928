import { Table } from '@douyinfe/semi-ui-19';
import type { ColumnProps } from '@douyinfe/semi-ui-19/lib/es/table';
import { useTranslation } from 'react-i18next';
import { CONSOLE_PAGE_SIZE, type PagedState } from './use-operator-session';

/** A console list: rows of the current page, its loading state, and paging that loads the chosen page. */
export function PagedTable<T extends { id: number | string }>(props: { list: PagedState<T>; columns: ColumnProps<T>[]; pageSize?: number }) {
  const { list, columns, pageSize = CONSOLE_PAGE_SIZE } = props;
  const { t } = useTranslation('console-core');
  return (
    <Table<T>
      rowKey="id"
      columns={columns}
      dataSource={list.page?.records ?? []}
      loading={list.loading}
      empty={t('empty')}
      pagination={{ currentPage: list.page?.current ?? 1, pageSize, total: list.page?.total ?? 0, onPageChange: list.load }}
    />
  );
}
