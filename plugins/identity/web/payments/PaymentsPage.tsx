import { IconPlus } from '@douyinfe/semi-icons';
import { Button, Dropdown, Empty, Modal, Tag, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaded } from '../use-loaded';
import { useRoot } from '../../../../core/web';
import { PAYMENT_METHODS_MAX, type PaymentMethod } from '../../shared/types';
import { PaymentEditor, type PaymentEditorTarget } from './PaymentEditor';
import { paymentSummary } from './payment-form-data';
import { deletePayment, loadPayments } from './payments-api';
import '../devices/devices.css';
import './payments.css';

/** /account/center/payments: the member's bank cards and e-wallets, added and edited through schema forms. */
export default function PaymentsPage() {
  const root = useRoot();
  const { t } = useTranslation('identity');
  const { rows: methods, loading, reload } = useLoaded(useCallback(() => loadPayments(root), [root]));
  const [editing, setEditing] = useState<PaymentEditorTarget | null>(null);

  const full = methods.length >= PAYMENT_METHODS_MAX;
  const confirmDelete = (method: PaymentMethod) => {
    Modal.confirm({
      title: t('payments.deleteTitle'),
      content: t('payments.deleteBody', { name: paymentSummary(method).title }),
      okText: t('payments.delete'),
      cancelText: t('payments.cancel'),
      okButtonProps: { type: 'danger' },
      onOk: async () => {
        await deletePayment(root, method.id);
        Toast.success(t('payments.deleted'));
        await reload();
      },
    });
  };

  return (
    <div className="id-center-page">
      <section className="id-center-card">
        <div className="id-center-card__head">
          <div>
            <Typography.Title heading={4}>{t('payments.title')}</Typography.Title>
            <Typography.Paragraph type="tertiary">{t('payments.subtitle', { max: PAYMENT_METHODS_MAX })}</Typography.Paragraph>
          </div>
          <Dropdown
            trigger="click"
            clickToHide
            position="bottomRight"
            render={
              <Dropdown.Menu>
                <Dropdown.Item onClick={() => setEditing({ kind: 'bank' })}>{t('payments.kindBank')}</Dropdown.Item>
                <Dropdown.Item onClick={() => setEditing({ kind: 'ewallet' })}>{t('payments.kindEwallet')}</Dropdown.Item>
              </Dropdown.Menu>
            }
          >
            <span>
              <Button theme="solid" type="primary" icon={<IconPlus />} disabled={full || loading}>
                {t('payments.add')}
              </Button>
            </span>
          </Dropdown>
        </div>
        {full && <Typography.Text type="warning">{t('payments.limitReached', { max: PAYMENT_METHODS_MAX })}</Typography.Text>}
        {!loading && methods.length === 0 ? (
          <Empty description={t('payments.empty')} />
        ) : (
          <ul className="id-payment__list">
            {methods.map((method) => {
              const summary = paymentSummary(method);
              return (
                <li key={method.id} className="id-payment">
                  <div className="id-payment__main">
                    <Tag size="small" color={method.kind === 'bank' ? 'blue' : 'violet'}>
                      {t(method.kind === 'bank' ? 'payments.kindBank' : 'payments.kindEwallet')}
                    </Tag>
                    <Typography.Text strong>{summary.title}</Typography.Text>
                    <Typography.Text className="id-payment__account">{summary.account}</Typography.Text>
                    <Typography.Text type="tertiary">{method.holderName}</Typography.Text>
                    {method.kind === 'ewallet' && method.qrImage && (
                      <Typography.Text link={{ href: method.qrImage, target: '_blank', rel: 'noopener noreferrer' }}>{t('payments.qrImage')}</Typography.Text>
                    )}
                  </div>
                  <div className="id-payment__actions">
                    <Button size="small" theme="borderless" onClick={() => setEditing({ kind: method.kind, method })}>
                      {t('payments.edit')}
                    </Button>
                    <Button size="small" theme="borderless" type="danger" onClick={() => confirmDelete(method)}>
                      {t('payments.delete')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <PaymentEditor
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          Toast.success(t('payments.saved'));
          void reload();
        }}
      />
    </div>
  );
}
