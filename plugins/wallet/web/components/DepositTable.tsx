import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../core/shared';
import type { DepositRecord } from '../../shared/types';
import { formatAmount } from '../amounts';
import { HashCell, RecordList, TimeCell } from './record-columns';
import { StatusTag } from './StatusTag';

/** Deposits: time, currency, network, amount, confirmations n/m, state and transaction hash. */
export function DepositTable({ page, loading, onPageChange }: { page: Page<DepositRecord> | undefined; loading: boolean; onPageChange?: (current: number) => void }) {
  const { t, i18n } = useTranslation('wallet');
  const columns = [
    { title: t('colTime'), dataIndex: 'createTime', render: (time: string) => <TimeCell iso={time} language={i18n.language} /> },
    { title: t('colCurrency'), dataIndex: 'currency' },
    { title: t('colNetwork'), dataIndex: 'network' },
    { title: t('colAmount'), dataIndex: 'amount', align: 'right' as const, render: (amount: string) => formatAmount(amount) },
    {
      title: t('colConfirmations'),
      dataIndex: 'confirmations',
      render: (_: unknown, record: DepositRecord) => (
        <span data-testid="deposit-confirmations">{`${Math.min(record.confirmations, record.requiredConfirmations)}/${record.requiredConfirmations}`}</span>
      ),
    },
    { title: t('colStatus'), dataIndex: 'status', render: (status: DepositRecord['status']) => <StatusTag status={status} /> },
    { title: t('colTxHash'), dataIndex: 'txHash', render: (hash: string) => <HashCell value={hash} /> },
  ];
  return <RecordList columns={columns} page={page} loading={loading} onPageChange={onPageChange} />;
}
