import { Button, Input, Select, Toast } from '@douyinfe/semi-ui-19';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isDecimalString, normalizeNumericInput } from '../../../../core/shared';
import { ConsolePageGate } from '../../../console-core/shared/kit';
import type { BonusInput } from '../../../wallet/shared/types';
import type { AccountBalances } from '../console-api';
import { Field, FormError } from '../components/Field';
import { useFormSave } from '../form-errors';
import { scaleOf, useCurrencies } from '../use-currencies';
import { useWalletConsole } from '../use-wallet-console';
import '../wallet-console.css';

const FIELDS = ['uid', 'currency', 'amount'] as const;
type Draft = Omit<BonusInput, 'clientId'>;

/** A new idempotency id: one per submission, so a double click or a retry of the same form credits once. */
const newClientId = () => crypto.randomUUID();
const nonZero = (value: string) => /[1-9]/.test(value);

function Balances({ uid, accounts }: { uid: string; accounts: AccountBalances[] | 'unknown' }) {
  const { t } = useTranslation('wallet-console');
  if (accounts === 'unknown') return <p className="wc-hint">{t('memberNotFound', { uid })}</p>;
  const rows = accounts.flatMap((account) =>
    account.balances.filter((balance) => nonZero(balance.total) || nonZero(balance.bonus)).map((balance) => ({ account: account.name, ...balance })),
  );
  return (
    <section className="wc-card" data-testid="member-balances">
      <h2 className="wc-card__title">{t('balancesOf', { uid })}</h2>
      {rows.length === 0 ? (
        <p className="wc-hint">{t('noBalances')}</p>
      ) : (
        <table className="wc-table">
          <thead>
            <tr>
              <th>{t('account')}</th>
              <th>{t('currency')}</th>
              <th>{t('available')}</th>
              <th>{t('frozen')}</th>
              <th>{t('bonus')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.account}:${row.currency}`} data-account={row.account} data-currency={row.currency}>
                <td>{t(`accountName.${row.account}`)}</td>
                <td>{row.currency}</td>
                <td>{row.available}</td>
                <td>{row.frozen}</td>
                <td>{row.bonus}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Bonus() {
  const { t } = useTranslation('wallet-console');
  const { api } = useWalletConsole();
  const { currencies } = useCurrencies(api);
  const [draft, setDraft] = useState<Draft>({ uid: '', currency: '', amount: '' });
  const [clientId, setClientId] = useState(newClientId);
  const [lookup, setLookup] = useState<{ uid: string; accounts: AccountBalances[] | 'unknown' } | null>(null);
  const { errors, clear, setField, busy, save } = useFormSave(FIELDS, t('requestFailed'));

  const edit = (changes: Partial<Draft>) => {
    setDraft((previous) => ({ ...previous, ...changes }));
    setClientId(newClientId()); // changed content is a new submission
    clear();
  };

  const lookUp = async (uid: string) => {
    if (!uid) return setField('uid', t('required'));
    try {
      const member = await api.memberByUid(uid);
      setLookup({ uid, accounts: member ? await api.memberBalances(member.id) : 'unknown' });
    } catch {
      // the client showed the message
    }
  };

  const credit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = { ...draft, uid: draft.uid.trim() };
    for (const field of FIELDS) if (!input[field]) return setField(field, t('required'));
    if (!isDecimalString(input.amount) || !nonZero(input.amount)) return setField('amount', t('amountInvalid'));
    await save(async () => {
      await api.creditBonus({ ...input, clientId });
      Toast.success(t('bonusCredited', { amount: input.amount, currency: input.currency, uid: input.uid }));
      setDraft({ ...input, amount: '' });
      setClientId(newClientId());
      await lookUp(input.uid);
    });
  };

  return (
    <>
      <h1 className="wc-title">{t('bonusTitle')}</h1>
      <p className="wc-hint">{t('bonusHint')}</p>
      <section className="wc-card">
        <form className="wc-form wc-form--row" onSubmit={(event) => void credit(event)} noValidate data-testid="bonus-form">
          <Field name="uid" label={t('uid')} error={errors.fields.uid}>
            <Input value={draft.uid} onChange={(uid) => edit({ uid })} />
          </Field>
          <Button onClick={() => void lookUp(draft.uid.trim())}>{t('lookUp')}</Button>
          <Field name="currency" label={t('currency')} error={errors.fields.currency}>
            <Select
              value={draft.currency || undefined}
              onChange={(currency) => edit({ currency: String(currency), amount: '' })}
              optionList={(currencies ?? []).map((currency) => ({ value: currency.currency, label: currency.currency }))}
              style={{ width: 140 }}
            />
          </Field>
          <Field name="amount" label={t('amount')} error={errors.fields.amount}>
            <Input value={draft.amount} onChange={(raw) => edit({ amount: normalizeNumericInput(raw, scaleOf(currencies, draft.currency)) })} inputMode="decimal" />
          </Field>
          <Button htmlType="submit" theme="solid" type="primary" loading={busy}>
            {t('credit')}
          </Button>
        </form>
        <FormError message={errors.form} />
      </section>
      {lookup && <Balances uid={lookup.uid} accounts={lookup.accounts} />}
    </>
  );
}

export default function BonusPage() {
  return (
    <ConsolePageGate>
      <Bonus />
    </ConsolePageGate>
  );
}
