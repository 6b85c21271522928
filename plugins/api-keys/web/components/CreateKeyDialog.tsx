import { Banner, Button, Checkbox, Input, Modal, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldRow, isHttpError, useRoot } from '../../../../core/web';
import { IPS_PER_KEY_MAX, LABEL_MAX, type CreatedApiKey } from '../../shared/types';
import { createKey, ipsOf } from '../api-keys-api';

const EMPTY = { label: '', trade: false, ips: '', tradePassword: '', googleCode: '' };

const FIELDS = ['label', 'ips', 'tradePassword', 'googleCode'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string | undefined): name is Field => FIELDS.some((field) => field === name);

/** A refusal: under the field it names, else (field null) above the buttons. */
interface Refusal {
  field: Field | null;
  message: string;
}

/**
 * Creates a key, then shows its secret — the only time it is shown: closing the dialog forgets it. A missing or
 * refused entry is named under its field, the server's refusals too (in the member's language).
 */
export function CreateKeyDialog({ visible, onClose, onCreated }: { visible: boolean; onClose: () => void; onCreated: () => void }) {
  const root = useRoot();
  const { t } = useTranslation('api-keys');
  const [form, setForm] = useState(EMPTY);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setRefusal(null);
  };
  const label = form.label.trim();

  /** What keeps the form from being sent, checked in the order the fields show. */
  const missing = (): Refusal | null => {
    if (label === '') return { field: 'label', message: t('labelRequired') };
    if (label.length > LABEL_MAX) return { field: 'label', message: t('labelInvalid', { max: LABEL_MAX }) };
    if (ipsOf(form.ips).length > IPS_PER_KEY_MAX) return { field: 'ips', message: t('tooManyIps', { max: IPS_PER_KEY_MAX }) };
    if (form.tradePassword === '') return { field: 'tradePassword', message: t('tradePasswordRequired') };
    return null;
  };

  const close = () => {
    setForm(EMPTY);
    setRefusal(null);
    setCreated(null);
    onClose();
  };

  const submit = async () => {
    if (saving) return;
    const refused = missing();
    if (refused) return setRefusal(refused);
    setSaving(true);
    try {
      const googleCode = form.googleCode.trim();
      const key = await createKey(root, { label, trade: form.trade, ips: ipsOf(form.ips), tradePassword: form.tradePassword, ...(googleCode ? { googleCode } : {}) });
      setForm(EMPTY);
      setCreated(key);
      onCreated();
    } catch (error) {
      const message = (isHttpError(error) && error.msg) || root.t('errors.unknown');
      const field = isHttpError(error) && isField(error.field) ? error.field : null;
      setRefusal({ field, message });
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (field: Field) => (refusal?.field === field ? refusal.message : undefined);
  const row = (field: Field, title: string, control: ReactNode, hint?: ReactNode) => (
    <FieldRow field={field} label={title} error={errorOf(field)} hint={hint}>
      {control}
    </FieldRow>
  );

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
      okButtonProps={{ loading: saving }}
    >
      <div className="api-keys-form">
        {row('label', t('label'), <Input value={form.label} maxLength={LABEL_MAX} placeholder={t('labelPlaceholder', { max: LABEL_MAX })} onChange={(value) => set('label', value)} />)}
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
        {row(
          'ips',
          t('ips'),
          <TextArea value={form.ips} rows={3} placeholder={t('ipsPlaceholder')} onChange={(value) => set('ips', value)} />,
          <Typography.Text type="tertiary" size="small">
            {t('ipsHint', { max: IPS_PER_KEY_MAX })}
          </Typography.Text>,
        )}
        {row('tradePassword', t('tradePassword'), <Input mode="password" value={form.tradePassword} autoComplete="off" onChange={(value) => set('tradePassword', value)} />)}
        {row('googleCode', t('googleCode'), <Input value={form.googleCode} maxLength={6} autoComplete="one-time-code" onChange={(value) => set('googleCode', value)} />)}
        {refusal && !refusal.field && (
          <p className="api-keys-form__error" role="alert">
            {refusal.message}
          </p>
        )}
      </div>
    </Modal>
  );
}
