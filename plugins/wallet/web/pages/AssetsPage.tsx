import { Button, Switch, Table, TabPane, Tabs, Typography } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { formatNumberDisplay } from '../../../../core/shared';
import { formatFiat, RouteLink, useRoot } from '../../../../core/web';
import { ACCOUNT_TYPES, type CurrencyBalance, type WalletAccount } from '../../shared/types';
import { formatAmount, isZeroAmount } from '../amounts';
import { CurrencyLabel } from '../components/CurrencySelect';
import { WalletCard } from '../components/WalletCard';
import { WALLET_ROUTES } from '../ids';
import { ACCOUNT_ORDER, accountKey, isAccountCode } from '../labels';
import { useIsMerchant, useWalletData } from '../use-wallet-data';
import { walletApi } from '../wallet-api';

const TOTAL = ACCOUNT_TYPES.total;
const COIN = ACCOUNT_TYPES.coin;
const CONTRACT = ACCOUNT_TYPES.contract;

/** The tabs: the accounts the member has, total first, the merchant account for merchants only (spec §3). */
export function accountTabs(accounts: WalletAccount[], isMerchant: boolean): WalletAccount[] {
  return accounts
    .filter((account) => ACCOUNT_ORDER.includes(account.type) && (account.type !== ACCOUNT_TYPES.merchant || isMerchant))
    .sort((a, b) => ACCOUNT_ORDER.indexOf(a.type) - ACCOUNT_ORDER.indexOf(b.type));
}

/** /account/wallet/assets: the valued accounts as tabs and the balances of the chosen one (?t=4: contract). */
export default observer(function AssetsPage() {
  const root = useRoot();
  const { t } = useTranslation('wallet');
  const search = useSearch();
  const isMerchant = useIsMerchant();
  const display = root.settings.assetDisplay;
  const setDisplay = (change: Partial<typeof display>) => root.settings.set('assetDisplay', { ...root.settings.assetDisplay, ...change });

  useEffect(() => {
    const wanted = new URLSearchParams(search).get('t');
    if (wanted !== null && isAccountCode(Number(wanted))) setDisplay({ type: Number(wanted) });
    // only a new query selects a tab; the member's own choice persists otherwise
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const accounts = useWalletData(() => walletApi.accounts(root), []);
  const tabs = accountTabs(accounts.data ?? [], isMerchant);
  // until the accounts arrive, any account the member may have; then the ones they have
  const offered = (type: number) =>
    accounts.data
      ? tabs.some((account) => account.type === type)
      : isAccountCode(type) && (type !== ACCOUNT_TYPES.merchant || isMerchant);
  const selected = offered(display.type) ? display.type : TOTAL;
  // a tab is a query (?t=4), so the address shows what is open; the query then persists the choice
  const openTab = (type: number) => root.navigate(root.href(WALLET_ROUTES.assets, { t: String(type) }), { replace: true });
  const total = tabs.find((account) => account.type === TOTAL);

  return (
    <div className="wallet-page" data-testid="wallet-assets">
      <WalletCard
        title={t('assetsTitle')}
        extra={
          <label className="wallet-toggle">
            <Switch size="small" checked={display.showAllAssets} onChange={(showAllAssets) => setDisplay({ showAllAssets })} aria-label={t('showAllAssets')} />
            <span>{t('showAllAssets')}</span>
          </label>
        }
      >
        <div className="wallet-total">
          <span className="wallet-total__label">{t('totalValue')}</span>
          <span className="wallet-total__value" data-testid="wallet-total">
            {total ? formatFiat(root, total.usdt) : '--'}
          </span>
          {total ? <span className="wallet-total__usdt">≈ {formatNumberDisplay(total.usdt)} USDT</span> : null}
        </div>
        <Tabs type="line" activeKey={String(selected)} onChange={(key) => openTab(Number(key))}>
          {tabs.map((account) => (
            <TabPane key={account.type} itemKey={String(account.type)} tab={t(accountKey(account.type))} />
          ))}
        </Tabs>
        {selected === TOTAL ? (
          <AccountsOverview accounts={tabs.filter((account) => account.type !== TOTAL)} onOpen={openTab} />
        ) : (
          <BalanceTable type={selected} showAll={display.showAllAssets} />
        )}
      </WalletCard>
    </div>
  );
});

/** The total tab: each account with its value, a click opens its tab. */
const AccountsOverview = observer(function AccountsOverview({ accounts, onOpen }: { accounts: WalletAccount[]; onOpen: (type: number) => void }) {
  const root = useRoot();
  const { t } = useTranslation('wallet');
  return (
    <ul className="wallet-accounts">
      {accounts.map((account) => (
        <li key={account.type} className="wallet-accounts__item" data-account={account.type}>
          <span className="wallet-accounts__name">{t(accountKey(account.type))}</span>
          <span className="wallet-accounts__value">{formatFiat(root, account.usdt)}</span>
          <Button size="small" theme="borderless" onClick={() => onOpen(account.type)}>
            {t('viewAccount')}
          </Button>
        </li>
      ))}
    </ul>
  );
});

/** Balances of one account per currency; zero rows only with "show all assets". */
const BalanceTable = observer(function BalanceTable({ type, showAll }: { type: number; showAll: boolean }) {
  const root = useRoot();
  const { t } = useTranslation('wallet');
  const balances = useWalletData(() => walletApi.balances(root, type), [type]);
  const rows = (balances.data ?? []).filter((row) => showAll || !isZeroAmount(row.total));
  const isContract = type === CONTRACT;

  const columns = [
    { title: t('colCurrency'), dataIndex: 'currency', render: (_: unknown, row: CurrencyBalance) => <CurrencyLabel {...row} /> },
    { title: t('colAvailable'), dataIndex: 'available', align: 'right' as const, render: formatAmount },
    { title: t('colFrozen'), dataIndex: 'frozen', align: 'right' as const, render: formatAmount },
    ...(isContract ? [{ title: t('colBonus'), dataIndex: 'bonus', align: 'right' as const, render: formatAmount }] : []),
    { title: t('colTotal'), dataIndex: 'total', align: 'right' as const, render: formatAmount },
    { title: t('colValue'), dataIndex: 'usdt', align: 'right' as const, render: (usdt: string) => formatFiat(root, usdt) },
    {
      title: t('colAction'),
      dataIndex: 'currency',
      key: 'actions',
      align: 'right' as const,
      render: (currency: string) => (
        <span className="wallet-actions">
          {type === COIN && (
            <>
              <RouteLink to={WALLET_ROUTES.deposit} params={{ currency }}>
                {t('deposit')}
              </RouteLink>
              <RouteLink to={WALLET_ROUTES.withdrawal} params={{ currency }}>
                {t('withdraw')}
              </RouteLink>
            </>
          )}
          <RouteLink to={WALLET_ROUTES.transfer} params={{ currency, from: String(type) }}>
            {t('transfer')}
          </RouteLink>
        </span>
      ),
    },
  ];

  return (
    <>
      {isContract && (
        <Typography.Paragraph type="tertiary" className="wallet-note" data-testid="bonus-note">
          {t('bonusNote')}
        </Typography.Paragraph>
      )}
      <Table
        className="wallet-table"
        rowKey="currency"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={balances.loading && !balances.data}
        empty={t('noAssets')}
        pagination={false}
        onRow={(row?: CurrencyBalance) => ({ 'data-currency': row?.currency })}
      />
    </>
  );
});
