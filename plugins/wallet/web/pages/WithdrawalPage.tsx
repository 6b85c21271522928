import { Banner, Button, Input, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { RouteLink, useRoot } from '../../../../core/web';
import { ACCOUNT_TYPES } from '../../shared/types';
import { formatAmount } from '../amounts';
import { AmountInput } from '../components/AmountInput';
import { CurrencySelect } from '../components/CurrencySelect';
import { Field } from '../components/Field';
import { NetworkPicker } from '../components/NetworkPicker';
import { WalletCard } from '../components/WalletCard';
import { WithdrawalTable } from '../components/WithdrawalTable';
import { TRADE_PASSWORD_ROUTE } from '../ids';
import { useSubmit } from '../use-submit';
import { useFundsRoutes, useWalletData, useWalletStore } from '../use-wallet-data';
import { walletApi } from '../wallet-api';
import { receiveAmount, withdrawalProblems, type FieldProblems, type WithdrawalInput } from '../amount-rules';

const RECENT = 5;
const EMPTY: WithdrawalInput = { address: '', amount: '', tradePassword: '', googleCode: '' };
const FIELDS = ['currency', 'network', 'address', 'amount', 'tradePassword', 'googleCode'] as const;

/** /account/wallet/withdrawal (and /account/center/withdrawal): send coins of the coin account to an address. */
export default observer(function WithdrawalPage() {
  const root = useRoot();
  const store = useWalletStore();
  const { t } = useTranslation('wallet');
  const routes = useFundsRoutes();
  const asked = new URLSearchParams(useSearch()).get('currency') ?? undefined;
  const [choice, setChoice] = useState<{ currency?: string; network?: string }>({ currency: asked });
  const [input, setInput] = useState<WithdrawalInput>(EMPTY);
  const { errors, setErrors, formError, setFormError, busy, send } = useSubmit(FIELDS);

  const user = root.session.user as { googleBound?: boolean; tradePwdSet?: boolean } | null;
  const needGoogle = user?.googleBound === true;
  const tradePasswordMissing = user?.tradePwdSet === false;

  const currencies = useWalletData(() => walletApi.rechargeCurrencies(root, 'withdraw'), [], { live: false });
  const balances = useWalletData(() => walletApi.balances(root, ACCOUNT_TYPES.coin), []);
  const list = currencies.data ?? [];
  const currency = list.find((item) => item.currency === choice.currency) ?? list[0];
  const network = currency?.networks.find((item) => item.network === choice.network) ?? currency?.networks[0];
  const available = balances.data?.find((row) => row.currency === currency?.currency)?.available ?? '0';
  const receive = network ? receiveAmount(input.amount, network.withdrawFee) : null;
  const recent = useWalletData(() => walletApi.withdrawals(root, { current: 1, size: RECENT, currency: currency?.currency }), [currency?.currency]);

  const edit = (change: Partial<WithdrawalInput>) => setInput((previous) => ({ ...previous, ...change }));
  const choose = (next: { currency?: string; network?: string }) => {
    setChoice(next);
    edit({ amount: '' });
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!currency || !network || busy) return;
    const problems: FieldProblems = withdrawalProblems(input, { network, available, needGoogle });
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key, { min: network.withdrawMin, currency: currency.currency })])));
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    const sent = await send((clientId) =>
      walletApi.withdraw(root, {
        currency: currency.currency,
        network: network.network,
        address: input.address.trim(),
        amount: input.amount,
        tradePassword: input.tradePassword,
        ...(needGoogle ? { googleCode: input.googleCode } : {}),
        clientId,
      }),
    );
    if (!sent) return;
    setInput({ ...input, amount: '', tradePassword: '', googleCode: '' });
    Toast.success(t('withdrawDone'));
    store.changed();
  };

  return (
    <div className="wallet-page" data-testid="wallet-withdrawal">
      <WalletCard title={t('withdrawalTitle')}>
        {tradePasswordMissing && <TradePasswordBanner />}
        {currencies.loading && !currencies.data ? (
          <Spin />
        ) : list.length === 0 || !currency || !network ? (
          <Typography.Paragraph type="tertiary">{t('noWithdrawCurrencies')}</Typography.Paragraph>
        ) : (
          <form className="wallet-form" onSubmit={(event) => void submit(event)} noValidate>
            <Field label={t('currency')} htmlFor="withdraw-currency" error={errors.currency}>
              <CurrencySelect id="withdraw-currency" label={t('currency')} currencies={list} value={currency.currency} onChange={(next) => choose({ currency: next })} />
            </Field>
            <Field label={t('network')} htmlFor="withdraw-network" error={errors.network}>
              <NetworkPicker id="withdraw-network" networks={currency.networks} value={network.network} onChange={(next) => choose({ currency: currency.currency, network: next })} />
            </Field>
            <Field label={t('withdrawAddress')} htmlFor="withdraw-address" error={errors.address}>
              <Input
                id="withdraw-address"
                value={input.address}
                autoComplete="off"
                placeholder={t('withdrawAddressPlaceholder', { currency: currency.currency })}
                validateStatus={errors.address ? 'error' : 'default'}
                onChange={(address) => edit({ address })}
              />
            </Field>
            <Field
              label={t('amount')}
              htmlFor="withdraw-amount"
              error={errors.amount}
              extra={
                <span className="wallet-field__hint" data-testid="withdraw-available">
                  {t('availableAmount', { amount: formatAmount(available), currency: currency.currency })}
                </span>
              }
              note={t('withdrawMinNote', { amount: formatAmount(network.withdrawMin), currency: currency.currency })}
            >
              <AmountInput
                id="withdraw-amount"
                value={input.amount}
                scale={currency.scale}
                suffix={currency.currency}
                placeholder={t('amountPlaceholder')}
                fillLabel={t('max')}
                fillValue={available}
                invalid={Boolean(errors.amount)}
                onChange={(amount) => edit({ amount })}
              />
            </Field>
            <dl className="wallet-summary">
              <div>
                <dt>{t('fee')}</dt>
                <dd data-testid="withdraw-fee">
                  {formatAmount(network.withdrawFee)} {currency.currency}
                </dd>
              </div>
              <div>
                <dt>{t('receiveAmount')}</dt>
                <dd data-testid="withdraw-receive">{receive === null ? '--' : `${formatAmount(receive)} ${currency.currency}`}</dd>
              </div>
            </dl>
            <Field label={t('tradePassword')} htmlFor="withdraw-trade-password" error={errors.tradePassword}>
              <Input
                id="withdraw-trade-password"
                mode="password"
                inputMode="numeric"
                maxLength={6}
                autoComplete="off"
                placeholder={t('tradePasswordPlaceholder')}
                value={input.tradePassword}
                validateStatus={errors.tradePassword ? 'error' : 'default'}
                onChange={(tradePassword) => edit({ tradePassword: tradePassword.replace(/\D/g, '') })}
              />
            </Field>
            {needGoogle && (
              <Field label={t('googleCode')} htmlFor="withdraw-google-code" error={errors.googleCode}>
                <Input
                  id="withdraw-google-code"
                  inputMode="numeric"
                  maxLength={6}
                  autoComplete="one-time-code"
                  placeholder={t('googleCodePlaceholder')}
                  value={input.googleCode}
                  validateStatus={errors.googleCode ? 'error' : 'default'}
                  onChange={(googleCode) => edit({ googleCode: googleCode.replace(/\D/g, '') })}
                />
              </Field>
            )}
            {formError ? <Banner type="danger" fullMode={false} closeIcon={null} description={formError} /> : null}
            <Button htmlType="submit" theme="solid" type="primary" size="large" loading={busy} className="wallet-submit">
              {t('withdrawSubmit')}
            </Button>
          </form>
        )}
      </WalletCard>
      <WalletCard
        title={t('recentWithdrawals')}
        extra={
          <RouteLink to={routes.historyWithdrawal} className="wallet-link">
            {t('allRecords')}
          </RouteLink>
        }
      >
        <WithdrawalTable page={recent.data} loading={recent.loading && !recent.data} />
      </WalletCard>
    </div>
  );
});

/** Withdrawals need a transaction password: a link to set one (when a plugin offers the page). */
function TradePasswordBanner() {
  const root = useRoot();
  const { t } = useTranslation('wallet');
  let settable = true;
  try {
    root.href(TRADE_PASSWORD_ROUTE);
  } catch {
    settable = false;
  }
  return (
    <Banner
      type="warning"
      fullMode={false}
      closeIcon={null}
      className="wallet-banner"
      description={
        <span>
          {t('tradePasswordMissing')}{' '}
          {settable ? <RouteLink to={TRADE_PASSWORD_ROUTE}>{t('setTradePassword')}</RouteLink> : null}
        </span>
      }
    />
  );
}
