import { Button, Input, Select, Switch, Toast } from '@douyinfe/semi-ui-19';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeNumericInput } from '../../../../core/shared';
import type { ChainKind, NetworkInput } from '../../../wallet/shared/types';
import type { ConsoleNetwork } from '../console-api';
import { useFormSave } from '../form-errors';
import { integerOf } from '../form-values';
import { useWalletConsole } from '../use-wallet-console';
import { Field, FormError } from './Field';

const COIN_FIELDS = [
  'currency',
  'network',
  'label',
  'chain',
  'chainDecimals',
  'confirmations',
  'minDeposit',
  'withdrawFee',
  'withdrawMin',
  'depositEnabled',
  'withdrawEnabled',
] as const;
/** The contract address is a field of the form only while it shows (tokens). */
const TOKEN_FIELDS = [...COIN_FIELDS, 'contractAddress'] as const;
const CHAINS: readonly ChainKind[] = ['devnet', 'evm'];

interface Draft {
  network: string;
  label: string;
  chain: ChainKind;
  /** A token (with a contract address) rather than the chain's native coin. */
  token: boolean;
  contractAddress: string;
  chainDecimals: string;
  confirmations: string;
  minDeposit: string;
  withdrawFee: string;
  withdrawMin: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
}

const draftOf = (network: ConsoleNetwork | null): Draft =>
  network
    ? {
        network: network.network,
        label: network.label,
        chain: network.chain,
        token: network.contractAddress !== null,
        contractAddress: network.contractAddress ?? '',
        chainDecimals: network.chainDecimals === undefined ? '' : String(network.chainDecimals),
        confirmations: String(network.confirmations),
        minDeposit: network.minDeposit,
        withdrawFee: network.withdrawFee,
        withdrawMin: network.withdrawMin,
        depositEnabled: network.depositEnabled,
        withdrawEnabled: network.withdrawEnabled,
      }
    : {
        network: '',
        label: '',
        chain: 'devnet',
        token: false,
        contractAddress: '',
        chainDecimals: '18',
        confirmations: '6',
        minDeposit: '0',
        withdrawFee: '0',
        withdrawMin: '0',
        depositEnabled: true,
        withdrawEnabled: true,
      };

const inputOf = (currency: string, draft: Draft): NetworkInput => ({
  currency,
  network: draft.network.trim().toUpperCase(),
  label: draft.label.trim(),
  chain: draft.chain,
  contractAddress: draft.token ? draft.contractAddress.trim() : null,
  chainDecimals: integerOf(draft.chainDecimals) as number,
  confirmations: integerOf(draft.confirmations) as number,
  minDeposit: draft.minDeposit,
  withdrawFee: draft.withdrawFee,
  withdrawMin: draft.withdrawMin,
  depositEnabled: draft.depositEnabled,
  withdrawEnabled: draft.withdrawEnabled,
});

/** Adds a network to a currency (`network` null) or edits one; the contract address is asked for tokens only. */
export function NetworkForm({ currency, scale, network, onSaved }: { currency: string; scale: number; network: ConsoleNetwork | null; onSaved(): void }) {
  const { t } = useTranslation('wallet-console');
  const { api } = useWalletConsole();
  const [draft, setDraft] = useState<Draft>(() => draftOf(network));
  const { errors, clear, busy, save } = useFormSave(draft.token ? TOKEN_FIELDS : COIN_FIELDS, t('requestFailed'));
  const edit = (changes: Partial<Draft>) => {
    setDraft((previous) => ({ ...previous, ...changes }));
    clear();
  };
  const amount = (name: 'minDeposit' | 'withdrawFee' | 'withdrawMin'): ReactNode => (
    <Field name={name} label={t(name)} error={errors.fields[name]}>
      <Input value={draft[name]} onChange={(raw) => edit({ [name]: normalizeNumericInput(raw, scale) })} inputMode="decimal" />
    </Field>
  );
  const integer = (name: 'chainDecimals' | 'confirmations'): ReactNode => (
    <Field name={name} label={t(name)} error={errors.fields[name]}>
      <Input value={draft[name]} onChange={(raw) => edit({ [name]: normalizeNumericInput(raw, 0) })} inputMode="numeric" />
    </Field>
  );
  const toggle = (name: 'depositEnabled' | 'withdrawEnabled'): ReactNode => (
    <Field name={name} label={t(name)} error={errors.fields[name]}>
      <Switch checked={draft[name]} onChange={(checked) => edit({ [name]: checked })} aria-label={t(name)} />
    </Field>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(async () => {
      await api.saveNetwork(inputOf(currency, draft));
      Toast.success(t('networkSaved'));
      onSaved();
    });
  };

  return (
    <form className="wc-form" onSubmit={submit} noValidate data-testid="network-form">
      <p className="wc-hint">{t('networkOf', { currency })}</p>
      <div className="wc-form__pair">
        <Field name="network" label={t('networkCode')} error={errors.fields.network}>
          <Input value={draft.network} disabled={network !== null} onChange={(value) => edit({ network: value.toUpperCase() })} placeholder="ERC20" />
        </Field>
        <Field name="chain" label={t('chain')} error={errors.fields.chain}>
          <Select
            value={draft.chain}
            onChange={(chain) => edit({ chain: chain as ChainKind })}
            optionList={CHAINS.map((chain) => ({ value: chain, label: t(`chainName.${chain}`) }))}
            aria-label={t('chain')}
            style={{ width: '100%' }}
          />
        </Field>
      </div>
      <Field name="label" label={t('networkLabel')} error={errors.fields.label}>
        <Input value={draft.label} onChange={(label) => edit({ label })} placeholder="Ethereum (ERC-20)" />
      </Field>
      <Field name="token" label={t('isToken')}>
        <Switch checked={draft.token} onChange={(token) => edit({ token })} aria-label={t('isToken')} />
      </Field>
      {draft.token && (
        <Field name="contractAddress" label={t('contractAddress')} error={errors.fields.contractAddress}>
          <Input value={draft.contractAddress} onChange={(contractAddress) => edit({ contractAddress })} placeholder="0x…" />
        </Field>
      )}
      <div className="wc-form__pair">
        {integer('chainDecimals')}
        {integer('confirmations')}
      </div>
      <div className="wc-form__triple">
        {amount('minDeposit')}
        {amount('withdrawFee')}
        {amount('withdrawMin')}
      </div>
      <div className="wc-form__pair">
        {toggle('depositEnabled')}
        {toggle('withdrawEnabled')}
      </div>
      <FormError message={errors.form} />
      <Button htmlType="submit" theme="solid" type="primary" loading={busy}>
        {t('save')}
      </Button>
    </form>
  );
}
