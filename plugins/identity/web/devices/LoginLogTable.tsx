import { Table, Tag } from '@douyinfe/semi-ui-19';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import type { Page } from '../../../../core/shared';
import type { LoginLogEntry, LoginResultKind } from '../../shared/types';
import { LOGIN_LOG_PAGE_SIZE, loadLoginLog } from './devices-api';
import { formatTime } from './format-time';

const RESULT_COLORS: Record<LoginResultKind, 'green' | 'red' | 'orange' | 'grey'> = {
  success: 'green',
  bad_credentials: 'red',
  delayed: 'orange',
  locked: 'red',
  ip_limited: 'orange',
  frozen: 'grey',
};

/** The member's sign-in attempts, newest first, a page at a time. */
export function LoginLogTable({ reloadKey }: { reloadKey: number }) {
  const root = useRoot();
  const { t, i18n } = useTranslation('identity');
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<Page<LoginLogEntry> | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(
    async (pageNumber: number) => {
      setLoading(true);
      try {
        setPage(await loadLoginLog(root, pageNumber));
      } catch {
        // the HTTP client has shown the error
      } finally {
        setLoading(false);
      }
    },
    [root],
  );
  useEffect(() => {
    void load(current);
  }, [load, current, reloadKey]);

  const columns = [
    { title: t('devices.time'), dataIndex: 'time', render: (time: string) => formatTime(time, i18n.language) },
    { title: t('devices.ip'), dataIndex: 'ip' },
    {
      title: t('devices.device'),
      dataIndex: 'device_id',
      render: (_: unknown, row: LoginLogEntry) => row.device_name ?? (row.device_id ? t('devices.unnamed', { id: row.device_id.slice(0, 8) }) : '—'),
    },
    {
      title: t('devices.result'),
      dataIndex: 'result',
      render: (result: LoginResultKind) => (
        <Tag size="small" color={RESULT_COLORS[result] ?? 'grey'}>
          {t(`devices.results.${result}`)}
        </Tag>
      ),
    },
  ];

  return (
    <Table
      rowKey="id"
      columns={columns}
      dataSource={page?.records ?? []}
      loading={loading}
      empty={t('devices.logEmpty')}
      pagination={{ currentPage: current, pageSize: LOGIN_LOG_PAGE_SIZE, total: page?.total ?? 0, onPageChange: setCurrent }}
    />
  );
}
