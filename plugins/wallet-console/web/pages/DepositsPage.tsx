import { observer } from 'mobx-react-lite';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageGate, PagedTable, StatusTag, formatTime, usePaged } from '../../../console-core/shared/kit';
import { DEPOSIT_STATUSES, type ConsoleDeposit, type DepositStatus } from '../../../wallet/shared/types';
import { Hash } from '../components/Hash';
import { RecordFilters, type RecordFilter } from '../components/RecordFilters';
import { recordColumns } from '../components/record-columns';
import { useWalletConsole } from '../use-wallet-console';
import { DevnetPanel } from './DevnetPanel';
import '../wallet-console.css';

const Deposits = observer(function Deposits() {
  const { t } = useTranslation('wallet-console');
  const { session, api } = useWalletConsole();
  const [filter, setFilter] = useState<RecordFilter<DepositStatus>>({ uid: '', currency: '' });
  const fetchPage = useCallback((page: number) => api.deposits({ ...filter, page }), [api, filter]);
  const list = usePaged(fetchPage, true);

  const columns = [
    ...recordColumns(t),
    {
      title: t('confirmations'),
      render: (_: unknown, row: ConsoleDeposit) => `${Math.min(row.confirmations, row.requiredConfirmations)}/${row.requiredConfirmations}`,
    },
    { title: t('statusLabel'), dataIndex: 'status', render: (value: string) => <StatusTag namespace="wallet-console" value={value} /> },
    { title: t('txHash'), dataIndex: 'txHash', render: (value: string) => <Hash value={value} /> },
    { title: t('creditTime'), dataIndex: 'creditTime', render: formatTime },
  ];

  return (
    <>
      <h1 className="wc-title">{t('depositsTitle')}</h1>
      {session.can('wallet.credit') && <DevnetPanel onSent={list.reload} />}
      <RecordFilters statuses={DEPOSIT_STATUSES} value={filter} onChange={setFilter} />
      <PagedTable<ConsoleDeposit> list={list} columns={columns} />
    </>
  );
});

export default function DepositsPage() {
  return (
    <ConsolePageGate>
      <Deposits />
    </ConsolePageGate>
  );
}
