import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { DEPOSIT_STATUSES, type DepositStatus, type RecordFilter } from '../../shared/types';
import { DepositTable } from '../components/DepositTable';
import { ExportButtons } from '../components/ExportButtons';
import { CurrencyFilter, DayRangeFilter, FilterBar, OptionFilter } from '../components/Filters';
import { RECORDS_PAGE_SIZE } from '../components/record-columns';
import { WalletCard } from '../components/WalletCard';
import { statusKey } from '../labels';
import { useWalletData } from '../use-wallet-data';
import { walletApi } from '../wallet-api';

/** /account/wallet/history-deposit (and the account center's): every deposit, filtered and paged. */
export default observer(function DepositHistoryPage() {
  const root = useRoot();
  const { t } = useTranslation('wallet');
  const [filter, setFilter] = useState<RecordFilter>({ current: 1, size: RECORDS_PAGE_SIZE });
  const refine = (change: Partial<RecordFilter>) => setFilter((previous) => ({ ...previous, ...change, current: 1 }));
  const page = useWalletData(() => walletApi.deposits(root, filter), [JSON.stringify(filter)]);

  return (
    <div className="wallet-page" data-testid="wallet-history-deposit">
      <WalletCard title={t('depositHistoryTitle')} extra={<ExportButtons kind="deposits" filter={filter} />}>
        <FilterBar>
          <CurrencyFilter value={filter.currency} onChange={(currency) => refine({ currency })} />
          <OptionFilter<DepositStatus>
            label={t('colStatus')}
            value={filter.status as DepositStatus | undefined}
            options={DEPOSIT_STATUSES.map((status) => ({ value: status, label: t(statusKey(status)) }))}
            onChange={(status) => refine({ status })}
          />
          <DayRangeFilter onChange={(bounds) => refine({ startTime: undefined, endTime: undefined, ...bounds })} />
        </FilterBar>
        <DepositTable page={page.data} loading={page.loading} onPageChange={(current) => setFilter({ ...filter, current })} />
      </WalletCard>
    </div>
  );
});
