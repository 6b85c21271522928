import { Button, Select, SideSheet, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_STATUSES, kycImagePath, type KycImage, type KycReviewItem, type KycStatus } from '../../../kyc/shared/types';
import { ConsolePageGate, PagedTable, StatusTag, formatTime, useOperatorImage, usePaged } from '../../../console-core/shared/kit';
import { useConsole } from '../use-console';
import '../identity-console.css';

function ApplicationImage({ id, which }: { id: string; which: KycImage }) {
  const { t } = useTranslation('identity-console');
  const { url, failed } = useOperatorImage(kycImagePath(id, which));
  const label = t(`image.${which}`);
  return (
    <figure className="ic-image">
      {url ? (
        <a href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={label} />
        </a>
      ) : (
        <span className="ic-image__missing">{failed ? t('imageFailed') : t('loading')}</span>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

function ReviewDrawer({ id, onClose, onDecided }: { id: string | null; onClose: () => void; onDecided: () => void }) {
  const { t } = useTranslation('identity-console');
  const { api } = useConsole();
  const [item, setItem] = useState<KycReviewItem | null>(null);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setItem(null);
    setReason('');
    setReasonMissing(false);
    if (id) api.kycApplication(id).then(setItem, () => undefined);
  }, [api, id]);

  const decide = async (action: 'approve' | 'reject') => {
    if (!item) return;
    if (action === 'reject' && !reason.trim()) {
      setReasonMissing(true);
      return;
    }
    setBusy(true);
    try {
      setItem(action === 'approve' ? await api.approveKyc(item.id) : await api.rejectKyc(item.id, reason.trim()));
      Toast.success(t(action === 'approve' ? 'kycApproved' : 'kycRejected'));
      onDecided();
    } catch {
      // the client showed the message
    } finally {
      setBusy(false);
    }
  };

  return (
    <SideSheet visible={id !== null} onCancel={onClose} closeOnEsc title={t('kycTitleOne')} width={640}>
      {item && (
        <div data-testid="kyc-detail">
          <dl className="ic-facts">
            <dt>{t('realName')}</dt>
            <dd>{item.realName}</dd>
            <dt>{t('idNumber')}</dt>
            <dd>{item.idNumberMasked}</dd>
            <dt>{t('country')}</dt>
            <dd>{item.country}</dd>
            <dt>{t('memberId')}</dt>
            <dd>{item.memberId}</dd>
            <dt>{t('submittedAt')}</dt>
            <dd>{formatTime(item.submittedAt)}</dd>
            <dt>{t('statusLabel')}</dt>
            <dd>
              <StatusTag namespace="identity-console" value={item.status} />
            </dd>
            {item.reason && (
              <>
                <dt>{t('reason')}</dt>
                <dd>{item.reason}</dd>
              </>
            )}
          </dl>
          <div className="ic-images">
            {item.images.map((which) => (
              <ApplicationImage key={which} id={item.id} which={which} />
            ))}
          </div>
          {item.status === 'submitted' && (
            <div className="ic-actions">
              <TextArea
                value={reason}
                onChange={(value) => {
                  setReason(value);
                  setReasonMissing(false);
                }}
                placeholder={t('reasonPlaceholder')}
                aria-label={t('reason')}
                maxCount={500}
                rows={3}
              />
              {reasonMissing && (
                <p className="ic-error" role="alert">
                  {t('reasonRequired')}
                </p>
              )}
              <div className="ic-actions__row">
                <Button type="primary" theme="solid" loading={busy} onClick={() => void decide('approve')}>
                  {t('approve')}
                </Button>
                <Button type="danger" loading={busy} onClick={() => void decide('reject')}>
                  {t('reject')}
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
    </SideSheet>
  );
}

function KycQueue() {
  const { t } = useTranslation('identity-console');
  const { api } = useConsole();
  const [status, setStatus] = useState<KycStatus | undefined>('submitted');
  const [open, setOpen] = useState<string | null>(null);
  const fetchPage = useCallback((page: number) => api.kycQueue({ status, page }), [api, status]);
  const list = usePaged(fetchPage, true);
  const columns = [
    { title: t('idColumn'), dataIndex: 'id' },
    { title: t('realName'), dataIndex: 'realName' },
    { title: t('country'), dataIndex: 'country' },
    { title: t('idNumber'), dataIndex: 'idNumberMasked' },
    { title: t('submittedAt'), dataIndex: 'submittedAt', render: formatTime },
    { title: t('statusLabel'), dataIndex: 'status', render: (value: string) => <StatusTag namespace="identity-console" value={value} /> },
    {
      title: '',
      render: (_: unknown, item: KycReviewItem) => (
        <Button theme="borderless" onClick={() => setOpen(item.id)}>
          {t(item.status === 'submitted' ? 'review' : 'details')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <h1 className="ic-title">{t('kycTitle')}</h1>
      <div className="ic-filters">
        <Select
          value={status}
          onChange={(value) => setStatus((value as KycStatus | undefined) || undefined)}
          placeholder={t('allStatuses')}
          showClear
          optionList={KYC_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          style={{ width: 180 }}
          aria-label={t('statusLabel')}
        />
      </div>
      <PagedTable<KycReviewItem> list={list} columns={columns} />
      <ReviewDrawer id={open} onClose={() => setOpen(null)} onDecided={list.reload} />
    </>
  );
}

export default function KycQueuePage() {
  return (
    <ConsolePageGate>
      <KycQueue />
    </ConsolePageGate>
  );
}
