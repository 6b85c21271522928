import { Table, Tag } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { ACCOUNT_TYPES, BILL_KINDS, type AccountTypeCode, type BillFilter, type BillKind, type BillRecord } from '../../shared/types';
import { formatAmount } from '../amounts';
import { ExportButtons } from '../components/ExportButtons';
import { CurrencyFilter, DayRangeFilter, FilterBar, OptionFilter } from '../components/Filters';
import { pagingOf, RECORDS_PAGE_SIZE, TimeCell } from '../components/record-columns';
import { WalletCard } from '../components/WalletCard';
import { ACCOUNT_ORDER, accountKey, billKindKey } from '../labels';
import { useIsMerchant, useWalletData } from '../use-wallet-data';
import { walletApi } from '../wallet-api';

/** /account/wallet/bills: every movement of the member's money, filtered, paged and exportable. */
export default observer(function BillsPage() {
  const root = useRoot();
  const { t, i18n } = useTranslation('wallet');
  const isMerchant = useIsMerchant();
  const [filter, setFilter] = useState<BillFilter>({ current: 1, size: RECORDS_PAGE_SIZE });
  const refine = (change: Partial<BillFilter>) => setFilter((previous) => ({ ...previous, ...change, current: 1 }));
  const page = useWalletData(() => walletApi.bills(root, filter), [JSON.stringify(filter)]);
  const accountTypes = ACCOUNT_ORDER.filter((type) => type !== ACCOUNT_TYPES.total && (type !== ACCOUNT_TYPES.merchant || isMerchant));

  const columns = [
    { title: t('colTime'), dataIndex: 'createTime', render: (time: string) => <TimeCell iso={time} language={i18n.language} /> },
    { title: t('colAccount'), dataIndex: 'type', render: (type: number) => t(accountKey(type)) },
    { title: t('colCurrency'), dataIndex: 'currency' },
    {
      title: t('colKind'),
      dataIndex: 'kind',
      render: (kind: BillKind, bill: BillRecord) => (
        <span className="wallet-bill-kind">
          {t(billKindKey(kind))}
          {bill.bucket === 'frozen' ? (
            <Tag size="small" color="grey">
              {t('bucketFrozen')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: t('colAmount'),
      dataIndex: 'amount',
      align: 'right' as const,
      render: (amount: string) => (
        <span className={amount.startsWith('-') ? 'wallet-amount wallet-amount--out' : 'wallet-amount wallet-amount--in'}>
          {amount.startsWith('-') ? formatAmount(amount) : `+${formatAmount(amount)}`}
        </span>
      ),
    },
  ];

  return (
    <div className="wallet-page" data-testid="wallet-bills">
      <WalletCard title={t('billsTitle')} extra={<ExportButtons kind="bills" filter={filter} />}>
        <FilterBar>
          <OptionFilter<AccountTypeCode>
            label={t('colAccount')}
            value={filter.type}
            options={accountTypes.map((type) => ({ value: type, label: t(accountKey(type)) }))}
            onChange={(type) => refine({ type })}
          />
          <CurrencyFilter value={filter.currency} onChange={(currency) => refine({ currency })} />
          <OptionFilter<BillKind>
            label={t('colKind')}
            value={filter.kind}
            options={BILL_KINDS.map((kind) => ({ value: kind, label: t(billKindKey(kind)) }))}
            onChange={(kind) => refine({ kind })}
          />
          <DayRangeFilter onChange={(bounds) => refine({ startTime: undefined, endTime: undefined, ...bounds })} />
        </FilterBar>
        <Table
          className="wallet-table"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={page.data?.records ?? []}
          loading={page.loading}
          empty={t('noRecords')}
          pagination={pagingOf(page.data, (current) => setFilter({ ...filter, current }))}
        />
      </WalletCard>
    </div>
  );
});
