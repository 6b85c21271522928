import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { WITHDRAWAL_STATUSES, type RecordFilter, type WithdrawalStatus } from '../../shared/types';
import { ExportButtons } from '../components/ExportButtons';
import { CurrencyFilter, DayRangeFilter, FilterBar, OptionFilter } from '../components/Filters';
import { RECORDS_PAGE_SIZE } from '../components/record-columns';
import { WalletCard } from '../components/WalletCard';
import { WithdrawalTable } from '../components/WithdrawalTable';
import { statusKey } from '../labels';
import { useWalletData } from '../use-wallet-data';
import { walletApi } from '../wallet-api';

/** /account/wallet/history-withdrawal (and the account center's): withdrawals with state, reason and cancel. */
export default observer(function WithdrawalHistoryPage() {
  const root = useRoot();
  const { t } = useTranslation('wallet');
  const [filter, setFilter] = useState<RecordFilter>({ current: 1, size: RECORDS_PAGE_SIZE });
  const refine = (change: Partial<RecordFilter>) => setFilter((previous) => ({ ...previous, ...change, current: 1 }));
  const page = useWalletData(() => walletApi.withdrawals(root, filter), [JSON.stringify(filter)]);

  return (
    <div className="wallet-page" data-testid="wallet-history-withdrawal">
      <WalletCard title={t('withdrawalHistoryTitle')} extra={<ExportButtons kind="withdrawals" filter={filter} />}>
        <FilterBar>
          <CurrencyFilter value={filter.currency} onChange={(currency) => refine({ currency })} />
          <OptionFilter<WithdrawalStatus>
            label={t('colStatus')}
            value={filter.status as WithdrawalStatus | undefined}
            options={WITHDRAWAL_STATUSES.map((status) => ({ value: status, label: t(statusKey(status)) }))}
            onChange={(status) => refine({ status })}
          />
          <DayRangeFilter onChange={(bounds) => refine({ startTime: undefined, endTime: undefined, ...bounds })} />
        </FilterBar>
        <WithdrawalTable page={page.data} loading={page.loading} onPageChange={(current) => setFilter({ ...filter, current })} />
      </WalletCard>
    </div>
  );
});
