import { Button, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { RouteLink, useRoot } from '../../../../core/web';
import { AddressQr } from '../components/AddressQr';
import { CurrencySelect } from '../components/CurrencySelect';
import { DepositTable } from '../components/DepositTable';
import { Field } from '../components/Field';
import { DevnetBadge, NetworkPicker } from '../components/NetworkPicker';
import { WalletCard } from '../components/WalletCard';
import { formatAmount } from '../amounts';
import { useFundsRoutes, useWalletData } from '../use-wallet-data';
import { walletApi } from '../wallet-api';

const RECENT = 5;

/** /account/wallet/deposit (and /account/center/deposit): the member's address of a currency and network. */
export default observer(function DepositPage() {
  const root = useRoot();
  const { t } = useTranslation('wallet');
  const routes = useFundsRoutes();
  const asked = new URLSearchParams(useSearch()).get('currency') ?? undefined;
  const [choice, setChoice] = useState<{ currency?: string; network?: string }>({ currency: asked });

  const currencies = useWalletData(() => walletApi.rechargeCurrencies(root, 'deposit'), [], { live: false });
  const list = currencies.data ?? [];
  const currency = list.find((item) => item.currency === choice.currency) ?? list[0];
  const network = currency?.networks.find((item) => item.network === choice.network) ?? currency?.networks[0];

  const address = useWalletData(
    () => (currency && network ? walletApi.depositAddress(root, currency.currency, network.network) : Promise.resolve(null)),
    [currency?.currency, network?.network],
    { live: false },
  );
  const shown = address.data && address.data.currency === currency?.currency && address.data.network === network?.network ? address.data : null;
  const recent = useWalletData(() => walletApi.deposits(root, { current: 1, size: RECENT, currency: currency?.currency }), [currency?.currency]);

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.address);
      Toast.success(t('copied'));
    } catch {
      Toast.error(t('copyFailed'));
    }
  };

  return (
    <div className="wallet-page" data-testid="wallet-deposit">
      <WalletCard title={t('depositTitle')}>
        {currencies.loading && !currencies.data ? (
          <Spin />
        ) : list.length === 0 ? (
          <Typography.Paragraph type="tertiary">{t('noDepositCurrencies')}</Typography.Paragraph>
        ) : (
          <div className="wallet-form">
            <Field label={t('currency')} htmlFor="deposit-currency">
              <CurrencySelect
                id="deposit-currency"
                label={t('currency')}
                currencies={list}
                value={currency?.currency}
                onChange={(next) => setChoice({ currency: next })}
              />
            </Field>
            <Field label={t('network')} htmlFor="deposit-network">
              <NetworkPicker id="deposit-network" networks={currency?.networks ?? []} value={network?.network} onChange={(next) => setChoice({ ...choice, currency: currency?.currency, network: next })} />
            </Field>
            {network && (
              <div className="wallet-deposit" data-testid="deposit-address-panel">
                {shown ? (
                  <>
                    <AddressQr value={shown.address} label={t('qrAlt', { currency: shown.currency })} />
                    <div className="wallet-deposit__info">
                      <span className="wallet-field__label">
                        {t('depositAddress')} {shown.devnet ? <DevnetBadge /> : null}
                      </span>
                      <code className="wallet-deposit__address" data-testid="deposit-address">
                        {shown.address}
                      </code>
                      <Button theme="solid" type="primary" onClick={() => void copy()}>
                        {t('copyAddress')}
                      </Button>
                      <ul className="wallet-notes">
                        <li>{t('minDepositNote', { amount: formatAmount(network.minDeposit), currency: currency!.currency })}</li>
                        <li>{t('confirmationsNote', { confirmations: network.confirmations })}</li>
                        <li>{t('networkNote', { network: network.label || network.network, currency: currency!.currency })}</li>
                      </ul>
                    </div>
                  </>
                ) : address.failed ? (
                  <div className="wallet-deposit__info">
                    <Typography.Text type="danger">{t('addressFailed')}</Typography.Text>
                    <Button onClick={address.reload}>{t('retry')}</Button>
                  </div>
                ) : (
                  <Spin />
                )}
              </div>
            )}
          </div>
        )}
      </WalletCard>
      <WalletCard
        title={t('recentDeposits')}
        extra={
          <RouteLink to={routes.historyDeposit} className="wallet-link">
            {t('allRecords')}
          </RouteLink>
        }
      >
        <DepositTable page={recent.data} loading={recent.loading && !recent.data} />
      </WalletCard>
    </div>
  );
});
