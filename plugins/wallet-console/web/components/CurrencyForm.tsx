import { Button, Input, Switch, Toast } from '@douyinfe/semi-ui-19';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeNumericInput } from '../../../../core/shared';
import type { ConsoleCurrency, CurrencyInput } from '../../../wallet/shared/types';
import { useFormSave } from '../form-errors';
import { integerOf } from '../form-values';
import { useWalletConsole } from '../use-wallet-console';
import { Field, FormError } from './Field';

const FIELDS = ['currency', 'name', 'icon', 'scale', 'sort', 'enabled', 'usdtPrice'] as const;

interface Draft {
  currency: string;
  name: string;
  icon: string;
  scale: string;
  sort: string;
  enabled: boolean;
  usdtPrice: string;
}

const draftOf = (currency: ConsoleCurrency | null): Draft =>
  currency
    ? { currency: currency.currency, name: currency.name, icon: currency.icon, scale: String(currency.scale), sort: String(currency.sort), enabled: currency.enabled, usdtPrice: currency.usdtPrice }
    : { currency: '', name: '', icon: '', scale: '8', sort: '0', enabled: true, usdtPrice: '' };

const inputOf = (draft: Draft): CurrencyInput => ({
  currency: draft.currency.trim().toUpperCase(),
  name: draft.name.trim(),
  icon: draft.icon.trim(),
  scale: integerOf(draft.scale) as number,
  sort: integerOf(draft.sort),
  enabled: draft.enabled,
  usdtPrice: draft.usdtPrice,
});

/** Adds a currency (`currency` null) or edits one; the code of an existing currency stays. Errors show on their field. */
export function CurrencyForm({ currency, onSaved }: { currency: ConsoleCurrency | null; onSaved(): void }) {
  const { t } = useTranslation('wallet-console');
  const { api } = useWalletConsole();
  const [draft, setDraft] = useState<Draft>(() => draftOf(currency));
  const { errors, clear, busy, save } = useFormSave(FIELDS, t('requestFailed'));
  const edit = (changes: Partial<Draft>) => {
    setDraft((previous) => ({ ...previous, ...changes }));
    clear();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(async () => {
      await api.saveCurrency(inputOf(draft));
      Toast.success(t('currencySaved'));
      onSaved();
    });
  };

  return (
    <form className="wc-form" onSubmit={submit} noValidate data-testid="currency-form">
      <Field name="currency" label={t('currencyCode')} error={errors.fields.currency}>
        <Input value={draft.currency} disabled={currency !== null} onChange={(value) => edit({ currency: value.toUpperCase() })} placeholder="USDT" />
      </Field>
      <Field name="name" label={t('currencyName')} error={errors.fields.name}>
        <Input value={draft.name} onChange={(name) => edit({ name })} />
      </Field>
      <Field name="icon" label={t('iconUrl')} error={errors.fields.icon}>
        <Input value={draft.icon} onChange={(icon) => edit({ icon })} placeholder="https://" />
      </Field>
      <div className="wc-form__pair">
        <Field name="scale" label={t('scale')} error={errors.fields.scale}>
          <Input value={draft.scale} onChange={(raw) => edit({ scale: normalizeNumericInput(raw, 0) })} inputMode="numeric" />
        </Field>
        <Field name="sort" label={t('sort')} error={errors.fields.sort}>
          <Input value={draft.sort} onChange={(raw) => edit({ sort: normalizeNumericInput(raw, 0) })} inputMode="numeric" />
        </Field>
      </div>
      <p className="wc-hint">{t('scaleHint')}</p>
      <Field name="usdtPrice" label={t('usdtPrice')} error={errors.fields.usdtPrice}>
        <Input value={draft.usdtPrice} onChange={(raw) => edit({ usdtPrice: normalizeNumericInput(raw, 18) })} inputMode="decimal" />
      </Field>
      <Field name="enabled" label={t('enabled')} error={errors.fields.enabled}>
        <Switch checked={draft.enabled} onChange={(enabled) => edit({ enabled })} aria-label={t('enabled')} />
      </Field>
      <FormError message={errors.form} />
      <Button htmlType="submit" theme="solid" type="primary" loading={busy}>
        {t('save')}
      </Button>
    </form>
  );
}
