import { Banner, Button, Checkbox, Input, Modal, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { IPS_PER_KEY_MAX, LABEL_MAX, type CreatedApiKey } from '../../shared/types';
import { createKey, ipsOf } from '../api-keys-api';

const EMPTY = { label: '', trade: false, ips: '', tradePassword: '', googleCode: '' };

/**
 * Creates a key, then shows its secret — the only time it is shown: closing the dialog forgets it.
 */
export function CreateKeyDialog({ visible, onClose, onCreated }: { visible: boolean; onClose: () => void; onCreated: () => void }) {
  const root = useRoot();
  const { t } = useTranslation('api-keys');
  const [form, setForm] = useState(EMPTY);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) => setForm((current) => ({ ...current, [key]: value }));
  const label = form.label.trim();
  const ready = label.length > 0 && label.length <= LABEL_MAX && form.tradePassword !== '' && ipsOf(form.ips).length <= IPS_PER_KEY_MAX;

  const close = () => {
    setForm(EMPTY);
    setCreated(null);
    onClose();
  };

  const submit = async () => {
    if (!ready) return;
    setSaving(true);
    try {
      const googleCode = form.googleCode.trim();
      const key = await createKey(root, { label, trade: form.trade, ips: ipsOf(form.ips), tradePassword: form.tradePassword, ...(googleCode ? { googleCode } : {}) });
      setForm(EMPTY);
      setCreated(key);
      onCreated();
    } catch {
      // the HTTP client has shown the error
    } finally {
      setSaving(false);
    }
  };

  const copy = async (text: string) => {
    await navigator.clipboard.writeText(text);
    Toast.success(t('copied'));
  };

  if (created) {
    return (
      <Modal title={t('secretTitle')} visible={visible} onCancel={close} maskClosable={false} footer={<Button theme="solid" onClick={close}>{t('done')}</Button>}>
        <div className="api-keys-secret">
          <Banner type="warning" closeIcon={null} description={t('secretWarning')} />
          {(['apiKey', 'secret'] as const).map((field) => (
            <div key={field}>
              <Typography.Text strong>{t(field)}</Typography.Text>
              <div className="api-keys-secret__value">
                <span className="api-keys-key" data-testid={`api-keys-${field}`}>
                  {created[field]}
                </span>
                <Button size="small" onClick={() => void copy(created[field])}>
                  {t('copy')}
                </Button>
              </div>
            </div>
          ))}
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      title={t('createTitle')}
      visible={visible}
      onCancel={close}
      onOk={submit}
      okText={t('create')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !ready, loading: saving }}
    >
      <div className="api-keys-form">
        <label>
          {t('label')}
          <Input value={form.label} maxLength={LABEL_MAX} placeholder={t('labelPlaceholder', { max: LABEL_MAX })} onChange={(value) => set('label', value)} />
        </label>
        <div>
          <Typography.Text>{t('permissions')}</Typography.Text>
          <div>
            <Checkbox checked disabled>
              {t('permission.read')}
            </Checkbox>
            <Checkbox checked={form.trade} onChange={(event) => set('trade', event.target.checked === true)}>
              {t('permission.trade')}
            </Checkbox>
          </div>
        </div>
        <label>
          {t('ips')}
          <TextArea value={form.ips} rows={3} placeholder={t('ipsPlaceholder')} onChange={(value) => set('ips', value)} />
          <Typography.Text type="tertiary" size="small">
            {t('ipsHint', { max: IPS_PER_KEY_MAX })}
          </Typography.Text>
        </label>
        <label>
          {t('tradePassword')}
          <Input mode="password" value={form.tradePassword} autoComplete="off" onChange={(value) => set('tradePassword', value)} />
        </label>
        <label>
          {t('googleCode')}
          <Input value={form.googleCode} maxLength={6} autoComplete="one-time-code" onChange={(value) => set('googleCode', value)} />
        </label>
      </div>
    </Modal>
  );
}
