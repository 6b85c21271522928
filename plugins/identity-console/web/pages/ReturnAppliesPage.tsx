import { Button, Modal, Select, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RETURN_STATUS, type ReturnApplication, type ReturnStatus } from '../../../identity/shared/types';
import { ConsolePageGate, PagedTable, StatusTag, formatTime, usePaged } from '../../../console-core/shared/kit';
import { useConsole } from '../use-console';
import '../identity-console.css';

const STATUS_NAMES: Record<ReturnStatus, string> = { 0: 'returning', 1: 'returned', 2: 'rejected' };

function ReturnApplies() {
  const { t } = useTranslation('identity-console');
  const { api } = useConsole();
  const [status, setStatus] = useState<ReturnStatus | undefined>(RETURN_STATUS.returning);
  const [rejecting, setRejecting] = useState<ReturnApplication | null>(null);
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const fetchPage = useCallback((page: number) => api.returnApplies({ status, page }), [api, status]);
  const list = usePaged(fetchPage, true);

  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      Toast.success(t(done));
      list.reload();
      return true;
    } catch {
      return false; // the client showed the message
    }
  };

  const confirmReject = async () => {
    if (!rejecting) return;
    if (!note.trim()) {
      setNoteMissing(true);
      return;
    }
    if (await act(() => api.rejectReturn(rejecting.id, note.trim()), 'returnRejected')) setRejecting(null);
  };

  const columns = [
    { title: t('idColumn'), dataIndex: 'id' },
    { title: t('uid'), dataIndex: 'uid', render: (value: string | null) => value ?? '–' },
    { title: t('statusLabel'), dataIndex: 'status', render: (value: ReturnStatus) => <StatusTag namespace="identity-console" value={STATUS_NAMES[value]} /> },
    { title: t('appliedAt'), dataIndex: 'created_at', render: formatTime },
    { title: t('processedAt'), dataIndex: 'processed_at', render: formatTime },
    { title: t('note'), dataIndex: 'note', render: (value: string | null) => value ?? '–' },
    {
      title: '',
      render: (_: unknown, row: ReturnApplication) =>
        row.status === RETURN_STATUS.returning && (
          <span className="ic-actions__row">
            <Button
              theme="borderless"
              type="primary"
              onClick={() =>
                Modal.confirm({
                  title: t('completeConfirm'),
                  okText: t('confirm'),
                  cancelText: t('cancel'),
                  onOk: () => act(() => api.completeReturn(row.id), 'returnCompleted'),
                })
              }
            >
              {t('complete')}
            </Button>
            <Button
              theme="borderless"
              type="danger"
              onClick={() => {
                setNote('');
                setNoteMissing(false);
                setRejecting(row);
              }}
            >
              {t('reject')}
            </Button>
          </span>
        ),
    },
  ];

  return (
    <>
      <h1 className="ic-title">{t('returnsTitle')}</h1>
      <div className="ic-filters">
        <Select
          value={status}
          onChange={(value) => setStatus(value === undefined || value === '' ? undefined : (Number(value) as ReturnStatus))}
          placeholder={t('allStatuses')}
          showClear
          optionList={Object.values(RETURN_STATUS).map((value) => ({ value, label: t(`status.${STATUS_NAMES[value]}`) }))}
          style={{ width: 180 }}
          aria-label={t('statusLabel')}
        />
      </div>
      <PagedTable<ReturnApplication> list={list} columns={columns} />
      <Modal visible={rejecting !== null} title={t('rejectReturnTitle')} onCancel={() => setRejecting(null)} onOk={() => void confirmReject()} okText={t('reject')} cancelText={t('cancel')}>
        <TextArea value={note} onChange={(value) => { setNote(value); setNoteMissing(false); }} placeholder={t('notePlaceholder')} aria-label={t('note')} maxCount={500} rows={3} />
        {noteMissing && (
          <p className="ic-error" role="alert">
            {t('noteRequired')}
          </p>
        )}
      </Modal>
    </>
  );
}

export default function ReturnAppliesPage() {
  return (
    <ConsolePageGate>
      <ReturnApplies />
    </ConsolePageGate>
  );
}
