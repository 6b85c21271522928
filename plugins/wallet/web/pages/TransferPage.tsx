import { Banner, Button, Select, Spin, Toast } from '@douyinfe/semi-ui-19';
import { IconArrowRight } from '@douyinfe/semi-icons';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useRoot } from '../../../../core/web';
import { ACCOUNT_TYPES, TRANSFER_ACCOUNT_TYPES } from '../../shared/types';
import { formatAmount, isPositiveAmount } from '../amounts';
import { transferAmountProblem } from '../amount-rules';
import { AmountInput } from '../components/AmountInput';
import { CurrencySelect } from '../components/CurrencySelect';
import { Field } from '../components/Field';
import { WalletCard } from '../components/WalletCard';
import { ACCOUNT_ORDER, accountKey } from '../labels';
import { useSubmit } from '../use-submit';
import { useIsMerchant, useWalletData, useWalletStore } from '../use-wallet-data';
import { walletApi } from '../wallet-api';

const CONTRACT = ACCOUNT_TYPES.contract;
const FIELDS = ['from', 'to', 'currency', 'amount'] as const;

/** /account/wallet/transfer: moves a currency between two of the member's accounts. */
export default observer(function TransferPage() {
  const root = useRoot();
  const store = useWalletStore();
  const { t } = useTranslation('wallet');
  const query = new URLSearchParams(useSearch());
  const isMerchant = useIsMerchant();
  const accounts = ACCOUNT_ORDER.filter((type) => TRANSFER_ACCOUNT_TYPES.includes(type) && (type !== ACCOUNT_TYPES.merchant || isMerchant));
  const askedFrom = Number(query.get('from'));
  const [route, setRoute] = useState<{ from: number; to: number }>(() => {
    const from = accounts.some((type) => type === askedFrom) ? askedFrom : ACCOUNT_TYPES.coin;
    return { from, to: from === CONTRACT ? ACCOUNT_TYPES.coin : CONTRACT };
  });
  const [chosen, setChosen] = useState<string | undefined>(query.get('currency') ?? undefined);
  const [amount, setAmount] = useState('');
  const { errors, setErrors, formError, setFormError, busy, send } = useSubmit(FIELDS);

  const balances = useWalletData(() => walletApi.balances(root, route.from), [route.from]);
  const rows = balances.data ?? [];
  const row = rows.find((item) => item.currency === chosen) ?? rows[0];
  const fromContract = route.from === CONTRACT;
  const contract = useWalletData(
    () => (fromContract && row ? walletApi.contractTransferable(root, row.currency) : Promise.resolve(null)),
    [fromContract, row?.currency],
  );
  const transferable = fromContract ? contract.data?.transferable : row?.transferable;

  const reset = () => {
    setAmount('');
    setErrors({});
    setFormError(null);
  };
  const setFrom = (from: number) => {
    setRoute((previous) => ({ from, to: previous.to === from ? previous.from : previous.to }));
    reset();
  };
  const setTo = (to: number) => {
    setRoute((previous) => ({ to, from: previous.from === to ? previous.to : previous.from }));
    reset();
  };
  const swap = () => {
    setRoute((previous) => ({ from: previous.to, to: previous.from }));
    reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!row || busy) return;
    const problem = transferAmountProblem(amount, transferable ?? '0');
    setErrors(problem ? { amount: t(problem) } : {});
    setFormError(null);
    if (problem) return;
    const sent = await send((clientId) => walletApi.transfer(root, { from: String(route.from), to: String(route.to), currency: row.currency, amount, clientId }));
    if (!sent) return;
    setAmount('');
    Toast.success(t('transferDone'));
    store.changed();
  };

  const accountOptions = accounts.map((type) => ({ value: type, label: t(accountKey(type)) }));
  return (
    <div className="wallet-page" data-testid="wallet-transfer">
      <WalletCard title={t('transferTitle')}>
        <form className="wallet-form" onSubmit={(event) => void submit(event)} noValidate>
          <div className="wallet-route">
            <Field label={t('fromAccount')} htmlFor="transfer-from" error={errors.from}>
              <Select id="transfer-from" aria-label={t('fromAccount')} className="wallet-select" value={route.from} optionList={accountOptions} onChange={(from) => setFrom(Number(from))} />
            </Field>
            <Button className="wallet-route__swap" theme="borderless" icon={<IconArrowRight />} aria-label={t('swapAccounts')} onClick={swap} />
            <Field label={t('toAccount')} htmlFor="transfer-to" error={errors.to}>
              <Select id="transfer-to" aria-label={t('toAccount')} className="wallet-select" value={route.to} optionList={accountOptions} onChange={(to) => setTo(Number(to))} />
            </Field>
          </div>
          {balances.loading && !balances.data ? (
            <Spin />
          ) : (
            <>
              <Field label={t('currency')} htmlFor="transfer-currency" error={errors.currency}>
                <CurrencySelect id="transfer-currency" label={t('currency')} currencies={rows} value={row?.currency} onChange={(next) => (setChosen(next), reset())} />
              </Field>
              <Field
                label={t('amount')}
                htmlFor="transfer-amount"
                error={errors.amount}
                extra={
                  <span className="wallet-field__hint" data-testid="transfer-transferable">
                    {t('transferableAmount', { amount: transferable === undefined ? '--' : formatAmount(transferable), currency: row?.currency ?? '' })}
                  </span>
                }
              >
                <AmountInput
                  id="transfer-amount"
                  value={amount}
                  scale={row?.scale ?? 0}
                  suffix={row?.currency}
                  placeholder={t('amountPlaceholder')}
                  fillLabel={t('all')}
                  fillValue={transferable}
                  invalid={Boolean(errors.amount)}
                  onChange={setAmount}
                />
              </Field>
              {fromContract && contract.data && (
                <div data-testid="bonus-clawback-note">
                  <Banner
                    type="warning"
                    fullMode={false}
                    closeIcon={null}
                    className="wallet-banner"
                    description={
                      isPositiveAmount(contract.data.bonus)
                        ? t('clawbackNote', { bonus: formatAmount(contract.data.bonus), currency: contract.data.currency })
                        : t('clawbackNoteNone')
                    }
                  />
                </div>
              )}
              {formError ? <Banner type="danger" fullMode={false} closeIcon={null} description={formError} /> : null}
              <Button htmlType="submit" theme="solid" type="primary" size="large" loading={busy} disabled={!row} className="wallet-submit">
                {t('transferSubmit')}
              </Button>
            </>
          )}
        </form>
      </WalletCard>
    </div>
  );
});
