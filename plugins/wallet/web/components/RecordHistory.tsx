import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../core/shared';
import { useRoot } from '../../../../core/web';
import type { RecordFilter } from '../../shared/types';
import { statusKey } from '../labels';
import { useWalletData } from '../use-wallet-data';
import { ExportButtons } from './ExportButtons';
import { CurrencyFilter, DayRangeFilter, FilterBar, OptionFilter } from './Filters';
import { RECORDS_PAGE_SIZE } from './record-columns';
import { WalletCard } from './WalletCard';

/** A member's deposit or withdrawal history: filters by currency, state and days, export, the paged list. */
export function RecordHistory<R>({
  kind,
  title,
  statuses,
  load,
  list,
}: {
  kind: 'deposits' | 'withdrawals';
  title: string;
  statuses: readonly string[];
  load: (root: ReturnType<typeof useRoot>, filter: RecordFilter) => Promise<Page<R>>;
  list: (page: Page<R> | undefined, loading: boolean, onPageChange: (current: number) => void) => ReactNode;
}) {
  const root = useRoot();
  const { t } = useTranslation('wallet');
  const [filter, setFilter] = useState<RecordFilter>({ current: 1, size: RECORDS_PAGE_SIZE });
  const refine = (change: Partial<RecordFilter>) => setFilter((previous) => ({ ...previous, ...change, current: 1 }));
  const page = useWalletData(() => load(root, filter), [JSON.stringify(filter)]);

  return (
    <WalletCard title={title} extra={<ExportButtons kind={kind} filter={filter} />}>
      <FilterBar>
        <CurrencyFilter value={filter.currency} onChange={(currency) => refine({ currency })} />
        <OptionFilter<string>
          label={t('colStatus')}
          value={filter.status}
          options={statuses.map((status) => ({ value: status, label: t(statusKey(status)) }))}
          onChange={(status) => refine({ status })}
        />
        <DayRangeFilter onChange={(bounds) => refine({ startTime: undefined, endTime: undefined, ...bounds })} />
      </FilterBar>
      {list(page.data, page.loading, (current) => setFilter({ ...filter, current }))}
    </WalletCard>
  );
}
