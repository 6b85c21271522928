import { Modal, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm, useRoot } from '../../../../core/web';
import { PAYMENT_FORM_IDS, type PaymentKind, type PaymentMethod } from '../../shared/types';
import { formDataOf, paymentBodyOf, type PaymentFormData } from './payment-form-data';
import { savePayment, uploadQrImage } from './payments-api';

export interface PaymentEditorTarget {
  kind: PaymentKind;
  /** Absent when adding. */
  method?: PaymentMethod;
}

/** Adds or edits a payment method with the kind's schema form (the server checks the same schema). */
export function PaymentEditor({ target, onClose, onSaved }: { target: PaymentEditorTarget | null; onClose: () => void; onSaved: () => void }) {
  const root = useRoot();
  const { t } = useTranslation('identity');
  const [saving, setSaving] = useState(false);
  const kind = target?.kind ?? 'bank';
  const method = target?.method;

  const submit = async (data: PaymentFormData) => {
    setSaving(true);
    try {
      await savePayment(root, paymentBodyOf(kind, data), method?.id);
      onSaved();
    } catch {
      // the HTTP client has shown the error
    } finally {
      setSaving(false);
    }
  };

  const kindName = t(kind === 'bank' ? 'payments.kindBank' : 'payments.kindEwallet');
  return (
    <Modal
      title={t(method ? 'payments.editTitle' : 'payments.addTitle', { kind: kindName })}
      visible={target !== null}
      onCancel={onClose}
      footer={null}
      width={520}
      maskClosable={!saving}
    >
      {method?.kind === 'bank' && (
        <Typography.Paragraph type="tertiary" className="id-payment__hint">
          {t('payments.accountNumberReenter', { masked: method.accountNumber })}
        </Typography.Paragraph>
      )}
      {target && (
        <SchemaForm<PaymentFormData>
          key={`${kind}:${method?.id ?? 'new'}`}
          formId={PAYMENT_FORM_IDS[kind]}
          formData={method ? formDataOf(method) : {}}
          onSubmit={submit}
          disabled={saving}
          submitText="identity:payments.save"
          upload={(file) => uploadQrImage(root, file)}
        />
      )}
    </Modal>
  );
}
