import { DatePicker, Select } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot, weekStartsOn } from '../../../../core/web';
import { ACCOUNT_TYPES } from '../../shared/types';
import { dayRangeBounds } from '../day-range';
import { useWalletData } from '../use-wallet-data';
import { walletApi } from '../wallet-api';
import { CurrencySelect } from './CurrencySelect';

/** The row of filters above a list. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="wallet-filters">{children}</div>;
}

/** One choice of a list's filter, "all" when cleared. */
export function OptionFilter<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T | undefined;
  options: { value: T; label: string }[];
  onChange: (value: T | undefined) => void;
}) {
  const { t } = useTranslation('wallet');
  return (
    <Select
      aria-label={label}
      className="wallet-filters__select"
      prefix={label}
      placeholder={t('all')}
      showClear
      value={value}
      optionList={options}
      onChange={(next) => onChange(next === undefined || next === null ? undefined : (next as T))}
    />
  );
}

/** The enabled currencies (every one has a coin account row), to filter lists by. */
export function CurrencyFilter({ value, onChange }: { value: string | undefined; onChange: (currency: string | undefined) => void }) {
  const root = useRoot();
  const { t } = useTranslation('wallet');
  const currencies = useWalletData(() => walletApi.balances(root, ACCOUNT_TYPES.coin), [], { live: false });
  return (
    <div className="wallet-filters__currency">
      <CurrencySelect id="filter-currency" label={t('currency')} placeholder={t('allCurrencies')} allowClear currencies={currencies.data ?? []} value={value} onChange={onChange} />
    </div>
  );
}

export function DayRangeFilter({ onChange }: { onChange: (bounds: { startTime?: number; endTime?: number }) => void }) {
  const { t, i18n } = useTranslation('wallet');
  return (
    <DatePicker
      type="dateRange"
      weekStartsOn={weekStartsOn(i18n.language)}
      aria-label={t('timeRange')}
      className="wallet-filters__dates"
      placeholder={[t('startDate'), t('endDate')]}
      onChange={(days) => onChange(dayRangeBounds(Array.isArray(days) ? (days as Date[]) : null))}
    />
  );
}
