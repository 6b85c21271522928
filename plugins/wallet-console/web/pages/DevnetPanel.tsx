import { Button, Input, Select, Tag, Toast } from '@douyinfe/semi-ui-19';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isDecimalString, normalizeNumericInput } from '../../../../core/shared';
import type { DevnetDepositInput } from '../../../wallet/shared/types';
import type { DevnetStatus } from '../console-api';
import { Field, FormError } from '../components/Field';
import { useFormSave } from '../form-errors';
import { scaleOf, useCurrencies } from '../use-currencies';
import { useWalletConsole } from '../use-wallet-console';

const FIELDS = ['address', 'currency', 'network', 'amount'] as const;
const EMPTY: DevnetDepositInput = { address: '', currency: '', network: '', amount: '' };

/**
 * Sends coins on the simulated devnet chain to a deposit address: the wallet then sees an ordinary on-chain
 * deposit. Only devnet networks are offered; nothing here touches a real chain.
 */
export function DevnetPanel({ onSent }: { onSent(): void }) {
  const { t } = useTranslation('wallet-console');
  const { api } = useWalletConsole();
  const { currencies } = useCurrencies(api);
  const [status, setStatus] = useState<DevnetStatus | null>(null);
  const [draft, setDraft] = useState<DevnetDepositInput>(EMPTY);
  const { errors, clear, setField, busy, save } = useFormSave(FIELDS, t('requestFailed'));

  const refreshStatus = useCallback(() => {
    api.devnetStatus().then(setStatus, () => setStatus(null));
  }, [api]);
  useEffect(refreshStatus, [refreshStatus]);

  const devnetCurrencies = useMemo(
    () => (currencies ?? []).map((currency) => ({ ...currency, networks: currency.networks.filter((network) => network.devnet) })).filter((currency) => currency.networks.length > 0),
    [currencies],
  );
  const networks = devnetCurrencies.find((currency) => currency.currency === draft.currency)?.networks ?? [];

  const edit = (changes: Partial<DevnetDepositInput>) => {
    setDraft((previous) => ({ ...previous, ...changes }));
    clear();
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    for (const field of FIELDS) if (!draft[field].trim()) return setField(field, t('required'));
    if (!isDecimalString(draft.amount)) return setField('amount', t('amountInvalid'));
    await save(async () => {
      await api.devnetDeposit({ ...draft, address: draft.address.trim() });
      Toast.success(t('devnetSent'));
      setDraft({ ...draft, amount: '' });
      refreshStatus();
      onSent();
    });
  };

  return (
    <section className="wc-card wc-devnet" data-testid="devnet-panel">
      <header className="wc-card__head">
        <h2 className="wc-card__title">{t('devnetTitle')}</h2>
        <Tag color="amber">{t('devnetBadge')}</Tag>
      </header>
      <p className="wc-hint">{t('devnetHint')}</p>
      <p className="wc-devnet__head" data-testid="devnet-head">
        {status
          ? [
              t('devnetHead', { head: status.head }),
              status.blockTimeMs > 0 ? t('devnetBlockTime', { seconds: status.blockTimeMs / 1000 }) : t('devnetOnDemand'),
              t('devnetPending', { count: status.pending }),
            ].join(' · ')
          : t('devnetUnavailable')}
        <Button size="small" theme="borderless" onClick={refreshStatus}>
          {t('refresh')}
        </Button>
      </p>
      <form className="wc-form wc-form--row" onSubmit={(event) => void send(event)} noValidate>
        <Field name="address" label={t('address')} error={errors.fields.address}>
          <Input value={draft.address} onChange={(address) => edit({ address })} placeholder={t('addressPlaceholder')} />
        </Field>
        <Field name="currency" label={t('currency')} error={errors.fields.currency}>
          <Select
            value={draft.currency || undefined}
            onChange={(currency) => edit({ currency: String(currency), network: devnetCurrencies.find((item) => item.currency === currency)?.networks[0]?.network ?? '', amount: '' })}
            optionList={devnetCurrencies.map((currency) => ({ value: currency.currency, label: currency.currency }))}
            emptyContent={t('noDevnetNetworks')}
            style={{ width: 140 }}
          />
        </Field>
        <Field name="network" label={t('network')} error={errors.fields.network}>
          <Select
            value={draft.network || undefined}
            onChange={(network) => edit({ network: String(network) })}
            optionList={networks.map((network) => ({ value: network.network, label: network.label || network.network }))}
            style={{ width: 180 }}
          />
        </Field>
        <Field name="amount" label={t('amount')} error={errors.fields.amount}>
          <Input value={draft.amount} onChange={(raw) => edit({ amount: normalizeNumericInput(raw, scaleOf(currencies, draft.currency)) })} inputMode="decimal" />
        </Field>
        <Button htmlType="submit" theme="solid" type="warning" loading={busy}>
          {t('devnetSend')}
        </Button>
      </form>
      <FormError message={errors.form} />
    </section>
  );
}
