import { Button, Modal, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageGate, PagedTable, StatusTag, usePaged } from '../../../console-core/shared/kit';
import { WITHDRAWAL_STATUSES, type ConsoleWithdrawal, type WithdrawalStatus } from '../../../wallet/shared/types';
import { Hash } from '../components/Hash';
import { RecordFilters, type RecordFilter } from '../components/RecordFilters';
import { recordColumns } from '../components/record-columns';
import { useRowUpdates } from '../use-row-updates';
import { useWalletConsole } from '../use-wallet-console';
import '../wallet-console.css';

/** The server's limit for a rejection reason. */
const REJECT_REASON_MAX = 200;

/** The reject dialog: the member reads the reason, so one is required (1..200 characters). */
function RejectDialog(props: { withdrawal: ConsoleWithdrawal | null; onClose(): void; onRejected(row: ConsoleWithdrawal): void }) {
  const { withdrawal, onClose, onRejected } = props;
  const { t } = useTranslation('wallet-console');
  const { api } = useWalletConsole();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const reject = async () => {
    if (!withdrawal || busy) return;
    const text = reason.trim();
    if (!text) return setProblem(t('reasonRequired'));
    if (text.length > REJECT_REASON_MAX) return setProblem(t('reasonTooLong', { max: REJECT_REASON_MAX }));
    setBusy(true);
    try {
      onRejected(await api.rejectWithdrawal(withdrawal.id, text));
      Toast.success(t('withdrawalRejected'));
      setReason('');
      onClose();
    } catch {
      // the client showed the message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible={withdrawal !== null}
      title={t('rejectTitle')}
      onCancel={onClose}
      onOk={() => void reject()}
      okText={t('reject')}
      cancelText={t('cancel')}
      okButtonProps={{ type: 'danger', loading: busy }}
      afterClose={() => {
        setReason('');
        setProblem('');
      }}
    >
      <div data-testid="reject-dialog">
        <TextArea
          value={reason}
          onChange={(value) => {
            setReason(value);
            setProblem('');
          }}
          placeholder={t('reasonPlaceholder')}
          aria-label={t('reason')}
          maxCount={REJECT_REASON_MAX}
          rows={3}
        />
        {problem && (
          <p className="wc-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </Modal>
  );
}

function Withdrawals() {
  const { t } = useTranslation('wallet-console');
  const { api } = useWalletConsole();
  const [filter, setFilter] = useState<RecordFilter<WithdrawalStatus>>({ status: 'review', uid: '', currency: '' });
  const [rejecting, setRejecting] = useState<ConsoleWithdrawal | null>(null);
  const fetchPage = useCallback((page: number) => api.withdrawals({ ...filter, page }), [api, filter]);
  const { list, update } = useRowUpdates(usePaged(fetchPage, true));

  const approve = (row: ConsoleWithdrawal) =>
    Modal.confirm({
      title: t('approveConfirm', { amount: row.amount, currency: row.currency, uid: row.uid }),
      okText: t('approve'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          update(await api.approveWithdrawal(row.id));
          Toast.success(t('withdrawalApproved'));
        } catch {
          // the client showed the message
        }
      },
    });

  const columns = [
    ...recordColumns(t),
    { title: t('fee'), dataIndex: 'fee', align: 'right' as const },
    {
      title: t('statusLabel'),
      dataIndex: 'status',
      render: (value: string, row: ConsoleWithdrawal) => (
        <span title={row.reason ?? undefined}>
          <StatusTag namespace="wallet-console" value={value} />
        </span>
      ),
    },
    { title: t('txHash'), dataIndex: 'txHash', render: (value: string | null) => <Hash value={value} /> },
    {
      title: '',
      render: (_: unknown, row: ConsoleWithdrawal) =>
        row.status === 'review' && (
          <span className="wc-actions">
            <Button theme="borderless" type="primary" onClick={() => approve(row)}>
              {t('approve')}
            </Button>
            <Button theme="borderless" type="danger" onClick={() => setRejecting(row)}>
              {t('reject')}
            </Button>
          </span>
        ),
    },
  ];

  return (
    <>
      <h1 className="wc-title">{t('withdrawalsTitle')}</h1>
      <RecordFilters statuses={WITHDRAWAL_STATUSES} value={filter} onChange={setFilter} />
      <PagedTable<ConsoleWithdrawal> list={list} columns={columns} />
      <RejectDialog withdrawal={rejecting} onClose={() => setRejecting(null)} onRejected={update} />
    </>
  );
}

export default function WithdrawalsPage() {
  return (
    <ConsolePageGate>
      <Withdrawals />
    </ConsolePageGate>
  );
}
