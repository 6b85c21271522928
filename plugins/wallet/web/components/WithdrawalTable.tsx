import { Button, Modal, Toast } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../core/shared';
import { useRoot } from '../../../../core/web';
import type { WithdrawalRecord } from '../../shared/types';
import { formatAmount } from '../amounts';
import { walletApi } from '../wallet-api';
import { useWalletStore } from '../use-wallet-data';
import { CurrencyNetworkCell, HashCell, RecordList, TimeCell } from './record-columns';
import { StatusTag } from './StatusTag';

/**
 * Withdrawals with their state, the rejection (or failure) reason, and a cancel button while the withdrawal
 * waits for review.
 */
export function WithdrawalTable({
  page,
  loading,
  onPageChange,
}: {
  page: Page<WithdrawalRecord> | undefined;
  loading: boolean;
  onPageChange?: (current: number) => void;
}) {
  const root = useRoot();
  const store = useWalletStore();
  const { t, i18n } = useTranslation('wallet');

  const cancel = (record: WithdrawalRecord) =>
    Modal.confirm({
      title: t('cancelTitle'),
      content: t('cancelBody', { amount: formatAmount(record.amount), currency: record.currency }),
      okText: t('cancelConfirm'),
      cancelText: t('keepWithdrawal'),
      okButtonProps: { type: 'danger' },
      onOk: async () => {
        await walletApi.cancelWithdrawal(root, record.id);
        Toast.success(t('cancelDone'));
        store.changed();
      },
    });

  const columns = [
    { title: t('colTime'), dataIndex: 'createTime', render: (time: string) => <TimeCell iso={time} language={i18n.language} /> },
    {
      title: t('colCurrencyNetwork'),
      dataIndex: 'currency',
      render: (_: unknown, record: WithdrawalRecord) => <CurrencyNetworkCell currency={record.currency} network={record.network} />,
    },
    { title: t('colAddress'), dataIndex: 'address', render: (address: string) => <HashCell value={address} /> },
    { title: t('colAmount'), dataIndex: 'amount', align: 'right' as const, render: (amount: string) => formatAmount(amount) },
    { title: t('colFee'), dataIndex: 'fee', align: 'right' as const, render: (fee: string) => formatAmount(fee) },
    { title: t('colReceive'), dataIndex: 'receive', align: 'right' as const, render: (receive: string) => formatAmount(receive) },
    { title: t('colStatus'), dataIndex: 'status', render: (status: WithdrawalRecord['status']) => <StatusTag status={status} /> },
    {
      title: t('colReason'),
      dataIndex: 'reason',
      width: 200,
      render: (reason: string | null) => (reason ? <span className="wallet-reason" data-testid="withdrawal-reason">{reason}</span> : <span className="wallet-muted">–</span>),
    },
    { title: t('colTxHash'), dataIndex: 'txHash', render: (hash: string | null) => <HashCell value={hash} /> },
    {
      title: t('colAction'),
      dataIndex: 'id',
      align: 'right' as const,
      render: (_: unknown, record: WithdrawalRecord) =>
        record.cancellable ? (
          <Button size="small" theme="borderless" type="danger" onClick={() => cancel(record)}>
            {t('cancelWithdrawal')}
          </Button>
        ) : null,
    },
  ];
  return <RecordList columns={columns} page={page} loading={loading} onPageChange={onPageChange} wide />;
}
