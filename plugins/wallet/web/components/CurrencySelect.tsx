import { Select } from '@douyinfe/semi-ui-19';
import { currencyIcon } from '../labels';

export interface CurrencyOption {
  currency: string;
  name?: string;
  icon?: string;
}

/** A coin's icon, code and name. */
export function CurrencyLabel({ currency, name, icon }: CurrencyOption) {
  return (
    <span className="wallet-coin">
      <img className="wallet-coin__icon" src={currencyIcon(icon)} alt="" width={20} height={20} loading="lazy" />
      <span className="wallet-coin__code">{currency}</span>
      {name && name !== currency ? <span className="wallet-coin__name">{name}</span> : null}
    </span>
  );
}

/** Chooses one of the given currencies (searchable by code and name). */
export function CurrencySelect({
  id,
  label,
  currencies,
  value,
  onChange,
  placeholder,
  allowClear,
}: {
  id: string;
  label: string;
  currencies: CurrencyOption[];
  value: string | undefined;
  onChange: (currency: string | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
}) {
  return (
    <Select
      id={id}
      aria-label={label}
      className="wallet-select"
      filter={(input: string, option) => String(option.searchText ?? '').toLowerCase().includes(input.toLowerCase())}
      showClear={allowClear}
      placeholder={placeholder}
      value={value}
      onChange={(next) => onChange(next === undefined || next === null ? undefined : String(next))}
      optionList={currencies.map((option) => ({
        value: option.currency,
        label: <CurrencyLabel {...option} />,
        searchText: `${option.currency} ${option.name ?? ''}`,
      }))}
    />
  );
}
